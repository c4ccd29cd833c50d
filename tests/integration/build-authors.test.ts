// Author pages (issue 16): every active person who signs live content gets /author/<id>/<slug>
// listing their items, is in the sitemap, and is linked from the bylines; articles show their
// terms. Edits rebuild incrementally exactly what they touch (a person's rename: their page and
// their items' pages; a new byline: the new author's page and that item), and the result equals a
// from-scratch build of the same database.
import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import type { Store } from '../../engine/store/connection';
import { runBuild } from '../../engine/build/index';
import { TenantBuilder } from '../../engine/build/incremental/tenant-builder';
import { fullTenantBuild } from '../../engine/build/full-build';
import { ALPHA, BUILD_NOW, id, publishedTree, seedBuildSite } from './build-site-fixture';

const ORIGIN = 'https://{key}.example.com';
const opts = (outDir: string) => ({ outDir, originTemplate: ORIGIN, clientDir: null, workers: 1 });
const ROSA = ALPHA + 10;

let store: Store;
let out: string;
let builder: TenantBuilder;
let clock = BUILD_NOW - 3_600_000;
const tick = () => (clock += 1000);
const site = () => realpathSync(join(out, 'alpha'));
const load = (rel: string) => cheerio.load(readFileSync(join(site(), rel), 'utf8'));
const latestMeta = () => {
  const latest = JSON.parse(readFileSync(join(site(), 'builds', 'latest.json'), 'utf8')) as { id: string };
  return JSON.parse(readFileSync(join(site(), 'builds', 'meta', `${latest.id}.json`), 'utf8')) as { prerendered: string[] };
};
async function rosasPages(): Promise<string[]> {
  const rows = await store.all<{ id: number }>(
    `SELECT c.id FROM content c JOIN content_authors a ON a.content_id = c.id WHERE a.person_id = ? AND c.status = 1 AND c.type <> 'Promotion'
       AND (c.start_date IS NULL OR c.start_date <= ?) AND (c.end_date IS NULL OR c.end_date > ?)`, [ROSA, BUILD_NOW, BUILD_NOW]);
  return rows.map((r) => String(r.id));
}
async function fullTree(): Promise<Map<string, string>> {
  const fresh = mkdtempSync(join(tmpdir(), 'masthead-full-'));
  await runBuild(store, { ...opts(fresh), tenants: ['alpha'], now: BUILD_NOW });
  return publishedTree(realpathSync(join(fresh, 'alpha')));
}
function expectSameTree(actual: Map<string, string>, expected: Map<string, string>, label: string) {
  expect([...actual.keys()], `${label}: file list`).toEqual([...expected.keys()]);
  for (const [path, body] of expected) if (actual.get(path) !== body) expect(actual.get(path), `${label}: ${path}`).toBe(body);
}

beforeAll(async () => {
  ({ store } = await seedBuildSite());
  await store.run('UPDATE persons SET bio = ?, social_links = ? WHERE id = ?', [
    '<p>Covers <em>ocean freight</em>.</p><script>window.__pwned=1</script>',
    JSON.stringify([{ network: 'Linkedin', url: 'https://www.linkedin.com/in/rosa' }, { network: 'Other', url: 'javascript:alert(1)' }]), ROSA]);
  await store.run('INSERT INTO content_taxonomy (content_id, taxonomy_id) VALUES (?, ?)', [id(ALPHA, 1), ALPHA + 30]);
  out = mkdtempSync(join(tmpdir(), 'masthead-authors-'));
  await runBuild(store, { ...opts(out), tenants: ['alpha'], now: BUILD_NOW });
  builder = new TenantBuilder(store, 'alpha', opts(out), fullTenantBuild);
}, 120_000);
afterAll(async () => { await store?.close(); });

describe('author pages', () => {
  it('builds a page per author listing their live items, with a safe profile, in the sitemap', async () => {
    const path = `/author/${ROSA}/rosa-delgado`;
    const $ = load(`${path.slice(1)}/index.html`);
    expect($('h1').text()).toBe('Rosa Delgado');
    expect($('link[rel=canonical]').attr('href')).toBe(`https://alpha.example.com${path}`);
    const listed = $('a').map((_, a) => $(a).attr('href')).get().filter((h) => /\/\d{8}\//.test(h));
    const ids = await rosasPages();
    expect(ids.length).toBeGreaterThan(3);
    for (const cid of ids) expect(listed.some((h) => h.includes(`/${cid}/`)), cid).toBe(true);
    expect($('.rich-text em').text()).toBe('ocean freight');
    expect($('script:not([type])').text()).not.toContain('__pwned');
    expect($('a[href="https://www.linkedin.com/in/rosa"]').text()).toBe('Linkedin');
    expect($('a[href^="javascript:"]').length).toBe(0);
    expect(latestMeta().prerendered).toContain(path);
    const sitemap = cheerio.load(readFileSync(join(site(), 'sitemap/authors.xml'), 'utf8'), { xml: true });
    expect(sitemap('url > loc').map((_, l) => sitemap(l).text()).get()).toEqual([`https://alpha.example.com${path}`]);
    expect(readFileSync(join(site(), 'sitemap.xml'), 'utf8')).toContain('https://alpha.example.com/sitemap/authors.xml');
  });

  it('links bylines to the author page and shows the item\'s terms', async () => {
    const path = latestMeta().prerendered.find((p) => p.includes(`/${id(ALPHA, 1)}/`) && !p.startsWith('/print'))!;
    const $ = load(`${path.slice(1)}/index.html`);
    expect($('.byline .authors a').attr('href')).toBe(`/author/${ROSA}/rosa-delgado`);
    expect($('.content-topics').text()).toContain('Rates');
  });

  it('rebuilds exactly the author page and their items\' pages when a person is renamed', async () => {
    const ids = await rosasPages();
    await store.run("UPDATE persons SET first_name = 'Rosalind', full_name = 'Rosalind Delgado', updated_at = ? WHERE id = ?", [tick(), ROSA]);
    const r = await builder.update({ now: BUILD_NOW, reload: true, maxShare: 1 });
    expect(r.full).toBe(false);
    // the author page, and each item's page and print view (bylines); no listing shows authors
    expect(r.pagesWritten).toBe(1 + ids.length * 2);
    expect(existsSync(join(site(), `author/${ROSA}/rosa-delgado/index.html`))).toBe(false);
    expect(load(`author/${ROSA}/rosalind-delgado/index.html`)('h1').text()).toBe('Rosalind Delgado');
    expectSameTree(publishedTree(site()), await fullTree(), 'after rename');
  }, 120_000);

  it('gives a new author a page when an item names them, touching only that item and that page', async () => {
    await store.run("INSERT INTO persons (id, tenant_key, first_name, last_name, full_name, status, updated_at) VALUES (?, 'alpha', 'Ian', 'Chen', 'Ian Chen', 1, ?)", [ALPHA + 11, tick()]);
    const noop = await builder.update({ now: BUILD_NOW, reload: true, maxShare: 1 });
    expect(noop.pagesWritten).toBe(0);
    const cid = id(ALPHA, 2);
    await store.run('INSERT INTO content_authors (content_id, person_id, position) VALUES (?, ?, 1)', [cid, ALPHA + 11]);
    await store.run('UPDATE content SET updated_at = ? WHERE id = ?', [tick(), cid]);
    const r = await builder.update({ now: BUILD_NOW, contentIds: [cid], maxShare: 1 });
    expect(r.full).toBe(false);
    expect(r.pagesWritten).toBe(3); // the item's page and print view (byline), the new author page
    const $ = load(`author/${ALPHA + 11}/ian-chen/index.html`);
    expect($('a').map((_, a) => $(a).attr('href')).get().some((h) => h.includes(`/${cid}/`))).toBe(true);
    expectSameTree(publishedTree(site()), await fullTree(), 'after new byline');
  }, 120_000);
});
