// The demo tenants (fixtures/demo) built and checked like the small set: every page valid and
// accessible in the basics, every internal link resolving, every tenant published. The page types
// are found by walking the output (tests/helpers/page-types.ts), so a type the build stops writing,
// or a new one, shows here; newsletter web views are validated as the email documents they are.
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { runBuild, type BuildSummary } from '../../engine/build/index';
import { tempDbPath } from '../helpers/fixture-set';
import { pagesByType } from '../helpers/page-types';
import { brokenLinks, emailPageProblems, pageProblems } from './build-quality';
import { BUILD_NOW } from './build-site-fixture';

const DEMO = fileURLToPath(new URL('../../fixtures/demo', import.meta.url));
let store: Store;
let out: string;
let summary: BuildSummary;

beforeAll(async () => {
  store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, DEMO);
  out = mkdtempSync(join(tmpdir(), 'masthead-demo-'));
  summary = await runBuild(store, { outDir: out, now: BUILD_NOW, originTemplate: 'http://{key}.localhost:4000', workers: 2 });
}, 180_000);

afterAll(async () => {
  await store?.close();
});

describe('demo site build', () => {
  it('builds every demo tenant', () => {
    expect(summary.tenants.map((t) => t.key)).toEqual(['freightwise', 'plantpulse', 'shelfline']);
    for (const t of summary.tenants) expect(t.pages, t.key).toBeGreaterThan(100);
  });

  for (const key of ['freightwise', 'plantpulse', 'shelfline']) {
    it(`${key}: every page is valid with the accessibility basics, and no internal link is broken`, async () => {
      const site = realpathSync(join(out, key));
      expect(await pageProblems(site)).toEqual([]);
      expect(brokenLinks(site)).toEqual([]);
    }, 180_000);
  }
});

/** Every page type a demo brand's site has (content pages by content type). */
const PAGE_TYPES = [
  'home', 'section', 'author', 'search', 'login', 'account', 'membership-choose', 'membership-signup', 'not-found',
  'publication', 'issue', 'print', 'newsletter', 'latest-newsletter', 'moved',
  ...['Article', 'News', 'Blog', 'Company', 'Event', 'Webinar', 'Page', 'Podcast', 'PressRelease', 'Video', 'Whitepaper'].map((t) => `content:${t}`),
].sort();
/** The layout modules' pages (docs/modules.md): FreightWise's leaders directory, Plant Pulse's parts directory. */
const MODULE_TYPES: Record<string, string[]> = { freightwise: ['leaders', 'leaders-category'], plantpulse: ['part', 'part-datasheet', 'parts'], shelfline: [] };

describe('demo page types', () => {
  for (const key of ['freightwise', 'plantpulse', 'shelfline']) {
    it(`${key}: writes every page type, each of them checked (newsletter web views as valid email HTML)`, async () => {
      const site = realpathSync(join(out, key));
      const types = pagesByType(site);
      expect([...types.keys()].sort()).toEqual([...PAGE_TYPES, ...MODULE_TYPES[key]!].sort());
      const webViews = [...types.get('newsletter')!, ...types.get('latest-newsletter')!];
      expect(await emailPageProblems(site, webViews)).toEqual([]);
    }, 60_000);
  }
});
