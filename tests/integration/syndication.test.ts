// Syndication (issue 16): an item shared from one tenant to another is a linked copy whose page is
// canonical to the source's page; edits of the source flow to the copy through the other tenant's
// incremental rebuild; a detached copy is independent. Real SQLite, real builds, real HTTP.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { load as parseHtml } from 'cheerio';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMastheadServer } from '../../cli/serve/app';
import { createBuildQueue, runBuild } from '../../engine/build/index';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';

const PASSWORD = 'a long demo password';
const SOURCE = 10_010_001;
const ORIGIN = 'http://{key}.localhost:4000';
let store: Store;
let app: FastifyInstance;
let base: string;
const tokens: Record<string, string> = {};
const rebuilt: string[] = [];
/** Per rebuild: the tenant, and whether it was a full build (false: the incremental path). */
const results: { key: string; full: boolean; pagesWritten: number }[] = [];

const user = (id: number, username: string, role: string, isGlobal: boolean, tenants: string[]) => ({
  id, email: `${username}@example.com`, username, firstName: 'Test', lastName: 'User', role, isGlobal, tenants, password: PASSWORD,
});

beforeAll(async () => {
  store = await openStore({ path: tempDbPath() });
  const users = [user(1, 'ops', 'admin', true, []), user(2, 'alpha.editor', 'editor', false, ['alpha']), user(3, 'both.viewer', 'viewer', false, ['alpha', 'beta'])];
  await seedFixtures(store, writeFixtureSet([tenantFixture('alpha', 100), tenantFixture('beta', 200)], users));
  const outDir = join(mkdtempSync(join(tmpdir(), 'masthead-syndication-')), 'out');
  await runBuild(store, { outDir, originTemplate: ORIGIN, workers: 1 });
  const rebuilder = createBuildQueue({ store, outDir, originTemplate: ORIGIN, workers: 1, onBuilt: (key, r) => { rebuilt.push(key); results.push({ key, full: r.full, pagesWritten: r.pagesWritten }); } });
  app = await createMastheadServer({ outDir, store, adminDir: null, rebuilder, mode: 'production', originTemplate: ORIGIN });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  for (const u of users) {
    const login = await gql('mutation', 'loginCmsUser', { username: u.username, password: PASSWORD }, 'alpha', null);
    tokens[u.username] = login.data.loginCmsUser.bearerToken as string;
  }
}, 120_000);
afterAll(async () => {
  await app?.close();
  await store?.close();
});

/** GET on a tenant's site by its Host (fetch cannot set Host, so plain node:http). */
function site(tenant: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolveGet, reject) => {
    const req = request(`${base}${path}`, { headers: { host: `${tenant}.localhost` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => resolveGet({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function gql(kind: 'query' | 'mutation', name: string, variables: Record<string, unknown>, tenant: string, as: string | null = 'ops'): Promise<any> {
  const doc = await (await fetch(`${base}/graphql/${kind}/${name}.gql?v=1`)).text();
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenant-key': tenant, ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}) },
    body: JSON.stringify({ query: doc, variables }),
  });
  return res.json();
}
async function ok(kind: 'query' | 'mutation', name: string, variables: Record<string, unknown>, tenant: string): Promise<any> {
  const body = await gql(kind, name, variables, tenant);
  expect(body.errors).toBeUndefined();
  return body.data[name];
}

/** Runs an edit and waits until the queue has rebuilt `tenant` (and `ready` holds, if given). */
async function editAndRebuild(tenant: string, edit: () => Promise<unknown>, ready: () => Promise<boolean> = async () => true) {
  const count = rebuilt.filter((k) => k === tenant).length;
  await edit();
  for (let i = 0; i < 300 && rebuilt.filter((k) => k === tenant).length === count; i++) await new Promise((r) => setTimeout(r, 50));
  expect(rebuilt.filter((k) => k === tenant).length).toBeGreaterThan(count);
  for (let i = 0; i < 100 && !(await ready()); i++) await new Promise((r) => setTimeout(r, 100));
}

/** An item's page on a tenant's site: its path (from the stored slug and section alias) and parsed HTML. */
async function page(tenant: string, id: number) {
  const [row] = await store.all<{ slug: string; alias: string }>(
    'SELECT c.slug AS slug, s.alias AS alias FROM content c JOIN website_sections s ON s.id = c.primary_section_id WHERE c.id = ? AND c.tenant_key = ?', [id, tenant]);
  const path = `/${row!.alias}/${id}/${row!.slug}`;
  const res = await site(tenant, path);
  if (res.status !== 200) return { path, canonical: undefined, h1: '', canonicals: 0 };
  const $ = parseHtml(res.body);
  return { path, canonical: $('link[rel="canonical"]').attr('href'), h1: $('h1').text().trim(), canonicals: $('link[rel="canonical"]').length };
}

describe('syndication', () => {
  let copyId: number;
  let sourceUrl: string;

  it('refuses staff not allowed on both tenants, or without manage_content', async () => {
    const input = { id: SOURCE, targetTenantKey: 'beta', primarySectionId: 203 };
    const editor = await gql('mutation', 'syndicateContent', { input }, 'alpha', 'alpha.editor');
    expect(editor.errors[0].extensions.code).toBe('FORBIDDEN');
    const viewer = await gql('mutation', 'syndicateContent', { input }, 'alpha', 'both.viewer');
    expect(viewer.errors[0].extensions.code).toBe('FORBIDDEN');
    const sameTenant = await gql('mutation', 'syndicateContent', { input: { ...input, targetTenantKey: 'alpha', primarySectionId: 103 } }, 'alpha');
    expect(sameTenant.errors[0].extensions.field).toBe('targetTenantKey');
    // A section of the source tenant is not one of the target's: named, nothing written.
    const wrongSection = await gql('mutation', 'syndicateContent', { input: { ...input, primarySectionId: 103 } }, 'alpha');
    expect(wrongSection.errors[0].extensions.field).toBe('primarySectionId');
    expect((await store.all('SELECT * FROM content_syndication'))).toEqual([]);
  });

  it('shares an item as a linked copy whose page is canonical to the source page', async () => {
    const source = await page('alpha', SOURCE);
    sourceUrl = `http://alpha.localhost:4000${source.path}`;
    expect(source.canonical).toBe(sourceUrl);
    await editAndRebuild('beta', async () => {
      copyId = (await ok('mutation', 'syndicateContent', { input: { id: SOURCE, targetTenantKey: 'beta', primarySectionId: 203 } }, 'alpha')).copyId;
    }, async () => (await page('beta', copyId)).canonical === sourceUrl);
    expect(copyId).toBeGreaterThan(SOURCE);
    const copy = await page('beta', copyId);
    expect(copy.path).toMatch(new RegExp(`^/markets/ocean-freight/${copyId}/`));
    expect(copy.h1).toBe(source.h1);
    expect(copy.canonicals).toBe(1);
    expect(copy.canonical).toBe(sourceUrl);
    const links = await ok('query', 'getContentSyndication', {}, 'beta');
    expect(links).toMatchObject([{ copyId, copyTenantKey: 'beta', sourceId: SOURCE, sourceTenantKey: 'alpha' }]);
    const again = await gql('mutation', 'syndicateContent', { input: { id: SOURCE, targetTenantKey: 'beta', primarySectionId: 203 } }, 'alpha');
    expect(again.errors[0].extensions.field).toBe('targetTenantKey');
  }, 60_000);

  it('an edit of the source flows to the copy through the other tenant\'s rebuild', async () => {
    await editAndRebuild('beta', () => ok('mutation', 'updateContent', { id: SOURCE, input: { name: 'Carriers add a new loop' } }, 'alpha'),
      async () => (await page('beta', copyId)).h1 === 'Carriers add a new loop');
    const copy = await page('beta', copyId);
    expect(copy.h1).toBe('Carriers add a new loop');
    // beta was patched incrementally for the copy, not rebuilt whole.
    const betaBuild = results.filter((r) => r.key === 'beta').at(-1)!;
    expect(betaBuild.full).toBe(false);
    expect(betaBuild.pagesWritten).toBeGreaterThan(0);
    expect(copy.canonical).toBe(sourceUrl);
    const [history] = await store.all<{ action: string }>("SELECT action FROM history WHERE entity_id = ? AND tenant_key = 'beta' ORDER BY id DESC LIMIT 1", [String(copyId)]);
    expect(history?.action).toBe('syndicationUpdate');
  }, 60_000);

  it('a detached copy keeps its text, is canonical to itself, and no longer follows the source', async () => {
    const isOwnCanonical = async () => { const p = await page('beta', copyId); return p.canonical === `http://beta.localhost:4000${p.path}`; };
    // Detaching needs both tenants too: the source tenant's editor who is not on beta is refused.
    const refused = await gql('mutation', 'detachSyndicatedContent', { id: copyId }, 'alpha', 'alpha.editor');
    expect(refused.errors[0].extensions.code).toBe('FORBIDDEN');
    await editAndRebuild('beta', () => ok('mutation', 'detachSyndicatedContent', { id: copyId }, 'beta'), isOwnCanonical);
    const detached = await page('beta', copyId);
    expect(detached.h1).toBe('Carriers add a new loop');
    expect(detached.canonical).toBe(`http://beta.localhost:4000${detached.path}`);
    expect(await ok('query', 'getContentSyndication', {}, 'beta')).toEqual([]);

    const betaBuilds = rebuilt.filter((k) => k === 'beta').length;
    await editAndRebuild('alpha', () => ok('mutation', 'updateContent', { id: SOURCE, input: { name: 'Source only headline' } }, 'alpha'),
      async () => (await page('alpha', SOURCE)).h1 === 'Source only headline');
    expect((await page('alpha', SOURCE)).h1).toBe('Source only headline');
    expect((await page('beta', copyId)).h1).toBe('Carriers add a new loop');
    const [row] = await store.all<{ name: string }>('SELECT name FROM content WHERE id = ?', [copyId]);
    expect(row?.name).toBe('Carriers add a new loop');
    expect(rebuilt.filter((k) => k === 'beta').length).toBe(betaBuilds);
  }, 60_000);
});
