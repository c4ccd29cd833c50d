// Ads in Debian's Chromium (issue 19), on the `masthead serve` wiring, with a local stand-in for
// Google Publisher Tag: the tenant's GPT script URL is a site path the test answers with a file
// that records every call. Nothing asks for an ad before consent; after "Accept all" the page
// defines one slot per unit it shows, with the right path, sizes, mapping and targeting; a slot
// scrolled out of view is not refreshed while one in view is; the sticky bar appears after the
// first scroll and stays closed after X. A brand without an ad server (plantpulse) shows its house
// ads from the demo's admin-managed creatives: a native in a list and in a body, the skin and the
// welcome ad, which closes after its length; a native seen for a second is recorded as an event.
// An ad-server brand's native slots that GPT answers empty show their house fallback in the space
// they held (no layout shift), and a creative frame's native items (public §7) replace it, with the
// slot flags loaded/rendered/visible set.
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
import { noRebuilds } from '../helpers/no-rebuilds';

const TENANT = 'freightwise';
const HOUSE = 'plantpulse';
/** A desktop Chrome user agent: the event API drops HeadlessChrome as a bot. */
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const GPT_PATH = '/__e2e/gpt-stand-in.js';
/** A creative the ad server would serve in its own frame: it posts native items to the page (and a malformed message first). */
const CREATIVE_PATH = '/__e2e/native-creative.html';
const CREATIVE = '<!doctype html><script>parent.postMessage("not json", "*");'
  + 'parent.postMessage(JSON.stringify({type:"native",items:[{title:"Frame native",url:"https://ad.example/n",summary:"From the ad server"}]}), "*");</script>';
/** Stands in for gpt.js: runs the command queue and records what the page asks of it. */
/**
 * Stands in for gpt.js: runs the command queue and records what the page asks of it. How it answers
 * a displayed slot is set by window.__gptAnswer: unset, it never renders; 'empty', every slot is
 * answered empty; 'native-frame', the list native slot gets a creative frame that posts native
 * items to the page (public §7) and the other slots are answered empty.
 */
const GPT_STAND_IN = `(function(){
  var log = window.__gpt = { loads: ((window.__gpt && window.__gpt.loads) || 0) + 1, slots: [], targeting: {}, calls: [], displayed: [], refreshed: [], lazy: null, noCollapse: [] };
  var listeners = {};
  var fire = function(type, e) { (listeners[type] || []).forEach(function(f) { f(e); }); };
  var pubads = {
    setTargeting: function(k, v) { log.targeting[k] = v; return pubads; },
    enableSingleRequest: function() { log.calls.push('enableSingleRequest'); },
    collapseEmptyDivs: function() { log.calls.push('collapseEmptyDivs'); },
    enableLazyLoad: function(o) { log.calls.push('enableLazyLoad'); log.lazy = o; },
    refresh: function(slots) { slots.forEach(function(s) { log.refreshed.push(s.id); }); },
    addEventListener: function(type, f) { (listeners[type] = listeners[type] || []).push(f); }
  };
  var gt = window.googletag, queue = gt.cmd;
  gt.defineSlot = function(path, sizes, id) { var s = { path: path, sizes: sizes, id: id, mapping: null, services: 0 };
    s.addService = function() { s.services++; return s; }; s.defineSizeMapping = function(m) { s.mapping = m; return s; };
    s.setCollapseEmptyDiv = function(c) { if (!c) log.noCollapse.push(id); return s; }; s.getSlotElementId = function() { return id; };
    log.slots.push(s); return s; };
  gt.sizeMapping = function() { var m = []; var b = { addSize: function(v, sz) { m.push([v, sz]); return b; }, build: function() { return m; } }; return b; };
  gt.pubads = function() { return pubads; };
  gt.enableServices = function() { log.calls.push('enableServices'); };
  gt.display = function(id) {
    log.displayed.push(id);
    var answer = window.__gptAnswer, slot = log.slots.filter(function(s) { return s.id === id; })[0];
    if (!answer || !slot) return;
    if (answer === 'native-frame' && /list-native/.test(id)) {
      var f = document.createElement('iframe');
      f.setAttribute('sandbox', 'allow-scripts');
      f.src = '${CREATIVE_PATH}';
      f.onload = function() { fire('slotOnload', { slot: slot }); };
      document.getElementById(id).appendChild(f);
      fire('slotRenderEnded', { slot: slot, isEmpty: false });
      setTimeout(function() { fire('impressionViewable', { slot: slot }); }, 50);
    } else fire('slotRenderEnded', { slot: slot, isEmpty: true });
  };
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
  noCollapse: string[];
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
  // The house-ad brand serves only its own creatives here (the demo gives Plant Pulse Google ad tags).
  const h = (await getTenant(store.db, HOUSE))!;
  await writeTenantSettings(store.db, HOUSE, { ...h.settings, ads: undefined });
  const port = await freePort();
  const outDir = join(dir, 'out');
  const originTemplate = `http://{key}.localhost:${port}`;
  await runBuild(store, { outDir, originTemplate, workers: 1, tenants: [TENANT, HOUSE] });
  article = findArticle(join(outDir, TENANT));
  houseArticle = findArticle(join(outDir, HOUSE), '<aside class="native-ad"');
  app = await createMastheadServer({
    outDir, store, adminDir: null, mode: 'development', originTemplate,
    rebuilder: noRebuilds(),
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

async function session(userAgent?: string, gptAnswer?: 'empty' | 'native-frame'): Promise<{ context: BrowserContext; page: Page; gptRequests: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', ...(userAgent ? { userAgent } : {}) });
  if (gptAnswer) await context.addInitScript((a) => { (window as unknown as { __gptAnswer: string }).__gptAnswer = a; }, gptAnswer);
  const gptRequests: string[] = [];
  await context.route((url) => url.hostname !== new URL(base).hostname && url.hostname !== new URL(houseBase).hostname, (route) => route.fulfill({ status: 204, body: '' }));
  await context.route(`${base}${GPT_PATH}`, (route) => {
    gptRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: GPT_STAND_IN });
  });
  await context.route(`${base}${CREATIVE_PATH}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: CREATIVE }));
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

describe('house ads as the fallback of an ad-server brand', () => {
  /** Each slot's box and whether its house fallback is visible. */
  // The sticky bar's slot is left out: the bar shows only after a scroll (tested above).
  const boxes = (page: Page) => page.locator('.ad-slot:has(.ad-fallback)').evaluateAll((els) => els.filter((e) => !e.closest('[data-ad-sticky]')).map((e) => {
    const r = e.getBoundingClientRect();
    const f = e.querySelector('.ad-fallback')!;
    return { id: e.id, top: r.top + window.scrollY, height: r.height, shown: getComputedStyle(f).visibility === 'visible' && f.getBoundingClientRect().height > 0 };
  }));

  it.each([['article', 'ad-body-native'], ['home page', 'ad-list-native']])('shows the house native in the %s\'s native slot GPT answers empty, in the space the slot held (no layout shift)', async (where, id) => {
    const { context, page } = await session(undefined, 'empty');
    await page.goto(`${base}${where === 'article' ? article : '/'}`);
    await page.waitForLoadState('networkidle');
    // Before consent no ad is asked for: the fallbacks show.
    const before = await boxes(page);
    expect(before.map((b) => b.id)).toContain(id);
    expect(before.every((b) => b.shown)).toBe(true);
    await accept(page);
    await page.waitForFunction((i) => document.getElementById(i)?.getAttribute('data-ad-rendered') === 'empty', id);
    expect((await gptLog(page))!.noCollapse).toContain(id);
    expect(await boxes(page)).toEqual(before);
    expect(await page.locator(`#${id} .native-ad-label`).textContent()).toBe('Sponsored');
    // Nothing in the page's flow moved (shifts within 500 ms of the reader's click do not count; the
    // floating Back To Top button, fixed to the viewport, settles once the consent banner is gone).
    await page.waitForTimeout(600);
    const shifts = await page.evaluate(() => new Promise<string[]>((resolve) => {
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
      const fixed = (n?: Node | null) => {
        for (let e = n instanceof Element ? n : n?.parentElement ?? null; e; e = e.parentElement) if (getComputedStyle(e).position === 'fixed') return true;
        return false;
      };
      const describe = (n?: Node | null) => (n instanceof Element ? `${n.tagName.toLowerCase()}.${n.getAttribute('class') ?? ''}#${n.id}` : String(n?.nodeName));
      new PerformanceObserver((l) => resolve((l.getEntries() as Shift[]).filter((e) => !e.hadRecentInput && !e.sources.every((x) => fixed(x.node)))
        .map((e) => `${e.value}: ${e.sources.map((x) => describe(x.node)).join(', ')}`))).observe({ type: 'layout-shift', buffered: true });
      setTimeout(() => resolve([]), 500);
    }));
    expect(shifts).toEqual([]);
    await screenshot(page, `ads-fallback-${id}`);
    await context.close();
  }, 60_000);

  it('a creative frame in the list native slot posts native items: the page shows them, drops the fallback and sets the slot flags; malformed messages do nothing', async () => {
    const { context, page } = await session(undefined, 'native-frame');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/`);
    await accept(page);
    const slot = page.locator('#ad-list-native');
    await slot.locator('.ad-frame-native .native-ad-title').waitFor();
    expect(await slot.locator('.native-ad-title').allTextContents()).toEqual(['Frame native']);
    expect(await slot.locator('.ad-fallback').count()).toBe(0);
    expect(await slot.getAttribute('data-ad-native')).toBe('complete');
    expect(await slot.getAttribute('data-ad-rendered')).toBe('filled');
    await page.waitForFunction(() => document.getElementById('ad-list-native')!.hasAttribute('data-ad-loaded') && document.getElementById('ad-list-native')!.hasAttribute('data-ad-visible'));
    expect(await page.locator('[id^="ad-home-leaderboard"]').first().getAttribute('data-ad-rendered')).toBe('empty');
    expect(errors).toEqual([]);
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
    // The installed clock runs in real time until paused: pause it now, so the checks and the
    // screenshot above (seconds on a loaded machine) do not eat into the ad's 15 s length.
    // The page's time moves on while the instant travels to it: on a loaded machine it can be
    // passed on arrival ("Cannot fast-forward to the past"); then take a fresh one.
    for (let attempt = 1; ; attempt += 1) {
      const at = await page.evaluate(() => Date.now() + 500);
      const paused = await page.clock.pauseAt(at).then(() => true, (e: Error) => {
        if (attempt >= 5 || !e.message.includes('past')) throw e;
        return false;
      });
      if (paused) break;
    }
    await screenshot(page, 'ads-house-home');
    // Open for at most a few seconds before the pause: still showing 11 s later, gone 5 s after that.
    await page.clock.runFor(11_000);
    expect(await welcome.isVisible()).toBe(true);
    await page.clock.runFor(5_000);
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
