// Issue 41 (item 5): the public getAsset answers an anonymous reader only for an asset that a
// published, ungated page shows (a live item's image, an active author's photo); staff in scope of
// the tenant see every asset; anything else answers like an unknown id.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type RequestOpts } from './api-harness';

let h: Harness;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mh-asset-visibility-'));
  h = await startApi({ assets: { dir, maxBytes: 1024 * 1024 }, responseCacheTtlMs: 0 });
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

const PUBLISHED = 10_010_005;
const GATED = 10_010_003;
const DRAFT = 10_010_012;
const INSIDER = 140;
const AUTHOR = 110;

async function upload(r: number): Promise<number> {
  const bytes = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r, g: 40, b: 40 } } }).jpeg().toBuffer();
  const res = await h.op('createAsset', { input: { dataBase64: bytes.toString('base64'), name: `p-${r}.jpg`, contentType: 'image/jpeg' } }, { as: 'alphaEditor' });
  expect(res.error).toBeUndefined();
  return res.data.createAsset.id as number;
}

async function seen(id: number, opts: RequestOpts = {}): Promise<boolean> {
  const r = await h.op('getAsset', { id }, opts);
  if (r.error) {
    expect(r.error.extensions.code).toBe('NOT_FOUND');
    return false;
  }
  expect(r.data.getAsset).toMatchObject({ id, mimeType: 'image/jpeg' });
  return true;
}

describe('getAsset for anonymous readers', () => {
  it('hides an unused upload from anonymous readers and other tenants\' staff; staff in scope see it', async () => {
    const id = await upload(10);
    expect(await seen(id)).toBe(false);
    expect(await seen(id, { as: 'betaEditor' })).toBe(false);
    expect(await seen(id, { as: 'alphaViewer' })).toBe(true);
  });

  it('hides an image used only by a draft or by gated content', async () => {
    const id = await upload(20);
    await h.store.run('update content set primary_image_id = ? where id = ?', [id, DRAFT]);
    await h.store.run('insert into content_memberships (content_id, membership_id) values (?, ?)', [GATED, INSIDER]);
    await h.store.run('insert into content_images (content_id, asset_id, position) values (?, ?, 9)', [GATED, id]);
    expect(await seen(id)).toBe(false);
    await h.store.run("update content set gating_survey_type = 'omeda' where id = ?", [PUBLISHED]);
    await h.store.run('update content set primary_image_id = ? where id = ?', [id, PUBLISHED]);
    expect(await seen(id)).toBe(false);
    await h.store.run('update content set gating_survey_type = null where id = ?', [PUBLISHED]);
    expect(await seen(id)).toBe(true);
  });

  it('shows an image in the body of a published, ungated item', async () => {
    const id = await upload(30);
    await h.store.run('insert into content_images (content_id, asset_id, position) values (?, ?, 9)', [PUBLISHED, id]);
    expect(await seen(id)).toBe(true);
  });

  it('hides the image of an item outside its dates', async () => {
    const id = await upload(40);
    await h.store.run('insert into content_images (content_id, asset_id, position) values (?, ?, 9)', [10_010_007, id]);
    expect(await seen(id)).toBe(true);
    await h.store.run('update content set end_date = ? where id = ?', [Date.now() - 60_000, 10_010_007]);
    expect(await seen(id)).toBe(false);
  });

  it('shows an active author\'s photo, not an inactive one\'s', async () => {
    const id = await upload(50);
    await h.store.run('update persons set image_id = ? where id = ?', [id, AUTHOR]);
    expect(await seen(id)).toBe(true);
    await h.store.run('update persons set status = 0 where id = ?', [AUTHOR]);
    expect(await seen(id)).toBe(false);
  });
});
