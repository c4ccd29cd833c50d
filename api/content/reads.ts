// Content reads: one item, and the filtered stream with the limits of admin §9. The public sees
// published items only; status "any" is for staff with manage_content in the tenant's scope.
import { z } from 'zod';
import { AppError } from '../../engine/domain/errors';
import { CONTENT_TYPES, SCHEDULE_OPTIONS } from '../../engine/domain/enums';
import { isoDate } from '../../engine/domain/records';
import { SEARCH_TEXT_MAX } from '../../engine/domain/search';
import { parseInput, withoutNulls } from '../../engine/domain/validation';
import * as q from '../../engine/store/queries/content';
import { may } from '../../engine/services/kernel/access';
import type { GqlContext } from '../context';
import { idArg } from '../../engine/services/kernel/patch';
import { clampLimit, connection } from '../../engine/services/kernel/paging';
import { searchStream } from './search';

export const STREAM_LIMIT = 100;
export const BODY_BLOCK_STREAM_LIMIT = 1000;
const MANAGE = ['manage_content'] as const;

export async function readContent(ctx: GqlContext, a: { id?: unknown; status?: string | null; requirePublished?: boolean | null }): Promise<q.ContentRecord> {
  const id = idArg(a.id);
  const tenant = await ctx.tenant();
  const staff = may(await ctx.actor(), tenant.tenantKey, MANAGE);
  if (a.status === 'any' && !staff) throw new AppError('FORBIDDEN');
  // Readers get the published item from the content cache (dropped on every committed change);
  // staff read the database itself.
  let row: q.ContentRecord | undefined;
  if (staff) [row] = await q.contentByIds(ctx.services.store.db, tenant.tenantKey, [id]);
  else {
    // The site snapshot is read beside the item, so primarySection and canonicalPath answer without waiting;
    // a failure is theirs to report, as before (ctx.site keeps the rejected read).
    const [cached] = await Promise.all([ctx.services.content.item(tenant.tenantKey, id), ctx.site().catch(() => undefined)]);
    if (cached) ctx.loaders.primeLinks(id, cached.links);
    row = cached?.row;
  }
  const notFound = () => new AppError('NOT_FOUND', { entity: 'Content', id });
  if (!row) throw notFound();
  if (a.status !== 'any') {
    if (row.status !== 1) throw notFound();
    const mustBePublished = !staff || a.requirePublished !== false;
    if (mustBePublished && (row.published === null || row.published > ctx.services.now())) throw notFound();
  }
  return row;
}

const ids = (max: number) => z.array(z.number().int().positive()).max(max, `At most ${max} ids`);
const streamInput = z.strictObject({
  type: z.enum(CONTENT_TYPES).optional(),
  includeContentTypes: z.array(z.enum(CONTENT_TYPES)).max(50).optional(),
  excludeContentTypes: z.array(z.enum(CONTENT_TYPES)).max(50).optional(),
  sectionId: z.number().int().positive().optional(),
  scheduleOption: z.enum(SCHEDULE_OPTIONS).optional(),
  includeContentIds: ids(BODY_BLOCK_STREAM_LIMIT).optional(),
  excludeContentIds: ids(5000).optional(),
  startDateAfter: isoDate.optional(),
  startDateBefore: isoDate.optional(),
  publishedAfter: isoDate.optional(),
  publishedBefore: isoDate.optional(),
  phrase: z.string().trim().max(200, 'At most 200 characters').optional(),
  search: z.string().max(SEARCH_TEXT_MAX, `At most ${SEARCH_TEXT_MAX} characters`).optional(),
  sectionIds: z.array(z.number().int().positive()).max(50, 'At most 50 sections').optional(),
  status: z.enum(['active', 'any']).default('active'),
  sortField: z.enum(['relevance', 'published', 'startDate', 'name', 'id', 'updated']).optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  pagination: z.strictObject({
    limit: z.number().int().optional(),
    skip: z.number().int().min(0).max(100_000).optional(),
    after: z.string().regex(/^\d{1,6}$/, 'Must be a cursor from pageInfo.endCursor').optional(),
  }).default({}),
});

export async function readContentStream(ctx: GqlContext, input: unknown) {
  const f = parseInput(streamInput, withoutNulls(input ?? {}), 'input');
  const tenant = await ctx.tenant();
  if (f.status === 'any' && !may(await ctx.actor(), tenant.tenantKey, MANAGE)) throw new AppError('FORBIDDEN');
  const cap = f.includeContentIds ? BODY_BLOCK_STREAM_LIMIT : STREAM_LIMIT;
  const limit = clampLimit(f.pagination.limit, 10, cap);
  const skip = f.pagination.after !== undefined ? Number(f.pagination.after) : f.pagination.skip ?? 0;
  const now = ctx.services.now();
  const types = [...(f.type ? [f.type] : []), ...(f.includeContentTypes ?? [])];
  if (f.search !== undefined) return searchStream(ctx, tenant.tenantKey, { ...f, search: f.search, types, limit, skip });
  if (f.sectionIds) throw new AppError('BAD_USER_INPUT', { field: 'input.sectionIds', message: 'sectionIds needs input.search (use sectionId)' });
  if (f.sortField === 'relevance') throw new AppError('BAD_USER_INPUT', { field: 'input.sortField', message: 'relevance needs input.search' });
  const { rows, total } = await q.contentStream(ctx.services.store.db, {
    tenantKey: tenant.tenantKey,
    statuses: f.status === 'any' ? [0, 1, 2] : [1],
    publishedBy: f.status === 'any' ? undefined : now,
    types: types.length ? types : undefined,
    excludeTypes: f.excludeContentTypes,
    sectionId: f.sectionId,
    scheduleOption: f.scheduleOption,
    now,
    includeIds: f.includeContentIds,
    excludeIds: f.excludeContentIds,
    startDateAfter: f.startDateAfter,
    startDateBefore: f.startDateBefore,
    publishedAfter: f.publishedAfter,
    publishedBefore: f.publishedBefore,
    phrase: f.phrase || undefined,
    sortField: f.sortField ?? 'published',
    sortOrder: f.sortOrder,
    limit,
    skip,
  });
  return connection(rows, skip, total);
}
