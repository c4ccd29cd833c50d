// A rebuild that fails is retried until the edit is live (issue 40): on the SQLite queue, an
// acknowledged edit whose rebuild fails (here: the tenant's build lock cannot be taken, as on a
// full disk, then a page file cannot be written) stays an open request with its attempts and
// error, is shown as failing (build status, failingRebuilds for the System screen), is retried
// with backoff, and goes live once the fault is gone — also when the server restarts meanwhile.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../engine/store/connection';
import { createBuildQueue, runBuild, type RebuildQueue } from '../../engine/build/index';
import { buildsRootOf } from '../../engine/build/stages/publish';
import { failingRebuilds, readBuildStatus } from '../../engine/store/queries/builds';
import { articleInserter, seedBuildSite, waitUntil } from './build-site-fixture';

const ORIGIN = 'https://{key}.example.com';
let store: Store;
let out: string;
const queues: RebuildQueue[] = [];
const errors: string[] = [];
let insertArticle: (startDate: number | null) => Promise<number>;

const newQueue = () => {
  // Retries after 100 ms (the default backs off from 5 s): the test waits on what happens, not on a clock.
  const q = createBuildQueue({ store, outDir: out, originTemplate: ORIGIN, clientDir: null, workers: 1, retryDelay: () => 100, onError: (k, e) => errors.push(`${k}: ${String(e)}`) });
  queues.push(q);
  return q;
};
const site = () => realpathSync(join(out, 'alpha'));
const hasPageFor = (cid: number) => existsSync(join(site(), `print/content/${cid}/index.html`));
const requestsOf = (cid: number) => store.all<{ state: string; attempts: number; error: string | null }>(
  'SELECT state, attempts, error FROM rebuild_requests WHERE change LIKE ? ORDER BY id', [`%${cid}%`]);

/** A directory where the tenant's build lock file goes: the lock cannot be written, whoever runs the test (root too). */
const blockLock = () => {
  const lock = join(buildsRootOf(out, 'alpha'), '.lock');
  mkdirSync(join(lock, 'in-the-way'), { recursive: true });
  return () => rmSync(lock, { recursive: true, force: true });
};
/** A file where the new item's print page needs its folder: its page cannot be written. */
const blockPrintPage = (cid: number) => {
  const path = join(site(), 'print', 'content', String(cid));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, 'in the way');
  return () => rmSync(path);
};

beforeAll(async () => {
  ({ store } = await seedBuildSite());
  insertArticle = articleInserter(store);
  out = mkdtempSync(join(tmpdir(), 'masthead-retry-'));
  await runBuild(store, { outDir: out, tenants: ['alpha'], originTemplate: ORIGIN, workers: 1, clientDir: null });
}, 120_000);

afterAll(async () => {
  for (const q of queues) await q.close();
  await store?.close();
});

describe('a failed rebuild on the SQLite queue', () => {
  it('keeps the edit open with its error, shows it failing, and publishes it on a retry once the fault is gone', async () => {
    const q = newQueue();
    await q.start();
    await q.idle();
    const cid = await insertArticle(null);
    const unblock = blockLock();
    const before = errors.length;
    await q.request('alpha', { entity: 'content', action: 'create', ids: [cid] });
    // It fails, and fails again on its retries while the fault lasts.
    expect(await waitUntil(() => errors.length >= before + 2, 30_000)).toBe(true);
    expect(errors[before]).toMatch(/^alpha: .*Rebuild of "alpha" failed/);
    expect(errors[before]).toContain('.lock');
    const [open] = await requestsOf(cid);
    expect(open!.state).not.toBe('done');
    expect(open!.attempts).toBeGreaterThanOrEqual(1);
    expect(open!.error).toContain('.lock');
    expect(hasPageFor(cid)).toBe(false);
    const [failing] = await failingRebuilds(store);
    expect(failing).toMatchObject({ tenantKey: 'alpha', requests: 1 });
    expect(failing!.attempts).toBeGreaterThanOrEqual(1);
    expect(failing!.error).toContain('.lock');
    expect((await readBuildStatus(store, 'alpha'))?.state).toBe('failed');
    unblock();
    expect(await waitUntil(() => hasPageFor(cid), 30_000)).toBe(true);
    await q.idle();
    expect((await requestsOf(cid)).map((r) => r.state)).toEqual(['done']);
    expect(await failingRebuilds(store)).toEqual([]);
    expect((await readBuildStatus(store, 'alpha'))?.state).toBe('live');
    await q.close();
  }, 90_000);

  it('publishes an edit whose page could not be written, after a restart, once the fault is gone', async () => {
    const q = newQueue();
    await q.start();
    await q.idle();
    const cid = await insertArticle(null);
    const unblock = blockPrintPage(cid);
    const before = errors.length;
    await q.request('alpha', { entity: 'content', action: 'create', ids: [cid] });
    expect(await waitUntil(() => errors.length > before, 30_000)).toBe(true);
    expect(errors[before]).toContain(`print/content/${cid}`);
    // The server stops while the edit is failing; it comes back after the fault is gone.
    await q.close();
    unblock();
    expect(hasPageFor(cid)).toBe(false);
    const next = newQueue();
    await next.start();
    await next.idle();
    expect(hasPageFor(cid)).toBe(true);
    expect(readFileSync(join(site(), `print/content/${cid}/index.html`), 'utf8')).toContain(`Queued story ${cid}`);
    expect((await requestsOf(cid)).map((r) => r.state)).toEqual(['done']);
    await next.close();
  }, 90_000);
});

describe('a full build that cannot write', () => {
  it('names the tenant and the file, and leaves the live site as it was', async () => {
    const live = readFileSync(join(site(), 'builds', 'latest.json'), 'utf8');
    const unblock = blockLock();
    try {
      await expect(runBuild(store, { outDir: out, tenants: ['alpha'], originTemplate: ORIGIN, workers: 1, clientDir: null }))
        .rejects.toThrow(/^Build of "alpha" failed: .*\.builds\/alpha\/\.lock/);
    } finally {
      unblock();
    }
    expect(readFileSync(join(site(), 'builds', 'latest.json'), 'utf8')).toBe(live);
    expect(existsSync(join(site(), 'index.html'))).toBe(true);
  }, 60_000);
});
