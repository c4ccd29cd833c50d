// The rebuild queue on PostgreSQL (graphile-worker): two queues on one database stand for two
// instances. Requests made on either are all built; one tenant never has two rebuilds at once
// (each queue records its rebuilds' start and end); a request left running by a killed instance is
// built by the next start; a time boundary fires once across both; a rebuild that fails is retried
// with backoff until its edit goes live, and while it keeps failing its request stays open with its
// attempts and error, where staff see it (build status, failingRebuilds); the afterRebuild hook
// (serve's upload to a bucket) runs inside the rebuild, under the tenant's lock, before the requests
// are done, and a hook that fails fails the rebuild, which is retried.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../engine/store/connection';
import { runBuild, type RebuildQueue } from '../../engine/build/index';
import { createPgBuildQueue, RESUME_CHANGE, type PgQueueOptions } from '../../engine/build/queue/pg-queue';
import { failingRebuilds, findTarget, readBuildStatus, readEpoch } from '../../engine/store/queries/builds';
import { readSiteMetrics } from '../../engine/store/queries/site-metrics';
import type { UpdateResult } from '../../engine/build/incremental/tenant-builder';
import { freshPgDatabase, type FreshPg } from '../helpers/pg';
import { articleInserter, seedBuildSite, waitUntil } from './build-site-fixture';

const ORIGIN = 'https://{key}.example.com';
let db: FreshPg;
let store: Store;
let out: string;
const queues: RebuildQueue[] = [];
const errors: string[] = [];
/** Every rebuild start/end in either "instance", in order, and the most ever running per tenant. */
const log: string[] = [];
const runningNow = new Map<string, number>();
let mostAtOnce = 0;
let builds = 0;

const newQueue = (name: string, extra: Partial<PgQueueOptions> = {}) => {
  const q = createPgBuildQueue({
    ...extra,
    url: db.url, store, outDir: out, originTemplate: ORIGIN, clientDir: null, workers: 1,
    onError: (k, e) => errors.push(`${k}: ${String(e)}`),
    onBuildStart: (k) => {
      extra.onBuildStart?.(k);
      const n = (runningNow.get(k) ?? 0) + 1;
      runningNow.set(k, n);
      mostAtOnce = Math.max(mostAtOnce, n);
      log.push(`${name} start ${k}`);
      builds += 1;
    },
    onBuildEnd: (k) => { runningNow.set(k, runningNow.get(k)! - 1); log.push(`${name} end ${k}`); },
  });
  queues.push(q);
  return q;
};
const site = () => realpathSync(join(out, 'alpha'));
const latestId = () => (JSON.parse(readFileSync(join(site(), 'builds', 'latest.json'), 'utf8')) as { id: string }).id;
const prerendered = () => (JSON.parse(readFileSync(join(site(), 'builds', 'meta', `${latestId()}.json`), 'utf8')) as { prerendered: string[] }).prerendered;
const hasPageFor = (cid: number) => prerendered().some((p) => p.includes(`/${cid}/`)) && existsSync(join(site(), `print/content/${cid}/index.html`));
const titleOf = (cid: number) => readFileSync(join(site(), `print/content/${cid}/index.html`), 'utf8');

/** Set once beforeAll has the store. */
let insertArticle: (startDate: number | null) => Promise<number>;
const waitFor = (cond: () => boolean, ms: number) => waitUntil(cond, ms, 100);

beforeAll(async () => {
  db = await freshPgDatabase('queue');
  ({ store } = await seedBuildSite(db.url));
  insertArticle = articleInserter(store);
  out = mkdtempSync(join(tmpdir(), 'masthead-pgqueue-'));
  await runBuild(store, { outDir: out, tenants: ['alpha'], originTemplate: ORIGIN, workers: 1, clientDir: null });
}, 180_000);

afterAll(async () => {
  for (const q of queues) await q.close();
  await store?.close();
  await db?.drop();
});

describe('rebuild queue on PostgreSQL (graphile-worker)', () => {
  it('builds every request made on either instance, one rebuild of a tenant at a time, coalescing', async () => {
    const a = newQueue('a');
    const b = newQueue('b');
    await a.start();
    await b.start();
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const cid = await insertArticle(null);
      ids.push(cid);
      await (i % 2 ? b : a).request('alpha', { entity: 'content', action: 'create', ids: [cid] });
    }
    await a.idle();
    await b.idle();
    expect(errors).toEqual([]);
    for (const cid of ids) expect(hasPageFor(cid), String(cid)).toBe(true);
    expect(mostAtOnce).toBe(1);
    expect(builds).toBeLessThan(8); // requests made while a rebuild ran coalesced into the next one
    const rows = await store.all<{ n: number }>("SELECT count(*) AS n FROM rebuild_requests WHERE state <> 'done'");
    expect(rows[0]!.n).toBe(0);
    // The site performance report's figures, as on SQLite: one build figure per rebuild, and one
    // edit → live wait per request (each of the eight edits went live in some rebuild).
    const metrics = await readSiteMetrics(store.db, ['alpha'], '2000-01-01', '2999-12-31');
    expect(metrics.find((m) => m.metric === 'build')?.n).toBe(builds);
    expect(metrics.find((m) => m.metric === 'edit-live')?.n).toBe(8);
    await a.close();
    await b.close();
  }, 180_000);

  it('builds a request a killed instance left running, on the next start', async () => {
    const cid = await insertArticle(null);
    await store.run("INSERT INTO rebuild_requests (tenant_key, change, enqueued_at, state, started_at) VALUES ('alpha', ?, ?, 'running', ?)",
      [JSON.stringify({ entity: 'content', action: 'create', ids: [cid] }), Date.now() - 1000, Date.now() - 500]);
    const q = newQueue('c');
    await q.start();
    await q.idle();
    expect(errors).toEqual([]);
    expect(hasPageFor(cid)).toBe(true);
    await q.close();
  }, 120_000);

  it('fires a time boundary once across two instances', async () => {
    const a = newQueue('d');
    const b = newQueue('e');
    await a.start();
    await b.start();
    const soon = await insertArticle(Date.now() + 4000);
    await a.request('alpha', { entity: 'content', action: 'create', ids: [soon] });
    await a.idle();
    expect(hasPageFor(soon)).toBe(false);
    // Both instances arm the tenant's next boundary: one job under one key.
    const before = builds;
    const boundaryJobs = await store.all<{ n: number }>("SELECT count(*) AS n FROM graphile_worker.jobs WHERE key = 'masthead-boundary:alpha'");
    expect(boundaryJobs[0]!.n).toBe(1);
    expect(await waitFor(() => hasPageFor(soon), 30_000)).toBe(true);
    await a.idle();
    await b.idle();
    // No job is left that could build alpha again while the test runs (a count, not a wait for
    // nothing to happen): a second job for this boundary would be due by now; the next one armed is later.
    const left = await store.all<{ n: number }>("SELECT count(*) AS n FROM graphile_worker.jobs WHERE key IN ('masthead-boundary:alpha', 'masthead-rebuild:alpha') AND run_at <= now()");
    expect(Number(left[0]!.n)).toBe(0);
    expect(builds - before).toBe(1);
    expect(titleOf(soon)).toContain(`Queued story ${soon}`);
    expect(mostAtOnce).toBe(1);
    expect(errors).toEqual([]);
  }, 120_000);

  /**
   * A failure the build cannot get past: a file where the new item's print page needs its folder
   * (mkdir fails with ENOTDIR/EEXIST, whoever runs the test, root included).
   */
  const blockPrintPage = (cid: number) => {
    const path = join(site(), 'print', 'content', String(cid));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, 'in the way');
    return () => rmSync(path);
  };
  /** Only the queue under test runs jobs: the earlier tests' instances stop. */
  const onlyQueue = async () => { for (const q of queues) await q.close(); };
  const requestsOf = (cid: number) => store.all<{ state: string; attempts: number; error: string | null }>(
    "SELECT state, attempts, error FROM rebuild_requests WHERE change LIKE ? ORDER BY id", [`%${cid}%`]);
  /** The item's first request once its failure is stored (onError is called before the request is put back with its error). */
  const failedRequestOf = async (cid: number) => {
    for (let i = 0; i < 200; i++) {
      const [r] = await requestsOf(cid);
      if (r?.error) return r;
      await new Promise((done) => setTimeout(done, 25));
    }
    return (await requestsOf(cid))[0];
  };

  it('retries a rebuild that failed, and the edit goes live on the retry', async () => {
    await onlyQueue();
    const q = newQueue('f', { retryDelay: () => 200 });
    await q.start();
    const cid = await insertArticle(null);
    const unblock = blockPrintPage(cid);
    const failed = errors.length;
    await q.request('alpha', { entity: 'content', action: 'create', ids: [cid] });
    expect(await waitFor(() => errors.length > failed, 30_000)).toBe(true);
    expect(errors.slice(failed)[0]).toMatch(/^alpha: /);
    // Between attempts the request stays open, with its attempts and error, and is shown failing.
    const waiting = await failedRequestOf(cid);
    expect(waiting!.state).not.toBe('done');
    expect(waiting!.attempts).toBeGreaterThanOrEqual(1);
    expect(waiting!.error).toMatch(/ENOTDIR|EEXIST|not a directory|file already exists/i);
    expect((await failingRebuilds(store)).map((f) => f.tenantKey)).toEqual(['alpha']);
    expect(hasPageFor(cid)).toBe(false);
    unblock();
    expect(await waitFor(() => hasPageFor(cid), 30_000)).toBe(true);
    await q.idle();
    expect(titleOf(cid)).toContain(`Queued story ${cid}`);
    expect((await requestsOf(cid)).map((r) => [r.state, r.error])).toEqual([['done', null]]);
    expect(await failingRebuilds(store)).toEqual([]);
    expect((await readBuildStatus(store, 'alpha'))?.state).toBe('live');
    await q.close();
  }, 120_000);

  it('keeps retrying a rebuild that fails every attempt, never marks it done or drops it, and the build status says it is failing', async () => {
    await onlyQueue();
    const q: RebuildQueue = newQueue('g', { retryDelay: () => 100 });
    await q.start();
    const cid = await insertArticle(null);
    const unblock = blockPrintPage(cid);
    const failed = errors.length;
    await q.request('alpha', { entity: 'content', action: 'create', ids: [cid] });
    expect(await waitFor(() => errors.length >= failed + 3, 60_000)).toBe(true);
    const [request] = await requestsOf(cid);
    expect(['pending', 'running']).toContain(request!.state);
    expect(request!.attempts).toBeGreaterThanOrEqual(2);
    expect(request!.error).toMatch(/ENOTDIR|EEXIST|not a directory|file already exists/i);
    expect(hasPageFor(cid)).toBe(false);
    const status = await readBuildStatus(store, 'alpha');
    expect(status?.state).toMatch(/failed|building/);
    unblock();
    expect(await waitFor(() => hasPageFor(cid), 30_000)).toBe(true);
    await q.idle();
    expect((await requestsOf(cid)).map((r) => r.state)).toEqual(['done']);
    await q.close();
  }, 120_000);

  it('runs afterRebuild inside the rebuild, one per tenant across instances, and retries a rebuild whose hook failed', async () => {
    await onlyQueue();
    let inHook = 0;
    let mostInHook = 0;
    let calls = 0;
    const seen: { running: number; live: boolean }[] = [];
    let cid = 0;
    const afterRebuild = async (key: string) => {
      inHook += 1;
      mostInHook = Math.max(mostInHook, inHook);
      try {
        calls += 1;
        // The requests this rebuild claimed are still running (not done) while the hook runs.
        const [r] = await store.all<{ n: number }>("SELECT COUNT(*) AS n FROM rebuild_requests WHERE tenant_key = 'alpha' AND state = 'running'", []);
        seen.push({ running: Number(r!.n), live: hasPageFor(cid) });
        await new Promise((done) => setTimeout(done, 50));
        if (calls === 1) throw new Error(`upload of ${key} refused`);
      } finally {
        inHook -= 1;
      }
    };
    const a = newQueue('ha', { retryDelay: () => 200, afterRebuild });
    const b = newQueue('hb', { retryDelay: () => 200, afterRebuild });
    await a.start();
    await b.start();
    cid = await insertArticle(null);
    const failed = errors.length;
    await a.request('alpha', { entity: 'content', action: 'create', ids: [cid] });
    expect(await waitFor(() => errors.length > failed, 30_000)).toBe(true);
    expect(errors.slice(failed)[0]).toBe('alpha: Error: upload of alpha refused');
    // The build is live in the folder, but the hook failed: the request stays open with the hook's error.
    const waiting = await failedRequestOf(cid);
    expect(waiting!.state).not.toBe('done');
    expect(waiting!.error).toBe('upload of alpha refused');
    for (let i = 0; i < 3; i++) await b.request('alpha', { entity: 'content', action: 'update', ids: [cid] });
    expect(await waitFor(() => calls >= 2 && inHook === 0, 30_000)).toBe(true);
    await a.idle();
    await b.idle();
    expect((await requestsOf(cid)).every((r) => r.state === 'done')).toBe(true);
    expect(await failingRebuilds(store)).toEqual([]);
    // Called after the build was live and before the requests were done, never twice at once.
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const s of seen) expect(s).toMatchObject({ live: true });
    for (const s of seen) expect(s.running).toBeGreaterThanOrEqual(1);
    expect(mostInHook).toBe(1);
    expect(mostAtOnce).toBe(1);
    await a.close();
    await b.close();
  }, 120_000);

  it('builds, without a restart, a request stored with its edit whose wake-up was lost and one a dead instance left running', async () => {
    await onlyQueue();
    const before = errors.length;
    const q = newQueue('d', { sweepMs: 200, staleMs: 5_000 });
    await q.start();
    // After the start, so only the sweep can find them: an edit's request committed with it (the
    // database went away before the wake-up), and a request claimed a minute ago by an instance
    // that died with no other request of the tenant coming to claim it.
    const staged = await insertArticle(null);
    await store.transaction((tx) => q.stage(tx, 'alpha', { entity: 'content', action: 'create', ids: [staged] }));
    const orphan = await insertArticle(null);
    await store.run("INSERT INTO rebuild_requests (tenant_key, change, enqueued_at, state, started_at) VALUES ('alpha', ?, ?, 'running', ?)",
      [JSON.stringify({ entity: 'content', action: 'create', ids: [orphan] }), Date.now() - 61_000, Date.now() - 60_000]);
    expect(await waitFor(() => hasPageFor(staged) && hasPageFor(orphan), 60_000)).toBe(true);
    await q.idle();
    expect(errors.slice(before)).toEqual([]);
    const [open] = await store.all<{ n: number }>("SELECT count(*) AS n FROM rebuild_requests WHERE state <> 'done'");
    expect(Number(open!.n)).toBe(0);
    await q.close();
  }, 120_000);

  it('yields a running rebuild\'s second phase to a newer request, and the next rebuild finishes the work it left', async () => {
    await onlyQueue();
    const before = errors.length;
    const results: UpdateResult[] = [];
    // The oldest live article: a retitle re-renders few pages of this small site, so the update stays incremental.
    const oldest = await store.all<{ id: number }>(
      "SELECT id FROM content WHERE tenant_key = 'alpha' AND status = 1 AND type = 'Article' AND start_date IS NULL ORDER BY published, id");
    const cid = oldest.map((r) => r.id).find((id) => existsSync(join(site(), `print/content/${id}/index.html`)))!;
    const retitle = async (name: string) => {
      await store.run('UPDATE content SET name = ? WHERE id = ?', [name, cid]);
      await q.request('alpha', { entity: 'content', action: 'update', ids: [cid] });
    };
    let armed = false;
    let newer = false;
    // The newer edit arrives while the first edit's rebuild runs (between its claim and its update).
    const q: RebuildQueue = newQueue('y', {
      yieldSliceMs: 0, // asked before every job of the second phase, however fast this small site renders
      onBuilt: (_k, r) => { if (armed) results.push(r); },
      beforeRebuild: async () => {
        if (!armed || newer) return undefined;
        newer = true;
        await retitle(`Second title ${cid}`);
        return undefined;
      },
    });
    await q.start();
    await q.idle(); // what the start found to do (the earlier tests' data) is done first
    armed = true;
    await retitle(`First title ${cid}`);
    expect(await waitFor(() => newer && titleOf(cid).includes(`Second title ${cid}`), 60_000)).toBe(true);
    await q.idle();
    expect(errors.slice(before)).toEqual([]);
    // The first rebuild published its edit's own pages, then stopped for the newer one.
    expect(results[0]).toMatchObject({ full: false, interrupted: true });
    expect(results.at(-1)!.interrupted).toBeFalsy();
    // Nothing left: every request done, and the stored state complete (an interrupted one records no data epoch).
    const [open] = await store.all<{ n: number }>("SELECT count(*) AS n FROM rebuild_requests WHERE state <> 'done'");
    expect(Number(open!.n)).toBe(0);
    const target = await findTarget(store, 'alpha', out);
    expect(target).toMatchObject({ state: 'live', epoch: await readEpoch(store) });
    await q.close();
  }, 120_000);

  it('finishes the work of a second phase that yielded when no request is left to carry it (a resume request)', async () => {
    await onlyQueue();
    const before = errors.length;
    const results: UpdateResult[] = [];
    const oldest = await store.all<{ id: number }>(
      "SELECT id FROM content WHERE tenant_key = 'alpha' AND status = 1 AND type = 'Article' AND start_date IS NULL ORDER BY published, id");
    const cid = oldest.map((r) => r.id).find((id) => existsSync(join(site(), `print/content/${id}/index.html`)))!;
    let armed = false;
    let woken = false;
    // A wake-up with nothing new behind it (the request it was for already claimed): the rebuild yields all the same.
    const q: RebuildQueue = newQueue('z', {
      yieldSliceMs: 0,
      onBuilt: (_k, r) => { if (armed) results.push(r); },
      beforeRebuild: async (key) => {
        if (!armed || woken) return undefined;
        woken = true;
        await q.wake(key);
        return undefined;
      },
    });
    await q.start();
    await q.idle();
    const [{ n: lastId }] = await store.all<{ n: number }>('SELECT coalesce(max(id), 0) AS n FROM rebuild_requests') as [{ n: number }];
    armed = true;
    await store.run('UPDATE content SET name = ? WHERE id = ?', [`Third title ${cid}`, cid]);
    await q.request('alpha', { entity: 'content', action: 'update', ids: [cid] });
    expect(await waitFor(() => results.length >= 2, 60_000)).toBe(true);
    await q.idle();
    expect(errors.slice(before)).toEqual([]);
    expect(results[0]).toMatchObject({ full: false, interrupted: true });
    expect(titleOf(cid)).toContain(`Third title ${cid}`);
    expect(results.at(-1)!.interrupted).toBeFalsy();
    const resumes = await store.all<{ state: string }>('SELECT state FROM rebuild_requests WHERE change = ? AND id > ?', [JSON.stringify(RESUME_CHANGE), lastId]);
    expect(resumes.map((r) => r.state)).toEqual(['done']);
    expect(await findTarget(store, 'alpha', out)).toMatchObject({ state: 'live', epoch: await readEpoch(store) });
    await q.close();
  }, 120_000);

  it('runs a request that waited for another instance\'s rebuild as soon as that rebuild ends, without the job library\'s poll', async () => {
    await onlyQueue();
    const before = errors.length;
    // No poll within the test, and a busy tenant's job asks again only after it: only a NOTIFY
    // (a job due now) starts a job.
    const never = 600_000;
    let waiting = 0;
    let armed = false;
    const delayedJobs = async () => Number((await store.all<{ n: number }>(
      "SELECT count(*) AS n FROM graphile_worker.jobs WHERE key = 'masthead-rebuild:alpha' AND run_at > now() AND locked_at IS NULL"))[0]!.n);
    // While one instance holds the tenant (whichever took the job): an edit on the other, whose
    // job finds the tenant busy and asks again for later.
    const holding = (other: () => RebuildQueue) => async () => {
      if (!armed || waiting) return undefined;
      waiting = await insertArticle(null);
      await other().request('alpha', { entity: 'content', action: 'create', ids: [waiting] });
      for (let i = 0; i < 600 && (await delayedJobs()) === 0; i++) await new Promise((r) => setTimeout(r, 50));
      return undefined;
    };
    const a: RebuildQueue = newQueue('wa', { pollMs: never, retryBusyMs: never, beforeRebuild: holding(() => b) });
    const b: RebuildQueue = newQueue('wb', { pollMs: never, retryBusyMs: never, beforeRebuild: holding(() => a) });
    await a.start();
    await b.start();
    await a.idle();
    await b.idle();
    // Jobs left delayed under the key by the earlier tests (their retries) would pass for the busy job's.
    await store.run("DELETE FROM graphile_worker._private_jobs WHERE key = 'masthead-rebuild:alpha' AND run_at > now() AND locked_at IS NULL");
    armed = true;
    const first = await insertArticle(null);
    await a.request('alpha', { entity: 'content', action: 'create', ids: [first] });
    expect(await waitFor(() => waiting > 0 && hasPageFor(first) && hasPageFor(waiting), 30_000)).toBe(true);
    await a.idle();
    await b.idle();
    expect(errors.slice(before)).toEqual([]);
    expect(mostAtOnce).toBe(1);
    await a.close();
    await b.close();
  }, 120_000);

  it('is idle once closed although requests are left for another instance (a stopping serve does not wait for them)', async () => {
    await onlyQueue();
    const q = newQueue('h');
    await q.start();
    await q.close();
    const cid = await insertArticle(null);
    await store.run("INSERT INTO rebuild_requests (tenant_key, change, enqueued_at) VALUES ('alpha', ?, ?)",
      [JSON.stringify({ entity: 'content', action: 'create', ids: [cid] }), Date.now()]);
    const answer = await Promise.race([q.idle().then(() => 'idle'), new Promise((r) => { setTimeout(() => r('still waiting after 10 s'), 10_000); })]);
    expect(answer).toBe('idle');
    // The request stays for the next instance to run.
    const [open] = await store.all<{ n: number }>("SELECT count(*) AS n FROM rebuild_requests WHERE state = 'pending'");
    expect(Number(open!.n)).toBeGreaterThan(0);
  }, 60_000);
});
