// Consent in Debian's Chromium (issue #18), on the `masthead serve` wiring (createMastheadServer):
// a tenant with a tag manager shows the banner on the first visit and, per the page's network log,
// nothing leaves for the tag manager or any other third-party host before a choice; accepting
// analytics only loads the tag manager once (Consent Mode: analytics granted, ads denied); a reload
// keeps the choice without the banner; withdrawing clears the analytics cookies and nothing new loads.
// The tag manager's host is allowed by the CSP without being listed (derived from the settings).
// The event client in the browser: after "Accept all", the home page and a story are each recorded
// once, though the reader goes back and forward, and the beacons reach the store.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { launchBrowser, screenshot } from './helpers/browser';
import { ensureSiteClientBuilt } from './helpers/build-site-client';
import { ROOT } from './helpers/build-admin';
import { openStore, type Store } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { getTenant, writeTenantSettings } from '../../engine/store/queries/tenants';
import { runBuild } from '../../engine/build/index';
import { createMastheadServer } from '../../cli/serve/app';
import { FLUSH_MS } from '../../site/client/events';
import { noRebuilds } from '../helpers/no-rebuilds';

const TENANT = 'freightwise';
const GTM = 'GTM-E2ECONSENT';
/** Stands in for gtm.js: counts its runs and sets the analytics cookies the real one sets. */
const FAKE_GTM = "window.__gtmRuns=(window.__gtmRuns||0)+1;document.cookie='_ga=GA1.1.123; Path=/';document.cookie='_gid=GA1.1.456; Path=/';";

let store: Store;
let app: FastifyInstance;
let browser: Browser;
let base = '';

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

beforeAll(async () => {
  await ensureSiteClientBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'masthead-e2e-consent-'));
  store = await openStore({ path: join(dir, 'db.sqlite') });
  await seedFixtures(store, join(ROOT, 'fixtures', 'demo'));
  const t = (await getTenant(store.db, TENANT))!;
  await writeTenantSettings(store.db, TENANT, { ...t.settings, general: { ...t.settings.general, tagManagerId: GTM } });
  const port = await freePort();
  const outDir = join(dir, 'out');
  const originTemplate = `http://{key}.localhost:${port}`;
  await runBuild(store, { outDir, originTemplate, workers: 1, tenants: [TENANT] });
  app = await createMastheadServer({
    outDir, store, adminDir: null, mode: 'development', originTemplate,
    rebuilder: noRebuilds(),
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

interface Log { requests: string[]; thirdParty: () => string[]; tagManager: () => string[] }

async function session(userAgent?: string): Promise<{ context: BrowserContext; page: Page; log: Log }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', ...(userAgent ? { userAgent } : {}) });
  const requests: string[] = [];
  context.on('request', (r: Request) => { requests.push(r.url()); });
  // No request may leave the machine: the tag manager is answered here (and counted in the log first).
  await context.route((url) => url.hostname !== new URL(base).hostname, (route) => route.fulfill(
    route.request().url().startsWith('https://www.googletagmanager.com/gtm.js')
      ? { status: 200, contentType: 'text/javascript', body: FAKE_GTM }
      : { status: 204, body: '' },
  ));
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const host = new URL(base).hostname;
  return {
    context, page,
    log: {
      requests,
      thirdParty: () => requests.filter((u) => new URL(u).hostname !== host),
      tagManager: () => requests.filter((u) => u.startsWith('https://www.googletagmanager.com/')),
    },
  };
}

const dataLayer = (page: Page) => page.evaluate(() => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((e) => (typeof e === 'object' && e && 'length' in e ? Array.from(e as ArrayLike<unknown>) : e)));

describe('consent banner and the tag manager', () => {
  it('asks first, loads nothing third-party before a choice, loads the tag manager once for analytics only, keeps the choice, and stops after withdrawal', async () => {
    const { context, page, log } = await session();
    const csp: string[] = [];
    page.on('response', (r) => { if (r.url() === `${base}/`) csp.push(r.headers()['content-security-policy'] ?? ''); });
    await page.goto(`${base}/`);
    const dialog = page.getByRole('dialog', { name: 'Your privacy choices' });
    await expect(dialog.isVisible()).resolves.toBe(true);
    expect(csp[0]).toContain('https://www.googletagmanager.com');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(log.thirdParty()).toEqual([]);
    await screenshot(page, 'consent-banner');

    // Keyboard: the focus starts on the first button and Tab stays inside the dialog.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Accept all');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }

    // Save choices appears only with the categories it saves (issue 35: the site's [hidden] rule).
    expect(await dialog.getByRole('button', { name: 'Save choices' }).isVisible()).toBe(false);
    expect(await dialog.getByRole('checkbox', { name: 'Performance and analytics' }).isVisible()).toBe(false);

    // Analytics only.
    await dialog.getByRole('button', { name: 'Choose' }).click();
    expect(await dialog.getByRole('button', { name: 'Save choices' }).isVisible()).toBe(true);
    await expect(dialog.getByRole('checkbox', { name: 'Strictly necessary' }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole('checkbox', { name: 'Performance and analytics' }).check();
    await dialog.getByRole('button', { name: 'Save choices' }).click();
    await page.waitForFunction(() => (window as unknown as { __gtmRuns?: number }).__gtmRuns === 1);
    expect(log.tagManager()).toEqual([`https://www.googletagmanager.com/gtm.js?id=${GTM}`]);
    expect(log.thirdParty()).toEqual(log.tagManager());
    const layer = await dataLayer(page);
    expect(layer).toContainEqual(['consent', 'default', expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied' })]);
    expect(layer).toContainEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' })]);
    expect(layer).toContainEqual(expect.objectContaining({ event: 'masthead_consent', OnetrustActiveGroups: ',C0001,C0002,' }));
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Reload: no banner, the choice holds, the tag manager loads once on this page.
    await page.reload();
    await page.waitForFunction(() => (window as unknown as { __gtmRuns?: number }).__gtmRuns === 1);
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('script[src*="googletagmanager.com"]').count()).toBe(1);
    expect(log.tagManager()).toHaveLength(2);
    expect((await context.cookies()).map((c) => c.name)).toEqual(expect.arrayContaining(['_ga', '_gid', 'mh_consent']));

    // Withdraw: the analytics cookies go, and the next page loads nothing third-party.
    await page.getByRole('button', { name: 'Privacy choices' }).click();
    await page.getByRole('button', { name: 'Choose' }).click();
    await page.getByRole('checkbox', { name: 'Performance and analytics' }).uncheck();
    await page.getByRole('button', { name: 'Save choices' }).click();
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain('_ga');
    expect(names).not.toContain('_gid');
    expect(names).toContain('mh_consent');
    expect(await dataLayer(page)).toContainEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'denied' })]);
    const before = log.thirdParty().length;
    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(log.thirdParty()).toHaveLength(before);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('records each page view once per page id, also across back/forward, and the beacons land in the store', async () => {
    // A desktop Chrome user agent: the event API drops HeadlessChrome as a bot.
    const { context, page } = await session('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36');
    const before = (await store.all("select id from events where tenant_key = ? and type = 'PageView'", [TENANT])).length;
    const views = async () => (await store.all<{ page_id: string; content_id: number | null }>(
      "select page_id, content_id from events where tenant_key = ? and type = 'PageView' order by id", [TENANT],
    )).slice(before);
    // The periodic flush (every FLUSH_MS) sends the queue: Playwright's request interception (the
    // route keeping every request on this machine) drops an unloading page's keepalive beacons.
    const until = async (n: number) => {
      for (let i = 0; i < 60 && (await views()).length < n; i++) await page.waitForTimeout(250);
    };
    await page.goto(`${base}/`);
    await page.getByRole('dialog', { name: 'Your privacy choices' }).getByRole('button', { name: 'Accept all' }).click();
    await until(1);
    // Followed by address: the demo's welcome ad (a dialog two seconds after load) may cover the link.
    await page.goto(`${base}${await page.locator('main .item a[href^="/"]').first().getAttribute('href')}`);
    const story = Number(await page.locator('body').getAttribute('data-page-content'));
    expect(story).toBeGreaterThan(0);
    await until(2);
    await page.goBack();
    await page.waitForTimeout(FLUSH_MS + 1000);
    await page.goForward();
    await page.waitForTimeout(FLUSH_MS + 1000);
    const rows = await views();
    expect(rows.map((r) => r.page_id).sort()).toEqual([`content:${story}`, 'path:/']);
    expect(rows.find((r) => r.page_id === `content:${story}`)?.content_id).toBe(story);
    await context.close();
  }, 120_000);
});
