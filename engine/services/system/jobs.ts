// The background jobs /admin/system shows (engine/jobs/runner.ts): the runner cli/ started is
// handed to the API with its options; a server without one (tests, the CLI's one-off commands)
// shows none.
import type { JobRunner, JobState } from '../../jobs/runner';
import type { Services } from '../kernel/services';

const runners = new WeakMap<Services, Pick<JobRunner, 'status'>>();

export function recordJobs(services: Services, runner: Pick<JobRunner, 'status'> | undefined): void {
  if (runner) runners.set(services, runner);
}

export interface SystemJob {
  name: string; title: string; everyMs: number; running: boolean; lastFinishedAt: number | null; lastOkAt: number | null;
  lastResult: string | null; lastError: string | null; failures: number; nextRunAt: number | null;
}

export async function jobsOf(services: Services): Promise<SystemJob[]> {
  const states: JobState[] = (await runners.get(services)?.status()) ?? [];
  return states.map((s) => ({
    name: s.name, title: s.title, everyMs: s.everyMs, running: s.running, lastFinishedAt: s.lastFinishedAt, lastOkAt: s.lastOkAt,
    lastResult: s.lastResult, lastError: s.lastError, failures: s.failures, nextRunAt: s.nextRunAt,
  }));
}

/** An alarm per job whose last runs failed: it is retried on its own, but someone should look. */
export function jobWarnings(jobs: SystemJob[]): string[] {
  return jobs.filter((j) => j.failures > 0).map((j) =>
    `The background job "${j.title}" failed ${j.failures === 1 ? 'its last run' : `its last ${j.failures} runs`}; it is retried on its own${j.nextRunAt ? ` (next at ${new Date(j.nextRunAt).toISOString().replace('T', ' ').slice(0, 19)} UTC)` : ''}. Last error: ${j.lastError ?? 'unknown'}`);
}
