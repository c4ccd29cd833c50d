// The feed-refresh job (cli/serve/jobs.ts) and a tenant's sourceesb parts catalogue (issue 38): the
// job reads the parts API (a local server here) as a build does, requests the tenant's rebuild when
// the stored catalogue changed and nothing when it did not, and reads it at most once an interval,
// so retries of a failed run do not read a whole catalogue again. The job's clock is the test's.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueuedChange } from '../../engine/build/index';
import { layoutSchema } from '../../engine/domain/layout';
import { PARTS_CACHE_KEY } from '../../engine/domain/sourceesb';
import { seedFixtures } from '../../engine/fixtures/seed';
import { createJobRunner, type JobRunner } from '../../engine/jobs/runner';
import { openStore, type Store } from '../../engine/store/connection';
import { feedRows } from '../../engine/store/queries/feeds';
import { writeLayouts } from '../../engine/store/writes';
import { feedRefreshJob } from '../../cli/serve/jobs';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';

const EVERY = 15 * 60_000;
let server: Server;
let store: Store;
let runner: JobRunner;
let name = 'Deep groove ball bearing';
let clock = Date.parse('2026-11-02T15:00:00Z');
const hits: string[] = [];
const requests: { key: string; change: QueuedChange | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const json = (body: unknown) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    const part = { partNumber: 'VB-6204', name, manufacturer: 'Varden', category: 'Bearings' };
    if (req.url?.startsWith('/api/v1/parts?')) return json({ total: 1, page: 1, parts: [part] });
    if (req.url === '/api/v1/parts/VB-6204') return json({ ...part, description: '20 mm bore.', specs: [], hasDatasheet: false });
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const t = tenantFixture('alpha', 100);
  (t.tenant.settings as Record<string, unknown>).sourceesb = { apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1` };
  store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, writeFixtureSet([t, tenantFixture('beta', 200)]));
  await writeLayouts(store.db, 'alpha', [layoutSchema.parse({
    id: 990101, name: 'Parts directory', type: 'module', key: 'sourceesb',
    primaryGrid: { rows: [{ settings: { layout: '1' }, columns: [{ blocks: [{ id: 'about', type: 'html', data: { html: '<p>Supplier data.</p>' } }] }] }] },
  })]);
  runner = createJobRunner({ now: () => clock, setTimer: () => 0, clearTimer: () => {}, onError: () => {} });
  runner.add(feedRefreshJob({ store, queue: { request: async (key, change) => { requests.push({ key, change }); } }, everyMs: EVERY, allowPrivateHosts: true, now: () => clock }));
});
afterAll(async () => {
  await runner?.stop();
  await store?.close();
  await new Promise((ok) => server.close(ok));
});

const stored = async () => ((await feedRows(store.db, 'alpha')).find((r) => r.url === PARTS_CACHE_KEY)?.items as unknown as { parts: { name: string }[] } | undefined)?.parts.map((p) => p.name);

describe('feed-refresh job and the parts catalogue', () => {
  it('reads the catalogue and rebuilds the tenant when it changed', async () => {
    expect(await runner.runNow('feed-refresh')).toMatchObject({ failures: 0, lastResult: '1 sites checked; rebuilding alpha' });
    expect(requests).toEqual([{ key: 'alpha', change: { entity: 'feeds', action: 'refresh', ids: [PARTS_CACHE_KEY] } }]);
    expect(await stored()).toEqual(['Deep groove ball bearing']);
  });

  it('reads it at most once an interval, and requests nothing when it is unchanged', async () => {
    requests.length = 0;
    const before = hits.length;
    clock += 60_000;
    expect(await runner.runNow('feed-refresh')).toMatchObject({ failures: 0, lastResult: '1 sites checked; nothing changed' });
    expect(hits.length).toBe(before);
    clock += EVERY;
    expect(await runner.runNow('feed-refresh')).toMatchObject({ lastResult: '1 sites checked; nothing changed' });
    expect(hits.length).toBeGreaterThan(before);
    expect(requests).toEqual([]);
  });

  it('rebuilds again once the API answers a different catalogue', async () => {
    name = 'Deep groove ball bearing, sealed';
    clock += EVERY;
    expect(await runner.runNow('feed-refresh')).toMatchObject({ lastResult: '1 sites checked; rebuilding alpha' });
    expect(await stored()).toEqual(['Deep groove ball bearing, sealed']);
    expect(requests.map((r) => r.key)).toEqual(['alpha']);
  });
});
