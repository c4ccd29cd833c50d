// /admin/system's data (issue 22): the server status for global staff with manage_modules, and the
// "rebuild tenant" action, which asks the rebuild queue for a full build of that tenant.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../engine/mail';
import { startTestSmtpServer } from '../../engine/mail/testing';
import { startApi, type Harness } from './api-harness';
import { createJobRunner, type JobRunner } from '../../engine/jobs/runner';
import { storeJobStates } from '../../engine/jobs/store-state';

let h: Harness;
beforeAll(async () => { h = await startApi(); });
afterAll(async () => { await h.close(); });

describe('system status', () => {
  it('reports the database, migrations, queue and builds to global admins only', async () => {
    await h.store.run("insert into build_targets (tenant_key, out_dir, state, build_id, started_at, finished_at, pages_written) values ('alpha', '/tmp/out', 'live', 'b1', 1000, 4500, 42)", []);
    const r = await h.op('getSystemStatus', {}, { as: 'admin' });
    expect(r.error).toBeUndefined();
    const s = r.data.getSystemStatus;
    expect(s.databasePath).toBe(h.store.path);
    expect(s.databaseBytes).toBeGreaterThan(0);
    expect(s.migrationsApplied).toBeGreaterThanOrEqual(7);
    expect(s.nodeVersion).toBe(process.version);
    expect(s.builds).toEqual([expect.objectContaining({ tenantKey: 'alpha', state: 'live', durationMs: 3500, pagesWritten: 42, openRequests: 0 })]);
    expect((await h.op('getSystemStatus', {}, { as: 'alphaManager' })).status).toBe(403);
    expect((await h.op('getSystemStatus', {})).status).toBe(401);
  });

  it('raises an alarm for a tenant whose rebuilds keep failing: its changes are not live yet, with the attempts, the next retry and the error', async () => {
    const error = 'Rebuild of "alpha" failed: ENOSPC: no space left on device, write (/srv/out/alpha/index.html)';
    await h.store.run("insert into rebuild_requests (tenant_key, change, enqueued_at, state, attempts, retry_at, error) values ('alpha', '{\"entity\":\"content\",\"ids\":[1]}', 1000, 'pending', 3, 1800000000000, ?)", [error]);
    try {
      const s = (await h.op('getSystemStatus', {}, { as: 'admin' })).data.getSystemStatus;
      expect(s.queueDepth).toBe(1);
      expect(s.builds[0]).toMatchObject({ tenantKey: 'alpha', openRequests: 1, failedAttempts: 3, error });
      expect(new Date(s.builds[0].retryAt).getTime()).toBe(1_800_000_000_000);
      expect(s.warnings[0]).toBe(`Rebuilds of alpha are failing: 1 change is not live yet (3 failed attempts since 1970-01-01 00:00:01 UTC; next retry 2027-01-15 08:00:00 UTC). Last error: ${error}`);
    } finally {
      await h.store.run("delete from rebuild_requests where tenant_key = 'alpha'", []);
    }
  });

  it('lists the background jobs with their last and next runs, and raises an alarm for one whose runs fail', async () => {
    let fail = true;
    const made: { runner?: JobRunner } = {};
    const api = await startApi({ jobs: { status: () => made.runner!.status(), runNow: (n) => made.runner!.runNow(n) } });
    // The state lives in the database (installation_settings), so every instance's screen shows it.
    const runner = made.runner = createJobRunner({ states: storeJobStates(api.store.db) });
    runner.add({ name: 'event-rollup', title: 'Event rollup and retention', everyMs: 15 * 60_000, run: async () => { if (fail) throw new Error('disk I/O error'); return '12 events rolled up'; } });
    try {
      await runner.runNow('event-rollup');
      const s = (await api.op('getSystemStatus', {}, { as: 'admin' })).data.getSystemStatus;
      // The rebuild queue's row comes first (below), then the runner's jobs.
      expect(s.jobs.map((j: { name: string }) => j.name)).toEqual(['rebuild', 'event-rollup']);
      expect(s.jobs[1]).toEqual(expect.objectContaining({ name: 'event-rollup', title: 'Event rollup and retention', everyMs: 900_000, running: false, failures: 1, lastError: 'disk I/O error', lastOkAt: null }));
      expect(s.jobs[1].nextRunAt).not.toBeNull();
      expect(s.warnings.some((w: string) => w.startsWith('The background job "Event rollup and retention" failed its last run; it is retried on its own') && w.endsWith('Last error: disk I/O error'))).toBe(true);
      expect(await storeJobStates(api.store.db).read('event-rollup')).toMatchObject({ failures: 1, lastError: 'disk I/O error' });
      fail = false;
      await runner.runNow('event-rollup');
      const ok = (await api.op('getSystemStatus', {}, { as: 'admin' })).data.getSystemStatus;
      expect(ok.jobs[1]).toMatchObject({ failures: 0, lastError: null, lastResult: '12 events rolled up' });
      expect(ok.warnings.filter((w: string) => w.includes('background job'))).toEqual([]);
    } finally {
      await runner.stop();
      await api.close();
    }
  });

  it('shows the rebuild queue as a job: its newest build, the changes waiting, and a failing site\'s attempts, error and next retry', async () => {
    const made: { runner?: JobRunner } = {};
    const api = await startApi({ jobs: { status: () => made.runner!.status(), runNow: (n) => made.runner!.runNow(n) } });
    made.runner = createJobRunner();
    const error = 'Rebuild of "beta" failed: EACCES';
    try {
      await api.store.run("insert into build_targets (tenant_key, out_dir, state, build_id, started_at, finished_at, pages_written) values ('alpha', '/tmp/out', 'live', 'b1', 1000, 4500, 42), ('beta', '/tmp/out', 'live', 'b2', 1000, 9000, 7)", []);
      const quiet = (await api.op('getSystemStatus', {}, { as: 'admin' })).data.getSystemStatus.jobs[0];
      expect(quiet).toMatchObject({ name: 'rebuild', everyMs: 0, running: false, failures: 0, lastError: null, lastResult: '2 of 2 sites live; 0 changes waiting', nextRunAt: null });
      expect(new Date(quiet.lastFinishedAt).getTime()).toBe(9000);
      await api.store.run("insert into rebuild_requests (tenant_key, change, enqueued_at, state, attempts, retry_at, error) values ('beta', '{\"entity\":\"full\"}', 1000, 'pending', 2, 1800000000000, ?)", [error]);
      const failing = (await api.op('getSystemStatus', {}, { as: 'admin' })).data.getSystemStatus.jobs[0];
      expect(failing).toMatchObject({ name: 'rebuild', running: true, failures: 2, lastError: error, lastResult: '2 of 2 sites live; 1 change waiting' });
      expect(new Date(failing.nextRunAt).getTime()).toBe(1_800_000_000_000);
    } finally {
      await made.runner.stop();
      await api.close();
    }
  });

  it('runs a background job now for global admins, answering at once with it running; refuses an unknown job, the rebuilds and other staff', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const made: { runner?: JobRunner } = {};
    const api = await startApi({ jobs: { status: () => made.runner!.status(), runNow: (n) => made.runner!.runNow(n) } });
    const runner = made.runner = createJobRunner();
    let runs = 0;
    runner.add({ name: 'feed-refresh', title: 'Remote feeds', everyMs: 15 * 60_000, run: async () => { runs += 1; await gate; return '3 sites checked'; } });
    try {
      const r = await api.op('runBackgroundJob', { name: 'feed-refresh' }, { as: 'admin' });
      expect(r.error).toBeUndefined();
      expect(r.data.runBackgroundJob).toMatchObject({ name: 'feed-refresh', running: true });
      // A second ask while it runs joins the run.
      expect((await api.op('runBackgroundJob', { name: 'feed-refresh' }, { as: 'admin' })).data.runBackgroundJob.running).toBe(true);
      release();
      for (let i = 0; i < 100 && (await runner.status())[0]!.running; i++) await new Promise((res) => setTimeout(res, 10));
      const after = (await api.op('getSystemStatus', {}, { as: 'admin' })).data.getSystemStatus.jobs.find((j: { name: string }) => j.name === 'feed-refresh');
      expect(after).toMatchObject({ running: false, lastResult: '3 sites checked', failures: 0 });
      expect(runs).toBe(1);

      const unknown = await api.op('runBackgroundJob', { name: 'nightly-backup' }, { as: 'admin' });
      expect(unknown.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
      expect(unknown.error!.message).toBe('name: No background job named "nightly-backup". This server runs: feed-refresh.');
      const rebuild = await api.op('runBackgroundJob', { name: 'rebuild' }, { as: 'admin' });
      expect(rebuild.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
      expect((await api.op('runBackgroundJob', { name: 'feed-refresh' }, { as: 'alphaAdmin' })).status).toBe(403);
      expect(runs).toBe(1);
    } finally {
      release();
      await runner.stop();
      await api.close();
    }
    // A server that runs no jobs (the CLI's one-off commands) says so.
    const none = await h.op('runBackgroundJob', { name: 'feed-refresh' }, { as: 'admin' });
    expect(none.error!.message).toBe('This server runs no background jobs: masthead serve runs them.');
  });

  it('rebuild tenant requests a full build of the current tenant and records it in history', async () => {
    h.changes.length = 0;
    expect((await h.op('rebuildTenant', {}, { as: 'alphaAdmin' })).status).toBe(403);
    expect(h.changes).toEqual([]);
    const r = await h.op('rebuildTenant', {}, { as: 'admin', tenant: 'beta' });
    expect(r.data.rebuildTenant.ok).toBe(true);
    expect(h.changes).toEqual([{ tenantKey: 'beta', change: { entity: 'full', action: 'update', ids: [] } }]);
    const hist = await h.store.all<{ action: string }>("select action from history where entity_type = 'tenant' and entity_id = 'beta'", []);
    expect(hist.map((x) => x.action)).toEqual(['rebuild']);
  });

  it('shows the version, the last mail send, captcha and crawler verification state, and disk use of out/ and the media library', async () => {
    const smtp = await startTestSmtpServer();
    const mailer = createMailer({ transport: 'smtp', url: smtp.url, defaultFrom: 'Ops <ops@example.com>' });
    const dir = mkdtempSync(join(tmpdir(), 'masthead-system-'));
    mkdirSync(join(dir, 'out', 'alpha', 'news'), { recursive: true });
    writeFileSync(join(dir, 'out', 'alpha', 'index.html'), 'x'.repeat(1000));
    writeFileSync(join(dir, 'out', 'alpha', 'news', 'index.html'), 'y'.repeat(24));
    const s2 = await startApi({ mode: 'production', members: { mailer }, folders: { out: join(dir, 'out') } });
    try {
      const before = (await s2.op('getSystemStatus', {}, { as: 'admin' })).data.getSystemStatus;
      expect(before.mastheadVersion).toMatch(/^\d+\.\d+\.\d+/);
      expect(before.mailTransport).toBe('smtp');
      expect(before.mailLastSend).toBeNull();
      expect(before.captcha).toBe('unconfigured');
      expect(before.crawlerVerification).toEqual({ method: 'reverse and forward DNS', cachedVerdicts: 0 });
      expect(before.disk).toEqual([
        { name: 'out', path: join(dir, 'out'), bytes: 1024, files: 2, complete: true },
        { name: 'assets', path: null, bytes: 0, files: 0, complete: true },
      ]);
      await mailer.send({ to: 'someone@example.com', subject: 'Hi', text: 'Hello' });
      const after = (await s2.op('getSystemStatus', {}, { as: 'admin' })).data.getSystemStatus;
      expect(after.mailLastSend).toMatchObject({ ok: true, error: null });
    } finally {
      await s2.close();
      await mailer.close();
      await smtp.close();
    }
  });
});
