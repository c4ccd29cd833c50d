// Catalogue reads (public, tenant-scoped): people, taxonomy, memberships and asset metadata (for
// anonymous readers only the assets published, ungated pages show).
import { z } from 'zod';
import { AppError } from '../../engine/domain/errors';
import { TAXONOMY_TYPES } from '../../engine/domain/enums';
import { parseInput, withoutNulls } from '../../engine/domain/validation';
import { assetsByIds, membershipStream, personStream, publicAssetIds, taxonomyStream } from '../../engine/store/queries/catalog';
import { inScope } from '../../engine/services/kernel/access';
import type { GqlContext } from '../context';
import { clampLimit, connection, skipOf } from '../../engine/services/kernel/paging';
import { idArg } from '../../engine/services/kernel/patch';

export const PERSON_LIMIT = 9999;
export const TAXONOMY_MATCH_LIMIT = 1000;
const STREAM_CAP = 1000;

const idList = z.array(z.number().int().positive()).max(STREAM_CAP, `At most ${STREAM_CAP} ids`);
const page = z.strictObject({ limit: z.number().int().optional(), skip: z.number().int().min(0).optional(), after: z.string().max(8).optional() }).default({});
const types = z.array(z.enum(TAXONOMY_TYPES)).max(10);

const personInput = z.strictObject({ status: z.number().int().min(0).max(1).optional(), includeIds: idList.optional(), phrase: z.string().trim().max(200).optional(), pagination: page });
const taxonomyInput = z.strictObject({ includeTypes: types.optional(), includeIds: idList.optional(), pagination: page });
const matchInput = z.strictObject({
  includeTypes: types.optional(), excludeIds: idList.optional(), phrase: z.string().trim().max(200, 'At most 200 characters').optional(),
  sortField: z.enum(['name', 'fullName', 'id']).default('name'), sortOrder: z.enum(['asc', 'desc']).default('asc'), limit: z.number().int().optional(),
});
const membershipInput = z.strictObject({ status: z.number().int().min(0).max(1).optional(), ids: idList.optional(), pagination: page });

const parse = <S extends z.ZodType>(schema: S, input: unknown) => parseInput(schema, withoutNulls(input ?? {}), 'input');

export const catalogResolvers = {
  Query: {
    async getPersonStream(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      const f = parse(personInput, a.input);
      const limit = clampLimit(f.pagination.limit, 100, PERSON_LIMIT);
      const skip = skipOf(f.pagination);
      const r = await personStream(ctx.services.store.db, { tenantKey: (await ctx.tenant()).tenantKey, status: f.status, includeIds: f.includeIds, phrase: f.phrase || undefined, limit, skip });
      return connection(r.rows, skip, r.total);
    },
    async getTaxonomyStream(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      const f = parse(taxonomyInput, a.input);
      const limit = clampLimit(f.pagination.limit, 100, STREAM_CAP);
      const skip = skipOf(f.pagination);
      const r = await taxonomyStream(ctx.services.store.db, {
        tenantKey: (await ctx.tenant()).tenantKey, includeTypes: f.includeTypes, includeIds: f.includeIds, sortField: 'name', sortOrder: 'asc', limit, skip,
      });
      return connection(r.rows, skip, r.total);
    },
    async matchTaxonomyStream(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      const f = parse(matchInput, a.input);
      const limit = clampLimit(f.limit, TAXONOMY_MATCH_LIMIT, TAXONOMY_MATCH_LIMIT);
      const r = await taxonomyStream(ctx.services.store.db, {
        tenantKey: (await ctx.tenant()).tenantKey, includeTypes: f.includeTypes, excludeIds: f.excludeIds, phrase: f.phrase || undefined,
        sortField: f.sortField, sortOrder: f.sortOrder, limit, skip: 0,
      });
      return connection(r.rows, 0, r.total);
    },
    async getMembershipStream(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      const f = parse(membershipInput, a.input);
      const limit = clampLimit(f.pagination.limit, 100, STREAM_CAP);
      const skip = skipOf(f.pagination);
      const r = await membershipStream(ctx.services.store.db, { tenantKey: (await ctx.tenant()).tenantKey, status: f.status, ids: f.ids, limit, skip });
      return connection(r.rows, skip, r.total);
    },
    /**
     * Staff in scope of the tenant see every asset's metadata; anyone else only an asset a published,
     * ungated page shows (publicAssetIds). Any other id answers as unknown, so ids cannot be probed.
     */
    async getAsset(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      const id = idArg(a.id);
      const { tenantKey } = await ctx.tenant();
      const db = ctx.services.store.db;
      const [row] = await assetsByIds(db, tenantKey, [id]);
      const actor = await ctx.actor();
      const visible = row && ((actor && inScope(actor, tenantKey)) || (await publicAssetIds(db, tenantKey, [id], ctx.services.now())).has(id));
      if (!visible) throw new AppError('NOT_FOUND', { entity: 'Asset', id });
      return row;
    },
  },
};
