// Text typed into fields that reach readers only through a build stays text (issue 41, item 11):
// the mXSS corpus goes, one payload per brand, through the site name, the header call to action and
// its alternate button, the footer's texts and newsletter button, the labels of every menu, the
// house ads' texts (list and body natives, the skin's title, the sticky banner's alt), an author's
// name and title, and the
// magazine's publication, issue and section names and descriptions. One build publishes all the
// brands. Every page is then read as a browser would (cheerio): it holds exactly the elements of
// the same brand built with plain words in those fields (so nothing a payload tried to open exists),
// no event-handler attribute and no javascript: URL, and the payload reads as text where it belongs.
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, type CheerioAPI } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../engine/build/index';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { activeAttributes, MXSS_CORPUS } from '../helpers/mxss-corpus';
import { BUILD_NOW, listFiles } from './build-site-fixture';

const BENIGN = 'Plain words here';
/** The value a field with a length limit keeps of a payload (the start of it, as the schemas trim it: still hostile markup). */
const fit = (p: string, max: number) => p.slice(0, max).trim();
const keyOf = (i: number) => (i < 0 ? 'plain' : `mx${i}`);
const baseOf = (i: number) => 3000 + (i + 1) * 100;

/** A brand whose every build-only text field holds `p`. */
function brand(i: number, p: string) {
  const key = keyOf(i);
  const base = baseOf(i);
  const t = tenantFixture(key, base);
  const s = t.tenant.settings as Record<string, any>;
  s.general.siteName = fit(p, 120);
  s.headerCtaText = fit(p, 200);
  s.header.alternateCta = { buttonLabel: p, buttonLink: '/markets' };
  s.footer = { text: p, signupText: fit(p, 200), contactUsText: fit(p, 200), nlButton: { mode: 'flyout', label: p } };
  const link = { label: fit(p, 80), href: '/markets' };
  t.menus = {
    header_primary: [link], mega_1: [link], footer: [link],
    affiliated_brands: [{ label: fit(p, 80), href: 'https://partner.example/', external: true }],
  } as typeof t.menus;
  t.persons = [{ id: base + 10, firstName: fit(p, 80), lastName: 'Writer', title: fit(p, 100) }];
  const image = `/images/${key}/ship.svg`;
  const live = { priority: 5, startDate: '2026-01-01', endDate: '2030-12-31' };
  const native = { nativeTitle: fit(p, 200), nativeSummary: p, nativeUrl: 'https://sponsor.example/', nativeImagePath: image, labels: fit(p, 60) };
  const extra = {
    'ad-units': [
      { id: base + 81, key: 'list-native', type: 'content-list-native', position: 2 },
      { id: base + 82, key: 'body-native', type: 'content-body-native', position: 1 },
      { id: base + 83, key: 'sticky-bottom', type: 'sticky-bottom', size: [[728, 90]] },
      { id: base + 84, key: 'reskin', type: 'reskin', size: [[1, 1]] },
    ],
    'house-ads': [
      { id: base + 91, name: 'List native', kind: 'native', ...live, unitKeys: ['list-native'], native },
      { id: base + 92, name: 'Body native', kind: 'native', ...live, unitKeys: ['body-native'], native },
      { id: base + 93, name: 'Skin', kind: 'skin', ...live, skin: { adTitle: p, adClickUrl: 'https://sponsor.example/', background: '#112233', leftImagePath: image, adImagePath: image } },
      { id: base + 94, name: 'Sticky', kind: 'sticky', ...live, sticky: { imagePath: image, clickUrl: 'https://sponsor.example/', alt: p, width: 728, height: 90 } },
    ],
    publications: [{
      id: base + 95, name: p, subscribeUrl: '/membership/choose',
      issues: [{ id: base + 96, name: p, description: p, issueDate: '2026-10-15T12:00:00.000Z', coverImage: image,
        placements: [{ sectionId: base + 97, contentId: t.content[0]!.id }] }],
      sections: [{ id: base + 97, name: p, position: 0 }],
    }],
  };
  return { fixture: t, extra };
}

const PAYLOADS = MXSS_CORPUS.map((p, i) => [i, p] as const);
let store: Store;
let out: string;

beforeAll(async () => {
  const brands = [brand(-1, BENIGN), ...PAYLOADS.map(([i, p]) => brand(i, p))];
  const dir = writeFixtureSet(brands.map((b) => b.fixture));
  for (const b of brands) {
    for (const [file, rows] of Object.entries(b.extra)) {
      writeFileSync(join(dir, 'tenants', b.fixture.tenant.tenantKey, `${file}.json`), JSON.stringify(rows));
    }
  }
  store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, dir);
  // The fixture format has no publication description; the admin sets it.
  for (const [i, p] of [[-1, BENIGN] as const, ...PAYLOADS]) await store.run('UPDATE magazine_publications SET description = ? WHERE id = ?', [p, baseOf(i) + 95]);
  out = mkdtempSync(join(tmpdir(), 'masthead-mxss-build-'));
  await runBuild(store, { outDir: out, originTemplate: 'https://{key}.example.com', clientDir: null, workers: 1, now: BUILD_NOW });
}, 180_000);

afterAll(async () => { await store?.close(); });

interface Site { pages: Map<string, CheerioAPI>; tags: Record<string, number> }

function readSite(key: string): Site {
  const root = realpathSync(join(out, key));
  const pages = new Map<string, CheerioAPI>();
  const tags: Record<string, number> = {};
  for (const rel of listFiles(root).filter((f) => f.endsWith('.html')).sort()) {
    const $ = load(readFileSync(join(root, rel), 'utf8'));
    pages.set(rel, $);
    $('*').each((_, el) => { const name = (el as unknown as { tagName: string }).tagName; tags[name] = (tags[name] ?? 0) + 1; });
  }
  return { pages, tags };
}

/** Texts of the elements matching `selector` on every page (script and style contents aside). */
function texts(site: Site, selector: string): Set<string> {
  const found = new Set<string>();
  for (const $ of site.pages.values()) $(selector).each((_, el) => { found.add($(el).text().trim()); });
  return found;
}

function attrs(site: Site, selector: string, name: string): Set<string> {
  const found = new Set<string>();
  for (const $ of site.pages.values()) $(selector).each((_, el) => { const v = $(el).attr(name); if (v !== undefined) found.add(v); });
  return found;
}

let plain: Site;

describe('build-only fields with the mXSS corpus', () => {
  beforeAll(() => { plain = readSite(keyOf(-1)); });

  it('the plain brand shows every field, so the payload brands are checked where the fields appear', () => {
    expect(plain.pages.size).toBeGreaterThan(20);
    expect(texts(plain, 'header nav a, .mega-menu a')).toContain(BENIGN);
    expect(texts(plain, 'footer a')).toContain(BENIGN);
    expect(texts(plain, '.native-ad-title')).toContain(BENIGN);
    expect(texts(plain, '.native-ad-label')).toContain(BENIGN);
    expect(texts(plain, '.native-ad-summary')).toContain(BENIGN);
    expect(attrs(plain, 'img', 'alt')).toContain(BENIGN);
    expect(attrs(plain, '.ad-skin-side', 'aria-label')).toContain(BENIGN);
    expect(texts(plain, 'h1')).toContain(BENIGN);
    expect(texts(plain, 'h1')).toContain(`${BENIGN} Writer`);
  });

  it.each(PAYLOADS)('payload %i stays text on every page of its brand', (i, p) => {
    const site = readSite(keyOf(i));
    // The same pages with the same elements as the plain brand: nothing the payload opened exists.
    expect(site.pages.size).toBe(plain.pages.size);
    expect(site.tags).toEqual(plain.tags);
    for (const [rel, $] of site.pages) expect(activeAttributes($), rel).toEqual([]);

    const body = [...site.pages.values()].map(($) => { const b = $('body').clone(); b.find('script, style').remove(); return b.text(); }).join('\n');
    for (const value of [p, fit(p, 60), fit(p, 80), fit(p, 120), fit(p, 200)]) expect(body).toContain(value);
    expect(texts(site, 'header nav a, .mega-menu a')).toContain(fit(p, 80));
    expect(texts(site, 'footer a')).toContain(fit(p, 80));
    expect(texts(site, '.native-ad-title')).toContain(fit(p, 200));
    expect(texts(site, '.native-ad-label')).toContain(fit(p, 60));
    expect(texts(site, '.native-ad-summary')).toContain(p);
    expect(attrs(site, 'img', 'alt')).toContain(p);
    expect(attrs(site, '.ad-skin-side', 'aria-label')).toContain(p);
    expect(texts(site, 'h1')).toContain(p);
    expect(texts(site, 'h1')).toContain(`${fit(p, 80)} Writer`);
    expect(attrs(site, 'meta[property="og:site_name"]', 'content')).toContain(fit(p, 120));
  });
});
