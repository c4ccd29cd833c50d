// The media library end to end (issue 16): drop a JPEG on the library, set its alt text and focal
// point, put it on a new article and publish; the article page serves AVIF/WebP <picture> sources
// with width/height; the library shows what uses it; deleting it is refused. The thumbnail and the
// editor's picture load in the admin (GET /api/assets/:id/preview) before anything publishes the file.
// Issue 35: at 1366 px and 390 px the library is a grid of several tiles a row with the type label
// apart from the name and real sizes for PDFs; two dropped files upload with a bar each, the bars go
// and the count follows; the detail panel shows derivatives; no console error; screenshots
// tests/e2e/screenshots/media-library-*.png.
import type { Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { parseDocument, DomUtils } from 'htmlparser2';
import type { Element } from 'domhandler';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pollUntil, readerGet as page } from './helpers/reader-http';
import { useAdminSuite } from './helpers/suite';
import { LOGINS } from './helpers/target';

const suite = useAdminSuite();

describe('media library in the browser', () => {
  it('uploads by drag and drop, edits, publishes on an article, shows "used by" and refuses the delete', async () => {
    const p = await suite.signedIn(LOGINS.admin, '/admin/digital-media-library');
    const stamp = Date.now().toString(36);
    const alt = `Straddle carriers at dawn ${stamp}`;
    const jpeg = [...await sharp({ create: { width: 1400, height: 900, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg().toBuffer()];

    const uploaded = p.waitForResponse((r) => r.url().endsWith('/api/assets') && r.request().method() === 'POST');
    const zone = p.getByTestId('drop-zone').first();
    await zone.waitFor();
    const data = await p.evaluateHandle((bytes: number[]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], 'yard.jpg', { type: 'image/jpeg' }));
      return dt;
    }, jpeg);
    await zone.dispatchEvent('drop', { dataTransfer: data });
    const answer = await uploaded;
    expect(answer.status()).toBe(201);
    const asset = ((await answer.json()) as { asset: { id: number; path: string } }).asset;
    const editor = p.getByRole('region', { name: `Edit asset ${asset.id}` });
    await editor.waitFor();
    const loaded = (img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0);
    const thumb = p.getByRole('button', { name: `Asset ${asset.id}: yard.jpg` }).locator('img');
    await expect.poll(async () => thumb.evaluate(loaded)).toBeGreaterThan(0);
    expect(await thumb.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(async () => editor.getByTestId('focal-image').locator('img').evaluate(loaded)).toBeGreaterThan(0);

    await editor.getByRole('textbox', { name: /^Alt text/ }).fill(alt);
    const focal = editor.getByTestId('focal-image');
    const box = (await focal.boundingBox())!;
    await focal.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
    const saved = p.waitForResponse((r) => r.url().endsWith('/graphql') && /mutation\s+updateAsset/.test(r.request().postData() ?? ''));
    await editor.getByRole('button', { name: 'Save' }).click();
    const meta = ((await (await saved).json()) as { data: { updateAsset: { alt: string; focalX: number; focalY: number } } }).data.updateAsset;
    expect(meta.alt).toBe(alt);
    expect(meta.focalX).toBeCloseTo(0.25, 1);
    expect(meta.focalY).toBeCloseTo(0.75, 1);

    const title = `Yard automation reaches the night shift ${stamp}`;
    await p.goto(suite.target.adminUrl('/admin/create-content/article'));
    await p.getByLabel(/^Title/).fill(title);
    await p.getByLabel('Teaser').fill('Automated carriers now run around the clock.');
    await p.getByRole('textbox', { name: 'Body' }).click();
    await p.keyboard.type('The terminal extended automation to night shifts.');
    await p.getByLabel(/^Primary section/).selectOption({ label: 'Ocean & Ports' });
    await p.getByRole('button', { name: 'Add images' }).click();
    await p.locator('.library-item', { hasText: alt }).click();
    await p.getByRole('button', { name: 'Done' }).click();
    const created = p.waitForResponse((r) => r.url().endsWith('/graphql') && /mutation\s+createContent/.test(r.request().postData() ?? ''));
    await p.getByRole('button', { name: 'Publish', exact: true }).click();
    const body = (await (await created).json()) as { data?: { createContent: { id: number; canonicalPath: string } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    const articleUrl = suite.target.publicUrl('freightwise', body.data!.createContent.canonicalPath);

    let html = '';
    await pollUntil('article page with the picture', async () => {
      const r = await page(articleUrl);
      html = r.text;
      return r.status === 200 && r.text.includes(alt);
    });
    const doc = parseDocument(html);
    const img = DomUtils.findOne((e) => e.name === 'img' && e.attribs.alt === alt, doc.children) as Element;
    const picture = img.parent as Element;
    expect(picture.name).toBe('picture');
    const sources = DomUtils.getElementsByTagName('source', picture);
    expect(sources.map((s) => s.attribs.type)).toEqual(['image/avif', 'image/webp']);
    expect(img.attribs).toMatchObject({ width: '1400', height: '900' });
    const base = asset.path.slice(0, asset.path.lastIndexOf('/'));
    for (const s of sources) {
      const first = s.attribs.srcset!.split(',')[0]!.trim().split(' ')[0]!;
      expect(first.startsWith(`${base}/`)).toBe(true);
      expect((await page(suite.target.publicUrl('freightwise', first))).status).toBe(200);
    }

    await p.goto(suite.target.adminUrl('/admin/digital-media-library'));
    await p.getByRole('button', { name: `Asset ${asset.id}: yard.jpg` }).click();
    const again = p.getByRole('region', { name: `Edit asset ${asset.id}` });
    await expect.poll(async () => again.getByRole('list', { name: 'Used by' }).textContent()).toContain(title);
    await again.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => again.getByRole('alert').textContent()).toMatch(/cannot be deleted while it is used by content \d+ "Yard automation/);
  });
});

const WIDTHS = [{ name: 'desktop', width: 1366, height: 900 }, { name: 'phone', width: 390, height: 844 }] as const;

async function openLibrary(size: { width: number; height: number }) {
  const p = await suite.signedIn(LOGINS.admin, '/admin', size);
  const errors: string[] = [];
  p.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  p.on('pageerror', (e) => errors.push(e.message));
  await p.goto(suite.target.adminUrl('/admin/digital-media-library'));
  await p.getByRole('list', { name: 'Assets' }).waitFor();
  return { p, errors };
}

const columns = (p: Page) => p.getByRole('list', { name: 'Assets' }).evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
const count = async (p: Page) => Number((await p.getByRole('status', { name: 'Asset count' }).textContent())!.split(' ')[0]);

describe('media library grid (issue 35)', () => {
  for (const size of WIDTHS) {
    it(`shows a grid of tiles with real sizes, uploads several files and opens the detail panel at ${size.width} px`, async () => {
      const { p, errors } = await openLibrary(size);
      expect(await columns(p)).toBeGreaterThanOrEqual(size.width > 1000 ? 4 : 2);
      const tiles = p.locator('.ml-tile-button');
      expect(await tiles.count()).toBeGreaterThan(1);
      // Name and type label are separate boxes; no PDF shows 0 KB.
      for (const meta of await p.locator('.ml-tile-meta').allTextContents()) expect(meta).not.toMatch(/(^|\D)0 KB|—$/);
      const first = tiles.first();
      const [nameBox, typeBox] = [await first.locator('.ml-tile-name').boundingBox(), await first.locator('.ml-type').boundingBox()];
      expect(typeBox!.y).toBeGreaterThanOrEqual(nameBox!.y + nameBox!.height - 1);
      // Lazy thumbnails load as they scroll into view: scroll through once so the full-page shot shows them.
      await p.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 600) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 60)); } window.scrollTo(0, 0); });
      await p.waitForLoadState('networkidle');
      await screenshot(p, `media-library-grid-${size.name}`, true);
      expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

      if (size.width > 1000) {
        const before = await count(p);
        const seed = Date.now() % 200;
        const a = [...await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: seed, g: 140, b: 60 } } }).jpeg().toBuffer()];
        const b = [...await sharp({ create: { width: 500, height: 500, channels: 3, background: { r: 220, g: seed, b: 90 } } }).png().toBuffer()];
        let answers = 0;
        p.on('response', (r) => { if (r.url().endsWith('/api/assets') && r.request().method() === 'POST' && r.status() === 201) answers += 1; });
        const data = await p.evaluateHandle(([x, y]: number[][]) => {
          const dt = new DataTransfer();
          dt.items.add(new File([new Uint8Array(x!)], 'pier-a.jpg', { type: 'image/jpeg' }));
          dt.items.add(new File([new Uint8Array(y!)], 'pier-b.png', { type: 'image/png' }));
          return dt;
        }, [a, b]);
        await p.getByTestId('drop-zone').first().dispatchEvent('drop', { dataTransfer: data });
        await expect.poll(() => answers, { timeout: 60_000 }).toBe(2);
        await expect.poll(() => p.getByRole('list', { name: 'Uploads' }).count()).toBe(0);
        expect(await p.locator('progress').count()).toBe(0);
        await expect.poll(() => count(p)).toBe(before + 2);
        await p.getByText('Uploaded 2 files.').waitFor();
      }

      const photo = p.locator('.ml-tile-button').filter({ has: p.locator('img') }).first();
      await photo.click();
      const panel = p.locator('.ml-panel');
      await panel.waitFor();
      await panel.getByRole('heading', { name: 'Derivatives' }).waitFor();
      await p.waitForLoadState('networkidle');
      await panel.scrollIntoViewIfNeeded();
      await screenshot(p, `media-library-panel-${size.name}`, size.width < 1000);
      expect(errors).toEqual([]);
    });
  }
});
