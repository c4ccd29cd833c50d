// Public-site finish in Chromium with the site's real stylesheet (issue 35): a gated page's hidden
// blocks (public §4 "Hidden blocks") show nothing at all while the gate decision is pending or
// hides them — not their heading over blank space — and show at once on an open page; a sticky
// house ad whose image file is not its declared size never covers more than a fifth of the screen;
// at 390 px the header keeps the logo readable and "Join …" on one line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerAdHtml } from '../../site/ads-html';
import { Grid } from '../../site/blocks';
import { Header } from '../../site/header';
import type { BlockView, ChromeView } from '../../site/model';
import { launchBrowser, newPage } from './helpers/browser';
import { ROOT } from './helpers/build-admin';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); }, 60_000);
afterAll(async () => { await browser?.close(); });

const settings = (title: string) => ({ title, link: null, colorScheme: 'default' as const, cta: null });

function blocks(lockedFor: number | null): BlockView[] {
  return [
    { kind: 'video', id: 'v', settings: settings('Watch'), videos: [{ youtubeId: 'dQw4w9WgXcQ', title: 'Port tour' }], lockedFor },
    { kind: 'usmap', id: 'm', settings: settings('Freight news by state'), states: [], lockedFor },
    { kind: 'html', id: 'h', settings: settings('Always here'), html: '<p>Text</p>' },
  ] as BlockView[];
}

async function withSiteCss(body: string, viewport?: { width: number; height: number }) {
  const css = readFileSync(join(ROOT, 'site', 'styles', 'site.css'), 'utf8');
  const page = await newPage(browser, viewport);
  await page.setContent(`<!doctype html><html lang="en"><head><title>t</title><style>${css}</style></head><body>${body}</body></html>`);
  return page;
}

async function visibleHeadings(lockedFor: number | null): Promise<string[]> {
  const html = renderToStaticMarkup(createElement(Grid, { rows: [{ layout: '1', title: null, link: null, width: 'site-width', backgroundColor: null, textColor: null, columns: [{ blocks: blocks(lockedFor) }] }] }));
  const page = await withSiteCss(html);
  const headings = await page.locator('.block-title').all();
  const shown: string[] = [];
  for (const h of headings) if (await h.isVisible()) shown.push((await h.textContent())!.trim());
  await page.close();
  return shown;
}

describe('hidden blocks of a gated page', () => {
  it('hide with their titles until the gate shows them; open pages show them at once', async () => {
    expect(await visibleHeadings(10000003)).toEqual(['Always here']);
    expect(await visibleHeadings(null)).toEqual(['Watch', 'Freight news by state', 'Always here']);
  }, 60_000);
});

describe('the sticky house ad', () => {
  it('stays within a fifth of a 1440x900 screen when its file is 1200x630 but it declares 728x90', async () => {
    const file = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="#c33"/></svg>')}`;
    const html = bannerAdHtml({ id: 1, clickUrl: 'https://ads.example/x', image: file, alt: 'Ad', width: 728, height: 90 }, 'sticky');
    const page = await withSiteCss(`<div class="ad-sticky is-open" data-ad-sticky>${html.replace('loading="lazy"', '')}</div>`, { width: 1440, height: 900 });
    await page.waitForFunction(() => document.querySelector('img')?.complete === true);
    const bar = await page.locator('.ad-sticky').boundingBox();
    expect(bar!.height).toBeLessThanOrEqual(900 / 5 + 8);
    expect(bar!.height).toBeGreaterThan(50);
    await page.close();
  }, 60_000);
});

describe('the header on a phone', () => {
  it('keeps a 210x35 logo at least 96 px wide and the Join button on one line at 390 px; Login keeps its name', async () => {
    const logo = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="210" height="35"><rect width="210" height="35" fill="#0b4a7d"/></svg>')}`;
    const link = (label: string, href: string) => ({ label, href, newTab: false });
    const chrome = {
      siteName: 'FreightWise', logo: { src: logo, height: 35, width: 210 }, headerCtaText: null,
      account: { join: link('Join FreightWise', '/membership'), login: link('Login', '/login') }, alternateCta: null,
      primary: [link('Freight', '/freight'), link('Ocean & Ports', '/ocean'), link('Warehousing', '/warehousing')],
    } as unknown as ChromeView;
    const page = await withSiteCss(renderToStaticMarkup(createElement(Header, { chrome, sectionPath: null })), { width: 390, height: 844 });
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('.logo img')?.complete === true);
    const img = await page.locator('.logo img').boundingBox();
    expect(img!.width).toBeGreaterThanOrEqual(96);
    const join = page.getByRole('link', { name: 'Join FreightWise' });
    const lineHeight = await join.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight));
    const box = await join.boundingBox();
    expect(box!.height).toBeLessThan(lineHeight * 2);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    await page.close();
  }, 60_000);
});
