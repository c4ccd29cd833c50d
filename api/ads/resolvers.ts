// Ad units: staff reads (view or manage the ad settings) and writes through the operations.
import { AppError } from '../../engine/domain/errors';
import { getAdUnit, listAdUnits } from '../../engine/store/queries/ad-units';
import { requireTenantPermission } from '../access';
import type { GqlContext } from '../context';
import * as ops from './operations';

async function unitById(ctx: GqlContext, id: number) {
  const row = await getAdUnit(ctx.services.store.db, (await ctx.tenant()).tenantKey, id);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'Ad unit', id });
  return row;
}

export const adResolvers = {
  AdUnit: {
    targetId: (u: { targetId?: string }) => u.targetId ?? null,
  },
  Query: {
    async getAdUnits(_: unknown, _a: unknown, ctx: GqlContext) {
      const tenant = await ctx.tenant();
      requireTenantPermission(await ctx.actor(), tenant.tenantKey, ['view_ad_unit_patterns', 'manage_ad_unit_patterns']);
      return listAdUnits(ctx.services.store.db, tenant.tenantKey);
    },
  },
  Mutation: {
    async createAdUnit(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      return unitById(ctx, (await ops.createAdUnit({ ctx: await ctx.op(), input: a.input })).id);
    },
    async updateAdUnit(_: unknown, a: { id?: unknown; input?: unknown }, ctx: GqlContext) {
      return unitById(ctx, (await ops.updateAdUnit({ ctx: await ctx.op(), input: { id: a.id, input: a.input } })).id);
    },
    async deleteAdUnit(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return ops.deleteAdUnit({ ctx: await ctx.op(), input: { id: a.id } });
    },
  },
};
