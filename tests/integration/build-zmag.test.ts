// Digital editions (issue 21): a content item with a zmagId gets, in its prerendered page, the
// zmag embed island as an inert click-to-load facade (no frame, the viewer URL only in the
// island's props) and its body withheld like any membership-gated item (public §4: a zmag item
// is gated by the free memberships); an item without a zmagId has no embed. Both pages stay
// html-validate clean.
import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../engine/build/index';
import type { Store } from '../../engine/store/connection';
import { ALPHA, BUILD_NOW, id, seedBuildSite } from './build-site-fixture';
import { pageProblems } from './build-quality';

const [ZMAG, PLAIN] = [id(ALPHA, 1), id(ALPHA, 2)];
const VIEWER = 'https://secure.viewer.zmags.com/publication/ab12cd34';

let store: Store;
let site: string;
const fileOf = async (cid: number) => {
  const [row] = await store.all<{ slug: string; alias: string }>('SELECT c.slug, s.alias FROM content c JOIN website_sections s ON s.id = c.primary_section_id WHERE c.id = ?', [cid]);
  return `${row!.alias}/${cid}/${row!.slug}/index.html`;
};
const page = async (cid: number) => cheerio.load(readFileSync(join(site, await fileOf(cid)), 'utf8'));

beforeAll(async () => {
  ({ store } = await seedBuildSite());
  await store.run("UPDATE content SET zmag_id = 'ab12cd34', body = '<p>ZMAG ISSUE BODY</p>' WHERE id = ?", [ZMAG]);
  const out = mkdtempSync(join(tmpdir(), 'masthead-zmag-'));
  await runBuild(store, { outDir: out, originTemplate: 'https://{key}.example.com', clientDir: null, workers: 1, tenants: ['alpha'], now: BUILD_NOW });
  site = realpathSync(join(out, 'alpha'));
}, 120_000);

afterAll(async () => { await store?.close(); });

describe('zmag embed in the prerendered content page', () => {
  it('renders the embed island as a click-to-load facade, without a frame, on an item with a zmagId', async () => {
    const $ = await page(ZMAG);
    const island = $('[data-island="zmag-embed"]');
    expect(island).toHaveLength(1);
    expect(JSON.parse(island.attr('data-props')!)).toEqual({ contentId: ZMAG, viewerUrl: VIEWER });
    expect(island.find('button').text()).toBe('Open the digital edition');
    expect($('iframe')).toHaveLength(0);
  });

  it('gates a zmag item by membership: the body stays out of the static page and the gate island is there', async () => {
    const html = readFileSync(join(site, await fileOf(ZMAG)), 'utf8');
    expect(html).not.toContain('ZMAG ISSUE BODY');
    expect(cheerio.load(html)('[data-island="gate"]')).toHaveLength(1);
  });

  it('has no embed on an item without a zmagId', async () => {
    const $ = await page(PLAIN);
    expect($('[data-island="zmag-embed"]')).toHaveLength(0);
    expect($('.zmag-embed-block')).toHaveLength(0);
  });

  it('keeps both pages html-validate clean', async () => {
    expect(await pageProblems(site, [await fileOf(ZMAG), await fileOf(PLAIN)])).toEqual([]);
  });
});
