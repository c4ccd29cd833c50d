// Magazine issue operations (admin §2.2): publication, name, mail date, cover image, digital edition
// URL, status and schedules, and placing content into the issue's sections in order. Guarded by
// manage_magazine_issues; a publication, section or content id of another tenant is refused.
import { AppError } from '../../domain/errors';
import { issueInputSchema, placementsInputSchema, type IssueInput } from '../../domain/magazine';
import { badInput, parseInput } from '../../domain/validation';
import type { Db } from '../../store/connection';
import { setIssuePlacements } from '../../store/queries/magazine';
import {
  deleteMagazineIssue as deleteRow, listIssuePlacements, listMagazineSections, readMagazineIssue, writeMagazineIssue, type MagazineIssueRow,
} from '../../store/queries/magazine-admin';
import { nextNewsletterId } from '../../store/queries/newsletters';
import { commit, diff, snapshot, tenantAccess, type OpArgs } from '../kernel/operation';
import { asInput, createInput, idArg, mergePatch } from '../kernel/patch';
import { checkOwned } from '../kernel/references';
import { magazineChange, pagesOf, PERMS, publicationRef } from './shared';

export function issueInputOf(i: MagazineIssueRow): Record<string, unknown> {
  const { id: _id, updatedAt: _u, ...rest } = i;
  return asInput(rest);
}

const row = (id: number, i: IssueInput) => ({
  id, publicationId: i.publicationId, name: i.name, description: i.description, issueDate: i.issueDate, coverImage: i.coverImage ?? null,
  digitalEditionUrl: i.digitalEditionUrl ?? null, status: i.status, startDate: i.startDate ?? null, endDate: i.endDate ?? null,
});

async function pages(tx: Db, tenantKey: string, i: { id: number; name: string; publicationId: number }): Promise<string[]> {
  return pagesOf(await publicationRef(tx, tenantKey, i.publicationId, 'input.publicationId'), i);
}

export async function createMagazineIssue({ ctx, input }: OpArgs): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS.issues);
  const i = parseInput(issueInputSchema, createInput(input), 'input');
  return commit(ctx, async (tx) => {
    const paths = await pages(tx, tenant.tenantKey, { ...i, id: 0 });
    const id = await nextNewsletterId(tx, 'issue');
    await writeMagazineIssue(tx, tenant.tenantKey, row(id, i));
    return { id, i, paths: [paths[0]!, ...pagesOf(undefined, { id, name: i.name })] };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'magazineIssue', entityId: r.id, action: 'create', changes: snapshot({ ...r.i, id: r.id }) }),
  (r) => magazineChange('create', 'issue', r.id, r.paths));
}

export async function updateMagazineIssue({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS.issues);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await readMagazineIssue(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Issue', id });
    const before = issueInputOf(current);
    const i = parseInput(issueInputSchema, mergePatch(before, input.input), 'input');
    const paths = [...await pages(tx, tenant.tenantKey, current), ...await pages(tx, tenant.tenantKey, { ...i, id })];
    if (i.publicationId !== current.publicationId && (await listIssuePlacements(tx, tenant.tenantKey, id)).length > 0) {
      badInput('input.publicationId', 'Remove the issue\'s placements before moving it to another publication');
    }
    await writeMagazineIssue(tx, tenant.tenantKey, row(id, i));
    return { before, after: issueInputOf((await readMagazineIssue(tx, tenant.tenantKey, id))!), paths };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'magazineIssue', entityId: id, action: 'update', changes: diff(r.before, r.after) }),
  (r) => magazineChange('update', 'issue', id, r.paths));
  return { id };
}

export async function deleteMagazineIssue({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, PERMS.issues);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await readMagazineIssue(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Issue', id });
    const paths = await pages(tx, tenant.tenantKey, current);
    await deleteRow(tx, tenant.tenantKey, id);
    return { current, paths };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'magazineIssue', entityId: id, action: 'delete', changes: snapshot(issueInputOf(r.current)) }),
  (r) => magazineChange('delete', 'issue', id, r.paths));
  return { ok: true };
}

/** Replaces the issue's placements, in the order given; every section must be of the issue's publication. */
export async function setMagazineIssuePlacements({ ctx, input }: OpArgs<{ id: unknown; placements: unknown }>): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS.issues);
  const id = idArg(input.id);
  const placements = parseInput(placementsInputSchema, input.placements ?? [], 'placements');
  await commit(ctx, async (tx) => {
    const current = await readMagazineIssue(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Issue', id });
    const sections = new Set((await listMagazineSections(tx, tenant.tenantKey, current.publicationId)).map((s) => s.id));
    const seen = new Set<number>();
    for (const [n, p] of placements.entries()) {
      if (!sections.has(p.sectionId)) badInput(`placements[${n}].sectionId`, `Unknown section ${p.sectionId} of publication ${current.publicationId}`);
      if (seen.has(p.contentId)) badInput(`placements[${n}].contentId`, `Content ${p.contentId} is placed twice`);
      seen.add(p.contentId);
    }
    await checkOwned(tx, tenant.tenantKey, 'content', placements.map((p, n) => [`placements[${n}].contentId`, p.contentId]));
    const before = await listIssuePlacements(tx, tenant.tenantKey, id);
    await setIssuePlacements(tx, tenant.tenantKey, id, placements);
    return { before, after: await listIssuePlacements(tx, tenant.tenantKey, id), paths: await pages(tx, tenant.tenantKey, current) };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'magazineIssue', entityId: id, action: 'update', changes: diff({ placements: r.before }, { placements: r.after }) }),
  (r) => ({ ...magazineChange('update', 'issue', id, r.paths), ids: [`issue:${id}`, ...new Set([...r.before, ...r.after].map((p) => p.contentId))] }));
  return { id };
}
