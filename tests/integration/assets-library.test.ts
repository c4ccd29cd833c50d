// The media library's listing facts and filters (issue 35): a fixture PDF (bytes kept in the
// assets row, no asset_media row) reports its real size instead of 0; uploads name their uploader
// and date; getAssetStream filters by month, uploader and missing alt text; getAssetFacets lists
// the months and uploaders; bad filters are refused naming the field; other tenants and users
// without manage_assets/manage_content are refused.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './api-harness';

let h: Harness;
let dir: string;
let base: string;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'.repeat(40));
const FIXTURE_ID = 990_001;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mh-library-'));
  h = await startApi({ assets: { dir, maxBytes: 2 * 1024 * 1024 } });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  // A fixture document as the demo seeds them: its bytes in assets.data, no asset_media row, made in March 2024.
  await h.store.run(`insert into assets (id, tenant_key, path, mime_type, alt, width, height, data, sha256, created_at, updated_at)
    values (?, 'alpha', '/media/alpha/rate-outlook.pdf', 'application/pdf', '', 0, 0, ?, ?, ?, ?)`, [FIXTURE_ID, PDF, 'f'.repeat(64), Date.UTC(2024, 2, 15), Date.UTC(2024, 2, 15)]);
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

async function upload(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const r = await fetch(`${base}/api/assets`, { method: 'POST', body: form, headers: { 'x-tenant-key': 'alpha', authorization: `Bearer ${await h.token('alphaEditor')}` } });
  expect(r.status).toBe(201);
  return ((await r.json()) as { asset: { id: number } }).asset;
}

const stream = (input: Record<string, unknown>, as: 'alphaEditor' | 'alphaViewer' | 'betaEditor' = 'alphaEditor') => h.op('getMediaLibrary', { input }, { as, tenant: as === 'betaEditor' ? 'beta' : 'alpha' });

describe('media library listing', () => {
  it('reports a fixture PDF\'s real size, and an upload\'s uploader and date', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 10, g: 120, b: 90 } } }).jpeg().toBuffer();
    const up = await upload(jpeg, 'quay.jpg');
    const r = await stream({ limit: 200 });
    expect(r.error).toBeUndefined();
    const rows = r.data.getAssetStream.rows as Record<string, any>[];
    const pdf = rows.find((a) => a.id === FIXTURE_ID)!;
    expect(pdf).toMatchObject({ mimeType: 'application/pdf', bytes: PDF.length, uploadedBy: null });
    expect(new Date(pdf.createdAt as string).toISOString().slice(0, 7)).toBe('2024-03');
    const mine = rows.find((a) => a.id === up.id)!;
    expect(mine.uploadedBy).toEqual({ id: 2, name: 'Ana Editor' });
    expect(mine.bytes).toBe(jpeg.length);
    const one = await h.op('getMediaAsset', { id: FIXTURE_ID }, { as: 'alphaEditor', tenant: 'alpha' });
    if (one.error === undefined && one.data.getMediaAsset) expect(one.data.getMediaAsset.bytes).toBe(PDF.length);
  });

  it('filters by month, uploader and missing alt text; facets list months and uploaders', async () => {
    const march = (await stream({ month: '2024-03' })).data.getAssetStream;
    expect(march.rows.map((a: { id: number }) => a.id)).toEqual([FIXTURE_ID]);
    expect(march.totalCount).toBe(1);
    const byAna = (await stream({ uploadedBy: 2 })).data.getAssetStream.rows as { name: string; uploadedBy: { id: number } }[];
    expect(byAna.length).toBeGreaterThan(0);
    expect(byAna.every((a) => a.uploadedBy.id === 2)).toBe(true);
    const missing = (await stream({ missingAlt: true })).data.getAssetStream.rows as { mimeType: string; alt: string; decorative: boolean }[];
    expect(missing.some((a) => a.mimeType === 'application/pdf')).toBe(false);
    expect(missing.every((a) => a.mimeType.startsWith('image/') && a.alt.trim() === '' && !a.decorative)).toBe(true);
    expect(missing.length).toBeGreaterThan(0);
    const facets = await h.op('getAssetFacets', {}, { as: 'alphaEditor', tenant: 'alpha' });
    expect(facets.error).toBeUndefined();
    expect(facets.data.getAssetFacets.months).toContain('2024-03');
    expect(facets.data.getAssetFacets.uploaders).toContainEqual({ id: 2, name: 'Ana Editor' });
  });

  it('refuses bad filters naming the field', async () => {
    for (const [input, field] of [[{ month: '2024-13' }, 'month'], [{ month: 'March' }, 'month'], [{ uploadedBy: -3 }, 'uploadedBy']] as const) {
      const r = await stream(input);
      expect(r.error?.extensions.code).toBe('BAD_USER_INPUT');
      expect(r.error?.extensions.field).toBe(field);
    }
  });

  it('keeps other tenants and users without the permission out', async () => {
    const beta = (await stream({ limit: 200 }, 'betaEditor')).data.getAssetStream?.rows as { id: number }[] | undefined;
    expect((beta ?? []).some((a) => a.id === FIXTURE_ID)).toBe(false);
    const viewer = await stream({}, 'alphaViewer');
    expect(viewer.error?.extensions.code).toBe('FORBIDDEN');
    const facets = await h.op('getAssetFacets', {}, { as: 'alphaViewer', tenant: 'alpha' });
    expect(facets.error?.extensions.code).toBe('FORBIDDEN');
    const cross = await h.op('getAssetFacets', {}, { as: 'betaEditor', tenant: 'alpha' });
    expect(cross.error).toBeDefined();
  });
});
