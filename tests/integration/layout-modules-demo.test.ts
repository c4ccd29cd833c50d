// The leaders and sourceesb layout modules in the demo (admin §3.1 "Modules", issue 42): FreightWise
// has a module layout keyed leaders, so its Company content becomes a directory at /leaders with a
// page per category; Plant Pulse has one keyed sourceesb and ships a parts catalogue
// (fixtures/demo/tenants/plantpulse/parts-catalogue.json, no parts API configured), so /parts, the
// part pages and their datasheet pages render with no network. Checked in the built HTML.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'cheerio';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../engine/build/index';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { tempDbPath } from '../helpers/fixture-set';
import { BUILD_NOW } from './build-site-fixture';

const DEMO = fileURLToPath(new URL('../../fixtures/demo', import.meta.url));
const catalogue = JSON.parse(readFileSync(join(DEMO, 'tenants/plantpulse/parts-catalogue.json'), 'utf8')) as { parts: { partNumber: string; name: string; datasheet: { url: string } | null }[] };
const companies = (tenant: string) => (JSON.parse(readFileSync(join(DEMO, `tenants/${tenant}/content/other.json`), 'utf8')) as { type: string; name: string; id: number }[]).filter((c) => c.type === 'Company');
let store: Store;
let out: string;

beforeAll(async () => {
  store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, DEMO);
  out = mkdtempSync(join(tmpdir(), 'masthead-layout-modules-'));
  await runBuild(store, { outDir: out, now: BUILD_NOW, originTemplate: 'http://{key}.localhost:4000', tenants: ['freightwise', 'plantpulse'], workers: 1 });
}, 240_000);
afterAll(async () => {
  await store?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

const file = (tenant: string, path: string) => join(out, tenant, path.replace(/^\//, ''), 'index.html');
const page = (tenant: string, path: string) => load(readFileSync(file(tenant, path), 'utf8'));

describe('the leaders module', () => {
  it('lists every company by category on /leaders, each linking to its company page', () => {
    const $ = page('freightwise', '/leaders');
    expect($('main h1').text()).toBe('Leaders');
    const names = $('main .leaders-category .leader-name a').map((_, a) => $(a).text()).get();
    expect(names.sort()).toEqual(companies('freightwise').map((c) => c.name).sort());
    // Each company links to its own content page (the canonical path holds its id), and that page is the company's.
    $('main .leaders-category .leader-name a').each((_, a) => {
      const href = $(a).attr('href')!;
      const c = companies('freightwise').find((x) => x.name === $(a).text())!;
      expect(href).toContain(`/${c.id}/`);
      expect(page('freightwise', href)('main h1').first().text()).toBe(c.name);
    });
    // Categories are headed links to their own pages, in name order.
    const cats = $('main .leaders-category h2 a').map((_, a) => $(a).text()).get();
    expect(cats.length).toBeGreaterThan(1);
    expect(cats).toEqual([...cats].sort((a, b) => a.localeCompare(b, 'en')));
    // The module layout's grid renders under the directory.
    expect($('main').text()).toContain('About FreightWise Leaders');
  });

  it('renders a detail page per category with its companies only', () => {
    const $ = page('freightwise', '/leaders');
    for (const h2 of $('main .leaders-category').toArray()) {
      const href = $(h2).find('h2 a').attr('href')!;
      const listed = $(h2).find('.leader-name a').map((_, a) => $(a).attr('href')).get();
      const $c = page('freightwise', href);
      expect($c('main h1').text()).toBe(`${$(h2).find('h2 a').text()} Leaders`);
      expect($c('main .leader-name a').map((_, a) => $c(a).attr('href')).get()).toEqual(listed);
      expect($c('nav.breadcrumbs a').map((_, a) => $c(a).attr('href')).get()).toContain('/leaders');
    }
  });

  it('leaves a tenant without a leaders module layout without the directory', () => {
    expect(existsSync(file('plantpulse', '/leaders'))).toBe(false);
  });
});

describe('the sourceesb module', () => {
  it('prerenders the part search page listing every part of the catalogue', () => {
    const $ = page('plantpulse', '/parts');
    expect($('main h1').text()).toBe('Parts Directory');
    expect($('main [data-island="parts-search"] form input[name="q"]').length).toBe(1);
    const rows = $('main table.parts-table tbody tr');
    expect(rows.length).toBe(catalogue.parts.length);
    expect(rows.find('td:first-child a').map((_, a) => $(a).text()).get().sort()).toEqual(catalogue.parts.map((p) => p.partNumber).sort());
    // The search reads the page's own payload, which lists the same parts with their pages.
    const payload = JSON.parse(readFileSync(join(out, 'plantpulse/parts/_payload.json'), 'utf8')) as { module: { parts: { partNumber: string; href: string }[] } };
    expect(payload.module.parts.map((p) => p.href).sort()).toEqual(rows.find('td:first-child a').map((_, a) => $(a).attr('href')).get().sort());
    expect($('main').text()).toContain('About the parts directory');
  });

  it('renders a details page per part and a datasheet page for parts that have one', () => {
    const $ = page('plantpulse', '/parts');
    for (const a of $('main table.parts-table tbody td:first-child a').toArray()) {
      const href = $(a).attr('href')!;
      const part = catalogue.parts.find((p) => p.partNumber === $(a).text())!;
      const $p = page('plantpulse', href);
      expect($p('main h1').text()).toBe(`${part.partNumber} ${part.name}`);
      expect($p('main .part-number').text()).toBe(part.partNumber);
      if (part.datasheet) {
        expect($p('main .part-links a').first().attr('href')).toBe(`${href}/datasheet`);
        const $d = page('plantpulse', `${href}/datasheet`);
        expect($d('main h1').text()).toBe(`${part.partNumber} Datasheet`);
        expect($d('main .part-links a.button').attr('href')).toBe(part.datasheet.url);
      } else {
        expect(existsSync(file('plantpulse', `${href}/datasheet`))).toBe(false);
        expect($p('main a[href$="/datasheet"]').length).toBe(0);
      }
    }
  });

  it('leaves a tenant without a sourceesb module layout without the parts directory', () => {
    expect(existsSync(file('freightwise', '/parts'))).toBe(false);
  });
});

describe('the module pages in the sitemap', () => {
  const xml = new XMLParser({ isArray: (n) => ['url', 'sitemap'].includes(n) });
  const locs = (tenant: string, path: string): string[] =>
    (xml.parse(readFileSync(join(out, tenant, path), 'utf8')).urlset.url as { loc: string }[]).map((u) => u.loc);
  const indexed = (tenant: string) => (xml.parse(readFileSync(join(out, tenant, 'sitemap.xml'), 'utf8')).sitemapindex.sitemap as { loc: string }[]).map((s) => new URL(s.loc).pathname);

  it('lists the leaders directory and each category page, every one a page the build wrote', () => {
    expect(indexed('freightwise')).toContain('/sitemap/modules.xml');
    const paths = locs('freightwise', 'sitemap/modules.xml').map((l) => new URL(l).pathname);
    const $ = page('freightwise', '/leaders');
    const categories = $('main .leaders-category h2 a').map((_, a) => $(a).attr('href')).get();
    expect(categories.length).toBeGreaterThan(1);
    expect(paths.sort()).toEqual(['/leaders', ...categories].sort());
    for (const p of paths) expect(existsSync(file('freightwise', p)), p).toBe(true);
  });

  it('lists the parts directory and every part page', () => {
    const paths = locs('plantpulse', 'sitemap/modules.xml').map((l) => new URL(l).pathname);
    expect(paths[0]).toBe('/parts');
    expect(paths.length).toBe(catalogue.parts.length + 1);
    for (const p of paths) expect(existsSync(file('plantpulse', p)), p).toBe(true);
  });
});
