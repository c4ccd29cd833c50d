// Ads in Debian's Chromium (issue 19), on the `masthead serve` wiring, with a local stand-in for
// Google Publisher Tag: the tenant's GPT script URL is a site path the test answers with a file
// that records every call. Nothing asks for an ad before consent; after "Accept all" the page
// defines one slot per unit it shows, with the right path, sizes, mapping and targeting; a slot
// scrolled out of view is not refreshed while one in view is; the sticky bar appears after the
// first scroll and stays closed after X. A brand without an ad server (plantpulse) shows its house
// ads from the demo's admin-managed creatives: a native in a list and in a body, the skin and the
// welcome ad, which closes after its length; a native seen for a second is recorded as an event.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { launchBrowser, screenshot } from './helpers/browser';
import { ensureSiteClientBuilt } from './helpers/build-site-client';
import { ROOT } from './helpers/build-admin';
import { openStore, type Store } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { getTenant, writeTenantSettings } from '../../engine/store/queries/tenants';
import { runBuild } from '../../engine/build/index';
import { createMastheadServer } from '../../cli/serve/app';

const TENANT = 'freightwise';
const HOUSE = 'plantpulse';
/** A desktop Chrome user agent: the event API drops HeadlessChrome as a bot. */
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const GPT_PATH = '/__e2e/gpt-stand-in.js';
/** Stands in for gpt.js: runs the command queue and records what the page asks of it. */
const GPT_STAND_IN = `(function(){
  var log = window.__gpt = { loads: ((window.__gpt && window.__gpt.loads) || 0) + 1, slots: [], targeting: {}, calls: [], displayed: [], refreshed: [], lazy: null };
  var pubads = {
    setTargeting: function(k, v) { log.targeting[k] = v; return pubads; },
    enableSingleRequest: function() { log.calls.push('enableSingleRequest'); },
    collapseEmptyDivs: function() { log.calls.push('collapseEmptyDivs'); },
    enableLazyLoad: function(o) { log.calls.push('enableLazyLoad'); log.lazy = o; },
    refresh: function(slots) { slots.forEach(function(s) { log.refreshed.push(s.id); }); }
  };
  var gt = window.googletag, queue = gt.cmd;
  gt.defineSlot = function(path, sizes, id) { var s = { path: path, sizes: sizes, id: id, mapping: null, services: 0 };
    s.addService = function() { s.services++; return s; }; s.defineSizeMapping = function(m) { s.mapping = m; return s; };
    log.slots.push(s); return s; };
  gt.sizeMapping = function() { var m = []; var b = { addSize: function(v, sz) { m.push([v, sz]); return b; }, build: function() { return m; } }; return b; };
  gt.pubads = function() { return pubads; };
  gt.enableServices = function() { log.calls.push('enableServices'); };
  gt.display = function(id) { log.displayed.push(id); };
  gt.cmd = { push: function(f) { f(); } };
  queue.forEach(function(f) { f(); });
})();`;

interface GptLog {
  loads: number;
  slots: { path: string; sizes: unknown; id: string; mapping: unknown; services: number }[];
  targeting: Record<string, string>;
  calls: string[];
  displayed: string[];
  refreshed: string[];
  lazy: unknown;
}

let store: Store;
let app: FastifyInstance;
let browser: Browser;
let base = '';
let article = '';
let houseArticle = '';
let houseBase = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** The first built article whose body holds the body-native slot. */
function findArticle(dir: string, marker = 'id="ad-body-native"'): string {
  const walk = (d: string): string | null => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        const found = walk(p);
        if (found) return found;
      } else if (name === 'index.html' && readFileSync(p, 'utf8').includes(marker)) return p;
    }
    return null;
  };
  const file = walk(dir);
  if (!file) throw new Error('no article with a body ad');
  return file.slice(dir.length).replace(/index\.html$/, '').replace(/\/$/, '') || '/';
}

beforeAll(async () => {
  await ensureSiteClientBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'masthead-e2e-ads-'));
  store = await openStore({ path: join(dir, 'db.sqlite') });
  await seedFixtures(store, join(ROOT, 'fixtures', 'demo'));
  const t = (await getTenant(store.db, TENANT))!;
  await writeTenantSettings(store.db, TENANT, { ...t.settings, ads: { gpt: { scriptUrl: GPT_PATH } } });
  const port = await freePort();
  const outDir = join(dir, 'out');
  const originTemplate = `http://{key}.localhost:${port}`;
  await runBuild(store, { outDir, originTemplate, workers: 1, tenants: [TENANT, HOUSE] });
  article = findArticle(join(outDir, TENANT));
  houseArticle = findArticle(join(outDir, HOUSE), '<aside class="native-ad"');
  app = await createMastheadServer({
    outDir, store, adminDir: null, mode: 'development', originTemplate,
    rebuilder: { request: async () => undefined, start: async () => undefined, idle: async () => undefined, close: async () => undefined },
  });
  await app.listen({ port, host: '127.0.0.1' });
  base = `http://${TENANT}.localhost:${port}`;
  houseBase = `http://${HOUSE}.localhost:${port}`;
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await store?.close();
}, 60_000);

async function session(userAgent?: string): Promise<{ context: BrowserContext; page: Page; gptRequests: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', ...(userAgent ? { userAgent } : {}) });
  const gptRequests: string[] = [];
  await context.route((url) => url.hostname !== new URL(base).hostname && url.hostname !== new URL(houseBase).hostname, (route) => route.fulfill({ status: 204, body: '' }));
  await context.route(`${base}${GPT_PATH}`, (route) => {
    gptRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: GPT_STAND_IN });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page, gptRequests };
}

const gptLog = (page: Page) => page.evaluate(() => (window as unknown as { __gpt?: GptLog }).__gpt ?? null);
const accept = (page: Page) => page.getByRole('dialog', { name: 'Your privacy choices' }).getByRole('button', { name: 'Accept all' }).click();

describe('Google Publisher Tag slots', () => {
  it('asks for no ad before consent; after consent defines one slot per unit on the page with its path, sizes and targeting', async () => {
    const { context, page, gptRequests } = await session();
    await page.goto(`${base}${article}`);
    await page.waitForLoadState('networkidle');
    expect(gptRequests).toEqual([]);
    expect(await page.evaluate(() => 'googletag' in window)).toBe(false);
    // The header leaderboard reserves its tallest mapped height at this width before any ad.
    expect((await page.locator('#ad-header-leaderboard').boundingBox())?.height).toBe(90);

    await accept(page);
    await page.waitForFunction(() => ((window as unknown as { __gpt?: GptLog }).__gpt?.displayed.length ?? 0) > 0);
    const log = (await gptLog(page))!;
    expect(gptRequests).toHaveLength(1);
    expect(log.loads).toBe(1);
    const onPage = await page.locator('.ad-slot').evaluateAll((els) => els.map((e) => e.id));
    expect(log.slots.map((s) => s.id).sort()).toEqual([...onPage].sort());
    expect(new Set(onPage).size).toBe(onPage.length);
    expect(log.displayed.sort()).toEqual([...onPage].sort());
    const contentId = await page.locator('body').getAttribute('data-page-content');
    const section = log.targeting.section!;
    expect(log.targeting).toEqual({ section, contentId, contentType: expect.any(String), pageType: 'content', tenant: TENANT });
    const header = log.slots.find((s) => s.id === 'ad-header-leaderboard')!;
    expect(header).toMatchObject({ path: `/21690000/${TENANT}/${section}/header-leaderboard`, sizes: [[728, 90], [970, 90]], services: 1 });
    expect(header.mapping).toEqual([[[1024, 0], [[728, 90], [970, 90]]], [[768, 0], [[728, 90]]], [[0, 0], [[320, 50]]]]);
    expect(log.slots.find((s) => s.id === 'ad-sticky-bottom')?.path).toBe(`/21690000/${TENANT}/sticky-bottom`);
    expect(log.slots.find((s) => s.id === 'ad-body-native')?.sizes).toBe('fluid');
    expect(log.calls).toEqual(['enableSingleRequest', 'enableLazyLoad', 'collapseEmptyDivs', 'enableServices']);
    expect(log.lazy).toEqual({ fetchMarginPercent: 100, renderMarginPercent: 50, mobileScaling: 2 });
    await screenshot(page, 'ads-article');
    await context.close();
  }, 60_000);

  it('refreshes a slot in view every refreshRate seconds but not one scrolled out of view; the sticky bar shows after a scroll and stays closed after X', async () => {
    const { context, page } = await session();
    await page.clock.install();
    await page.goto(`${base}${article}`);
    await accept(page);
    await page.waitForFunction(() => ((window as unknown as { __gpt?: GptLog }).__gpt?.displayed.length ?? 0) > 0);
    const sticky = page.locator('[data-ad-sticky]');
    expect(await sticky.isVisible()).toBe(false);

    // The leaderboard (refresh 60 s) leaves the view; the sticky slot (refresh 30 s) is in view.
    await page.mouse.wheel(0, 1200);
    await sticky.waitFor({ state: 'visible' });
    await page.waitForFunction(() => window.scrollY > 600);
    await page.waitForTimeout(200);
    await page.clock.runFor(61_000);
    const refreshed = (await gptLog(page))!.refreshed;
    expect(refreshed).toContain('ad-sticky-bottom');
    expect(refreshed).not.toContain('ad-header-leaderboard');

    await sticky.getByRole('button', { name: 'Close ad' }).click();
    expect(await sticky.isVisible()).toBe(false);
    await page.reload();
    await page.mouse.wheel(0, 800);
    await page.waitForFunction(() => window.scrollY > 300);
    await page.waitForTimeout(300);
    expect(await page.locator('[data-ad-sticky]').isVisible()).toBe(false);
    await context.close();
  }, 60_000);
});

describe('house ads from the admin-managed creatives', () => {
  it('shows a native in a list, the skin and the welcome ad, which closes after its length', async () => {
    const { context, page, gptRequests } = await session();
    await page.clock.install();
    await page.goto(`${houseBase}/`);
    const welcome = page.getByRole('dialog', { name: 'Advertisement' });
    await welcome.waitFor({ state: 'visible' });
    expect(await page.locator('li.native-ad .native-ad-label').first().textContent()).toBe('Sponsored');
    expect(await page.locator('li.native-ad a').first().getAttribute('rel')).toBe('sponsored noopener');
    expect(await page.locator('.ad-skin [data-house-ad]').count() + await page.locator('.ad-skin[data-house-ad]').count()).toBeGreaterThan(0);
    expect(await page.locator('.ad-slot').evaluateAll((els) => els.filter((e) => e.closest('[data-ad-sticky]') === null && e.children.length === 0).length)).toBe(0);
    await screenshot(page, 'ads-house-home');
    await page.clock.runFor(14_000);
    expect(await welcome.isVisible()).toBe(true);
    await page.clock.runFor(1_500);
    await welcome.waitFor({ state: 'hidden' });
    expect(gptRequests).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows a native in an article body and records its viewable impression once it was half in view for a second', async () => {
    const { context, page } = await session(DESKTOP_UA);
    await page.goto(`${houseBase}${houseArticle}`);
    await page.getByRole('dialog', { name: 'Advertisement' }).getByRole('button', { name: 'Close ad' }).click();
    const native = page.locator('.content-body aside.native-ad');
    expect(await native.locator('.native-ad-label').textContent()).toBe('Sponsored');
    const id = Number(await native.getAttribute('data-house-ad'));
    const seen = async () => (await store.all<{ data: string }>("select data from events where tenant_key = ? and type = 'ViewHouseAd'", [HOUSE]))
      .map((r) => JSON.parse(r.data) as { adId: number; unitKey?: string }).filter((d) => d.adId === id && d.unitKey === 'body-native');
    expect(await seen()).toEqual([]);
    await native.scrollIntoViewIfNeeded();
    for (let i = 0; i < 40 && (await seen()).length === 0; i++) await page.waitForTimeout(250);
    expect(await seen()).toHaveLength(1);
    await context.close();
  }, 60_000);
});
