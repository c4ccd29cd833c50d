// /scripts/indesign.zip (issue 21): `masthead serve` answers, over real HTTP on every site's host, a
// zip that unzips to the ExtendScript placing an export's ICML stories and its README.txt.
import { strFromU8, unzipSync } from 'fflate';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuildQueue } from '../../engine/build/index';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { createMastheadServer } from '../../cli/serve/app';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';

let store: Store;
let app: FastifyInstance;
let base = '';
beforeAll(async () => {
  store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, writeFixtureSet([tenantFixture('alpha', 100), tenantFixture('beta', 200)]));
  // No site is built: the script package does not come from a tenant's output.
  const outDir = join(mkdtempSync(join(tmpdir(), 'masthead-indesign-')), 'out');
  const originTemplate = 'http://{key}.localhost:4000';
  const rebuilder = createBuildQueue({ store, outDir, originTemplate, workers: 1 });
  app = await createMastheadServer({ outDir, store, adminDir: null, rebuilder, mode: 'production', originTemplate });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await store?.close();
});
const get = (host = 'alpha.localhost') => fetch(`${base}/scripts/indesign.zip`, { headers: { host } });

describe('GET /scripts/indesign.zip', () => {
  it('downloads a zip of place-stories.jsx and README.txt', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="masthead-indesign.zip"');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'place-stories.jsx']);
    const jsx = strFromU8(files['place-stories.jsx']!);
    // The script reads the export's manifest and places each story's ICML file (print-export.ts layout).
    expect(jsx).toContain('#target indesign');
    expect(jsx).toContain("'/manifest.json'");
    expect(jsx).toMatch(/manifest\.sections\[s\][\s\S]*section\.stories\[i\][\s\S]*story\.file[\s\S]*frame\.place\(icml\)/);
    // ExtendScript is ES3: no arrow functions, let/const or template literals in it.
    expect(jsx).not.toMatch(/=>|\blet\b|\bconst\b|`/);
    const readme = strFromU8(files['README.txt']!);
    expect(readme).toContain('/admin/print-exports');
    expect(readme).toContain('place-stories.jsx');
  });

  it('answers the same bytes on every site host and every request', async () => {
    const a = new Uint8Array(await (await get('alpha.localhost')).arrayBuffer());
    const b = new Uint8Array(await (await get('beta.localhost')).arrayBuffer());
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
