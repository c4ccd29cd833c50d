// Media library over GraphQL: thin wrappers of ./operations (uploads also arrive at POST /api/assets).
import { AppError } from '../../engine/domain/errors';
import { withoutNulls } from '../../engine/domain/validation';
import type { GqlContext } from '../context';
import * as ops from '../../engine/services/assets';

const plain = (v: unknown) => (v && typeof v === 'object' ? withoutNulls(v as Record<string, unknown>) : {});

/** Decodes strict base64; anything else is refused naming the field. */
function base64(v: string): Buffer {
  const clean = v.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0) throw new AppError('BAD_USER_INPUT', { field: 'dataBase64', message: 'Must be base64' });
  return Buffer.from(clean, 'base64');
}

export const assetResolvers = {
  Query: {
    async getAssetStream(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      const r = await ops.assetStream({ ctx: await ctx.op(), input: plain(a.input) });
      return { rows: r.rows, totalCount: r.total };
    },
    async getAssetFacets(_: unknown, _a: unknown, ctx: GqlContext) {
      return ops.assetFacets({ ctx: await ctx.op(), input: {} });
    },
    async getMediaAsset(_: unknown, a: { id: number }, ctx: GqlContext) {
      return ops.getAsset({ ctx: await ctx.op(), input: { id: a.id } });
    },
  },
  Mutation: {
    async createAsset(_: unknown, a: { input: { dataBase64: string; name?: string | null; contentType?: string | null; meta?: ops.AssetMetaInput | null } }, ctx: GqlContext) {
      const op = await ctx.op();
      // The metadata is checked before the file is stored, so bad metadata stores nothing.
      const meta = a.input.meta ? ops.metaPatch(a.input.meta) : {};
      const asset = await ops.uploadAsset({ ctx: op, input: { bytes: base64(a.input.dataBase64), name: a.input.name ?? undefined, declaredType: a.input.contentType ?? undefined } });
      if (Object.keys(meta).length === 0) return asset;
      return ops.updateAsset({ ctx: op, input: { id: asset.id, input: a.input.meta! } });
    },
    async updateAsset(_: unknown, a: { id: number; input: ops.AssetMetaInput }, ctx: GqlContext) {
      return ops.updateAsset({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
    },
    async deleteAsset(_: unknown, a: { id: number }, ctx: GqlContext) {
      return ops.deleteAsset({ ctx: await ctx.op(), input: { id: a.id } });
    },
  },
};
