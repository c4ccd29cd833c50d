// Page speed runs on the job runner (issue 38): a requested run is run by the runner's `page-speed`
// job, which the System screen lists with its last result; the job also picks up a run a stopped
// server left queued, and ends failed one it left running (so the tenant can start another), which
// fails the job's run and raises the System screen's alarm. A fake measurer; the runner's clock is
// the test's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner, type JobRunner } from '../../engine/jobs/runner';
import { createPageSpeedRun, readPageSpeedRun, startPageSpeedRun } from '../../engine/store/queries/page-speed';
import { PAGE_SPEED_JOB, pageSpeedIdle, type PageMeasurer } from '../../engine/services/reports/page-speed';
import { startApi, type Harness } from './api-harness';

let h: Harness;
let runner: JobRunner;
const clock = Date.parse('2026-11-02T15:00:00Z');
const measured: string[] = [];
const timers: number[] = [];

beforeAll(async () => {
  const measurer = async (): Promise<PageMeasurer> => ({
    async measure(url) {
      measured.push(url);
      return { performance: 90, accessibility: 100, bestPractices: 96, seo: 92, lcpMs: 1000, cls: 0 };
    },
    async close() {},
  });
  runner = createJobRunner({ now: () => clock, setTimer: (_, ms) => { timers.push(ms); return timers.length; }, clearTimer: () => {}, onError: () => {} });
  const none = (async () => new Response('', { status: 404 })) as typeof fetch;
  h = await startApi({ jobs: runner, pageSpeed: { siteUrl: (t) => `http://${t.tenantKey}.localhost:9`, measurer, fetch: none, jobs: runner, everyMs: 120_000 } });
  await runner.start();
});
afterAll(async () => {
  await runner?.stop();
  await h?.close();
});

const system = async () => (await h.op('getSystemStatus', {}, { as: 'admin' })).data.getSystemStatus;
/** The runner's jobs, without the rebuild queue's row that heads the list. */
const runnerJobs = async () => ((await system()).jobs as { name: string }[]).filter((j) => j.name !== 'rebuild');

describe('page-speed job', () => {
  it('is a named job of the runner, on its interval, listed on the System screen', async () => {
    expect(timers).toEqual([120_000]);
    const jobs = await runnerJobs();
    expect(jobs).toEqual([expect.objectContaining({ name: PAGE_SPEED_JOB, title: 'Page speed runs (Lighthouse)', everyMs: 120_000, failures: 0, nextRunAt: new Date(clock + 120_000).toISOString() })]);
  });

  it('runs a requested run through the job, and the screen shows the job\u2019s last result', async () => {
    const started = await h.gql('mutation { startPageSpeedRun { id status } }', {}, { as: 'alphaViewer' });
    const id = started.data.startPageSpeedRun.id as number;
    await pageSpeedIdle(h.app.api.services);
    expect(await readPageSpeedRun(h.store.db, 'alpha', id)).toMatchObject({ status: 'done', pagesDone: 1 });
    expect(measured).toEqual(['http://alpha.localhost:9/']);
    expect((await runnerJobs())[0]).toMatchObject({ name: PAGE_SPEED_JOB, failures: 0, lastResult: '1 runs done', lastOkAt: new Date(clock).toISOString() });
  });

  it('picks up a run a stopped server left queued, ends failed one it left running, and shows the failure', async () => {
    const db = h.store.db;
    const cut = await createPageSpeedRun(db, 'beta', { buildId: null, requestedBy: 'ops', now: clock - 60_000 });
    await startPageSpeedRun(db, 'beta', cut, 5);
    const waiting = await createPageSpeedRun(db, 'alpha', { buildId: null, requestedBy: 'ops', now: clock - 30_000 });
    measured.length = 0;
    const s = await runner.runNow(PAGE_SPEED_JOB);
    expect(s).toMatchObject({ failures: 1, lastError: `run ${cut} (beta) was interrupted; 1 runs done` });
    expect(await readPageSpeedRun(db, 'alpha', waiting)).toMatchObject({ status: 'done' });
    expect(await readPageSpeedRun(db, 'beta', cut)).toMatchObject({ status: 'failed', error: 'Interrupted: the server stopped during the run' });
    expect(measured).toEqual(['http://alpha.localhost:9/']);
    const screen = await system();
    expect(screen.warnings.some((w: string) => w.startsWith('The background job "Page speed runs (Lighthouse)" failed its last run'))).toBe(true);
    // Retried with backoff: the next run finds nothing left and clears the alarm.
    expect(s.nextRunAt).toBe(clock + 30_000);
    expect(await runner.runNow(PAGE_SPEED_JOB)).toMatchObject({ failures: 0, lastResult: 'no run waiting' });
    // The beta tenant can start a run again.
    const again = await h.gql('mutation { startPageSpeedRun { id } }', {}, { as: 'admin', tenant: 'beta' });
    expect(again.data.startPageSpeedRun.id).not.toBe(cut);
    await pageSpeedIdle(h.app.api.services);
  });
});
