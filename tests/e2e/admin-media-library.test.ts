// The media library end to end (issue 16): drop a JPEG on the library, set its alt text and focal
// point, put it on a new article and publish; the article page serves AVIF/WebP <picture> sources
// with width/height; the library shows what uses it; deleting it is refused. The thumbnail and the
// editor's picture load in the admin (GET /api/assets/:id/preview) before anything publishes the file.
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
