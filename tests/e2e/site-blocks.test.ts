// The media blocks in Debian's Chromium, on a demo article (issue 17): the image gallery's lightbox
// is driven by the keyboard alone (Enter opens it on the focused image, ←/→ move, Escape closes and
// the focus is back on the image that opened it); the video player's facade makes no request to
// YouTube (or its image host) until the reader presses Play, and then loads the player frame from
// the privacy-enhanced youtube-nocookie.com. YouTube itself is stood in for by a routed stub, so the
// test never leaves the machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './helpers/browser';
import { ensureSiteClientBuilt } from './helpers/build-site-client';
import { startTarget, type Target } from './helpers/target';

const TENANT = 'freightwise';
const YOUTUBE = /(^|\.)(youtube\.com|youtube-nocookie\.com|ytimg\.com|googlevideo\.com)$/;

let target: Target;
let browser: Browser;
const pages: Page[] = [];
/** An article whose gallery and video show (found by reading a section page's items). */
let articlePath = '';

const url = (path: string) => target.publicUrl(TENANT, path);

async function fresh(): Promise<{ page: Page; youtube: string[] }> {
  const page = await newPage(browser);
  pages.push(page);
  const youtube: string[] = [];
  await page.context().route((u) => YOUTUBE.test(u.hostname), async (route) => {
    youtube.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' });
  });
  return { page, youtube };
}

/** Opens the article and waits for the gallery and video islands to hydrate (they wait on the page's gate decision). */
async function openArticle(page: Page): Promise<void> {
  await page.goto(url(articlePath));
  await page.waitForFunction(() => ['image-gallery', 'video-player'].every((n) => document.querySelector<HTMLElement>(`[data-island="${n}"]`)?.dataset.hydrated === 'true'));
  await page.locator('.image-gallery a').first().waitFor();
}

beforeAll(async () => {
  await ensureSiteClientBuilt();
  target = await startTarget();
  browser = await launchBrowser();
  const { page } = await fresh();
  await page.goto(url('/'));
  const section = new URL(await page.locator('.bottom-nav a').first().getAttribute('href') ?? '/', 'http://x').pathname;
  await page.goto(url(section));
  const links = await page.locator('main .item-title a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  // The gallery needs the article's primary image: take the first article whose page has one.
  for (const href of links.slice(0, 12)) {
    await page.goto(url(href));
    if (await page.locator('[data-island="image-gallery"]').count() && await page.locator('[data-island="video-player"]').count() && await page.locator('main .primary-image img').count()) {
      articlePath = href;
      break;
    }
  }
  expect(articlePath, 'an article with a gallery and a video').not.toBe('');
}, 240_000);

afterAll(async () => {
  for (const p of pages) await p.context().close().catch(() => undefined);
  await browser?.close();
  await target?.stop();
}, 60_000);

describe('image gallery lightbox', () => {
  it('opens with Enter on the focused image, moves with the arrow keys, closes on Escape and gives the focus back', async () => {
    const { page } = await fresh();
    await openArticle(page);
    const triggers = page.locator('.image-gallery a');
    const count = await triggers.count();
    expect(count).toBeGreaterThan(1);
    await triggers.nth(1).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Image viewer/ });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    // The dialog takes the focus (its Close button) once it has rendered.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    const position = dialog.locator('.lightbox-position');
    expect(await position.textContent()).toBe(`2 of ${count}`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position.textContent()).toBe(`${count === 2 ? 1 : 3} of ${count}`);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => position.textContent()).toBe(`2 of ${count}`);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => position.textContent()).toBe(`1 of ${count}`);
    const shown = await dialog.locator('img').getAttribute('src');
    expect(shown).toBe(await triggers.nth(0).getAttribute('href'));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus returns to the image the viewer was showing when it closed.
    const label = await triggers.nth(0).getAttribute('aria-label');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(label);
  });
});

describe('video facade', () => {
  it('makes no YouTube request before Play; Play loads the player frame from youtube-nocookie.com', async () => {
    const { page, youtube } = await fresh();
    await openArticle(page);
    const player = page.locator('[data-island="video-player"]').first();
    await player.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    expect(await player.locator('iframe').count()).toBe(0);
    expect(youtube).toEqual([]);
    await player.locator('button.video-play').click();
    const frame = player.locator('iframe');
    await frame.waitFor();
    const src = new URL((await frame.getAttribute('src'))!);
    expect(src.hostname).toBe('www.youtube-nocookie.com');
    expect(src.pathname).toMatch(/^\/embed\/[\w-]{11}$/);
    await expect.poll(() => youtube.length).toBeGreaterThan(0);
    expect(youtube.every((u) => new URL(u).hostname === 'www.youtube-nocookie.com')).toBe(true);
  });
});
