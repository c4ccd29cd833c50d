// The page speed screen's reads and its start button (issue 20): the tenant's last runs, the score
// history and the newest run's pages; starting a run queues it for the page-speed job
// (page-speed.ts). Staff of the request's tenant holding view_common_reports.
import { listPageSpeedRuns, pageSpeedHistory, pageSpeedScoresOf, readPageSpeedRun, type PageSpeedRun } from '../../store/queries/page-speed';
import { requireTenantPermission } from '../kernel/access';
import type { LazyCaller } from '../kernel/operation';
import { requestPageSpeedRun } from './page-speed';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const runView = (r: PageSpeedRun) => ({ ...r, createdAt: iso(r.createdAt), finishedAt: iso(r.finishedAt) });

/** The request's tenant, for staff of it holding view_common_reports (page speed). */
async function pageSpeedTenant(ctx: LazyCaller) {
  const tenant = await ctx.tenant();
  const actor = requireTenantPermission(await ctx.actor(), tenant.tenantKey, ['view_common_reports']);
  return { tenant, actor };
}

export async function getPageSpeedReport(ctx: LazyCaller) {
  const { tenant } = await pageSpeedTenant(ctx);
  const db = ctx.services.store.db;
  const runs = await listPageSpeedRuns(db, tenant.tenantKey, 20);
  const history = (await pageSpeedHistory(db, tenant.tenantKey)).map((p) => ({ ...p, at: iso(p.at) }));
  const newest = history.at(-1);
  const pages = newest ? await pageSpeedScoresOf(db, tenant.tenantKey, newest.runId) : [];
  return { runs: runs.map(runView), history, pages };
}

export async function startPageSpeedRun(ctx: LazyCaller) {
  const { tenant, actor } = await pageSpeedTenant(ctx);
  const id = await requestPageSpeedRun(ctx.services, tenant, actor.username);
  return runView((await readPageSpeedRun(ctx.services.store.db, tenant.tenantKey, id))!);
}
