// Acceptance (issue 16): a bulk update of 500 items is one transaction and ONE rebuild, end to end.
// The app is given the engine's real rebuild queue over a built site: the bulkUpdateContent
// mutation stores one rebuild request, the queue builds the tenant once, and that one build leaves
// none of the 500 (now drafts) pages in the output. (research-bulk.test.ts checks the transaction
// and the single change event at the operation; this checks what the queue and the site do with it.)
import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app';
import { createBuildQueue, runBuild, type RebuildQueue } from '../../engine/build/index';
import { contentSchema } from '../../engine/domain/records';
import { parseInput } from '../../engine/domain/validation';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { writeContentBatch } from '../../engine/store/writes';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';

const PASSWORD = 'a long demo password';
const ORIGIN = 'http://{key}.localhost:4000';
const BULK_IDS = Array.from({ length: 500 }, (_, i) => 10_500_001 + i);
let store: Store;
let outDir: string;
let queue: RebuildQueue;
let app: Awaited<ReturnType<typeof buildApp>>;
const built: string[] = [];
const failed: string[] = [];

beforeAll(async () => {
  store = await openStore({ path: tempDbPath() });
  const admin = { id: 1, email: 'ops@example.com', username: 'ops', firstName: 'Ops', lastName: 'Admin', role: 'admin', isGlobal: true, password: PASSWORD };
  await seedFixtures(store, writeFixtureSet([tenantFixture('alpha', 100)], [admin]));
  const items = BULK_IDS.map((id, i) => parseInput(contentSchema, {
    id, type: 'Article', name: `Bulk item ${i + 1}`, status: 1, published: `2025-0${1 + (i % 9)}-15T08:00:00Z`, primarySectionId: 104,
  }));
  await store.transaction(async (tx) => { await writeContentBatch(tx, 'alpha', items); });
  outDir = join(mkdtempSync(join(tmpdir(), 'masthead-bulk-rebuild-')), 'out');
  await runBuild(store, { outDir, originTemplate: ORIGIN, clientDir: null, workers: 1 });
  queue = createBuildQueue({
    store, outDir, originTemplate: ORIGIN, clientDir: null, workers: 1,
    onBuilt: (key) => { built.push(key); }, onError: (key, e) => { failed.push(`${key}: ${String(e)}`); },
  });
  app = await buildApp({ store, mode: 'production', rebuildQueue: queue });
  await app.ready();
}, 180_000);
afterAll(async () => {
  await app?.close();
  await store?.close();
});

const site = () => realpathSync(join(outDir, 'alpha'));
function prerendered(): string[] {
  const latest = (JSON.parse(readFileSync(join(site(), 'builds', 'latest.json'), 'utf8')) as { id: string }).id;
  return (JSON.parse(readFileSync(join(site(), 'builds', 'meta', `${latest}.json`), 'utf8')) as { prerendered: string[] }).prerendered;
}
const bulkPages = () => prerendered().filter((p) => BULK_IDS.some((id) => p.includes(`/${id}/`)));

async function gql(name: string, variables: Record<string, unknown>, token?: string) {
  const doc = app.api.registry.byName.get(name)!;
  const headers: Record<string, string> = { 'x-tenant-key': 'alpha', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const r = await app.inject({ method: 'POST', url: '/graphql', headers, payload: { query: doc.text, variables } });
  return r.json() as { data?: Record<string, any>; errors?: { message: string }[] };
}

describe('bulk update of 500 items through the rebuild queue', () => {
  it('stores one rebuild request, builds the tenant once, and that build reflects all 500 changes', async () => {
    expect(bulkPages()).toHaveLength(500);
    const login = await gql('loginCmsUser', { username: 'ops', password: PASSWORD });
    const token = login.data?.loginCmsUser?.bearerToken as string;
    const [head] = await store.all<{ n: number }>('SELECT count(*) AS n FROM rebuild_requests');
    const before = Number(head?.n ?? 0);
    const r = await gql('bulkUpdateContent', { input: { query: { sectionIds: [104], publishedTo: '2025-12-31' }, set: { status: 2 } } }, token);
    expect(r.errors).toBeUndefined();
    expect(r.data?.bulkUpdateContent.count).toBe(500);
    await queue.idle();
    expect(failed).toEqual([]);
    const requests = await store.all<{ state: string; change: string }>('SELECT state, change FROM rebuild_requests ORDER BY id');
    expect(requests.length - before).toBe(1);
    expect(requests.at(-1)!.state).toBe('done');
    expect((JSON.parse(requests.at(-1)!.change) as { ids: number[] }).ids).toHaveLength(500);
    expect(built).toEqual(['alpha']);
    expect(bulkPages()).toEqual([]);
  }, 180_000);
});
