// Every public page type of the demo in Chromium on a 390 x 844 phone and a 1366 x 900 laptop (issue 35): one page of each
// type — found by walking the built output (tests/helpers/page-types.ts), the brands taken in turn —
// opened in sequence in one page of one browser, after its islands hydrate: the page never scrolls
// sideways, no text is squeezed into a sliver of a column (on the phone), axe finds no serious or critical
// violation, the console shows no error, and no request to the site fails. A brand's consent
// banner is answered ("Reject all") after its first page, so the next pages are seen without it.
// The print view, printed, pins nothing (a fixed element repeats on every sheet). Screenshots: tests/e2e/screenshots/page-type-<type>-<width>.png.
// Third-party requests (the tag manager, Google Publisher Tag) are refused: the test runs offline,
// as CI does, and judges the site's own pages (their reserved ad slots stay in place).
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApi } from '../../api/app';
import { createSiteServer } from '../../cli/serve/site-server';
import { runBuild } from '../../engine/build/index';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { pagePath, pagesByType } from '../helpers/page-types';
import { launchBrowser, newPage, screenshot, axeViolations } from './helpers/browser';
import { ROOT } from './helpers/build-admin';
import { ensureSiteClientBuilt } from './helpers/build-site-client';

const TENANTS = ['freightwise', 'plantpulse', 'shelfline'];
/** "moved" stubs redirect at once (the page a reader lands on is the target, visited as its own type). */
const SKIPPED = new Set(['moved']);

let store: Store;
let app: ReturnType<typeof createSiteServer>;
let browser: Browser;
let port = 0;
/** [type, tenant, path] of one page per public type. */
let visits: [string, string, string][] = [];

beforeAll(async () => {
  await ensureSiteClientBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'masthead-page-types-e2e-'));
  store = await openStore({ path: join(dir, 'db.sqlite') });
  await seedFixtures(store, join(ROOT, 'fixtures', 'demo'));
  const outDir = join(dir, 'out');
  app = createSiteServer({ outDir });
  await registerApi(app, { store, cacheTtlMs: 0 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  await runBuild(store, { outDir, originTemplate: `http://{key}.localhost:${port}`, workers: 1 });
  const byTenant = TENANTS.map((key) => pagesByType(realpathSync(join(outDir, key))));
  const types = [...new Set(byTenant.flatMap((t) => [...t.keys()]))].filter((t) => !SKIPPED.has(t)).sort();
  visits = types.map((type, i) => {
    // The brands in turn, so each brand's chrome (consent banner, ad tags) is seen.
    const order = [...TENANTS.keys()].map((n) => (n + i) % TENANTS.length);
    const at = order.find((n) => byTenant[n]!.has(type))!;
    const file = byTenant[at]!.get(type)![0]!;
    // The not-found page as a reader meets it: at an address that has no page.
    return [type, TENANTS[at]!, type === 'not-found' ? '/no-such-page' : pagePath(file)];
  });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await store?.close();
});

/** The island roots (not inside another island) that have not hydrated. */
const UNHYDRATED = "[...document.querySelectorAll('[data-island]')].filter((el) => !el.parentElement.closest('[data-island]') && el.dataset.hydrated !== 'true').map((el) => el.dataset.island)";

/**
 * Paragraphs, headings, list items and cells of more than 20 characters laid out narrower than
 * 40% of the screen (156 px on a phone) on more than three lines: a column squeezed by a fixed-width
 * neighbour, a word or less a line. (A one-line tile such as the US map's state links is not one.)
 */
const NARROW_TEXT = `[...document.querySelectorAll('p, h1, h2, h3, h4, li, td')].filter((el) => {
  const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim()
    || (el.children.length === 1 && el.firstElementChild.tagName === 'A' ? el.firstElementChild.textContent.trim() : '');
  if (text.length <= 20) return false;
  const r = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
  return r.width > 0 && r.width < window.innerWidth * 0.4 && r.height > 3 * line && style.visibility !== 'hidden';
}).slice(0, 3).map((el) => el.tagName.toLowerCase() + ': ' + el.textContent.trim().slice(0, 40))`;

/** Visible elements with position: fixed (the consent banner's button, a welcome ad, a sticky bar). */
const PINNED = `[...document.body.querySelectorAll('*')].filter((el) => getComputedStyle(el).position === 'fixed' && el.getClientRects().length > 0)
  .map((el) => el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : ''))`;

describe('every public page type on a phone and a laptop', () => {
  it('finds one page of each type in the built demo', () => {
    const types = visits.map((v) => v[0]);
    expect(types).toEqual(expect.arrayContaining(['home', 'section', 'author', 'search', 'print', 'publication', 'issue', 'newsletter',
      'latest-newsletter', 'not-found', 'login', 'content:Article', 'content:Event', 'content:Company', 'content:Page']));
    expect(new Set(visits.map((v) => v[1])).size).toBe(TENANTS.length);
  });

  it.each([390, 1366])('at %i px: fits the screen, with no serious axe violation, console error or failed request', async (width) => {
    const page = await newPage(browser, { width, height: width > 800 ? 900 : 844 });
    await page.route((u) => u.hostname !== 'localhost' && !u.hostname.endsWith('.localhost'), (r) => r.abort());
    const errors: string[] = [];
    // Failed loads are judged by their address below (refused third-party scripts log one too).
    page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text().slice(0, 200)); });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message.slice(0, 200)}`));
    const own = (u: string) => new URL(u).hostname.endsWith('.localhost');
    page.on('requestfailed', (r) => {
      const why = r.failure()?.errorText ?? '';
      if (own(r.url()) && !why.includes('ERR_ABORTED')) errors.push(`failed: ${r.url()} ${why}`);
    });
    // 401/403 are answers (an island asking for a reader's session); a missing file or a server error is a defect.
    page.on('response', (r) => {
      if (!own(r.url()) || (r.status() !== 404 && r.status() < 500)) return;
      if (r.request().isNavigationRequest() && new URL(r.url()).pathname === '/no-such-page') return;
      errors.push(`${r.status()}: ${r.url()}`);
    });
    const problems: Record<string, string[]> = {};
    for (const [type, tenant, path] of visits) {
      errors.length = 0;
      await page.goto(`http://${tenant}.localhost:${port}${path}`);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      // Islands hydrate when the browser is idle (at most 2 s): judge the page they make.
      await page.waitForFunction(`${UNHYDRATED}.length === 0`, undefined, { timeout: 10_000 }).catch(() => undefined);
      const pending = await page.evaluate<string[]>(UNHYDRATED);
      const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      // A squeezed column is a phone's defect (on a laptop the 300 px rail holds short lines by design).
      const narrow = width < 800 ? await page.evaluate<string[]>(NARROW_TEXT) : [];
      await screenshot(page, `page-type-${type.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${width}`);
      // Printed (what the print view is for), nothing is pinned to the screen: a fixed element
      // would repeat on every sheet.
      let pinned: string[] = [];
      if (type === 'print') {
        await page.emulateMedia({ media: 'print' });
        pinned = await page.evaluate<string[]>(PINNED);
        await page.emulateMedia({ media: 'screen' });
      }
      // The consent banner's reopen button stays out of sight while the banner itself is open.
      const reopenBeside = await page.locator('.consent').isVisible() && await page.locator('.consent-reopen').isVisible();
      const list = [
        ...pinned.map((p) => `printed with a fixed element: ${p}`),
        ...(reopenBeside ? ['"Privacy choices" shows beneath the open consent banner'] : []),
        ...(over > 1 ? [`${over} px wider than the screen`] : []),
        ...(pending.length ? [`islands not hydrated: ${pending.join(', ')}`] : []),
        ...narrow.map((t) => `text squeezed into a narrow column: ${t}`),
        ...(await axeViolations(page)),
        ...errors,
      ];
      if (list.length) problems[`${type} (${tenant}${path})`] = list;
      // Answer the consent banner as a reader would: the brand's next pages show without it.
      const reject = page.getByRole('button', { name: 'Reject all' });
      if (await reject.isVisible()) await reject.click();
    }
    expect(problems).toEqual({});
  }, 300_000);
});
