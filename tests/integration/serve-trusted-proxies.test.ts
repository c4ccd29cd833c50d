// `masthead serve`'s one port (sites, API, admin) takes the client address from X-Forwarded-For
// only when the request comes from a proxy the trustedProxies setting names
// (MASTHEAD_TRUSTED_PROXIES in the CLI): a Googlebot forwarded by the proxy is verified at its own
// address; the same header from anyone else is ignored.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createMastheadServer, type MastheadServerOptions } from '../../cli/serve/app';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { GOOGLEBOT_IP, GOOGLEBOT_UA, googlebotDns } from '../helpers/fake-dns';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { noRebuilds } from '../helpers/no-rebuilds';

const GATED = 10010003;
let store: Store;
let app: FastifyInstance;

beforeAll(async () => {
  store = await openStore({ path: tempDbPath() });
  const t = tenantFixture('alpha', 100);
  t.content = t.content.map((c) => (c.id === GATED ? { ...c, userRegistrationRequired: true, body: '<p>REGISTERED BODY</p>' } : c)) as typeof t.content;
  await seedFixtures(store, writeFixtureSet([t]));
  const rebuilder: MastheadServerOptions['rebuilder'] = noRebuilds();
  app = await createMastheadServer({
    outDir: mkdtempSync(join(tmpdir(), 'masthead-proxies-')), store, adminDir: null, rebuilder, mode: 'development',
    originTemplate: 'http://{key}.localhost:4000', trustedProxies: ['127.0.0.1'], api: { crawlers: { resolver: googlebotDns() } },
  });
});
afterAll(async () => { await app?.close(); await store?.close(); });

const gated = async (remoteAddress: string) => {
  const r = await app.inject({
    method: 'POST', url: '/graphql', remoteAddress,
    headers: { 'x-tenant-key': 'alpha', 'user-agent': GOOGLEBOT_UA, 'x-forwarded-for': GOOGLEBOT_IP },
    payload: { query: `query($id: Int) { getGatedContent(id: $id) { canRead passedBy body } }`, variables: { id: GATED } },
  });
  expect(r.statusCode).toBe(200);
  return r.json().data.getGatedContent;
};

describe('masthead serve behind a trusted proxy', () => {
  it('verifies the forwarded client address when the named proxy sends it', async () => {
    expect(await gated('127.0.0.1')).toEqual({ canRead: true, passedBy: 'crawler', body: '<p>REGISTERED BODY</p>' });
  });

  it('ignores the header from any other peer', async () => {
    expect(await gated('192.0.2.44')).toEqual({ canRead: false, passedBy: null, body: null });
  });
});
