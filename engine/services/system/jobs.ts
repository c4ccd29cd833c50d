// The background jobs /admin/system shows (engine/jobs/runner.ts): the runner cli/ started is
// handed to the API with its options; a server without one (tests, the CLI's one-off commands)
// shows none. Beside them, the rebuild queue's work as one row (`rebuild`): it keeps its own
// durable queue (engine/build/queue), so its row is read from the builds' state, not the runner.
import { AppError } from '../../domain/errors';
import type { JobRunner, JobState } from '../../jobs/runner';
import type { FailingRebuild } from '../../store/queries/builds';
import type { Services } from '../kernel/services';

export type RecordedRunner = Pick<JobRunner, 'status' | 'runNow'>;
const runners = new WeakMap<Services, RecordedRunner>();

export function recordJobs(services: Services, runner: RecordedRunner | undefined): void {
  if (runner) runners.set(services, runner);
}

/** The rebuild queue's row: its name, which the runner never uses for a job of its own. */
export const REBUILD_JOB = 'rebuild';

export interface SystemJob {
  name: string; title: string; everyMs: number; running: boolean; lastFinishedAt: number | null; lastOkAt: number | null;
  lastResult: string | null; lastError: string | null; failures: number; nextRunAt: number | null;
}

const view = (s: JobState): SystemJob => ({
  name: s.name, title: s.title, everyMs: s.everyMs, running: s.running, lastFinishedAt: s.lastFinishedAt, lastOkAt: s.lastOkAt,
  lastResult: s.lastResult, lastError: s.lastError, failures: s.failures, nextRunAt: s.nextRunAt,
});

/** The runner's jobs; none when this server runs no runner. */
export async function jobsOf(services: Services): Promise<SystemJob[]> {
  return ((await runners.get(services)?.status()) ?? []).map(view);
}

/** Whether this server runs the background jobs (masthead serve does). */
export const runsJobs = (services: Services): boolean => runners.has(services);

interface BuildFacts { state: string; startedAt: number | null; finishedAt: number | null }

/**
 * The rebuild queue's work as a job row: running while a site builds or a request waits, its last
 * run the newest build, failing while some site's rebuilds fail (their own alarm says which; the
 * Builds card has each site), next run the soonest retry. `everyMs` 0: it runs on each change.
 */
export function rebuildJob(targets: BuildFacts[], queueDepth: number, failing: FailingRebuild[]): SystemJob {
  const finished = targets.map((t) => t.finishedAt).filter((t): t is number => t !== null);
  const live = targets.filter((t) => t.state === 'live' && t.finishedAt !== null).map((t) => t.finishedAt!);
  const worst = failing.reduce<FailingRebuild | null>((a, f) => (a && a.attempts >= f.attempts ? a : f), null);
  const retries = failing.map((f) => f.retryAt).filter((t): t is number => t !== null);
  return {
    name: REBUILD_JOB, title: 'Site rebuilds after each change and time boundary', everyMs: 0,
    running: queueDepth > 0 || targets.some((t) => t.state === 'building' || t.state === 'queued'),
    lastFinishedAt: finished.length ? Math.max(...finished) : null,
    lastOkAt: live.length ? Math.max(...live) : null,
    lastResult: `${live.length} of ${targets.length} ${targets.length === 1 ? 'site' : 'sites'} live; ${queueDepth} ${queueDepth === 1 ? 'change' : 'changes'} waiting`,
    lastError: worst?.error ?? null,
    failures: worst?.attempts ?? 0,
    nextRunAt: retries.length ? Math.min(...retries) : null,
  };
}

/**
 * Runs a job now (the System screen's "Run now"): started, not waited for (a page-speed or feed run
 * can take minutes); its row says running until it ends. A run already going is joined, not doubled.
 */
export async function runJobNow(services: Services, name: string): Promise<SystemJob> {
  const runner = runners.get(services);
  if (!runner) throw new AppError('CONFLICT', { message: 'This server runs no background jobs: masthead serve runs them.' });
  if (name === REBUILD_JOB) throw new AppError('BAD_USER_INPUT', { field: 'name', message: 'Rebuilds run on each change; use "Rebuild" on this page for a full rebuild of a site.' });
  const known = await runner.status();
  if (!known.some((j) => j.name === name)) throw new AppError('BAD_USER_INPUT', { field: 'name', message: `No background job named "${name}". This server runs: ${known.map((j) => j.name).join(', ')}.` });
  // The run's own failure is the job's state (failures, last error): nobody waits here to hear it.
  void runner.runNow(name).catch(() => {});
  const state = (await runner.status()).find((j) => j.name === name)!;
  return view(state);
}

/** An alarm per job whose last runs failed: it is retried on its own, but someone should look. */
export function jobWarnings(jobs: SystemJob[]): string[] {
  return jobs.filter((j) => j.failures > 0).map((j) =>
    `The background job "${j.title}" failed ${j.failures === 1 ? 'its last run' : `its last ${j.failures} runs`}; it is retried on its own${j.nextRunAt ? ` (next at ${new Date(j.nextRunAt).toISOString().replace('T', ' ').slice(0, 19)} UTC)` : ''}. Last error: ${j.lastError ?? 'unknown'}`);
}
