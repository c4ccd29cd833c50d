// Content operations: create, update (a patch over the stored record, validated whole with the
// fixtures' schema), delete (status 0). Every id an item links to must be the tenant's own.
import { AppError } from '../../domain/errors';
import { CONTENT_STATUS } from '../../domain/enums';
import { contentPath, slugify } from '../../domain/paths';
import { CONTENT_ID_MIN, contentSchema, type ContentRecord as ContentValue } from '../../domain/records';
import { badInput, checkLinkUrl, parseInput } from '../../domain/validation';
import type { Db } from '../../store/connection';
import { mediaAssetsByIds } from '../../store/queries/assets';
import * as q from '../../store/queries/content';
import { nextId } from '../../store/queries/ids';
import { idsNotInTenant, type ReferenceKind } from '../../store/queries/ownership';
import { getSection } from '../../store/queries/sections';
import { recordMovedPaths } from '../../store/queries/site-config';
import { writeContentBatch } from '../../store/writes';
import { commit, diff, snapshot, tenantAccess, type OpArgs } from '../kernel/operation';
import { asInput, createInput, idArg, mergePatch } from '../kernel/patch';

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? undefined : new Date(ms).toISOString());

/** A stored item in the shape of a content input (ISO dates, link ids), for merging a patch. */
export async function contentInputOf(db: Db, row: q.ContentRecord): Promise<Record<string, unknown>> {
  const ids = [row.id];
  const [authors, images, taxonomy, schedules, memberships, related] = await Promise.all([
    q.authorsOf(db, ids), q.imagesOf(db, ids), q.taxonomyOf(db, ids), q.schedulesOf(db, ids), q.membershipIdsOf(db, ids), q.relatedIdsOf(db, ids),
  ]);
  const imageIds = (images.get(row.id) ?? []).map((a) => a.id);
  const ev = row.event ? asInput({ ...row.event, startDate: iso(row.event.startDate), endDate: iso(row.event.endDate) }) : undefined;
  return asInput({
    type: row.type, name: row.name, slug: row.slug, teaser: row.teaser, body: row.body, status: row.status,
    published: iso(row.published), startDate: iso(row.startDate), endDate: iso(row.endDate),
    primarySectionId: row.primarySectionId, authorIds: (authors.get(row.id) ?? []).map((p) => p.id), imageIds,
    primaryImageId: row.primaryImageId !== null && imageIds.includes(row.primaryImageId) ? row.primaryImageId : undefined,
    taxonomyIds: (taxonomy.get(row.id) ?? []).map((t) => t.id), relatedIds: related.get(row.id) ?? [],
    labels: row.labels, gating: row.gatingSurveyType ? { surveyType: row.gatingSurveyType } : {},
    membershipIds: memberships.get(row.id) ?? [], userRegistrationRequired: row.userRegistrationRequired,
    event: ev, linkUrl: row.linkUrl, embedCode: row.embedCode, zmagId: row.zmagId, seoTitle: row.seoTitle, contractId: row.contractId, metadata: row.metadata,
    schedules: (schedules.get(row.id) ?? []).map((s) => asInput({ sectionId: s.sectionId, option: s.option, startDate: iso(s.startDate), endDate: iso(s.endDate) })),
  });
}

/** Every linked id must be a row of this tenant; the first that is not is named with its field. */
export async function checkReferences(tx: Db, tenantKey: string, c: ContentValue, selfId: number): Promise<void> {
  checkLinkUrl(c.linkUrl, 'linkUrl');
  await checkOwnedReferences(tx, tenantKey, c, selfId);
  await checkImagesArePictures(tx, tenantKey, c);
  if (c.status === CONTENT_STATUS.PUBLISHED) await checkImageAltText(tx, tenantKey, c);
}

/**
 * The tenant check alone: every id the item links to (sections, people, images, terms,
 * memberships, related items, schedules, contract) is a row of `tenantKey`. Writes that set an
 * item's fields other than through updateContent (syndication's sync) run it too.
 */
export async function checkOwnedReferences(tx: Db, tenantKey: string, c: ContentValue, selfId: number): Promise<void> {
  const lists: [string, ReferenceKind, number[]][] = [
    ['primarySectionId', 'section', [c.primarySectionId]],
    ['authorIds', 'person', c.authorIds],
    ['imageIds', 'asset', c.imageIds],
    ['taxonomyIds', 'taxonomy', c.taxonomyIds],
    ['membershipIds', 'membership', c.membershipIds],
    ['relatedIds', 'content', c.relatedIds.filter((id) => id !== selfId)],
    ['schedules', 'section', c.schedules.map((s) => s.sectionId)],
    ['contractId', 'contract', c.contractId === undefined ? [] : [c.contractId]],
  ];
  for (const [field, kind, ids] of lists) {
    const missing = await idsNotInTenant(tx, kind, tenantKey, ids);
    if (missing.length) {
      const i = ids.indexOf(missing[0]!);
      const name = field === 'primarySectionId' || field === 'contractId' ? field : field === 'schedules' ? `schedules[${i}].sectionId` : `${field}[${i}]`;
      badInput(name, `Unknown ${kind === 'taxonomy' ? 'taxonomy term' : kind} ${missing[0]}`);
    }
  }
  if (c.relatedIds.includes(selfId)) badInput('relatedIds', 'An item cannot be related to itself');
}

/** A PDF document in the media library is not an image: content cannot show it as one. */
async function checkImagesArePictures(tx: Db, tenantKey: string, c: ContentValue): Promise<void> {
  const ids = [...new Set([...c.imageIds, ...(c.primaryImageId ? [c.primaryImageId] : [])])];
  if (ids.length === 0) return;
  for (const a of await mediaAssetsByIds(tx, tenantKey, ids)) {
    if (a.mimeType.startsWith('image/')) continue;
    const i = c.imageIds.indexOf(a.id);
    badInput(i >= 0 ? `imageIds[${i}]` : 'primaryImageId', `Asset ${a.id} ("${a.name}") is a document (${a.mimeType}), not an image`);
  }
}

/** Publishing rule (issue 16): every image the item shows has alt text, unless it is marked decorative. */
async function checkImageAltText(tx: Db, tenantKey: string, c: ContentValue): Promise<void> {
  const ids = [...new Set([...c.imageIds, ...(c.primaryImageId ? [c.primaryImageId] : [])])];
  const images = new Map((await mediaAssetsByIds(tx, tenantKey, ids)).map((a) => [a.id, a]));
  for (const id of ids) {
    const a = images.get(id);
    if (!a || a.decorative || a.alt.trim() !== '') continue;
    const i = c.imageIds.indexOf(id);
    badInput(i >= 0 ? `imageIds[${i}]` : 'primaryImageId', `Image ${id} ("${a.name}") has no alt text: add alt text in the media library, or mark the image decorative, before publishing`);
  }
}

/** Publishing without a date publishes now. */
export function withPublishDate(c: ContentValue, now: number): ContentValue {
  return c.status === CONTENT_STATUS.PUBLISHED && c.published === undefined ? { ...c, published: now } : c;
}

export async function pathOf(tx: Db, tenantKey: string, c: { id: number; slug?: string | null | undefined; name: string; primarySectionId: number }): Promise<string> {
  const section = await getSection(tx, tenantKey, c.primarySectionId);
  return contentPath({ id: c.id, slug: c.slug ?? slugify(c.name), name: c.name, sectionAlias: section?.alias ?? null });
}

export async function createContent({ ctx, input }: OpArgs): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, ['manage_content']);
  const parsed = withPublishDate(parseInput(contentSchema, { ...createInput(input), id: CONTENT_ID_MIN }), ctx.services.now());
  const r = await commit(ctx, async (tx) => {
    await checkReferences(tx, tenant.tenantKey, parsed, -1);
    const id = await nextId(tx, 'content');
    const c = { ...parsed, id };
    await writeContentBatch(tx, tenant.tenantKey, [c]);
    return { id, c, path: await pathOf(tx, tenant.tenantKey, c) };
  }, (x) => ({ tenantKey: tenant.tenantKey, entityType: 'content', entityId: x.id, action: 'create', changes: snapshot({ ...x.c }) }),
  (x) => ({ entity: 'content', action: 'create', ids: [x.id], paths: [x.path] }));
  return { id: r.id };
}

export interface PatchResult { before: Record<string, unknown>; after: Record<string, unknown>; moved: boolean; paths: string[] }

/**
 * The write of an update inside the caller's transaction: merges `patch` over the stored item,
 * validates it whole, checks references, writes, and records a 301 when a published path moved.
 * updateContent and the company-update review (api/company-updates) apply edits through it.
 */
export async function patchContentIn(tx: Db, tenantKey: string, id: number, patch: unknown, now: number): Promise<PatchResult> {
  const [row] = await q.contentByIds(tx, tenantKey, [id]);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'Content', id });
  const before = await contentInputOf(tx, row);
  const merged = mergePatch(before, patch);
  const c = withPublishDate(parseInput(contentSchema, { ...merged, id }), now);
  await checkReferences(tx, tenantKey, c, id);
  await writeContentBatch(tx, tenantKey, [c]);
  const after = await contentInputOf(tx, (await q.contentByIds(tx, tenantKey, [id]))[0]!);
  const [oldPath, newPath] = [await pathOf(tx, tenantKey, row), await pathOf(tx, tenantKey, c)];
  // A published address never breaks (admin §2.4): a new slug or primary section leaves a 301.
  const moved = row.status === CONTENT_STATUS.PUBLISHED && oldPath !== newPath;
  if (moved) await recordMovedPaths(tx, tenantKey, [{ from: oldPath, to: newPath }]);
  return { before, after, moved, paths: [...new Set([oldPath, newPath])] };
}

/** The rebuild request of a patch: a recorded move is a redirect change too (the rebuild re-reads the tenant). */
export const patchChange = (id: number, x: PatchResult) => ({ entity: x.moved ? 'redirect' as const : 'content' as const, action: 'update' as const, ids: [id], paths: x.paths });

export async function updateContent({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, ['manage_content']);
  const id = idArg(input.id);
  await commit(ctx, (tx) => patchContentIn(tx, tenant.tenantKey, id, input.input, ctx.services.now()),
    (x) => ({ tenantKey: tenant.tenantKey, entityType: 'content', entityId: id, action: 'update', changes: diff(x.before, x.after) }),
    (x) => patchChange(id, x));
  return { id };
}

export async function deleteContent({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, ['manage_content']);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const [row] = await q.contentByIds(tx, tenant.tenantKey, [id]);
    if (!row) throw new AppError('NOT_FOUND', { entity: 'Content', id });
    await q.setContentStatus(tx, tenant.tenantKey, id, CONTENT_STATUS.DELETED);
    return { status: row.status, path: await pathOf(tx, tenant.tenantKey, row) };
  }, (x) => ({ tenantKey: tenant.tenantKey, entityType: 'content', entityId: id, action: 'delete', changes: { status: { from: x.status, to: 0 } } }),
  (x) => ({ entity: 'content', action: 'delete', ids: [id], paths: [x.path] }));
  return { ok: true };
}
