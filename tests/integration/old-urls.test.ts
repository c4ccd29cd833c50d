// Old URLs keep working (issue 16, admin §2.4): a published item whose slug changes, or whose
// section is re-aliased, leaves a 301 at its old path — in the build output (`_redirects`, the
// nginx map and a stub page) and in `masthead serve` — and any path with the right 8-digit id but a
// wrong or missing slug 301s to the canonical path.
import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { load as parseHtml } from 'cheerio';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMastheadServer } from '../../cli/serve/app';
import { createBuildQueue, runBuild } from '../../engine/build/index';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { pageProblems } from './build-quality';

const PASSWORD = 'a long demo password';
const ITEM = 10_010_001;
const HOST = 'alpha.localhost';
let store: Store;
let app: FastifyInstance;
let base: string;
let outDir: string;
let token: string;
const rebuilt: string[] = [];

beforeAll(async () => {
  store = await openStore({ path: tempDbPath() });
  const admin = { id: 1, email: 'ops@example.com', username: 'ops', firstName: 'Ops', lastName: 'Admin', role: 'admin', isGlobal: true, password: PASSWORD };
  await seedFixtures(store, writeFixtureSet([tenantFixture('alpha', 100)], [admin]));
  outDir = join(mkdtempSync(join(tmpdir(), 'masthead-old-urls-')), 'out');
  const originTemplate = 'http://{key}.localhost:4000';
  await runBuild(store, { outDir, originTemplate, workers: 1 });
  const rebuilder = createBuildQueue({ store, outDir, originTemplate, workers: 1, onBuilt: (key) => { rebuilt.push(key); } });
  app = await createMastheadServer({ outDir, store, adminDir: null, rebuilder, mode: 'production', originTemplate });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await gql('loginCmsUser', { username: 'ops', password: PASSWORD });
  token = login.data.loginCmsUser.bearerToken as string;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await store?.close();
});

const get = (path: string) => fetch(`${base}${path}`, { headers: { host: HOST }, redirect: 'manual' });
const site = () => realpathSync(join(outDir, 'alpha'));

async function gql(name: string, variables: Record<string, unknown>): Promise<any> {
  const doc = await (await get(`/graphql/mutation/${name}.gql?v=1`)).text();
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenant-key': 'alpha', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: doc, variables }),
  });
  const body = (await res.json()) as any;
  expect(body.errors).toBeUndefined();
  return body;
}

/** Runs an edit and waits until the queue has rebuilt alpha and serve answers `ready`. */
async function editAndRebuild(edit: () => Promise<unknown>, ready: () => Promise<boolean>) {
  const count = rebuilt.length;
  await edit();
  for (let i = 0; i < 200 && rebuilt.length === count; i++) await new Promise((r) => setTimeout(r, 50));
  expect(rebuilt.length).toBeGreaterThan(count);
  for (let i = 0; i < 100 && !(await ready()); i++) await new Promise((r) => setTimeout(r, 100));
}

/** The item's canonical path, from where its bare /:id redirects. */
async function canonical(): Promise<string> {
  const r = await get(`/${ITEM}`);
  expect(r.status).toBe(301);
  return r.headers.get('location')!;
}

describe('old URLs keep working', () => {
  let oldPath: string;
  let newPath: string;

  it('a slug change leaves a 301 at the old path in serve and in the build output', async () => {
    oldPath = await canonical();
    expect((await get(oldPath)).status).toBe(200);
    newPath = oldPath.replace(/\/[^/]+$/, '/a-brand-new-slug');
    await editAndRebuild(() => gql('updateContent', { id: ITEM, input: { slug: 'a-brand-new-slug' } }), async () => (await get(oldPath)).status === 301);

    const moved = await get(oldPath);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(newPath);
    const page = await get(newPath);
    expect(page.status).toBe(200);
    expect(parseHtml(await page.text())('h1')).toHaveLength(1);

    const folder = site();
    expect(readFileSync(join(folder, '_redirects'), 'utf8').split('\n')).toContain(`${oldPath} ${newPath} 301!`);
    expect(readFileSync(join(folder, 'nginx-redirects.conf'), 'utf8')).toContain(`"${oldPath}" "${newPath}";`);
    const stubFile = `${oldPath.slice(1)}/index.html`;
    const $ = parseHtml(readFileSync(join(folder, stubFile), 'utf8'));
    expect($('meta[http-equiv="refresh"]').attr('content')).toBe(`0; url=${newPath}`);
    expect($('link[rel="canonical"]').attr('href')).toBe(newPath);
    expect($('main a').attr('href')).toBe(newPath);
    expect(await pageProblems(folder, [stubFile])).toEqual([]);
  }, 60_000);

  it('a path with the right id and a wrong or missing slug 301s to the canonical path in serve', async () => {
    const alias = newPath.split('/')[1]!;
    for (const path of [`/${alias}/${ITEM}/not-the-slug`, `/${alias}/${ITEM}`, `/${ITEM}/whatever`, `/old-alias/${ITEM}/x?utm=1`]) {
      const r = await get(path);
      expect(r.status, path).toBe(301);
      expect(r.headers.get('location'), path).toBe(path.includes('?') ? `${newPath}?utm=1` : newPath);
    }
    expect((await get(`/${alias}/99999999/no-such-item`)).status).toBe(404);
  });

  it('changing the slug back serves the old path again and redirects the newer one', async () => {
    await editAndRebuild(() => gql('updateContent', { id: ITEM, input: { slug: oldPath.split('/').at(-1) } }), async () => (await get(oldPath)).status === 200);
    expect((await get(oldPath)).status).toBe(200);
    const r = await get(newPath);
    expect(r.status).toBe(301);
    expect(r.headers.get('location')).toBe(oldPath);
    expect(readFileSync(join(site(), '_redirects'), 'utf8')).not.toContain(`${oldPath} ${newPath}`);
  }, 60_000);

  it('re-aliasing a section redirects its old listing path and its items\' old paths', async () => {
    const [head] = await store.all<{ s: number }>('SELECT primary_section_id AS s FROM content WHERE id = ?', [ITEM]);
    const sectionId = Number(head!.s);
    const oldSection = `/${oldPath.split('/').slice(1, -2).join('/')}`;
    await editAndRebuild(() => gql('updateWebsiteSection', { id: sectionId, input: { manualAlias: true, alias: 'moved-desk' } }), async () => (await get(oldSection)).status === 301);
    const listing = await get(oldSection);
    expect(listing.status).toBe(301);
    expect(listing.headers.get('location')).toBe('/moved-desk');
    const item = await get(oldPath);
    expect(item.status).toBe(301);
    expect(item.headers.get('location')).toBe(`/moved-desk/${ITEM}/${oldPath.split('/').at(-1)}`);
    expect(readFileSync(join(site(), '_redirects'), 'utf8').split('\n')).toContain(`${oldPath} /moved-desk/${ITEM}/${oldPath.split('/').at(-1)} 301!`);
  }, 60_000);
});
