// Media library metadata over GraphQL (issue 16): createAsset/updateAsset/deleteAsset/getAssetStream
// are guarded by manage_assets and tenant-checked; a delete is refused while content uses the asset
// and the refusal names the content; bad metadata names its field and changes nothing.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './api-harness';

let h: Harness;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mh-assets-api-'));
  h = await startApi({ assets: { dir, maxBytes: 1024 * 1024 } });
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

const jpegBase64 = async (r: number) => (await sharp({ create: { width: 600, height: 400, channels: 3, background: { r, g: 10, b: 10 } } }).jpeg().toBuffer()).toString('base64');

async function create(r: number, meta?: Record<string, unknown>) {
  const res = await h.op('createAsset', { input: { dataBase64: await jpegBase64(r), name: `photo-${r}.jpg`, contentType: 'image/jpeg', meta } }, { as: 'alphaEditor' });
  expect(res.error).toBeUndefined();
  return res.data.createAsset as Record<string, any>;
}

describe('media library GraphQL operations', () => {
  it('createAsset stores the file and its metadata in one call', async () => {
    const a = await create(20, { alt: 'Cranes at dusk', tags: ['port', 'cranes'], focalX: 0.25, focalY: 0.75, credit: 'Staff' });
    expect(a).toMatchObject({ name: 'photo-20.jpg', alt: 'Cranes at dusk', tags: ['port', 'cranes'], focalX: 0.25, focalY: 0.75, credit: 'Staff', width: 600, height: 400 });
    expect(a.derivatives.length).toBeGreaterThan(0);
  });

  it('updateAsset sets alt text, caption, credit, focal point, tags and the decorative flag, with history and a rebuild request', async () => {
    const a = await create(40);
    h.changes.length = 0;
    const r = await h.op('updateAsset', { id: a.id, input: { alt: 'A quay', caption: 'Morning', credit: 'Wire', focalX: 0.1, focalY: 0.9, tags: ['quay'], decorative: true } }, { as: 'alphaEditor' });
    expect(r.error).toBeUndefined();
    expect(r.data.updateAsset).toMatchObject({ alt: 'A quay', caption: 'Morning', credit: 'Wire', focalX: 0.1, focalY: 0.9, tags: ['quay'], decorative: true });
    expect(h.changes).toEqual([{ tenantKey: 'alpha', change: { entity: 'asset', action: 'update', ids: [a.id] } }]);
    const [hist] = await h.store.all<{ changes: string }>("select changes from history where entity_type = 'asset' and entity_id = ? and action = 'update'", [String(a.id)]);
    expect(JSON.parse(hist!.changes)).toMatchObject({ alt: { from: '', to: 'A quay' }, decorative: { from: false, to: true } });
  });

  it('refuses a focal point outside the image, naming the field, and changes nothing', async () => {
    const a = await create(60);
    const r = await h.op('updateAsset', { id: a.id, input: { alt: 'changed', focalX: 1.5 } }, { as: 'alphaEditor' });
    expect(r.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'focalX' });
    const after = await h.op('getMediaAsset', { id: a.id }, { as: 'alphaEditor' });
    expect(after.data.getMediaAsset).toMatchObject({ alt: '', focalX: 0.5 });
  });

  it('createAsset with bad bytes stores nothing', async () => {
    const before = [await h.count('assets'), (await readdir(join(dir, 'alpha')).catch(() => [])).length];
    const r = await h.op('createAsset', { input: { dataBase64: Buffer.from('<svg><script>1</script></svg>').toString('base64'), name: 'x.jpg' } }, { as: 'alphaEditor' });
    expect(r.error?.message).toMatch(/^file: SVG files are refused/);
    expect([await h.count('assets'), (await readdir(join(dir, 'alpha')).catch(() => [])).length]).toEqual(before);
  });

  it('needs manage_assets in the asset\'s own tenant', async () => {
    const a = await create(80);
    expect((await h.op('updateAsset', { id: a.id, input: { alt: 'x' } }, { as: 'alphaViewer' })).error?.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('updateAsset', { id: a.id, input: { alt: 'x' } }, { as: 'betaEditor' })).error?.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('updateAsset', { id: a.id, input: { alt: 'x' } }, { as: 'betaEditor', tenant: 'beta' })).error?.extensions.code).toBe('NOT_FOUND');
    expect((await h.op('deleteAsset', { id: a.id }, { as: 'betaEditor', tenant: 'beta' })).error?.extensions.code).toBe('NOT_FOUND');
    expect((await h.op('getAssetStream', {}, { as: 'alphaViewer' })).error?.extensions.code).toBe('FORBIDDEN');
  });

  it('getAssetStream searches by name, tag and type and filters by usage', async () => {
    const a = await create(100, { tags: ['harbour-night'] });
    const ids = async (input: Record<string, unknown>) => {
      const r = await h.op('getAssetStream', { input }, { as: 'alphaEditor' });
      expect(r.error).toBeUndefined();
      return (r.data.getAssetStream.rows as { id: number }[]).map((x) => x.id);
    };
    expect(await ids({ phrase: 'photo-100' })).toEqual([a.id]);
    expect(await ids({ tag: 'harbour-night' })).toEqual([a.id]);
    expect(await ids({ phrase: 'harbour-ni' })).toEqual([a.id]);
    expect(await ids({ type: 'image/svg' })).toEqual([120]);
    expect(await ids({ used: true })).toEqual([120]);
    expect(await ids({ used: false })).toContain(a.id);
    const beta = await h.op('getAssetStream', { input: {} }, { as: 'betaEditor', tenant: 'beta' });
    expect((beta.data.getAssetStream.rows as { id: number }[]).map((x) => x.id)).toEqual([220]);
  });

  it('refuses to publish content showing an image without alt text, naming the image, unless it is decorative', async () => {
    const a = await create(160);
    const update = (id: number, input: Record<string, unknown>) => h.gql('mutation($id: Int!, $input: ContentInput!) { updateContent(id: $id, input: $input) { id } }', { id, input }, { as: 'alphaEditor' });
    const refused = await update(10_010_002, { imageIds: [a.id], primaryImageId: a.id });
    expect(refused.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'imageIds[0]' });
    expect(refused.error?.message).toBe(`imageIds[0]: Image ${a.id} ("photo-160.jpg") has no alt text: add alt text in the media library, or mark the image decorative, before publishing`);
    const [row] = await h.store.all<{ p: number }>('select primary_image_id as p from content where id = 10010002');
    expect(row!.p).toBe(120);
    // A draft may show it; publishing is what needs the alt text.
    expect((await update(10_010_012, { imageIds: [a.id], primaryImageId: a.id })).error).toBeUndefined();
    expect((await update(10_010_012, { status: 1 })).error?.extensions.field).toBe('imageIds[0]');
    expect((await h.op('updateAsset', { id: a.id, input: { decorative: true } }, { as: 'alphaEditor' })).error).toBeUndefined();
    expect((await update(10_010_002, { imageIds: [a.id], primaryImageId: a.id })).error).toBeUndefined();
  });

  it('refuses to delete an asset while content uses it, naming the content; deletes an unused one', async () => {
    const r = await h.op('deleteAsset', { id: 120 }, { as: 'alphaEditor' });
    expect(r.error?.extensions.code).toBe('CONFLICT');
    expect(r.error?.message).toMatch(/^Asset 120 cannot be deleted while it is used by content 10010001 "Carriers adjust capacity on lane 1"/);
    expect(await h.count('assets')).toBeGreaterThan(0);
    const [still] = await h.store.all<{ n: number }>('select count(*) as n from assets where id = 120');
    expect(still!.n).toBe(1);
    const a = await create(140);
    expect((await h.op('deleteAsset', { id: a.id }, { as: 'alphaEditor' })).data.deleteAsset).toEqual({ ok: true, message: null });
    expect((await h.op('getMediaAsset', { id: a.id }, { as: 'alphaEditor' })).error?.extensions.code).toBe('NOT_FOUND');
  });
});
