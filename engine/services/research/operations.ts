// Newsroom research and bulk update (issue 16): find content by text, type, section, taxonomy,
// author, date range and status (one tenant, or several for a global user), export the matches as
// CSV, and change many items at once in ONE transaction with a history row per item and ONE
// rebuild request. A dry run does the same work in the transaction and rolls it back, so the
// preview is exactly what the real run would change.
import { CONTENT_STATUS } from '../../domain/enums';
import { AppError } from '../../domain/errors';
import { contentSchema } from '../../domain/records';
import { badInput, parseInput } from '../../domain/validation';
import * as q from '../../store/queries/content';
import { insertHistory } from '../../store/queries/history';
import { recordMovedPaths, type MovedPath } from '../../store/queries/site-config';
import { researchContent as findContent, researchIds, type ResearchFilter, type ResearchRow } from '../../store/queries/research';
import { deleteSavedSearch, insertSavedSearch, listSavedSearches, type SavedSearch } from '../../store/queries/saved-searches';
import { writeContentBatch } from '../../store/writes';
import { inScope, requireActor } from '../kernel/access';
import { checkReferences, contentInputOf, pathOf, withPublishDate } from '../content';
import { diff, tenantAccess, type OpArgs, type OpContext } from '../kernel/operation';
import { hasAnyPermission } from '../../domain/permissions';

export const MAX_RESEARCH_PAGE = 200;
export const MAX_BULK_ITEMS = 5000;

export interface ResearchInput {
  /** Other tenants to search as well (global users, or users scoped to each). */
  tenantKeys?: unknown;
  text?: unknown;
  types?: unknown;
  sectionIds?: unknown;
  taxonomyIds?: unknown;
  authorIds?: unknown;
  publishedFrom?: unknown;
  publishedTo?: unknown;
  statuses?: unknown;
  limit?: unknown;
  skip?: unknown;
}

function idList(v: unknown, field: string): number[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'number' || !Number.isInteger(x) || x <= 0)) badInput(field, 'Must be a list of positive whole numbers');
  return v as number[];
}
function stringList(v: unknown, field: string): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || x.length === 0 || x.length > 100)) badInput(field, 'Must be a list of names');
  return v as string[];
}
function dateArg(v: unknown, field: string): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const ms = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? Date.parse(v) : NaN;
  if (Number.isNaN(ms)) badInput(field, 'Must be a date (YYYY-MM-DD or an ISO date-time)');
  return ms;
}
function intArg(v: unknown, field: string, dflt: number, max: number): number {
  if (v === undefined || v === null) return dflt;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) badInput(field, `Must be a whole number from 0 to ${max}`);
  return v;
}

const RESEARCH_PERMS = ['manage_content', 'bulk_update_content'] as const;

/** The validated filter; every tenant named must be in the actor's scope with a research permission. */
export function researchFilter(ctx: OpContext, input: ResearchInput): ResearchFilter {
  const { actor, tenant } = tenantAccess(ctx, [...RESEARCH_PERMS]);
  const extra = stringList(input.tenantKeys, 'tenantKeys') ?? [];
  for (const key of extra) {
    if (!inScope(actor, key) || !hasAnyPermission(actor.permissions, [...RESEARCH_PERMS])) throw new AppError('FORBIDDEN');
  }
  const statuses = input.statuses === undefined || input.statuses === null ? undefined : input.statuses;
  if (statuses !== undefined && (!Array.isArray(statuses) || statuses.some((s) => s !== 0 && s !== 1 && s !== 2))) {
    badInput('statuses', 'Must be a list of 0 (deleted), 1 (published) or 2 (draft)');
  }
  const text = input.text;
  if (text !== undefined && text !== null && (typeof text !== 'string' || text.length > 200)) badInput('text', 'Must be text of at most 200 characters');
  const from = dateArg(input.publishedFrom, 'publishedFrom');
  const to = dateArg(input.publishedTo, 'publishedTo');
  if (from !== undefined && to !== undefined && from > to) badInput('publishedTo', 'Must not be before publishedFrom');
  return {
    tenantKeys: [...new Set([tenant.tenantKey, ...extra])],
    text: typeof text === 'string' ? text : undefined,
    types: stringList(input.types, 'types'),
    sectionIds: idList(input.sectionIds, 'sectionIds'),
    taxonomyIds: idList(input.taxonomyIds, 'taxonomyIds'),
    authorIds: idList(input.authorIds, 'authorIds'),
    publishedFrom: from,
    publishedTo: to,
    statuses: statuses as number[] | undefined,
    limit: intArg(input.limit, 'limit', 50, MAX_RESEARCH_PAGE),
    skip: intArg(input.skip, 'skip', 0, 1_000_000),
  };
}

export async function researchContent({ ctx, input }: OpArgs<ResearchInput>): Promise<{ rows: ResearchRow[]; total: number }> {
  const filter = researchFilter(ctx, input);
  return findContent(ctx.services.store.db, filter);
}

/** A cell as a spreadsheet should read it: quoted when needed, a leading = + - @ tab or CR defused. */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n']/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

const CSV_COLUMNS = ['id', 'tenantKey', 'type', 'name', 'status', 'published', 'primarySectionId'] as const;

/** Every match (up to MAX_BULK_ITEMS) as CSV, RFC 4180 line ends. */
export async function researchCsv({ ctx, input }: OpArgs<ResearchInput>): Promise<string> {
  const filter = { ...researchFilter(ctx, input), limit: MAX_BULK_ITEMS, skip: 0 };
  const { rows } = await findContent(ctx.services.store.db, filter);
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push(CSV_COLUMNS.map((c) => csvCell(c === 'published' ? (r.published === null ? '' : new Date(r.published).toISOString()) : r[c])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export interface BulkSet {
  status?: unknown;
  primarySectionId?: unknown;
  published?: unknown;
  startDate?: unknown;
  endDate?: unknown;
  authorIds?: unknown;
  /** Replace the item's terms. */
  taxonomyIds?: unknown;
  /** Add or remove terms, keeping the others. */
  addTaxonomyIds?: unknown;
  removeTaxonomyIds?: unknown;
  schedules?: unknown;
}

export interface BulkInput {
  ids?: unknown;
  query?: ResearchInput;
  set: BulkSet;
  dryRun?: unknown;
}

export interface BulkItemChange {
  id: number;
  changes: Record<string, { from: unknown; to: unknown }>;
}

export interface BulkResult {
  dryRun: boolean;
  count: number;
  items: BulkItemChange[];
}

interface BulkRun { items: BulkItemChange[]; paths: string[]; moved: boolean }

class DryRunRollback extends Error {
  constructor(readonly result: BulkRun) { super('dry run'); }
}

const SET_FIELDS = ['status', 'primarySectionId', 'published', 'startDate', 'endDate', 'authorIds', 'taxonomyIds', 'addTaxonomyIds', 'removeTaxonomyIds', 'schedules'];

/** The patch one item gets: plain fields as given, term additions/removals against its own terms. */
function patchFor(set: BulkSet, before: Record<string, unknown>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const k of ['status', 'primarySectionId', 'published', 'startDate', 'endDate', 'authorIds', 'taxonomyIds', 'schedules'] as const) {
    if (set[k] !== undefined) patch[k] = set[k];
  }
  const add = idList(set.addTaxonomyIds, 'set.addTaxonomyIds');
  const remove = idList(set.removeTaxonomyIds, 'set.removeTaxonomyIds');
  if (add || remove) {
    const base = (patch.taxonomyIds as number[] | undefined) ?? (before.taxonomyIds as number[] | undefined) ?? [];
    patch.taxonomyIds = [...new Set([...base, ...(add ?? [])])].filter((id) => !(remove ?? []).includes(id));
  }
  return patch;
}

export async function bulkUpdateContent({ ctx, input }: OpArgs<BulkInput>): Promise<BulkResult> {
  const { actor, tenant } = tenantAccess(ctx, ['bulk_update_content']);
  requireActor(actor);
  const set = input.set;
  if (!set || typeof set !== 'object' || Array.isArray(set)) badInput('set', 'Field is required');
  const unknown = Object.keys(set).find((k) => !SET_FIELDS.includes(k));
  if (unknown) badInput(`set.${unknown}`, 'Cannot be changed in bulk');
  if (!Object.values(set).some((v) => v !== undefined)) badInput('set', 'Name at least one field to change');
  const dryRun = input.dryRun === true;
  const byHand = idList(input.ids, 'ids');
  if (!byHand && !input.query) badInput('ids', 'Select items by hand (ids) or by a research query (query)');
  const store = ctx.services.store;
  const ids = byHand ?? await researchIds(store.db, { ...researchFilter(ctx, input.query ?? {}), tenantKeys: [tenant.tenantKey] });
  if (ids.length === 0) badInput(byHand ? 'ids' : 'query', 'No items selected');
  if (ids.length > MAX_BULK_ITEMS) badInput(byHand ? 'ids' : 'query', `At most ${MAX_BULK_ITEMS} items at once`);
  const unique = [...new Set(ids)];
  const now = ctx.services.now();

  const run = async (): Promise<BulkRun> => store.transaction(async (tx) => {
    const rows = new Map((await loadRows(tx, tenant.tenantKey, unique)).map((r) => [r.id, r]));
    const items: BulkItemChange[] = [];
    const paths = new Set<string>();
    const moves: MovedPath[] = [];
    for (const [i, id] of unique.entries()) {
      const row = rows.get(id);
      if (!row) throw new AppError('NOT_FOUND', { entity: 'Content', id });
      const before = await contentInputOf(tx, row);
      const merged = { ...before, ...patchFor(set, before) };
      let c;
      try {
        c = withPublishDate(parseInput(contentSchema, { ...merged, id }), now);
        await checkReferences(tx, tenant.tenantKey, c, id);
      } catch (e) {
        if (e instanceof AppError && e.code === 'BAD_USER_INPUT') {
          const field = typeof e.details.field === 'string' ? e.details.field : '';
          const message = typeof e.details.message === 'string' ? e.details.message : e.message;
          badInput(`set.${field}`, `Item ${id} (${i + 1} of ${unique.length}): ${message}`);
        }
        throw e;
      }
      await writeContentBatch(tx, tenant.tenantKey, [c]);
      const after = await contentInputOf(tx, (await q.contentByIds(tx, tenant.tenantKey, [id]))[0]!);
      const changes = diff(before, after);
      items.push({ id, changes });
      if (Object.keys(changes).length) {
        const [oldPath, newPath] = [await pathOf(tx, tenant.tenantKey, row), await pathOf(tx, tenant.tenantKey, c)];
        paths.add(oldPath).add(newPath);
        // A published address never breaks (admin §2.4): a new primary section leaves a 301, as in updateContent.
        if (row.status === CONTENT_STATUS.PUBLISHED && oldPath !== newPath) moves.push({ from: oldPath, to: newPath });
        await insertHistory(tx, {
          tenantKey: tenant.tenantKey, actorType: actor.kind, actorId: actor.userId ?? null,
          entityType: 'content', entityId: String(id), action: 'bulkUpdate', changes,
        });
      }
    }
    await recordMovedPaths(tx, tenant.tenantKey, moves);
    const result = { items, paths: [...paths], moved: moves.length > 0 };
    if (dryRun) throw new DryRunRollback(result);
    return result;
  });

  let result: BulkRun;
  try {
    result = await run();
  } catch (e) {
    if (e instanceof DryRunRollback) return { dryRun: true, count: e.result.items.filter((x) => Object.keys(x.changes).length).length, items: e.result.items };
    let inner: unknown = e;
    while (inner instanceof Error && !(inner instanceof DryRunRollback) && inner.cause) inner = inner.cause;
    if (inner instanceof DryRunRollback) return { dryRun: true, count: inner.result.items.filter((x) => Object.keys(x.changes).length).length, items: inner.result.items };
    throw e;
  }
  const changedIds = result.items.filter((x) => Object.keys(x.changes).length).map((x) => x.id);
  // A recorded move is a redirect change too: the rebuild re-reads the tenant's redirects (see patchChange).
  if (changedIds.length) await ctx.services.changed(tenant.tenantKey, { entity: result.moved ? 'redirect' : 'content', action: 'update', ids: changedIds, paths: result.paths });
  return { dryRun: false, count: changedIds.length, items: result.items };
}

async function loadRows(tx: Parameters<typeof q.contentByIds>[0], tenantKey: string, ids: number[]): Promise<q.ContentRecord[]> {
  const out: q.ContentRecord[] = [];
  for (let i = 0; i < ids.length; i += 500) out.push(...await q.contentByIds(tx, tenantKey, ids.slice(i, i + 500)));
  return out;
}

/** A staff user's saved searches in the tenant (CLI has none). */
export async function listResearchSearches({ ctx }: OpArgs<unknown>): Promise<SavedSearch[]> {
  const { actor, tenant } = tenantAccess(ctx, [...RESEARCH_PERMS]);
  if (actor.userId === null) return [];
  return listSavedSearches(ctx.services.store.db, actor.userId, tenant.tenantKey);
}

/** Saves the research filter under a name, after validating it exactly as a search would. */
export async function saveResearchSearch({ ctx, input }: OpArgs<{ name?: unknown; query?: ResearchInput }>): Promise<{ id: number }> {
  const { actor, tenant } = tenantAccess(ctx, [...RESEARCH_PERMS]);
  if (actor.userId === null) throw new AppError('FORBIDDEN');
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name || name.length > 100) badInput('name', 'Must be 1 to 100 characters');
  const query = input.query ?? {};
  researchFilter(ctx, query);
  const stored = Object.fromEntries(Object.entries(query).filter(([k, v]) => v !== undefined && v !== null && k !== 'skip' && k !== 'limit'));
  const userId = actor.userId;
  return ctx.services.store.transaction(async (tx) => ({ id: await insertSavedSearch(tx, { cmsUserId: userId, tenantKey: tenant.tenantKey, name, query: stored }) }));
}

export async function deleteResearchSearch({ ctx, input }: OpArgs<{ id?: unknown }>): Promise<{ ok: true }> {
  const { actor, tenant } = tenantAccess(ctx, [...RESEARCH_PERMS]);
  const id = input.id;
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) badInput('id', 'Must be a positive whole number');
  const userId = actor.userId ?? -1;
  const gone = await ctx.services.store.transaction((tx) => deleteSavedSearch(tx, userId, tenant.tenantKey, id));
  if (!gone) throw new AppError('NOT_FOUND', { entity: 'Saved search', id });
  return { ok: true };
}
