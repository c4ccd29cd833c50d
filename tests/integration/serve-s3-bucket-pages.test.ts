// `masthead serve --out s3://…` with MASTHEAD_SERVE_PAGES=bucket (issue 39): the sites are read from
// the bucket (s3rver on 127.0.0.1), not from a disk: the instance's own staging folder starts empty.
// Pages are the bucket's bytes with the local server's headers (type, cache, precompressed
// siblings by Accept-Encoding, 304 by ETag, 404.html); a build another machine publishes is served
// after the next revalidation of latest.json; an edit through this instance, whose (empty) staging folder
// is behind the bucket, is built in full (not on top of its older pages) and goes live through the
// bucket without rolling back the other machine's edit.
import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { ensureCompiledCli } from '../helpers/cli';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { startS3Server, type S3TestServer } from '../helpers/s3-server';
import { children, cli, freePort, graphql, serve, type Server } from '../helpers/serve-process';

const BUCKET = 'mh-pages';
const PREFIX = 'prod';
const BASE = `${PREFIX}/alpha/`;
const PASSWORD = 'a long demo password';
const ITEM = 10_010_001;
const OTHER = 10_010_002;
const ADMIN = { id: 1, email: 'ops@example.com', username: 'ops', firstName: 'Ops', lastName: 'Admin', role: 'admin', isGlobal: true, password: PASSWORD };

let s3: S3TestServer;
let store: Store;
let dbPath: string;
let server: Server;
let env: Record<string, string>;
let builderEnv: Record<string, string>;
let origin: string;

interface Got { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }
function get(path: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, agent: false, headers: { host: `alpha.localhost:${server.port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The item's page path from the bucket's live build metadata. */
async function pagePath(id: number): Promise<string> {
  const latest = JSON.parse((await s3.get(BUCKET, `${BASE}builds/latest.json`)).body.toString()) as { id: string };
  const meta = JSON.parse((await s3.get(BUCKET, `${BASE}builds/meta/${latest.id}.json`)).body.toString()) as { prerendered: string[] };
  return meta.prerendered.find((p) => p.includes(`/${id}/`))!;
}

async function until(cond: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await cond().catch(() => false)) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(ensureCompiledCli, 180_000);
beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
  dbPath = tempDbPath();
  store = await openStore({ path: dbPath });
  await seedFixtures(store, writeFixtureSet([tenantFixture('alpha', 100)], [ADMIN]));
  const port = await freePort();
  origin = `http://{key}.localhost:${port}`;
  const common = { ...s3.env, MASTHEAD_UNSUBSCRIBE_SECRET: 'a-long-unsubscribe-secret-for-tests', MASTHEAD_CAPTCHA: 'off', MASTHEAD_CLI: 'ts' };
  // "Another machine": builds and publishes from a staging folder of its own.
  builderEnv = { ...common, MASTHEAD_S3_STAGING: mkdtempSync(join(tmpdir(), 'masthead-pages-builder-')) };
  const built = await cli(['--db', dbPath, 'build', '--json', '--out', `s3://${BUCKET}/${PREFIX}`, '--workers', '1', '--origin-template', origin], '', builderEnv);
  expect(built.code, built.stderr).toBe(0);
  env = { ...common, MASTHEAD_S3_STAGING: mkdtempSync(join(tmpdir(), 'masthead-pages-serve-')), MASTHEAD_SERVE_PAGES: 'bucket', MASTHEAD_BUCKET_REVALIDATE_MS: '300' };
  server = await serve(['--db', dbPath, 'serve', '--out', `s3://${BUCKET}/${PREFIX}`, '--no-admin', '--origin-template', origin], port, env);
}, 240_000);
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  for (const c of children) c.kill('SIGKILL');
  await store?.close();
  await s3?.close();
});

describe('masthead serve with MASTHEAD_SERVE_PAGES=bucket', () => {
  it('serves the bucket\'s pages with the local server\'s headers, siblings, validators and 404 page', async () => {
    const path = await pagePath(ITEM);
    const object = (await s3.get(BUCKET, `${BASE}${path.replace(/^\/+|\/+$/g, '')}/index.html`)).body;
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.body.equals(object)).toBe(true);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toBeTruthy();
    // The build's .br sibling, one whole version: it decompresses to the page.
    const br = await get(path, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.body).equals(object)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    // Validators from the object: a revalidation answers 304.
    expect((await get(path, { 'if-none-match': String(page.headers.etag) })).status).toBe(304);
    const css = (await s3.keys(BUCKET, `${BASE}assets/`)).find((k) => /\.css$/.test(k))!;
    const asset = await get(`/${css.slice(BASE.length)}`);
    expect(asset.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await get('/no/such/page/');
    expect(missing.status).toBe(404);
    expect(missing.body.equals((await s3.get(BUCKET, `${BASE}404.html`)).body)).toBe(true);
    // The publisher's bookkeeping is not served.
    expect((await get('/builds/sync-manifest.json')).status).toBe(404);
  });

  it('serves a build another machine publishes after the next revalidation of latest.json', async () => {
    const path = await pagePath(OTHER);
    expect((await get(path)).body.toString()).not.toContain('Published from elsewhere');
    await store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', ['Published from elsewhere', Date.now(), OTHER]);
    const built = await cli(['--db', dbPath, 'build', '--json', '--out', `s3://${BUCKET}/${PREFIX}`, '--workers', '1', '--origin-template', origin], '', builderEnv);
    expect(built.code, built.stderr).toBe(0);
    expect(await until(async () => (await get(path)).body.toString().includes('Published from elsewhere'), 30_000)).toBe(true);
  }, 120_000);

  it('rebuilds an edit on an instance whose staging folder is behind the bucket (empty: in full), keeping the other machine\'s edit', async () => {
    const token = (await graphql(server.port, 'alpha', 'loginCmsUser', { username: 'ops', password: PASSWORD })).loginCmsUser.bearerToken as string;
    await graphql(server.port, 'alpha', 'updateContent', { id: ITEM, input: { name: 'Edited on the serving instance' } }, token);
    const path = await pagePath(ITEM);
    expect(await until(async () => (await get(path)).body.toString().includes('Edited on the serving instance'), 90_000)).toBe(true);
    expect(server.stderr()).toContain('staging folder is behind the bucket\'s build');
    expect(server.stderr()).not.toContain('rebuild of alpha failed');
    // The other machine's edit is still live in the bucket, and served.
    const other = await pagePath(OTHER);
    expect((await s3.get(BUCKET, `${BASE}${other.replace(/^\/+|\/+$/g, '')}/index.html`)).body.toString()).toContain('Published from elsewhere');
    expect((await get(other)).body.toString()).toContain('Published from elsewhere');
  }, 180_000);
});
