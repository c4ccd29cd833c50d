// Search and load-more in Debian's Chromium on the FreightWise demo: /search finds an article by a
// word of its body (the index covers bodies, the page shows teasers) and filters by type; the
// section page's load-more (the demo layout's page-click) appends pages without repeating any item
// already shown, and stops.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openStore, type Store } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { runBuild } from '../../engine/build/index';
import { registerApi } from '../../api/app';
import { createSiteServer } from '../../cli/serve/site-server';
import { searchFromParams, searchUrl } from '../../engine/domain/search';
import { ROOT } from './helpers/build-admin';
import { ensureSiteClientBuilt } from './helpers/build-site-client';
import { launchBrowser, newPage, screenshot } from './helpers/browser';

interface Item { id: number; type: string; name: string; teaser?: string; body?: string; status?: number }
const DEMO = join(ROOT, 'fixtures', 'demo');
const items: Item[] = ['articles', 'news', 'events-webinars', 'other'].flatMap((f) => JSON.parse(readFileSync(join(DEMO, 'tenants/freightwise/content', `${f}.json`), 'utf8')) as Item[]);
const words = (html = '') => new Set(html.replace(/<[^>]+>/g, ' ').toLowerCase().match(/[a-z]{9,}/g) ?? []);

/** An Article and a word of its body that no title or teaser holds but a News body does. */
function pick(): { article: Item; word: string } {
  const live = items.filter((i) => (i.status ?? 1) === 1);
  const shown = live.map((i) => `${i.name} ${i.teaser ?? ''}`.toLowerCase()).join(' ');
  for (const article of live.filter((i) => i.type === 'Article')) {
    for (const word of words(article.body)) {
      if (shown.includes(word)) continue;
      if (live.some((i) => i.type === 'News' && words(i.body).has(word))) return { article, word };
    }
  }
  throw new Error('no shared body word in the demo');
}

let store: Store;
let app: ReturnType<typeof createSiteServer>;
let browser: Browser;
let port = 0;
const url = (path: string) => `http://freightwise.localhost:${port}${path}`;

beforeAll(async () => {
  await ensureSiteClientBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'masthead-search-e2e-'));
  store = await openStore({ path: join(dir, 'db.sqlite') });
  await seedFixtures(store, DEMO);
  const outDir = join(dir, 'out');
  app = createSiteServer({ outDir });
  await registerApi(app, { store, cacheTtlMs: 0 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  await runBuild(store, { outDir, originTemplate: `http://{key}.localhost:${port}`, tenants: ['freightwise'], workers: 1 });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await store?.close();
}, 60_000);

async function open(page: Page, path: string, island: string) {
  await page.goto(url(path));
  await page.locator(`[data-island="${island}"][data-hydrated="true"]`).first().waitFor({ state: 'attached' });
}

const resultTypes = (page: Page) => page.locator('.search-result-type').allTextContents();

describe('search and load-more in Chromium', () => {
  it('finds a demo article by a word of its body and filters by type', async () => {
    const { article, word } = pick();
    const page = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await open(page, '/search', 'search');
    await page.getByText('Start typing to search.').waitFor();
    await page.getByLabel('Search for').fill(word);
    await page.locator('.search-summary').waitFor();
    // The address holds the search in readable parameters (issue 35), not JSON.
    expect(new URL(page.url()).search).toBe(new URL(searchUrl({ text: word, type: [], websiteSchedule: [], page: 1 }), url('/')).search);
    await page.getByRole('link', { name: article.name, exact: true }).waitFor();
    const mixed = await resultTypes(page);
    expect(mixed).toContain('Article');
    expect(mixed).toContain('News');
    await screenshot(page, 'site-search-results');

    await page.getByRole('checkbox', { name: /^Article/ }).check();
    await page.getByText('(1 selected)').waitFor();
    // Results are replaced while the filtered search runs: wait for a non-empty list of Articles.
    await page.waitForFunction(() => {
      const types = [...document.querySelectorAll('.search-result-type')];
      return types.length > 0 && types.every((e) => e.textContent === 'Article');
    });
    expect(new Set(await resultTypes(page))).toEqual(new Set(['Article']));
    await page.getByRole('link', { name: article.name, exact: true }).waitFor();
    const shared = new URL(page.url());
    expect(searchFromParams(shared.searchParams)).toEqual({ text: word, type: ['Article'], websiteSchedule: [], page: 1 });

    // The address alone restores the search (a shared link), and so does the spec's ?filters= JSON
    // form, which the page then shows in the readable form; hostile text never breaks it.
    await open(page, `${shared.pathname}${shared.search}`, 'search');
    await page.locator('.search-summary').waitFor();
    expect(new Set(await resultTypes(page))).toEqual(new Set(['Article']));
    expect(await page.getByRole('checkbox', { name: /^Article/ }).isChecked()).toBe(true);
    await open(page, `/search?filters=${encodeURIComponent(JSON.stringify({ text: encodeURIComponent(word), type: ['Article'], websiteSchedule: [], page: 1 }))}`, 'search');
    await page.locator('.search-summary').waitFor();
    expect(await page.getByRole('checkbox', { name: /^Article/ }).isChecked()).toBe(true);
    await page.waitForURL((u) => u.search === shared.search);
    await page.getByLabel('Search for').fill('NEAR( "* <script>');
    await page.getByText('No results found for "NEAR( "* <script>".').waitFor();
    expect(errors).toEqual([]);
  });

  it('load-more appends content pages without repeating any item on the page, and stops', async () => {
    const page = await newPage(browser);
    await open(page, '/ocean-and-ports', 'load-more');
    const idsOn = () => page.evaluate(() => {
      const fromLinks = [...document.querySelectorAll('main a[href]')].map((a) => /\/(\d{8})\//.exec(a.getAttribute('href') ?? '')?.[1]).filter(Boolean);
      return fromLinks.map(Number);
    });
    const before = new Set(await idsOn());
    expect(before.size).toBeGreaterThan(5);
    const button = page.getByRole('button', { name: 'Load More Content' });
    let clicks = 0;
    while (await button.count() && clicks < 12) {
      await button.click();
      clicks++;
      await page.waitForFunction((n) => document.querySelectorAll('.load-more-part').length >= n || !document.querySelector('.load-more-button'), clicks);
      await page.waitForFunction(() => !document.querySelector('.load-more-button[disabled]'));
    }
    const parts = await page.locator('.load-more-page').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-content-id'))));
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.length).toBeLessThanOrEqual(8);
    // Every click appends a page until eight; when the section runs out first, the click that finds
    // nothing more removes the button.
    expect(clicks).toBe(parts.length < 8 ? parts.length + 1 : 8);
    expect(new Set(parts).size).toBe(parts.length);
    expect(parts.some((id) => before.has(id))).toBe(false);
    // Items listed inside the appended pages are new as well.
    const appended = await page.locator('.load-more-part [data-content-id]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-content-id'))));
    expect(appended.some((id) => before.has(id))).toBe(false);
    expect(new Set(appended).size).toBe(appended.length);
    expect(await button.count()).toBe(0);
    await page.evaluate(() => document.querySelector('.load-more-heading')?.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'site-load-more');
  });
});
