// Syndication (issue 16, /admin/content-syndication): share an item of this tenant with another
// tenant as a linked copy. The copy is an ordinary content row of the target tenant, linked to its
// source (content_syndication): its page is canonical to the source's URL, and while the link
// stands every committed change of the source flows to it (./sync.ts), which requests the target
// tenant's incremental rebuild. Detaching drops the link; the copy stays as an independent item.
// Staff need manage_content and must be in scope of both tenants.
import { AppError } from '../../domain/errors';
import { contentSchema } from '../../domain/records';
import { badInput, parseInput } from '../../domain/validation';
import type { Db } from '../../store/connection';
import * as q from '../../store/queries/content';
import { nextId } from '../../store/queries/ids';
import { deleteSyndicationLink, insertSyndicationLink, linkOfCopy, linksOfSources, listSyndicationLinks, type SyndicationListRow } from '../../store/queries/syndication';
import { writeContentBatch } from '../../store/writes';
import { inScope } from '../kernel/access';
import { checkReferences, contentInputOf, pathOf } from '../content';
import { commit, snapshot, tenantAccess, type OpArgs } from '../kernel/operation';
import { idArg } from '../kernel/patch';
import { allTenants } from '../../store/tenant-scope';

/**
 * Fields that belong to the copy's own tenant and never flow from the source: every reference to
 * a row of a tenant (engine/services/content/operations.ts checkOwnedReferences), so a source's section,
 * person, term, image, membership, related item or contract never lands in the other tenant.
 */
export const COPY_OWN_FIELDS = ['primarySectionId', 'authorIds', 'imageIds', 'primaryImageId', 'taxonomyIds', 'relatedIds', 'membershipIds', 'schedules', 'contractId'] as const;

/**
 * The copy as the source makes it: every editorial field of the source, and the copy's own
 * tenant-bound fields (section, schedules, people, terms, images, memberships, related items, contract).
 */
export function copyInput(source: Record<string, unknown>, own: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...source };
  for (const k of COPY_OWN_FIELDS) {
    if (own[k] === undefined) delete out[k];
    else out[k] = own[k];
  }
  return out;
}

const PERMS = ['manage_content'] as const;

export interface SyndicateInput { id?: unknown; targetTenantKey?: unknown; primarySectionId?: unknown }

export async function syndicateContent({ ctx, input }: OpArgs<SyndicateInput>): Promise<{ copyId: number; sourceId: number; targetTenantKey: string }> {
  const { actor, tenant } = tenantAccess(ctx, [...PERMS]);
  const sourceId = idArg(input.id);
  const target = typeof input.targetTenantKey === 'string' ? input.targetTenantKey : '';
  if (!target) badInput('targetTenantKey', 'Field is required');
  if (target === tenant.tenantKey) badInput('targetTenantKey', 'Choose another tenant than the item\'s own');
  if (!inScope(actor, target)) throw new AppError('FORBIDDEN');
  const targetTenant = await ctx.services.tenants.byKey(target);
  if (!targetTenant) badInput('targetTenantKey', `Unknown tenant ${target}`);
  const sectionId = input.primarySectionId;
  if (typeof sectionId !== 'number' || !Number.isInteger(sectionId) || sectionId <= 0) badInput('primarySectionId', 'Field is required');
  // The checks passed (staff of both tenants): the copy is written into the other tenant acting for all tenants.
  const r = await allTenants('syndication', () => commit(ctx, async (tx) => {
    const [row] = await q.contentByIds(tx, tenant.tenantKey, [sourceId]);
    if (!row) throw new AppError('NOT_FOUND', { entity: 'Content', id: sourceId });
    if (await linkOfCopy(tx, sourceId)) badInput('id', 'This item is itself a syndicated copy: share its original, or detach it first');
    const existing = (await linksOfSources(tx, tenant.tenantKey, [sourceId])).find((l) => l.copyTenantKey === target);
    if (existing) badInput('targetTenantKey', `Already shared with ${target} as item ${existing.copyId}`);
    const source = await contentInputOf(tx, row);
    const copyId = await nextId(tx, 'content');
    const c = parseInput(contentSchema, { ...copyInput(source, { primarySectionId: sectionId }), id: copyId });
    await checkReferences(tx, target, c, copyId);
    await writeContentBatch(tx, target, [c]);
    await insertSyndicationLink(tx, { copyId, copyTenantKey: target, sourceId, sourceTenantKey: tenant.tenantKey, createdBy: actor.userId ?? null });
    return { copyId, c, path: await pathOf(tx, target, c) };
  }, (x) => ({ tenantKey: target, entityType: 'content', entityId: x.copyId, action: 'syndicate', changes: { syndicatedFrom: { tenantKey: tenant.tenantKey, id: sourceId }, ...snapshot({ ...x.c }) } }),
  (x) => ({ entity: 'content', action: 'create', ids: [x.copyId], paths: [x.path] })));
  return { copyId: r.copyId, sourceId, targetTenantKey: target };
}

/**
 * Ends a copy's link, from either tenant of the link (staff in scope of both): the copy stays, as
 * an independent item of its tenant, and no longer follows its source.
 */
export async function detachSyndicatedContent({ ctx, input }: OpArgs<{ id?: unknown }>): Promise<{ ok: true }> {
  const { actor, tenant } = tenantAccess(ctx, [...PERMS]);
  const copyId = idArg(input.id);
  let copyTenant = '';
  // The link and the copy may be the other tenant's: read and written acting for all tenants, after the scope checks below.
  await allTenants('syndication', () => commit(ctx, async (tx: Db) => {
    const link = await linkOfCopy(tx, copyId);
    if (!link || (link.copyTenantKey !== tenant.tenantKey && link.sourceTenantKey !== tenant.tenantKey)) throw new AppError('NOT_FOUND', { entity: 'Syndicated copy', id: copyId });
    if (!inScope(actor, link.copyTenantKey) || !inScope(actor, link.sourceTenantKey)) throw new AppError('FORBIDDEN');
    copyTenant = link.copyTenantKey;
    await deleteSyndicationLink(tx, copyId);
    const [row] = await q.contentByIds(tx, link.copyTenantKey, [copyId]);
    return { link, path: row ? await pathOf(tx, link.copyTenantKey, row) : null };
  }, (x) => ({ tenantKey: copyTenant, entityType: 'content', entityId: copyId, action: 'detach', changes: { syndicatedFrom: { from: { tenantKey: x.link.sourceTenantKey, id: x.link.sourceId }, to: null } } }),
  // The page loses its canonical link to the source: re-render it.
  (x) => ({ entity: 'content', action: 'update', ids: [copyId], paths: x.path ? [x.path] : [] })));
  return { ok: true };
}

/** The links of this tenant, shared out and received (with the other side's item names, read acting for all tenants). */
export async function listSyndication({ ctx }: OpArgs<unknown>): Promise<SyndicationListRow[]> {
  const { tenant } = tenantAccess(ctx, [...PERMS]);
  return allTenants('syndication', () => listSyndicationLinks(ctx.services.store.db, tenant.tenantKey));
}
