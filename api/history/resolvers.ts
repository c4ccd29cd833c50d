// History reads (view_history): a tenant's changes; staff-account changes for global staff only.
import { z } from 'zod';
import { AppError } from '../../engine/domain/errors';
import { parseInput, withoutNulls } from '../../engine/domain/validation';
import { listHistory } from '../../engine/store/queries/history';
import { requireTenantPermission } from '../../engine/services/kernel/access';
import type { GqlContext } from '../context';
import { clampLimit, connection, skipOf } from '../../engine/services/kernel/paging';

const input = z.strictObject({
  entityType: z.enum(['content', 'section', 'layout', 'menu', 'redirect', 'settings', 'adUnitPattern', 'adUnit', 'houseAd', 'cmsUser']).optional(),
  entityId: z.string().max(100, 'At most 100 characters').optional(),
  pagination: z.strictObject({ limit: z.number().int().optional(), skip: z.number().int().min(0).optional(), after: z.string().max(8).optional() }).default({}),
});

export const historyResolvers = {
  Query: {
    async getHistory(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      const tenant = await ctx.tenant();
      const actor = requireTenantPermission(await ctx.actor(), tenant.tenantKey, ['view_history']);
      const f = parseInput(input, withoutNulls(a.input ?? {}), 'input');
      if (f.entityType === 'cmsUser' && !actor.isGlobal) throw new AppError('FORBIDDEN');
      const limit = clampLimit(f.pagination.limit, 50, 500);
      const skip = skipOf(f.pagination);
      const r = await listHistory(ctx.services.store.db, {
        tenantKey: f.entityType === 'cmsUser' ? null : tenant.tenantKey, entityType: f.entityType, entityId: f.entityId, limit, skip,
      });
      return connection(r.rows, skip, r.total);
    },
  },
};
