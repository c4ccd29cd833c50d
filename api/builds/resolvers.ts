// getBuildStatus (contract in the admin: admin/data/api.ts): the tenant's rebuild queue and live
// build, for the publish toolbar, and the server's configuration warnings, for the dashboard's
// system status. Staff signed in to the tenant with any permission; the warnings only to those who
// can act on the server's configuration (global staff or manage_modules), empty for the others.
import { AppError } from '../../engine/domain/errors';
import { readBuildStatus } from '../../engine/store/queries/builds';
import { requireTenantPermission } from '../../engine/services/kernel/access';
import { serverWarnings } from '../../engine/services/kernel/captcha';
import type { GqlContext } from '../context';

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

export const buildResolvers = {
  Query: {
    async getBuildStatus(_: unknown, _a: unknown, ctx: GqlContext) {
      const tenant = await ctx.tenant();
      const actor = requireTenantPermission(await ctx.actor(), tenant.tenantKey, []);
      if (actor.kind !== 'staff' || actor.permissions.length === 0) throw new AppError('FORBIDDEN');
      const s = await readBuildStatus(ctx.services.store, tenant.tenantKey);
      const warnings = actor.isGlobal || actor.permissions.includes('manage_modules') ? serverWarnings(ctx.services) : [];
      if (!s) return { state: 'queued', buildId: null, requestedAt: null, startedAt: null, finishedAt: null, pagesWritten: 0, error: null, warnings };
      return { ...s, requestedAt: iso(s.requestedAt), startedAt: iso(s.startedAt), finishedAt: iso(s.finishedAt), warnings };
    },
  },
};
