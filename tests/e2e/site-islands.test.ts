// The public site's islands in Debian's Chromium: the client bundle loads as hashed, immutable
// module files; the mega menu opens from the hamburger, keeps the focus inside and closes with
// Escape (focus back on the hamburger); the bottom navbar hides once scrolled and Back To Top
// brings the reader back; with JavaScript disabled home, section and article pages are readable
// and their links work (the mega menu still opens through its fragment link); axe-core finds no
// serious or critical violation on home, section, article and /search; an anonymous reader's page
// loads make no request that fails and log no error (what Lighthouse's best practices count).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, injectAxe, screenshot } from './helpers/browser';
import { ensureSiteClientBuilt } from './helpers/build-site-client';
import { startTarget, type Target } from './helpers/target';

const TENANT = 'freightwise';

let target: Target;
let browser: Browser;
const pages: Page[] = [];
/** Paths found by reading the home page: a section (bottom navbar) and an article on it. */
let sectionPath = '';
let articlePath = '';

const url = (path: string) => target.publicUrl(TENANT, path);

async function fresh(options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {}): Promise<Page> {
  if (options.javaScriptEnabled === false) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: options.viewport ?? { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    pages.push(page);
    return page;
  }
  const page = await newPage(browser, options.viewport);
  pages.push(page);
  return page;
}

/** Opens a page and waits until every island root on it has hydrated (or failed). */
async function hydrated(page: Page, path: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Script errors only: a 401 from an island asking for a session is a network log line, not an error.
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text()); });
  await page.goto(url(path));
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('[data-island="mega-menu"], [data-island="mega-menu-toggle"], [data-island="bottom-nav"], [data-island="back-to-top"]')]
    .every((el) => el.dataset.hydrated === 'true'));
  return errors;
}

beforeAll(async () => {
  await ensureSiteClientBuilt();
  target = await startTarget();
  browser = await launchBrowser();
  const page = await fresh();
  await page.goto(url('/'));
  sectionPath = new URL(await page.locator('.bottom-nav a').first().getAttribute('href') ?? '/', 'http://x').pathname;
  await page.goto(url(sectionPath));
  const href = await page.locator('main .item-title a[href^="/"]').first().getAttribute('href');
  articlePath = href ?? '';
}, 240_000);

afterAll(async () => {
  for (const p of pages) await p.context().close().catch(() => undefined);
  await browser?.close();
  await target?.stop();
}, 60_000);

describe('client bundle', () => {
  it('loads the entry as a hashed module, served immutable, and sends the tenant key to the API', async () => {
    const page = await fresh();
    const scripts: { url: string; status: number; cache: string | undefined; type: string | undefined }[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push({ url: r.url(), status: r.status(), cache: r.headers()['cache-control'], type: r.headers()['content-type'] });
    });
    const api: (string | undefined)[] = [];
    // Operations are POSTed (the GET of a .gql operation document is tenant-free).
    page.on('request', (r) => { if (r.method() === 'POST' && new URL(r.url()).pathname === '/graphql') api.push(r.headers()['x-tenant-key']); });
    const errors = await hydrated(page, '/');
    expect(errors).toEqual([]);
    expect(await page.locator('html').getAttribute('data-tenant')).toBe(TENANT);
    // Islands asking the API (session, account) name the tenant from <html data-tenant>.
    await expect.poll(() => api.length).toBeGreaterThan(0);
    expect(new Set(api)).toEqual(new Set([TENANT]));
    expect(scripts.length).toBeGreaterThan(1);
    for (const s of scripts) {
      expect(new URL(s.url).pathname, s.url).toMatch(/^\/assets\/site-[\w.-]+-[\w-]{8}\.js$/);
      expect(s.status, s.url).toBe(200);
      expect(s.cache, s.url).toBe('public, max-age=31536000, immutable');
      expect(s.type, s.url).toMatch(/javascript/);
    }
  });
});

describe('mega menu', () => {
  it('opens from the hamburger as a dialog, keeps the focus inside, and Escape closes it with the focus back on the hamburger', async () => {
    const page = await fresh();
    expect(await hydrated(page, articlePath)).toEqual([]);
    const hamburger = page.getByRole('link', { name: 'Open the menu' });
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await hamburger.click();
    await dialog.waitFor({ state: 'visible' });
    // The panel shows on the first commit; aria-expanded, the focus and the Tab trap follow in its effect (a frame later under preact).
    await expect.poll(() => hamburger.getAttribute('aria-expanded'), { timeout: 2000 }).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder')), { timeout: 2000 }).toBe('Start your search here...');
    expect(new URL(page.url()).hash).toBe('');
    await screenshot(page, 'site-mega-menu-open');
    const focusables = await dialog.locator('a[href], input, button').count();
    for (let i = 0; i < focusables + 3; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')), `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')), `Shift+Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The focus returns in the effect cleanup that follows the commit hiding the panel (a frame later under preact).
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), { timeout: 2000 }).toBe('Open the menu');
    await expect.poll(() => hamburger.getAttribute('aria-expanded'), { timeout: 2000 }).toBe('false');
  });

  it('closes with the close icon, and its search goes to /search with the filters JSON', async () => {
    const page = await fresh();
    await hydrated(page, '/');
    await page.getByRole('link', { name: 'Open the menu' }).click();
    await page.getByRole('link', { name: 'Close the menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Open the menu' }).click();
    await page.getByPlaceholder('Start your search here...').fill('port congestion');
    await page.getByPlaceholder('Start your search here...').press('Enter');
    // The menu sends the spec's ?filters= JSON; the search page shows it in readable parameters.
    await page.waitForURL((u) => u.pathname === '/search' && u.search === '?text=port+congestion');
    await page.getByLabel('Search for').waitFor();
    expect(await page.getByLabel('Search for').inputValue()).toBe('port congestion');
  });
});

describe('bottom navbar and Back To Top', () => {
  it('hides the navbar away from the top, shows Back To Top, and brings the reader back up', async () => {
    const page = await fresh();
    await hydrated(page, sectionPath);
    const nav = page.getByRole('navigation', { name: 'Primary' });
    expect(await nav.isVisible()).toBe(true);
    await page.mouse.wheel(0, 1600);
    await expect.poll(() => nav.isVisible(), { timeout: 3000 }).toBe(false);
    const back = page.getByRole('link', { name: 'Back To Top' });
    await expect.poll(() => back.isVisible(), { timeout: 3000 }).toBe(true);
    await screenshot(page, 'site-back-to-top');
    await back.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
    await expect.poll(() => nav.isVisible(), { timeout: 3000 }).toBe(true);
  });
});

describe('build poll', () => {
  it('polls latest.json?<timestamp> 1 s after load and then hourly; after a new build id, history navigation reloads the page', async () => {
    const page = await fresh();
    await page.clock.install();
    const polls: string[] = [];
    let served = 0;
    await page.route(/\/builds\/latest\.json/, async (route) => {
      polls.push(new URL(route.request().url()).search);
      served += 1;
      // From the second poll on, a newer build is published.
      await route.fulfill({ json: { id: served === 1 ? 'build-a' : 'build-b', timestamp: 1 }, headers: { 'cache-control': 'no-store' } });
    });
    await hydrated(page, sectionPath);
    await page.clock.runFor(1_000);
    await expect.poll(() => polls.length).toBe(1);
    expect(polls[0]).toMatch(/^\?\d{13}$/);
    // The next poll is timed from when the page has read this answer: wait for that first.
    await page.locator('html[data-build="build-a"]').waitFor({ state: 'attached' });
    await page.evaluate(() => { (window as unknown as { marker: number }).marker = 1; history.pushState(null, '', '?inpage=1'); });
    // The installed clock also runs in real time between these calls: keep clear of the hour on both sides.
    await page.clock.runFor(3_590_000);
    expect(polls.length).toBe(1);
    // Still the same build: history navigation inside the page stays in place.
    await page.goBack();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.evaluate(() => history.pushState(null, '', '?inpage=2'));
    await page.clock.runFor(10_000);
    await expect.poll(() => polls.length).toBe(2);
    // The answer is served before the page has read it: go back only once the page knows.
    await page.locator('html[data-build-stale]').waitFor({ state: 'attached' });
    await page.goBack();
    await page.waitForFunction(() => (window as unknown as { marker?: number }).marker === undefined);
  });
});

describe('without JavaScript', () => {
  it('home, section and article pages are readable and their links work', async () => {
    const page = await fresh({ javaScriptEnabled: false });
    for (const path of ['/', sectionPath, articlePath]) {
      const res = await page.goto(url(path));
      expect(res?.status(), path).toBe(200);
      expect((await page.locator('h1').first().innerText()).trim().length, path).toBeGreaterThan(0);
      expect((await page.locator('main').innerText()).length, path).toBeGreaterThan(200);
      expect(await page.locator('[data-hydrated]').count(), path).toBe(0);
    }
    await page.goto(url(sectionPath));
    const article = page.locator('main .item-title a[href^="/"]').first();
    const title = (await article.innerText()).trim();
    await article.click();
    await page.waitForURL((u) => u.pathname !== sectionPath);
    expect((await page.locator('h1').first().innerText()).trim()).toBe(title);
    await page.locator('.bottom-nav a').first().click();
    await page.waitForURL((u) => u.pathname === sectionPath);
    await page.locator('.site-header a.logo').click();
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('the hamburger still opens the mega menu through its fragment link', async () => {
    const page = await fresh({ javaScriptEnabled: false });
    await page.goto(url('/'));
    const menu = page.locator('#mega-menu');
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Open the menu' }).click();
    await menu.waitFor({ state: 'visible' });
    await screenshot(page, 'site-mega-menu-no-js');
    await page.getByRole('link', { name: 'Close the menu' }).click();
    await menu.waitFor({ state: 'hidden' });
  });
});

describe('anonymous page loads', () => {
  it('make no request that fails and log no console error on home, section and article; /favicon.ico is an icon', async () => {
    const failed: string[] = [];
    for (const path of ['/', sectionPath, articlePath]) {
      const page = await fresh();
      page.on('response', (r) => { if (r.status() >= 400) failed.push(`${path}: ${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`); });
      page.on('requestfailed', (r) => failed.push(`${path}: failed ${r.method()} ${new URL(r.url()).pathname} (${r.failure()?.errorText ?? ''})`));
      // Every console error counts here, the network's "Failed to load resource" lines included.
      page.on('console', (m) => { if (m.type() === 'error') failed.push(`${path}: console ${m.text()}`); });
      failed.push(...(await hydrated(page, path)).map((e) => `${path}: ${e}`));
      // Islands that ask the API do so right after hydration: let them finish.
      await page.waitForLoadState('networkidle');
      if (path === '/') {
        // Through the browser (its host mapping), as its own automatic request would go; on a
        // page of its own, so leaving the home page does not cut off a beacon still in flight.
        const icon = await (await fresh()).goto(url('/favicon.ico'));
        expect(icon?.status()).toBe(200);
        expect(icon?.headers()['content-type']).toMatch(/^image\//);
      }
    }
    expect(failed, failed.join('\n')).toEqual([]);
  });
});

describe('accessibility (axe-core)', () => {
  it('has no serious or critical violations on home, section, article and search pages', async () => {
    const found: string[] = [];
    for (const path of ['/', sectionPath, articlePath, '/search']) {
      const page = await fresh();
      await hydrated(page, path);
      // Check the settled page: mid-fade (e.g. Back To Top appearing as results load) axe measures blended colours.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await injectAxe(page);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
        const r = await axe.run(document, { resultTypes: ['violations'] });
        return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
      });
      for (const v of violations) if (v.impact === 'serious' || v.impact === 'critical') found.push(`${path}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
    }
    expect(found).toEqual([]);
  });
});
