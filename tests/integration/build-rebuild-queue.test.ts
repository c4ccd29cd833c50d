// The durable rebuild queue of `masthead serve`: requests are stored before they are processed,
// coalesce, survive a crash (a request left running is resumed by the next start), and scheduled
// content goes live at its start date on time, or at the next start when the server was down.
import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../engine/store/connection';
import { createBuildQueue, runBuild, updateFor, type RebuildQueue } from '../../engine/build/index';
import { readBuildStatus } from '../../engine/store/queries/builds';
import { readSiteMetrics } from '../../engine/store/queries/site-metrics';
import { articleInserter, seedBuildSite, waitUntil } from './build-site-fixture';

const ORIGIN = 'https://{key}.example.com';
let store: Store;
let out: string;
const queues: RebuildQueue[] = [];
const errors: string[] = [];

const newQueue = () => {
  const q = createBuildQueue({ store, outDir: out, originTemplate: ORIGIN, clientDir: null, workers: 1, onError: (k, e) => errors.push(`${k}: ${String(e)}`) });
  queues.push(q);
  return q;
};
const site = () => realpathSync(join(out, 'alpha'));
const latestId = () => (JSON.parse(readFileSync(join(site(), 'builds', 'latest.json'), 'utf8')) as { id: string }).id;
const prerendered = () => (JSON.parse(readFileSync(join(site(), 'builds', 'meta', `${latestId()}.json`), 'utf8')) as { prerendered: string[] }).prerendered;
const hasPageFor = (cid: number) => prerendered().some((p) => p.startsWith('/markets') && p.includes(`/${cid}/`)) && existsSync(join(site(), `print/content/${cid}/index.html`));

/** Set once beforeAll has the store. */
let insertArticle: (startDate: number | null) => Promise<number>;
const waitFor = (cond: () => boolean, ms: number) => waitUntil(cond, ms);

beforeAll(async () => {
  ({ store } = await seedBuildSite());
  insertArticle = articleInserter(store);
  out = mkdtempSync(join(tmpdir(), 'masthead-queue-'));
  await runBuild(store, { outDir: out, tenants: ['alpha'], originTemplate: ORIGIN, workers: 1, clientDir: null });
}, 120_000);

afterAll(async () => {
  for (const q of queues) await q.close();
  await store?.close();
});

describe('rebuild queue', () => {
  it('coalesces content ids and falls back to a reload for other changes', () => {
    expect(updateFor([{ entity: 'content', action: 'update', ids: [1, 2] }, { entity: 'content', action: 'create', ids: [3] }])).toEqual({ contentIds: [1, 2, 3] });
    expect(updateFor([{ entity: 'content', action: 'update', ids: [1] }, { entity: 'menu', action: 'update', ids: ['footer'] }])).toEqual({ reload: true, contentIds: [1] });
    expect(updateFor([{ entity: 'time' }])).toEqual({ reload: true, contentIds: [] });
  });

  it('resumes a request a crashed server left running, and reports the build status', async () => {
    const cid = await insertArticle(null);
    // What a server killed mid-rebuild leaves behind: the request stored and marked running.
    await store.run("INSERT INTO rebuild_requests (tenant_key, change, enqueued_at, state, started_at) VALUES ('alpha', ?, ?, 'running', ?)",
      [JSON.stringify({ entity: 'content', action: 'create', ids: [cid] }), Date.now() - 1000, Date.now() - 500]);
    expect((await readBuildStatus(store, 'alpha'))?.state).toBe('building');
    expect(hasPageFor(cid)).toBe(false);
    const q = newQueue();
    await q.start();
    await q.idle();
    expect(errors).toEqual([]);
    expect(hasPageFor(cid)).toBe(true);
    const rows = await store.all<{ state: string; buildId: string }>('SELECT state, build_id AS buildId FROM rebuild_requests');
    expect(rows).toEqual([{ state: 'done', buildId: latestId() }]);
    const status = await readBuildStatus(store, 'alpha');
    expect(status).toMatchObject({ state: 'live', buildId: latestId() });
    expect(status!.pagesWritten).toBeGreaterThan(0);
    // The site performance report's figures: one build, and the edit's wait from its request (1 s before) to live.
    const metrics = await readSiteMetrics(store.db, ['alpha'], '2000-01-01', '2999-12-31');
    expect(metrics.find((m) => m.metric === 'build')).toMatchObject({ n: 1 });
    const wait = metrics.find((m) => m.metric === 'edit-live')!;
    expect(wait.n).toBe(1);
    expect(wait.maxMs).toBeGreaterThanOrEqual(1000);
    await q.close();
  }, 60_000);

  it('publishes scheduled content when its start date passes, and catches up a start missed while stopped', async () => {
    const q = newQueue();
    await q.start();
    // Starts far enough ahead that the first build is done before it even on a loaded machine.
    const soon = await insertArticle(Date.now() + 5000);
    await q.request('alpha', { entity: 'content', action: 'create', ids: [soon] });
    await q.idle();
    expect(hasPageFor(soon)).toBe(false);
    expect(await waitFor(() => hasPageFor(soon), 20_000)).toBe(true);
    await q.idle();
    await q.close();

    // Stopped: an item whose start passes while no server runs.
    const missedAt = Date.now() + 4000;
    const missed = await insertArticle(missedAt);
    const q2 = newQueue();
    await q2.start();
    await q2.request('alpha', { entity: 'content', action: 'create', ids: [missed] });
    await q2.idle();
    await q2.close();
    expect(hasPageFor(missed)).toBe(false);
    await new Promise((r) => setTimeout(r, Math.max(0, missedAt - Date.now()) + 300));
    const q3 = newQueue();
    await q3.start();
    await q3.idle();
    expect(hasPageFor(missed)).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);

  it('catches up data written while no server ran, without a stored request', async () => {
    const q0 = newQueue();
    await q0.start();
    await q0.idle();
    await q0.close();
    // A script (or a seed) writes while the server is down: nothing is queued for it.
    const cid = await insertArticle(null);
    expect(await store.all('SELECT id FROM rebuild_requests WHERE state != ?', ['done'])).toEqual([]);
    expect(hasPageFor(cid)).toBe(false);
    const q = newQueue();
    await q.start();
    await q.idle();
    expect(errors).toEqual([]);
    expect(hasPageFor(cid)).toBe(true);
    // With nothing written since, a restart queues nothing.
    const before = (await store.all<{ n: number }>('SELECT count(*) AS n FROM rebuild_requests'))[0]!.n;
    await q.close();
    const q2 = newQueue();
    await q2.start();
    await q2.idle();
    expect((await store.all<{ n: number }>('SELECT count(*) AS n FROM rebuild_requests'))[0]!.n).toBe(before);
  }, 60_000);
});
