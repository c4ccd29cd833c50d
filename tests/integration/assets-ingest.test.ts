// Media library ingest on real files: good images get AVIF/WebP/original derivatives under
// content-hash names in the tenant's folder; bad uploads are refused with an error naming the
// field and leave the assets folder as it was.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AssetInputError, collectGarbage, ingestImage, inspectUpload } from '../../engine/assets/ingest';

const LIMITS = { maxBytes: 25 * 1024 * 1024 };
let root: string;
beforeEach(async () => { root = await mkdtemp(join(tmpdir(), 'mh-assets-')); });
afterEach(async () => { await rm(root, { recursive: true, force: true }); });

const jpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).jpeg().toBuffer();
const filesIn = async (dir: string) => readdir(dir).catch(() => [] as string[]);

async function refused(bytes: Uint8Array, pattern: RegExp, declared?: string, limits = LIMITS) {
  const error = await ingestImage(root, 'acme', bytes, limits, declared).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AssetInputError);
  expect((error as AssetInputError).field).toBe('file');
  expect((error as Error).message).toMatch(pattern);
  expect(await filesIn(join(root, 'acme'))).toEqual([]);
}

describe('media library ingest', () => {
  it('writes the original and AVIF, WebP and JPEG derivatives at each width, named by content hash', async () => {
    const asset = await ingestImage(root, 'acme', await jpeg(1200, 800), LIMITS, 'image/jpeg');
    expect(asset).toMatchObject({ format: 'jpeg', mime: 'image/jpeg', width: 1200, height: 800 });
    expect(asset.derivatives.map((d) => `${d.format}@${d.width}x${d.height}`).sort()).toEqual(
      ['avif@1200x800', 'avif@480x320', 'avif@960x640', 'jpeg@1200x800', 'jpeg@480x320', 'jpeg@960x640', 'webp@1200x800', 'webp@480x320', 'webp@960x640']);
    for (const d of asset.derivatives) {
      expect(d.file).toMatch(/^[0-9a-f]{20}-\d+\.(avif|webp|jpg)$/);
      const meta = await sharp(join(root, 'acme', d.file)).metadata();
      expect(meta.width).toBe(d.width);
      expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(d.format);
    }
    expect(asset.original).toBe(`${asset.hash.slice(0, 32)}.jpg`);
    expect((await filesIn(join(root, 'acme'))).sort()).toEqual([asset.original, ...asset.derivatives.map((d) => d.file)].sort());
  });

  it('generates derivatives once: the same file again writes nothing new', async () => {
    const bytes = await jpeg(600, 400);
    const first = await ingestImage(root, 'acme', bytes, LIMITS);
    const before = (await filesIn(join(root, 'acme'))).sort();
    const second = await ingestImage(root, 'acme', bytes, LIMITS);
    expect(second.derivatives.map((d) => d.file)).toEqual(first.derivatives.map((d) => d.file));
    expect((await filesIn(join(root, 'acme'))).sort()).toEqual(before);
  });

  it('refuses a renamed type: a PNG sent as image/jpeg', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } }).png().toBuffer();
    await refused(png, /^file: the file says it is image\/jpeg but its content is image\/png/, 'image/jpeg');
  });

  it('refuses a text file named like an image', async () => {
    await refused(Buffer.from('MZ this is not an image at all'), /^file: not a supported image/, 'image/png');
  });

  it('refuses a file over the size limit', async () => {
    const bytes = await jpeg(400, 400);
    await refused(bytes, /^file: the file is \d+ bytes, more than the limit of 1024 bytes/, 'image/jpeg', { maxBytes: 1024 });
  });

  it('refuses a decompression bomb: a small PNG that decodes to 49 million pixels', async () => {
    const bomb = await sharp({ create: { width: 7_000, height: 7_000, channels: 3, background: '#000' } }).greyscale().png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    await refused(bomb, /^file: the image is 7000×7000 pixels, more than the limit of 40000000 pixels \(refused as a possible decompression bomb\)/);
  });

  it('refuses an SVG carrying a script, whatever type it claims', async () => {
    const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    await refused(svg, /^file: SVG files are refused/, 'image/png');
    await refused(svg, /^file: SVG files are refused/, 'image/svg+xml');
  });

  it('refuses a truncated JPEG before writing anything', async () => {
    const bytes = await jpeg(800, 600);
    await refused(bytes.subarray(0, 400), /^file: the JPEG file (is damaged|cannot be read)/);
  });

  it('gc removes only files no asset references', async () => {
    const keep = await ingestImage(root, 'acme', await jpeg(500, 300), LIMITS);
    const drop = await ingestImage(root, 'acme', await jpeg(700, 300), LIMITS);
    const referenced = new Set([keep.original, ...keep.derivatives.map((d) => d.file)]);
    const { removed } = await collectGarbage(root, 'acme', referenced);
    expect(removed).toEqual([drop.original, ...drop.derivatives.map((d) => d.file)].sort());
    expect((await filesIn(join(root, 'acme'))).sort()).toEqual([...referenced].sort());
  });

  it('refuses a tenant key that would leave the assets folder', async () => {
    await expect(ingestImage(root, '../etc', await jpeg(10, 10), LIMITS)).rejects.toThrow(/^tenant: not a valid tenant key/);
  });

  it('accepts a PDF only where documents are allowed: the importer (images only) still refuses it', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    const pdf = Buffer.from(await doc.save());
    await expect(inspectUpload(pdf, LIMITS, 'application/pdf', { documents: true })).resolves.toEqual({ format: 'pdf', width: 0, height: 0 });
    await expect(inspectUpload(pdf, LIMITS)).rejects.toThrow(/^file: not a supported image: the content is a PDF document/);
    await expect(inspectUpload(pdf, LIMITS, 'image/png', { documents: true })).rejects.toThrow(/^file: the file says it is image\/png but its content is application\/pdf/);
  });
});
