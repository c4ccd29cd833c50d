// /admin/system (issue 22): what the server runs on and how its builds are doing, for global staff
// with manage_modules (developer tools); and a full rebuild of one tenant.
import { statSync } from 'node:fs';
import { AppError } from '../../domain/errors';
import { readFileSync } from 'node:fs';
import { captchaStateOf, serverWarnings } from '../kernel/captcha';
import { diskUse, type DiskUse } from './disk-use';
import { jobsOf, jobWarnings, rebuildJob, runJobNow, runsJobs, type SystemJob } from './jobs';
import { failingRebuilds, storeFacts, type FailingRebuild } from '../../store/queries/builds';
import { requireActor, type Actor } from '../kernel/access';
import { commit, tenantAccess, type OpArgs, type OpContext } from '../kernel/operation';

function systemAdmin(ctx: OpContext): Actor {
  const a = requireActor(ctx.actor);
  if (!a.isGlobal || !a.permissions.includes('manage_modules')) throw new AppError('FORBIDDEN');
  return a;
}

const MASTHEAD_VERSION = (() => {
  try { return String((JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? ''); } catch { return ''; }
})();

const size = (path: string): number => { try { return statSync(path).size; } catch { return 0; } };

export interface SystemStatus {
  mastheadVersion: string;
  nodeVersion: string;
  sqliteVersion: string;
  databasePath: string;
  databaseBytes: number;
  migrationsApplied: number;
  queueDepth: number;
  mailTransport: string;
  mailLastSend: { at: number; ok: boolean; error: string | null } | null;
  captcha: string;
  crawlerVerification: { method: string; cachedVerdicts: number };
  disk: DiskUse[];
  warnings: string[];
  /** The background jobs (engine/jobs/runner.ts) with their last and next runs. */
  jobs: SystemJob[];
  builds: { tenantKey: string; state: string; buildId: string | null; startedAt: number | null; finishedAt: number | null; durationMs: number | null; pagesWritten: number; openRequests: number; error: string | null; failedAttempts: number; retryAt: number | null }[];
}

export async function getSystemStatus({ ctx }: OpArgs<unknown>): Promise<SystemStatus> {
  systemAdmin(ctx);
  const store = ctx.services.store;
  const facts = await storeFacts(store);
  const openBy = facts.openRequests;
  const failing = new Map((await failingRebuilds(store)).map((f) => [f.tenantKey, f]));
  const mailer = ctx.services.members.mailer as { kind?: string; lastSend?: { at: number; ok: boolean; error?: string } | null; backlog?: () => Promise<{ waiting: number; failing: number; lastError: string | null }> } | undefined;
  const backlog = mailer?.backlog ? await mailer.backlog() : null;
  const mailWarning = backlog && backlog.failing > 0
    ? [`${backlog.waiting === 1 ? '1 e-mail is' : `${backlog.waiting} e-mails are`} waiting for the mail server (sign-in links, password resets); they are kept and retried on their own. Check MASTHEAD_SMTP_URL and the mail server. Last error: ${backlog.lastError ?? 'unknown'}`]
    : [];
  const last = mailer?.lastSend ?? null;
  const jobs = await jobsOf(ctx.services);
  const queueDepth = [...openBy.values()].reduce((a, b) => a + b, 0);
  return {
    mastheadVersion: MASTHEAD_VERSION,
    nodeVersion: process.version,
    sqliteVersion: facts.sqliteVersion,
    databasePath: store.path,
    databaseBytes: size(store.path) + size(`${store.path}-wal`),
    migrationsApplied: facts.migrationsApplied,
    queueDepth,
    mailTransport: mailer ? (mailer.kind ?? 'configured') : 'none',
    mailLastSend: last ? { at: last.at, ok: last.ok, error: last.error ?? null } : null,
    captcha: captchaStateOf(ctx.services),
    // Claimed crawlers are verified by reverse and forward DNS (api/crawlers/verify.ts), verdicts cached.
    crawlerVerification: { method: 'reverse and forward DNS', cachedVerdicts: ctx.services.crawlers.size },
    disk: await diskUse(ctx.services),
    // A failing rebuild is an alarm: an acknowledged edit is not live yet (it is retried until it is).
    warnings: [...[...failing.values()].map(failingWarning), ...mailWarning, ...jobWarnings(jobs), ...serverWarnings(ctx.services)],
    // The rebuild queue's row first, on a server that runs the jobs (its failures have their own alarm above).
    jobs: runsJobs(ctx.services) ? [rebuildJob(facts.targets, queueDepth, [...failing.values()]), ...jobs] : jobs,
    builds: facts.targets.map((t) => ({
      tenantKey: t.tenantKey, state: t.state, buildId: t.buildId, startedAt: t.startedAt, finishedAt: t.finishedAt,
      durationMs: t.startedAt !== null && t.finishedAt !== null && t.finishedAt >= t.startedAt ? t.finishedAt - t.startedAt : null,
      pagesWritten: Number(t.pagesWritten), openRequests: openBy.get(t.tenantKey) ?? 0,
      error: failing.get(t.tenantKey)?.error ?? t.error, failedAttempts: failing.get(t.tenantKey)?.attempts ?? 0, retryAt: failing.get(t.tenantKey)?.retryAt ?? null,
    })),
  };
}

function failingWarning(f: FailingRebuild): string {
  const when = (ms: number | null) => (ms === null ? 'soon' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC');
  const edits = f.requests === 1 ? '1 change is' : `${f.requests} changes are`;
  return `Rebuilds of ${f.tenantKey} are failing: ${edits} not live yet (${f.attempts} failed ${f.attempts === 1 ? 'attempt' : 'attempts'} since ${when(f.since)}; next retry ${when(f.retryAt)}). Last error: ${f.error ?? 'unknown'}`;
}

/** Requests a full rebuild of the current tenant (the queue coalesces it with any open changes). */
export async function rebuildTenant({ ctx }: OpArgs<unknown>): Promise<{ ok: true }> {
  systemAdmin(ctx);
  const { tenant } = tenantAccess(ctx, ['manage_modules']);
  await commit(ctx, async () => tenant.tenantKey,
    () => ({ tenantKey: tenant.tenantKey, entityType: 'tenant', entityId: tenant.tenantKey, action: 'rebuild', changes: {} }),
    () => ({ entity: 'full', action: 'update', ids: [] }));
  return { ok: true };
}

/** "Run now" on the System screen: starts one background job at once (it does not wait for the run). */
export async function runBackgroundJob({ ctx, input }: OpArgs<{ name?: unknown }>): Promise<SystemJob> {
  systemAdmin(ctx);
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name || name.length > 100) throw new AppError('BAD_USER_INPUT', { field: 'name', message: 'Name the background job to run' });
  return runJobNow(ctx.services, name);
}
