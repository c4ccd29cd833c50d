// Ads in Debian's Chromium (issue 19), on the `masthead serve` wiring, with a local stand-in for
// Google Publisher Tag: the tenant's GPT script URL is a site path the test answers with a file
// that records every call. Nothing asks for an ad before consent; after "Accept all" the page
// defines one slot per unit it shows, with the right path, sizes, mapping and targeting; a slot
// scrolled out of view is not refreshed while one in view is; the sticky bar appears after the
// first scroll and stays closed after X.
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
function findArticle(dir: string): string {
  const walk = (d: string): string | null => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        const found = walk(p);
        if (found) return found;
      } else if (name === 'index.html' && readFileSync(p, 'utf8').includes('id="ad-body-native"')) return p;
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
  await runBuild(store, { outDir, originTemplate, workers: 1, tenants: [TENANT] });
  article = findArticle(join(outDir, TENANT));
  app = await createMastheadServer({
    outDir, store, adminDir: null, mode: 'development', originTemplate,
    rebuilder: { request: async () => undefined, start: async () => undefined, idle: async () => undefined, close: async () => undefined },
  });
  await app.listen({ port, host: '127.0.0.1' });
  base = `http://${TENANT}.localhost:${port}`;
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await store?.close();
}, 60_000);

async function session(): Promise<{ context: BrowserContext; page: Page; gptRequests: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const gptRequests: string[] = [];
  await context.route((url) => url.hostname !== new URL(base).hostname, (route) => route.fulfill({ status: 204, body: '' }));
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
