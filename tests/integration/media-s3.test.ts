// The media library on object storage (issue 39, MASTHEAD_MEDIA_URL): against s3rver on 127.0.0.1
// (tests/helpers/s3-server.ts), an upload stores its original under <prefix>/originals/ and its
// derivatives under <prefix>/public/ with their types and an immutable Cache-Control, and nothing
// in the assets folder; the admin's preview reads the bucket; a build's pages show the images from
// the public URL (which serves the bytes) and copy no derivative into the output; a failing bucket
// leaves no row and no object and answers a clear error; `masthead assets gc` lists and deletes the
// objects of a deleted asset (keeping recent ones by default); `masthead db backup` names the bucket.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketMediaStore, type MediaStore } from '../../engine/assets/media-store';
import { runBuild, runSiteBuild } from '../../engine/build/index';
import { writeMediaFiles } from '../../engine/build/stages/media';
import { FileWriter } from '../../engine/build/stages/writer';
import { buildFiles } from '../helpers/build-compare';
import { CLI_RUNNERS } from '../helpers/cli';
import { startS3Server, type S3TestServer } from '../helpers/s3-server';
import { freePort, serve } from '../helpers/serve-process';
import { startApi, type Harness } from './api-harness';

const BUCKET = 'media-lib';
const PREFIX = 'prod/lib';
const ARTICLE = 10_010_001;
const cli = CLI_RUNNERS.find((r) => r.name === 'typescript')!;

let s3: S3TestServer;
let h: Harness;
let dir: string;
let out: string;
let publicUrl: string;
let bucket: MediaStore;
/** Fails the put after `failAfter` successful ones (null: never), to cut an upload midway. */
let failAfter: number | null = null;
let used: Record<string, any>;
let gone: Record<string, any>;

const jpeg = async (r: number) => (await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r, g: 70, b: 20 } } }).jpeg().toBuffer()).toString('base64');
const keys = () => s3.keys(BUCKET, `${PREFIX}/`);
const filesOf = (a: Record<string, any>) => [a.original, ...a.derivatives.map((d: { file: string }) => d.file)] as string[];
const env = () => ({ ...s3.env, MASTHEAD_MEDIA_URL: `s3://${BUCKET}/${PREFIX}`, MASTHEAD_MEDIA_PUBLIC_URL: publicUrl, MASTHEAD_ASSETS_DIR: dir });

async function create(r: number) {
  return h.op('createAsset', { input: { dataBase64: await jpeg(r), name: `m${r}.jpg`, meta: { alt: `Image ${r}` } } }, { as: 'alphaEditor' });
}

async function libraryCount(): Promise<number> {
  const r = await h.gql('{ getAssetStream(input: { limit: 1 }) { totalCount } }', {}, { as: 'alphaEditor' });
  expect(r.error).toBeUndefined();
  return r.data.getAssetStream.totalCount as number;
}

const tenantFiles = () => [...buildFiles(join(out, 'alpha')).values()];
const buildOptions = () => ({ outDir: out, tenants: ['alpha'], workers: 1, originTemplate: 'http://{key}.localhost', clientDir: null, assetsDir: bucket });

async function editArticle(input: Record<string, unknown>) {
  const r = await h.gql('mutation($id: Int!, $input: ContentInput!) { updateContent(id: $id, input: $input) { id } }', { id: ARTICLE, input }, { as: 'alphaEditor' });
  expect(r.error).toBeUndefined();
}

/** The article page's media library image: its <img> and every address its <picture> offers. */
async function articleImage(files: string[]): Promise<{ html: string; img: Element; urls: string[] }> {
  const page = files.find((f) => f.includes(`/${ARTICLE}/`) && !f.includes('/print/') && f.endsWith('index.html'));
  const html = await readFile(page!, 'utf8');
  const img = DomUtils.findOne((e) => e.name === 'img' && e.attribs.alt === 'Image 10', parseDocument(html).children) as Element | null;
  expect(img).not.toBeNull();
  const sources = DomUtils.getElementsByTagName('source', img!.parent as Element);
  return { html, img: img!, urls: [img!.attribs.src!, ...sources.flatMap((e) => e.attribs.srcset!.split(', ').map((c) => c.split(' ')[0]!))] };
}


beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
  // s3rver answers anonymous path-style GETs: the bucket's public area stands in for the CDN.
  publicUrl = `${s3.endpoint}/${BUCKET}/${PREFIX}/public`;
  const real = bucketMediaStore(s3.client, { bucket: BUCKET, prefix: PREFIX }, publicUrl);
  let puts = 0;
  bucket = {
    ...real,
    async put(...args) {
      if (failAfter !== null && puts++ >= failAfter) {
        const { MediaStoreError } = await import('../../engine/assets/media-store');
        throw new MediaStoreError(real.location, `uploading ${args[2]}`, 'connect ECONNRESET');
      }
      return real.put(...args);
    },
  };
  dir = await mkdtemp(join(tmpdir(), 'mh-media-s3-'));
  out = await mkdtemp(join(tmpdir(), 'mh-media-s3-out-'));
  h = await startApi({ assets: { dir, maxBytes: 5 * 1024 * 1024, store: bucket } });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
  await rm(out, { recursive: true, force: true });
});

describe('media library on object storage', () => {
  it('an upload stores the original (private area) and the derivatives (public area) with their types and an immutable Cache-Control, and nothing in the folder', async () => {
    const res = await create(10);
    expect(res.error).toBeUndefined();
    used = res.data.createAsset;
    expect(used.derivatives.length).toBeGreaterThanOrEqual(6);
    const all = await keys();
    expect(all).toContain(`${PREFIX}/originals/alpha/${used.original}`);
    for (const d of used.derivatives) expect(all).toContain(`${PREFIX}/public/alpha/${d.file}`);
    expect(all.filter((k) => k.startsWith(`${PREFIX}/public/`))).not.toContain(`${PREFIX}/public/alpha/${used.original}`);
    const original = await s3.get(BUCKET, `${PREFIX}/originals/alpha/${used.original}`);
    expect(original.contentType).toBe('image/jpeg');
    expect(original.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(original.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    for (const format of ['avif', 'webp', 'jpeg']) {
      const d = used.derivatives.find((x: { format: string }) => x.format === format);
      const obj = await s3.get(BUCKET, `${PREFIX}/public/alpha/${d.file}`);
      expect(obj.contentType).toBe(`image/${format}`);
      expect(obj.cacheControl).toBe('public, max-age=31536000, immutable');
      expect((await sharp(obj.body).metadata()).width).toBe(d.width);
    }
    expect(await readdir(dir)).toEqual([]);
  });

  it('the admin\'s preview reads the bucket', async () => {
    const r = await h.app.inject({ url: `/api/assets/${used.id}/preview?width=400`, headers: { 'x-tenant-key': 'alpha', authorization: `Bearer ${await h.token('alphaEditor')}` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/webp');
    const d = used.derivatives.find((x: { format: string; width: number }) => x.format === 'webp' && x.width === 480);
    expect(Buffer.compare(r.rawPayload, (await s3.get(BUCKET, `${PREFIX}/public/alpha/${d.file}`)).body)).toBe(0);
  });

  it('an upload the bucket fails midway leaves no row and none of its objects, and answers MEDIA_STORAGE_FAILED', async () => {
    const before = await keys();
    const count = await libraryCount();
    expect(count).toBeGreaterThan(0);
    failAfter = 3; // the original and two derivatives are stored, then the bucket fails
    const res = await create(140);
    failAfter = null;
    expect(res.error?.extensions?.code).toBe('MEDIA_STORAGE_FAILED');
    expect(String(res.error?.message)).toMatch(/The file could not be stored: the media storage failed \(uploading .*ECONNRESET\)\. Nothing was added to the library/);
    expect(await keys()).toEqual(before);
    expect(await libraryCount()).toBe(count);
  });

  it('a build shows the images from the public URL (which serves them) and copies no derivative into the output', async () => {
    await editArticle({ imageIds: [used.id], primaryImageId: used.id });
    await runBuild(h.store, buildOptions());
    const files = tenantFiles();
    const { img, urls } = await articleImage(files);
    expect(urls.length).toBeGreaterThan(3);
    for (const u of urls) expect(u.startsWith(`${publicUrl}/alpha/`)).toBe(true);
    const served = await fetch(img.attribs.src!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // No copy of any upload in the tenant's output.
    const names = new Set(files.map((f) => f.split('/').pop()));
    for (const f of filesOf(used)) expect(names.has(f)).toBe(false);
  }, 120_000);

  it('an incremental build (the serve and masthead build path) keeps the CDN addresses on the pages it re-renders', async () => {
    await editArticle({ name: 'Cranes on the quay, retitled' });
    const r = await runSiteBuild(h.store, buildOptions());
    expect(r.modes).toEqual({ alpha: 'incremental' });
    const { html, urls } = await articleImage(tenantFiles());
    expect(html).toContain('Cranes on the quay, retitled');
    expect(urls.length).toBeGreaterThan(3);
    for (const u of urls) expect(u.startsWith(`${publicUrl}/alpha/`)).toBe(true);
  }, 120_000);

  it('a PDF document is stored only in the private originals area, and the build publishes a public one from there', async () => {
    const bytes = await readFile(new URL('../../fixtures/demo/files/freightwise/freightwise-2027-rate-outlook.pdf', import.meta.url));
    const res = await h.op('createAsset', { input: { dataBase64: bytes.toString('base64'), name: 'outlook.pdf' } }, { as: 'alphaEditor' });
    expect(res.error).toBeUndefined();
    const pdf = res.data.createAsset;
    const all = await keys();
    expect(all).toContain(`${PREFIX}/originals/alpha/${pdf.original}`);
    expect(all.some((k) => k.startsWith(`${PREFIX}/public/`) && k.endsWith('.pdf'))).toBe(false);
    expect((await s3.get(BUCKET, `${PREFIX}/originals/alpha/${pdf.original}`)).contentType).toBe('application/pdf');
    // What the build does for a document block's public PDF (stages/media.ts referencedMedia → writeMediaFiles).
    const root = await mkdtemp(join(tmpdir(), 'mh-media-s3-docs-'));
    const r = await writeMediaFiles(new Map([[pdf.path.slice(1), pdf.original]]), bucket, 'alpha', new FileWriter(root), root);
    expect(r).toEqual({ copied: 1, missing: [] });
    expect(Buffer.compare(await readFile(join(root, pdf.path.slice(1))), bytes)).toBe(0);
    await rm(root, { recursive: true, force: true });
  });

  it('masthead assets gc lists (dry run), keeps recent objects by default, and deletes a deleted asset\'s objects with --min-age 0', async () => {
    const res = await create(200);
    expect(res.error).toBeUndefined();
    gone = res.data.createAsset;
    expect((await h.op('deleteAsset', { id: gone.id }, { as: 'alphaEditor' })).error).toBeUndefined();
    const gc = async (...flags: string[]) => {
      const r = await cli.run(['--db', h.store.path, '--json', 'assets', 'gc', '--tenant', 'alpha', ...flags], env());
      expect(r.stderr.replace(/.*NodeVersion.*\n?/g, '')).toBe('');
      expect(r.code).toBe(0);
      return JSON.parse(r.stdout) as { dir: string; dryRun: boolean; removed: { file: string }[]; keptRecent: { file: string }[] };
    };
    const recent = await gc();
    expect(recent.dir).toBe(`s3://${BUCKET}/${PREFIX}`);
    expect(recent.removed).toEqual([]);
    expect(recent.keptRecent.map((x) => x.file).sort()).toEqual(filesOf(gone).sort());
    const before = await keys();
    const dry = await gc('--dry-run', '--min-age', '0');
    expect(dry.dryRun).toBe(true);
    expect(dry.removed.map((x) => x.file).sort()).toEqual(filesOf(gone).sort());
    expect(await keys()).toEqual(before);
    const done = await gc('--min-age', '0');
    expect(done.removed.map((x) => x.file).sort()).toEqual(filesOf(gone).sort());
    const after = await keys();
    for (const f of filesOf(gone)) expect(after.some((k) => k.endsWith(`/alpha/${f}`))).toBe(false);
    for (const f of filesOf(used)) expect(after.some((k) => k.endsWith(`/alpha/${f}`))).toBe(true);
    expect((await gc('--min-age', '0')).removed).toEqual([]);
  }, 60_000);

  it('masthead db backup names the bucket as what to back up with the database', async () => {
    const file = join(out, 'backup.sqlite');
    const r = await cli.run(['--db', h.store.path, '--json', 'db', 'backup', file], env());
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).media).toEqual({ bucket: `s3://${BUCKET}/${PREFIX}` });
    const text = await cli.run(['--db', h.store.path, 'db', 'backup', '--force', file], env());
    expect(text.stdout).toMatch(/media library is in the bucket s3:\/\/media-lib\/prod\/lib \(MASTHEAD_MEDIA_URL\), not in this file/);
  }, 60_000);

  it('masthead serve with MASTHEAD_MEDIA_URL stores an upload in the bucket and previews it from there', async () => {
    const port = await freePort();
    const server = await serve(['--db', h.store.path, 'serve', '--out', join(out, 'served'), '--no-admin'], port,
      { ...env(), MASTHEAD_UNSUBSCRIBE_SECRET: 'a-long-unsubscribe-secret-for-tests', MASTHEAD_CAPTCHA: 'off' });
    try {
      const headers = { 'x-tenant-key': 'alpha', authorization: `Bearer ${await h.token('alphaEditor')}` };
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(await jpeg(60), 'base64')], { type: 'image/jpeg' }), 'served.jpg');
      const up = await fetch(`http://127.0.0.1:${port}/api/assets`, { method: 'POST', body: form, headers });
      expect(up.status).toBe(201);
      const { asset } = await up.json() as { asset: Record<string, any> };
      const all = await keys();
      expect(all).toContain(`${PREFIX}/originals/alpha/${asset.original}`);
      for (const f of asset.derivatives) expect(all).toContain(`${PREFIX}/public/alpha/${f.file}`);
      expect(await readdir(dir)).toEqual([]);
      const preview = await fetch(`http://127.0.0.1:${port}/api/assets/${asset.id}/preview`, { headers });
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe('image/webp');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 180_000);

  it.each([
    [{ MASTHEAD_MEDIA_PUBLIC_URL: '' }, /^error: MASTHEAD_MEDIA_URL: set MASTHEAD_MEDIA_PUBLIC_URL too/],
    [{ MASTHEAD_MEDIA_URL: '' }, /^error: MASTHEAD_MEDIA_PUBLIC_URL: set it only with MASTHEAD_MEDIA_URL/],
    [{ MASTHEAD_MEDIA_URL: 'https://media.example/lib' }, /^error: MASTHEAD_MEDIA_URL: must be an s3:\/\/bucket\/prefix URL/],
    [{ MASTHEAD_MEDIA_PUBLIC_URL: 'media.example' }, /^error: MASTHEAD_MEDIA_PUBLIC_URL: must be an absolute http\(s\):\/\/ URL/],
    [{ MASTHEAD_OUT: `s3://${BUCKET}/prod` }, /^error: MASTHEAD_MEDIA_URL: s3:\/\/media-lib\/prod\/lib overlaps the sites' output/],
  ])('%j is refused naming the variable, exit 2, nothing deleted', async (change, message) => {
    const before = await keys();
    const r = await cli.run(['--db', h.store.path, 'assets', 'gc', '--min-age', '0'], { ...env(), ...change });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(await keys()).toEqual(before);
  });
});
