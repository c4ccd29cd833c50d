// An app made with buildApp (no CLI, no `masthead serve`) and given the engine's rebuild queue
// rebuilds after an edit: the GraphQL mutation stores a request, the queue rebuilds the tenant,
// and the page in the output folder shows the change.
import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load as parseHtml } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app';
import { createBuildQueue, runBuild, type RebuildQueue } from '../../engine/build/index';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';

const PASSWORD = 'a long demo password';
const ORIGIN = 'http://{key}.localhost:4000';
const ITEM = 10_010_001;
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
  outDir = join(mkdtempSync(join(tmpdir(), 'masthead-queue-app-')), 'out');
  await runBuild(store, { outDir, originTemplate: ORIGIN, clientDir: null, workers: 1 });
  queue = createBuildQueue({
    store, outDir, originTemplate: ORIGIN, clientDir: null, workers: 1,
    onBuilt: (key) => { built.push(key); }, onError: (key, e) => { failed.push(`${key}: ${String(e)}`); },
  });
  app = await buildApp({ store, mode: 'production', rebuildQueue: queue });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app?.close();
  await store?.close();
});

const site = () => realpathSync(join(outDir, 'alpha'));
const latestId = () => (JSON.parse(readFileSync(join(site(), 'builds', 'latest.json'), 'utf8')) as { id: string }).id;
/** The item's canonical page as the latest build lists it, parsed. */
function itemPage() {
  const meta = JSON.parse(readFileSync(join(site(), 'builds', 'meta', `${latestId()}.json`), 'utf8')) as { prerendered: string[] };
  const path = meta.prerendered.find((p) => p.includes(`/${ITEM}/`));
  if (!path) throw new Error(`no page of ${ITEM} in the latest build`);
  return { path, $: parseHtml(readFileSync(join(site(), path, 'index.html'), 'utf8')) };
}

async function gql(name: 'loginCmsUser' | 'updateContent', variables: Record<string, unknown>, token?: string, on = app) {
  const doc = on.api.registry.byName.get(name)!;
  const headers: Record<string, string> = { 'x-tenant-key': 'alpha', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const r = await on.inject({ method: 'POST', url: '/graphql', headers, payload: { query: doc.text, variables } });
  return r.json() as { data?: Record<string, any>; errors?: { message: string }[] };
}

const openRequests = () => store.all<{ change: string }>("SELECT change FROM rebuild_requests WHERE tenant_key = 'alpha' AND state IN ('pending', 'running') ORDER BY id");

describe('buildApp with the engine rebuild queue', () => {
  it('rebuilds the tenant after a GraphQL edit, and the page in the output folder shows it', async () => {
    const before = { build: latestId(), heading: itemPage().$('h1').first().text() };
    expect(before.heading).not.toBe('Carriers add a new Gulf loop');
    const login = await gql('loginCmsUser', { username: 'ops', password: PASSWORD });
    const token = login.data?.loginCmsUser?.bearerToken as string;
    expect(token).toBeTruthy();
    const edit = await gql('updateContent', { id: ITEM, input: { name: 'Carriers add a new Gulf loop' } }, token);
    expect(edit.errors).toBeUndefined();
    await queue.idle();
    expect(failed).toEqual([]);
    expect(built).toEqual(['alpha']);
    expect(latestId()).not.toBe(before.build);
    const after = itemPage();
    expect(after.$('h1').first().text()).toBe('Carriers add a new Gulf loop');
    expect(after.$('title').text()).toContain('Carriers add a new Gulf loop');
  }, 120_000);
});

describe('an edit and its rebuild request commit together', () => {
  it('keeps the request of an acknowledged edit whose queue could not be reached after the commit, and the next start publishes it', async () => {
    // The database going away between the edit's commit and the queue's wake-up, as seen by the
    // API: every call into the queue after the commit fails. Only what the transaction stored is left.
    const gone = async () => { throw new Error('connection terminated'); };
    // (The app starts and closes its queue: the stand-in leaves the real one alone.)
    const lost = await buildApp({ store, mode: 'production', rebuildQueue: { ...queue, request: gone, wake: gone, start: async () => undefined, close: async () => undefined } });
    try {
      await lost.ready();
      const token = (await gql('loginCmsUser', { username: 'ops', password: PASSWORD }, undefined, lost)).data?.loginCmsUser?.bearerToken as string;
      const edit = await gql('updateContent', { id: ITEM, input: { name: 'Rates ease on the transpacific' } }, token, lost);
      expect(edit.errors).toBeUndefined();
      expect(edit.data?.updateContent?.name).toBe('Rates ease on the transpacific');
      // The edit was acknowledged; its request was stored with it.
      const open = await openRequests();
      expect(open.map((r) => JSON.parse(r.change) as { entity: string; ids: number[] })).toEqual([expect.objectContaining({ entity: 'content', ids: [ITEM] })]);
      // An edit the database refuses stores no request either.
      const refused = await gql('updateContent', { id: ITEM, input: { name: '' } }, token, lost);
      expect(refused.errors?.length).toBeGreaterThan(0);
      expect(await openRequests()).toHaveLength(1);
    } finally {
      await lost.close();
    }
    // A restart (the queue's start) resumes it: the acknowledged title goes live.
    await queue.start();
    await queue.idle();
    expect(failed).toEqual([]);
    expect(await openRequests()).toEqual([]);
    expect(itemPage().$('h1').first().text()).toBe('Rates ease on the transpacific');
  }, 120_000);
});
