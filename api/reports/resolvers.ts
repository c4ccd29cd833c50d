// runReport: a report's figures and one page of its rows (api/reports/run.ts does the work).
import { z } from 'zod';
import { parseInput } from '../../engine/domain/validation';
import { listPageSpeedRuns, pageSpeedHistory, pageSpeedScoresOf, readPageSpeedRun, type PageSpeedRun } from '../../engine/store/queries/page-speed';
import { requireTenantPermission } from '../../engine/services/kernel/access';
import type { GqlContext } from '../context';
import { requestPageSpeedRun } from './page-speed';
import { runReport } from './run';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const runView = (r: PageSpeedRun) => ({ ...r, createdAt: iso(r.createdAt), finishedAt: iso(r.finishedAt) });

/** The request's tenant, for staff of it holding view_common_reports (page speed). */
async function pageSpeedTenant(ctx: GqlContext) {
  const tenant = await ctx.tenant();
  const actor = requireTenantPermission(await ctx.actor(), tenant.tenantKey, ['view_common_reports']);
  return { tenant, actor };
}

const args = z.strictObject({ id: z.string().max(64, 'At most 64 characters'), params: z.string().max(2000, 'At most 2000 characters') });

export const reportResolvers = {
  Query: {
    async runReport(_: unknown, a: unknown, ctx: GqlContext) {
      const { id, params: search } = parseInput(args, a);
      const r = await runReport(ctx, id, search);
      const { skip, limit } = r.params;
      return {
        id: r.def.id, from: r.params.from, to: r.params.to, tenant: r.tenant, summary: r.data.summary, comparison: r.comparison,
        series: r.data.series, rows: r.data.rows.slice(skip, skip + limit), totalRows: r.data.rows.length, skip, limit, droppedEvents: r.droppedEvents,
      };
    },
    async getPageSpeedReport(_: unknown, _a: unknown, ctx: GqlContext) {
      const { tenant } = await pageSpeedTenant(ctx);
      const db = ctx.services.store.db;
      const runs = await listPageSpeedRuns(db, tenant.tenantKey, 20);
      const history = (await pageSpeedHistory(db, tenant.tenantKey)).map((p) => ({ ...p, at: iso(p.at) }));
      const newest = history.at(-1);
      const pages = newest ? await pageSpeedScoresOf(db, tenant.tenantKey, newest.runId) : [];
      return { runs: runs.map(runView), history, pages };
    },
  },
  Mutation: {
    async startPageSpeedRun(_: unknown, _a: unknown, ctx: GqlContext) {
      const { tenant, actor } = await pageSpeedTenant(ctx);
      const id = await requestPageSpeedRun(ctx.services, tenant, actor.username);
      return runView((await readPageSpeedRun(ctx.services.store.db, tenant.tenantKey, id))!);
    },
  },
};
