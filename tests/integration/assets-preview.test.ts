// The media library's gaps (issue 16), over real loopback HTTP:
// GET /api/assets/:id/preview serves the admin's thumbnails (the site path is not served by the
// admin host, and unused uploads are never published) to the tenant's staff only, as the smallest
// fitting derivative with a long private cache; and POST /api/assets accepts PDF documents
// (sniffed by %PDF-, stored content-addressed without derivatives, listed with a type filter).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type UserKey } from './api-harness';

const MAX_BYTES = 256 * 1024;
let h: Harness;
let dir: string;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mh-preview-'));
  h = await startApi({ assets: { dir, maxBytes: MAX_BYTES } });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

const files = async () => readdir(join(dir, 'alpha')).catch(() => [] as string[]);

async function auth(as: UserKey | null, tenant: string): Promise<Record<string, string>> {
  return { 'x-tenant-key': tenant, ...(as ? { authorization: `Bearer ${await h.token(as)}` } : {}) };
}

async function upload(bytes: Uint8Array, name: string, type: string, as: UserKey = 'alphaEditor') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const r = await fetch(`${base}/api/assets`, { method: 'POST', body: form, headers: await auth(as, 'alpha') });
  return { status: r.status, body: await r.json() as { asset?: Record<string, any>; errors?: { message: string }[] } };
}

async function preview(id: number, o: { as?: UserKey | null; tenant?: string; query?: string; headers?: Record<string, string> } = {}) {
  const headers = { ...(await auth(o.as === undefined ? 'alphaEditor' : o.as, o.tenant ?? 'alpha')), ...(o.headers ?? {}) };
  const r = await fetch(`${base}/api/assets/${id}/preview${o.query ?? ''}`, { headers });
  return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
}

/** A real one-page PDF with a correct cross-reference table. */
function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    '<< /Length 35 >>\nstream\nBT /F1 12 Tf 20 100 Td (Hi) Tj ET\nendstream',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => { offsets.push(out.length); out += `${i + 1} 0 obj\n${body}\nendobj\n`; });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

describe('GET /api/assets/:id/preview', () => {
  let id: number;
  let derivatives: { width: number; format: string }[];
  beforeAll(async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg().toBuffer();
    const r = await upload(jpeg, 'unused upload.jpg', 'image/jpeg');
    expect(r.status).toBe(201);
    id = r.body.asset!.id as number;
    derivatives = r.body.asset!.derivatives as typeof derivatives;
  });

  it('answers the tenant\'s editor with the smallest fitting WebP derivative and a long private cache', async () => {
    const r = await preview(id, { query: '?width=400' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/webp');
    expect(r.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(r.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(480);
    const wider = await preview(id, { query: '?width=1000' });
    expect((await sharp(wider.bytes).metadata()).width).toBe(Math.max(...derivatives.filter((d) => d.format === 'webp').map((d) => d.width)));
  });

  it('serves a content editor\'s cookie from the same origin', async () => {
    const token = await h.token('alphaAdmin');
    const r = await preview(id, { as: null, headers: { cookie: `mh_staff=${token}`, origin: base } });
    expect(r.status).toBe(200);
    expect((await sharp(r.bytes).metadata()).format).toBe('webp');
  });

  it('serves a fixture asset from its stored bytes', async () => {
    const r = await preview(120);
    expect(r.status).toBe(200);
    expect(r.bytes.byteLength).toBeGreaterThan(0);
    const [row] = await h.store.all<{ data: Buffer }>('select data from assets where id = 120');
    expect(r.bytes.equals(Buffer.from(row!.data))).toBe(true);
  });

  it('refuses anonymous, another tenant and a viewer, without the image or a shared cache', async () => {
    const anonymous = await preview(id, { as: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/json/);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    expect((await preview(id, { as: 'betaEditor' })).status).toBe(403);
    const otherTenant = await preview(id, { as: 'betaEditor', tenant: 'beta' });
    expect(otherTenant.status).toBe(404);
    expect(otherTenant.headers.get('content-type')).toMatch(/json/);
    expect((await preview(id, { as: 'alphaViewer' })).status).toBe(403);
  });

  it('refuses a bad width, naming the field', async () => {
    const r = await preview(id, { query: '?width=huge' });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.bytes.toString()).errors[0].message).toMatch(/^width: /);
  });
});

describe('PDF documents', () => {
  it('accepts a real PDF: stored content-addressed, no derivatives, listed by the type filter, previewed as the PDF', async () => {
    const pdf = minimalPdf();
    const r = await upload(pdf, 'rate card.pdf', 'application/pdf');
    expect(r.status).toBe(201);
    const a = r.body.asset!;
    expect(a).toMatchObject({ name: 'rate card.pdf', mimeType: 'application/pdf', width: 0, height: 0, bytes: pdf.byteLength, derivatives: [] });
    expect(a.path).toMatch(/^\/media\/alpha\/[0-9a-f]{32}\.pdf$/);
    expect(a.sha256).toBe((await import('node:crypto')).createHash('sha256').update(pdf).digest('hex'));
    expect(a.path.endsWith(`/${a.original}`)).toBe(true);
    expect(await files()).toContain(a.original);
    const listed = await h.op('getAssetStream', { input: { type: 'application/pdf' } }, { as: 'alphaEditor' });
    expect(listed.error).toBeUndefined();
    expect(listed.data.getAssetStream.rows.map((x: { id: number }) => x.id)).toEqual([a.id]);
    const images = await h.op('getAssetStream', { input: { type: 'image/' } }, { as: 'alphaEditor' });
    expect(images.data.getAssetStream.rows.map((x: { id: number }) => x.id)).not.toContain(a.id);
    const shown = await preview(a.id as number);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('application/pdf');
    expect(shown.bytes.equals(pdf)).toBe(true);
    const asImage = await h.gql('mutation($id: Int!, $input: ContentInput!) { updateContent(id: $id, input: $input) { id } }',
      { id: 10_010_001, input: { imageIds: [120, a.id] } }, { as: 'alphaEditor' });
    expect(asImage.error?.message).toMatch(new RegExp(`^imageIds\\[1\\]: Asset ${a.id} \\("rate card.pdf"\\) is a document \\(application/pdf\\), not an image`));
  });

  it('refuses a text file renamed .pdf, storing nothing', async () => {
    const [assets, media, before] = [await h.count('assets'), await h.count('asset_media'), (await files()).sort()];
    const r = await upload(Buffer.from('Quarterly rates\nlane 1: 1200 USD\n'), 'rates.pdf', 'application/pdf');
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0]?.message).toMatch(/^file: not a supported image or document/);
    expect(await h.count('assets')).toBe(assets);
    expect(await h.count('asset_media')).toBe(media);
    expect((await files()).sort()).toEqual(before);
  });

  it('applies the size limit to PDFs', async () => {
    const big = Buffer.concat([minimalPdf(), Buffer.alloc(MAX_BYTES)]);
    const before = (await files()).sort();
    const r = await upload(big, 'big.pdf', 'application/pdf');
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0]?.message).toMatch(new RegExp(`^file: the file is more than the limit of ${MAX_BYTES} bytes`));
    expect((await files()).sort()).toEqual(before);
  });
});
