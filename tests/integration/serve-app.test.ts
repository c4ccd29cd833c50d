// `masthead serve` as one process: built sites by Host, the API and the rebuild hook on one port.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createBuildQueue, runBuild } from '../../engine/build/index';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { createMastheadServer } from '../../cli/serve/app';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';

let store: Store;
let app: FastifyInstance;
let base: string;
const rebuilt: string[] = [];
const PASSWORD = 'a long demo password';

beforeAll(async () => {
  store = await openStore({ path: tempDbPath() });
  const admin = { id: 1, email: 'ops@example.com', username: 'ops', firstName: 'Ops', lastName: 'Admin', role: 'admin', isGlobal: true, password: PASSWORD };
  await seedFixtures(store, writeFixtureSet([tenantFixture('alpha', 100), tenantFixture('beta', 200)], [admin]));
  const outDir = join(mkdtempSync(join(tmpdir(), 'masthead-serve-')), 'out');
  const originTemplate = 'http://{key}.localhost:4000';
  await runBuild(store, { outDir, originTemplate, workers: 1 });
  const rebuilder = createBuildQueue({ store, outDir, originTemplate, workers: 1, onBuilt: (key) => { rebuilt.push(key); } });
  app = await createMastheadServer({ outDir, store, adminDir: null, rebuilder, mode: 'production', originTemplate });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await store?.close();
});

const get = (path: string, host: string) => fetch(`${base}${path}`, { headers: { host }, redirect: 'manual' });

describe('masthead serve', () => {
  it('serves each tenant by Host, with 404.html answering 404', async () => {
    const home = await get('/', 'alpha.localhost');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('alpha News');
    expect((await get('/', 'beta.localhost')).status).toBe(200);
    const missing = await get('/no/such/page', 'alpha.localhost');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('404 - Page Not Found');
  });

  it('answers the API on the same port and refuses ad-hoc queries in production mode', async () => {
    const doc = await get('/graphql/query/getTenantInfo.gql?v=1', 'alpha.localhost');
    expect(doc.status).toBe(200);
    expect(await doc.text()).toMatch(/^query getTenantInfo/);
    const adhoc = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', host: 'alpha.localhost' }, body: JSON.stringify({ query: '{ __typename }' }) });
    expect(adhoc.status).toBeGreaterThanOrEqual(400);
  });

  it('rebuilds the tenant an admin edit touched, and the edit appears on the page', async () => {
    const login = await fetch(`${base}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', host: 'alpha.localhost', 'x-tenant-key': 'alpha' },
      body: JSON.stringify({ query: (await (await get('/graphql/mutation/loginCmsUser.gql?v=1', 'alpha.localhost')).text()), variables: { username: 'ops', password: PASSWORD } }),
    });
    const token = ((await login.json()) as any).data.loginCmsUser.bearerToken as string;
    expect(token).toBeTruthy();
    const updateDoc = await (await get('/graphql/mutation/updateContent.gql?v=1', 'alpha.localhost')).text();
    const res = await fetch(`${base}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-tenant-key': 'alpha', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: updateDoc, variables: { id: 10_010_001, input: { name: 'Carriers add a new Gulf loop' } } }),
    });
    const body = (await res.json()) as any;
    expect(body.errors).toBeUndefined();
    for (let i = 0; i < 100 && !rebuilt.includes('alpha'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(rebuilt).toEqual(['alpha']);
    // The bare /:id route redirects to the canonical page, wherever the new title put it.
    let html = '';
    for (let i = 0; i < 100; i++) {
      const moved = await get('/10010001', 'alpha.localhost');
      const location = moved.headers.get('location');
      if (moved.status === 301 && location) html = await (await get(location, 'alpha.localhost')).text();
      if (html.includes('Carriers add a new Gulf loop')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(html).toContain('<h1');
    expect(html).toContain('Carriers add a new Gulf loop');
  });
});
