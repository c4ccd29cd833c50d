// Ad units: staff reads (view or manage the ad settings) and writes through the operations.
import { AppError } from '../../engine/domain/errors';
import { adUnitSettingsReport } from '../../engine/domain/ads';
import { getAdUnit, listAdUnits } from '../../engine/store/queries/ad-units';
import { listAllLayouts } from '../../engine/store/queries/layouts';
import { requireTenantPermission } from '../../engine/services/kernel/access';
import type { GqlContext } from '../context';
import * as ops from '../../engine/services/ads';
import * as house from '../../engine/services/ads';
import { getHouseAd, listHouseAds } from '../../engine/store/queries/house-ads';

async function unitById(ctx: GqlContext, id: number) {
  const row = await getAdUnit(ctx.services.store.db, (await ctx.tenant()).tenantKey, id);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'Ad unit', id });
  return row;
}

async function houseAdById(ctx: GqlContext, id: number) {
  const row = await getHouseAd(ctx.services.store.db, (await ctx.tenant()).tenantKey, id);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'House ad', id });
  return row;
}

type HouseAdRow = { startDate?: number; endDate?: number; native?: unknown; skin?: unknown; welcome?: unknown; sticky?: unknown };

export const adResolvers = {
  HouseAd: {
    startDate: (a: HouseAdRow) => a.startDate ?? null,
    endDate: (a: HouseAdRow) => a.endDate ?? null,
    native: (a: HouseAdRow) => a.native ?? null,
    skin: (a: HouseAdRow) => a.skin ?? null,
    welcome: (a: HouseAdRow) => a.welcome ?? null,
    sticky: (a: HouseAdRow) => a.sticky ?? null,
  },
  AdUnit: {
    targetId: (u: { targetId?: string }) => u.targetId ?? null,
  },
  Query: {
    async getAdUnits(_: unknown, _a: unknown, ctx: GqlContext) {
      const tenant = await ctx.tenant();
      requireTenantPermission(await ctx.actor(), tenant.tenantKey, ['view_ad_unit_patterns', 'manage_ad_unit_patterns']);
      return listAdUnits(ctx.services.store.db, tenant.tenantKey);
    },
    async getAdUnitSettingsReport(_: unknown, _a: unknown, ctx: GqlContext) {
      const tenant = await ctx.tenant();
      requireTenantPermission(await ctx.actor(), tenant.tenantKey, ['view_ad_unit_patterns', 'manage_ad_unit_patterns']);
      const db = ctx.services.store.db;
      const [units, layouts] = await Promise.all([listAdUnits(db, tenant.tenantKey), listAllLayouts(db, tenant.tenantKey)]);
      return adUnitSettingsReport(units, layouts.map((l) => ({ name: l.name, excludeAds: l.excludeAds, grids: [l.primaryGrid, ...(l.secondaryGrid ? [l.secondaryGrid] : [])] })));
    },
    async getHouseAds(_: unknown, _a: unknown, ctx: GqlContext) {
      const tenant = await ctx.tenant();
      requireTenantPermission(await ctx.actor(), tenant.tenantKey, ['view_ad_unit_patterns', 'manage_ad_unit_patterns']);
      return listHouseAds(ctx.services.store.db, tenant.tenantKey);
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
    async createHouseAd(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      return houseAdById(ctx, (await house.createHouseAd({ ctx: await ctx.op(), input: a.input })).id);
    },
    async updateHouseAd(_: unknown, a: { id?: unknown; input?: unknown }, ctx: GqlContext) {
      return houseAdById(ctx, (await house.updateHouseAd({ ctx: await ctx.op(), input: { id: a.id, input: a.input } })).id);
    },
    async deleteHouseAd(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return house.deleteHouseAd({ ctx: await ctx.op(), input: { id: a.id } });
    },
  },
};
