// `masthead serve`'s feed-refresh job (cli/serve/jobs.ts feedRefreshJob, issue 38): on the job
// runner, every tenant's remote feeds are read again through the build's fetch stage; a tenant whose
// feed changed is rebuilt through the rebuild queue and its page shows the new entry; an unchanged
// feed requests no rebuild; a failing feed keeps the old entries, and the run is recorded as failed
// and retried with backoff, the retry reading only the feed that failed. The runner's and the job's
// clock and the runner's timers are the test's: nothing waits on time.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuildQueue, runBuild, type QueuedChange, type RebuildQueue } from '../../engine/build/index';
import { createJobRunner, type JobRunner } from '../../engine/jobs/runner';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { feedRows } from '../../engine/store/queries/feeds';
import { feedRefreshJob } from '../../cli/serve/jobs';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';

const ORIGIN = 'https://{key}.example';
const rss = (titles: string[]) => `<?xml version="1.0"?><rss version="2.0"><channel><title>Wire</title>${
  titles.map((t, i) => `<item><title>${t}</title><link>https://wire.example/${i + 1}</link></item>`).join('')}</channel></rss>`;

let server: Server;
let feed = rss(['Rates climb', 'Ports steady']);
let failing = false;
const hits: string[] = [];
let store: Store;
let out: string;
let queue: RebuildQueue;
let runner: JobRunner;
const requests: { key: string; change: QueuedChange | undefined }[] = [];
const errors: string[] = [];
let clock = 0;
const timers: { fn: () => void; ms: number }[] = [];
const EVERY = 15 * 60_000;

const entries = () => {
  const $ = load(readFileSync(join(realpathSync(join(out, 'alpha')), 'markets', 'index.html'), 'utf8'));
  return $('.feed-items .feed-item a').toArray().map((a) => $(a).text());
};

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/other.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(rss(['Beta wire']));
    } else if (req.url === '/feed.xml' && !failing) {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(feed);
    } else {
      res.writeHead(503);
      res.end('down');
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const withFeed = (key: string, n: number, path: string) => {
    const t = tenantFixture(key, n);
    t.layouts[0]!.primaryGrid.rows[0]!.columns[0]!.blocks.push({ id: 'wire', type: 'rss_feed', settings: { title: 'From the wire' }, data: { url: `${base}${path}`, limit: 5, showSummary: false } } as never);
    return t;
  };
  store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, writeFixtureSet([withFeed('alpha', 100, '/feed.xml'), withFeed('beta', 200, '/other.xml')]));
  out = mkdtempSync(join(tmpdir(), 'mh-feed-job-'));
  await runBuild(store, { outDir: out, originTemplate: ORIGIN, workers: 1, tenants: ['alpha', 'beta'], clientDir: null, feedsAllowPrivateHosts: true } as Parameters<typeof runBuild>[1]);
  queue = createBuildQueue({ store, outDir: out, originTemplate: ORIGIN, clientDir: null, workers: 1, onError: (k, e) => errors.push(`${k}: ${String(e)}`) });
  await queue.start();
  clock = Date.now(); // the build's fetch just stored both feeds
  const counted: Pick<RebuildQueue, 'request'> = {
    request: async (key, change) => { requests.push({ key, change }); await queue.request(key, change); },
  };
  runner = createJobRunner({
    now: () => clock, setTimer: (fn, ms) => { timers.push({ fn, ms }); return timers.length; }, clearTimer: () => {},
    onError: () => {},
  });
  runner.add(feedRefreshJob({ store, queue: counted, everyMs: EVERY, allowPrivateHosts: true, now: () => clock }));
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  await queue?.close();
  await store?.close();
  await new Promise((ok) => server.close(ok));
});

describe('feed-refresh job', () => {
  it('rebuilds a tenant whose feed changed: the page shows the new entry', async () => {
    expect(entries()).toEqual(['Rates climb', 'Ports steady']);
    feed = rss(['Canal reopens', 'Rates climb', 'Ports steady']);
    clock += EVERY;
    const state = await runner.runNow('feed-refresh');
    expect(state).toMatchObject({ failures: 0, lastError: null, lastResult: '2 sites checked; rebuilding alpha' });
    expect(requests).toEqual([{ key: 'alpha', change: { entity: 'feeds', action: 'refresh', ids: [expect.stringMatching(/\/feed\.xml$/)] } }]);
    await queue.idle();
    expect(errors).toEqual([]);
    expect(entries()).toEqual(['Canal reopens', 'Rates climb', 'Ports steady']);
  }, 60_000);

  it('requests no rebuild when nothing changed', async () => {
    requests.length = 0;
    clock += EVERY;
    const state = await runner.runNow('feed-refresh');
    expect(state).toMatchObject({ failures: 0, lastResult: '2 sites checked; nothing changed' });
    expect(requests).toEqual([]);
    // Within the interval nothing is read again.
    const before = hits.length;
    clock += 60_000;
    await runner.runNow('feed-refresh');
    expect(hits.length).toBe(before);
  });

  it('keeps the old entries when the feed fails, records the failure and retries with backoff', async () => {
    await runner.start();
    expect(timers.at(-1)!.ms).toBe(EVERY);
    failing = true;
    clock += EVERY;
    const failed = await fire(); // the interval passed: the runner's timer fires
    expect(failed).toMatchObject({ failures: 1, lastError: expect.stringMatching(/1 not refreshed; nothing changed: RSS feed .*feed\.xml not refreshed \(HTTP 503\); keeping the last good copy/) });
    // Retried 30 s later (the runner's first backoff), not a whole interval later.
    expect(timers.at(-1)!.ms).toBe(30_000);
    expect(failed.nextRunAt).toBe(clock + 30_000);
    expect(requests).toEqual([]);
    expect((await feedRows(store.db, 'alpha'))[0]!.items.map((i) => i.title)).toEqual(['Canal reopens', 'Rates climb', 'Ports steady']);
    expect(entries()).toEqual(['Canal reopens', 'Rates climb', 'Ports steady']);
    // A second failure waits twice as long; the retry reads only the feed that failed. Once the feed
    // answers again the job is back on its interval.
    const other = hits.filter((h) => h === '/other.xml').length;
    clock += 30_000;
    expect(await fire()).toMatchObject({ failures: 2 });
    expect(hits.filter((h) => h === '/other.xml').length).toBe(other);
    expect(hits.at(-1)).toBe('/feed.xml');
    expect(timers.at(-1)!.ms).toBe(60_000);
    failing = false;
    clock += 60_000;
    expect(await fire()).toMatchObject({ failures: 0, lastError: null, lastResult: '2 sites checked; nothing changed' });
    expect(timers.at(-1)!.ms).toBe(EVERY);
  });
});

/**
 * Fires the runner's last armed timer and waits (a deadline, no fixed sleep) until the run it
 * started has ended and armed the next one; answers the job's state then.
 */
async function fire(ms = 20_000) {
  const armed = timers.length;
  timers.at(-1)!.fn();
  const end = Date.now() + ms;
  while (timers.length === armed) {
    if (Date.now() > end) throw new Error('timed out waiting for the job');
    await new Promise((r) => setTimeout(r, 10));
  }
  return (await runner.status())[0]!;
}
