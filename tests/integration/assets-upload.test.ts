// POST /api/assets over real loopback HTTP (issue 16): an editor's JPEG becomes an asset with
// AVIF/WebP/JPEG derivatives in the tenant's folder; every bad upload is refused with an error
// naming the problem, and leaves no row and no file behind; replacing a file keeps the id and uses.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type UserKey } from './api-harness';

const MAX_BYTES = 2 * 1024 * 1024;
let h: Harness;
let dir: string;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mh-upload-'));
  h = await startApi({ assets: { dir, maxBytes: MAX_BYTES } });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

const jpeg = (w: number, hgt: number, r = 200) => sharp({ create: { width: w, height: hgt, channels: 3, background: { r, g: 80, b: 40 } } }).jpeg().toBuffer();
const files = async () => readdir(join(dir, 'alpha')).catch(() => [] as string[]);

interface Send { bytes?: Uint8Array; name?: string; type?: string; as?: UserKey | null; tenant?: string; headers?: Record<string, string>; field?: string; query?: string }
async function upload(o: Send) {
  const form = new FormData();
  if (o.bytes) form.append(o.field ?? 'file', new Blob([new Uint8Array(o.bytes)], { type: o.type ?? 'image/jpeg' }), o.name ?? 'photo.jpg');
  else form.append('note', 'no file here');
  const headers: Record<string, string> = { 'x-tenant-key': o.tenant ?? 'alpha', ...(o.headers ?? {}) };
  if (o.as !== null) headers.authorization = `Bearer ${await h.token(o.as ?? 'alphaEditor')}`;
  const r = await fetch(`${base}/api/assets${o.query ?? ''}`, { method: 'POST', body: form, headers });
  return { status: r.status, body: await r.json() as { asset?: Record<string, any>; errors?: { message: string; extensions: Record<string, unknown> }[] } };
}

async function refusedWithNothingStored(o: Send, status: number, message: RegExp) {
  const [assets, media, before] = [await h.count('assets'), await h.count('asset_media'), (await files()).sort()];
  const r = await upload(o);
  expect(r.status).toBe(status);
  expect(r.body.errors?.[0]?.message).toMatch(message);
  expect(await h.count('assets')).toBe(assets);
  expect(await h.count('asset_media')).toBe(media);
  expect((await files()).sort()).toEqual(before);
}

describe('POST /api/assets', () => {
  it('stores an uploaded JPEG as an asset with AVIF, WebP and JPEG derivatives under content-hash names', async () => {
    const r = await upload({ bytes: await jpeg(1200, 800), name: 'harbour crane.jpg' });
    expect(r.status).toBe(201);
    const a = r.body.asset!;
    expect(a).toMatchObject({ name: 'harbour crane.jpg', mimeType: 'image/jpeg', width: 1200, height: 800, alt: '', decorative: false, usedBy: [] });
    expect(a.path).toMatch(/^\/media\/alpha\/[0-9a-f]{32}\.jpg$/);
    expect(new Set(a.derivatives.map((d: { format: string }) => d.format))).toEqual(new Set(['avif', 'webp', 'jpeg']));
    expect((await files()).sort()).toEqual([a.original, ...a.derivatives.map((d: { file: string }) => d.file)].sort());
    const [row] = await h.store.all<{ tenant_key: string; n: number }>('select tenant_key, length(data) as n from assets where id = ?', [a.id]);
    expect(row).toEqual({ tenant_key: 'alpha', n: 0 });
  });

  it('refuses a PNG renamed .jpg, naming both types', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } }).png().toBuffer();
    await refusedWithNothingStored({ bytes: png, name: 'renamed.jpg', type: 'image/jpeg' }, 400, /^file: the file says it is image\/jpeg but its content is image\/png/);
  });

  it('refuses a text file named .jpg', async () => {
    await refusedWithNothingStored({ bytes: Buffer.from('#!/bin/sh\necho not an image\n'), name: 'script.jpg' }, 400, /^file: not a supported image/);
  });

  it('refuses a file over the size setting', async () => {
    const big = Buffer.alloc(MAX_BYTES + 10);
    big.set([0xff, 0xd8, 0xff]);
    await refusedWithNothingStored({ bytes: big, name: 'huge.jpg' }, 400, new RegExp(`^file: the file is more than the limit of ${MAX_BYTES} bytes`));
  });

  it('refuses a decompression bomb', async () => {
    const bomb = await sharp({ create: { width: 7_000, height: 7_000, channels: 3, background: '#000' } }).greyscale().png({ compressionLevel: 9 }).toBuffer();
    await refusedWithNothingStored({ bytes: bomb, name: 'bomb.png', type: 'image/png' }, 400, /^file: the image is 7000×7000 pixels.*decompression bomb/);
  });

  it('refuses an SVG with a script, whatever it is called', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
    await refusedWithNothingStored({ bytes: svg, name: 'logo.png', type: 'image/png' }, 400, /^file: SVG files are refused/);
  });

  it('refuses a form without a file', async () => {
    await refusedWithNothingStored({}, 400, /^file: No file was sent/);
  });

  it('refuses an anonymous upload, another tenant\'s editor, a viewer, and a cross-site cookie upload', async () => {
    const bytes = await jpeg(300, 200, 10);
    await refusedWithNothingStored({ bytes, as: null }, 401, /signed in/);
    await refusedWithNothingStored({ bytes, as: 'betaEditor' }, 403, /permission/);
    await refusedWithNothingStored({ bytes, as: 'alphaViewer' }, 403, /permission/);
    const token = await h.token('alphaEditor');
    await refusedWithNothingStored({ bytes, as: null, headers: { cookie: `mh_staff=${token}`, origin: 'http://evil.example' } }, 403, /./);
  });

  it('accepts the staff cookie from the same origin', async () => {
    const token = await h.token('alphaEditor');
    const r = await upload({ bytes: await jpeg(300, 200, 30), as: null, headers: { cookie: `mh_staff=${token}`, origin: base } });
    expect(r.status).toBe(201);
  });

  it('refuses the same file twice, naming the asset that has it', async () => {
    const bytes = await jpeg(320, 200, 50);
    const first = await upload({ bytes });
    expect(first.status).toBe(201);
    await refusedWithNothingStored({ bytes }, 400, new RegExp(`^file: This file is already in the library as asset ${first.body.asset!.id}`));
  });

  it('replaces a file: same id, the content that shows it still does', async () => {
    const first = (await upload({ bytes: await jpeg(640, 480, 90) })).body.asset!;
    expect((await h.op('updateAsset', { id: first.id, input: { alt: 'A reefer stack' } }, { as: 'alphaEditor' })).error).toBeUndefined();
    const set = await h.gql('mutation($id: Int!, $input: ContentInput!) { updateContent(id: $id, input: $input) { id } }',
      { id: 10_010_001, input: { imageIds: [120, first.id], primaryImageId: first.id } }, { as: 'alphaEditor' });
    expect(set.error).toBeUndefined();
    const r = await upload({ bytes: await jpeg(800, 600, 120), query: `?replace=${first.id}` });
    expect(r.status).toBe(200);
    expect(r.body.asset).toMatchObject({ id: first.id, width: 800, height: 600 });
    expect(r.body.asset!.original).not.toBe(first.original);
    expect(r.body.asset!.usedBy).toEqual([{ kind: 'content', id: 10_010_001, name: 'Carriers adjust capacity on lane 1' }]);
    const [c] = await h.store.all<{ p: number }>('select primary_image_id as p from content where id = 10010001');
    expect(c!.p).toBe(first.id);
  });
});
