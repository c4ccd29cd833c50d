// `masthead build --out s3://bucket/prefix` against a real S3 protocol server (s3rver on
// 127.0.0.1, tests/helpers/s3-server.ts): every tenant of the build fixture published, the bucket
// holding exactly the live build's files with their bytes; headers per type read back; a second
// build with nothing changed uploads 0 objects; an edit uploads exactly the files whose bytes
// changed (counted against the staging folder); an unpublished article's objects are deleted; an
// upload that fails midway leaves the previous latest.json and every object it needs, and the next
// run finishes.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Store } from '../../engine/store/connection';
import { createS3Client, publishTenantToS3, redirectObjects, CACHE_IMMUTABLE, CACHE_REVALIDATE, MANIFEST } from '../../engine/publish/s3';
import { CLI_RUNNERS } from '../helpers/cli';
import { startS3Server, type S3TestServer } from '../helpers/s3-server';
import { ALPHA, id, seedBuildSite } from './build-site-fixture';

const BUCKET = 'mh-sites';
const PREFIX = 'prod';
const cli = CLI_RUNNERS.find((r) => r.name === 'typescript')!;

let s3: S3TestServer;
let store: Store;
let dbPath: string;
let staging: string;

interface Published { target: string; uploaded: number; deleted: number; tenants: { key: string; files: number; redirects: number; uploaded: number; unchanged: number; deleted: number; changed: string[] }[] }

/** `masthead build` to the bucket; the first, full, build also writes the .br/.gz siblings. */
async function build(precompress = false): Promise<Published> {
  const r = await cli.run(['--db', dbPath, 'build', '--json', '--out', `s3://${BUCKET}/${PREFIX}`, '--workers', '1', ...(precompress ? [] : ['--no-precompress'])],
    { ...s3.env, MASTHEAD_S3_STAGING: staging });
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { published: Published }).published;
}

/** The tenant's live build in the staging folder: path → sha256. */
function localTree(key: string): Map<string, string> {
  const root = realpathSync(join(staging, BUCKET, PREFIX, key));
  const out = new Map<string, string>();
  const walk = (dir: string, rel: string) => {
    for (const n of readdirSync(dir)) {
      const p = join(dir, n);
      const r = rel ? `${rel}/${n}` : n;
      if (statSync(p).isDirectory()) walk(p, r);
      else out.set(r, createHash('sha256').update(readFileSync(p)).digest('hex'));
    }
  };
  walk(root, '');
  return out;
}

/** What the bucket must hold under a tenant's prefix: its files, the redirect objects of its _redirects, the manifest. */
function expectedKeys(key: string, tree = localTree(key)): string[] {
  const root = realpathSync(join(staging, BUCKET, PREFIX, key));
  const redirects = redirectObjects(readFileSync(join(root, '_redirects'), 'utf8'), new Set(tree.keys()));
  return [...tree.keys(), ...redirects.keys(), MANIFEST].sort();
}

beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
  ({ store, dbPath } = await seedBuildSite());
  staging = mkdtempSync(join(tmpdir(), 'masthead-s3-staging-'));
}, 120_000);

afterAll(async () => {
  await store?.close();
  await s3?.close();
});

describe('masthead build --out s3://bucket/prefix', () => {
  let first: Published;

  it('publishes every tenant: the bucket holds exactly the live build, byte for byte', async () => {
    first = await build(true);
    expect(first.target).toBe(`s3://${BUCKET}/${PREFIX}`);
    expect(first.tenants.map((t) => t.key).sort()).toEqual(['alpha', 'beta']);
    for (const key of ['alpha', 'beta']) {
      const local = localTree(key);
      const t = first.tenants.find((x) => x.key === key)!;
      expect(t.files).toBe(local.size);
      expect(t.redirects).toBeGreaterThan(10);
      expect(t.uploaded).toBe(local.size + t.redirects);
      expect(t.unchanged).toBe(0);
      const base = `${PREFIX}/${key}/`;
      const keys = await s3.keys(BUCKET, base);
      expect(keys.map((k) => k.slice(base.length)).sort()).toEqual(expectedKeys(key, local));
    }
    const page = await s3.get(BUCKET, `${PREFIX}/alpha/index.html`);
    const root = realpathSync(join(staging, BUCKET, PREFIX, 'alpha'));
    expect(page.body.equals(readFileSync(join(root, 'index.html')))).toBe(true);
    const latest = await s3.get(BUCKET, `${PREFIX}/alpha/builds/latest.json`);
    expect(latest.body.toString()).toBe(readFileSync(join(root, 'builds', 'latest.json'), 'utf8'));
  }, 240_000);

  it('sends the right headers per type', async () => {
    const base = `${PREFIX}/alpha/`;
    const keys = (await s3.keys(BUCKET, base)).map((k) => k.slice(base.length));
    const get = (rel: string) => s3.get(BUCKET, base + rel);
    expect(await get('index.html')).toMatchObject({ contentType: 'text/html; charset=utf-8', cacheControl: CACHE_REVALIDATE });
    expect((await get('index.html')).contentEncoding).toBeUndefined();
    // The precompressed siblings: the page's type, with their encoding.
    expect(await get('index.html.br')).toMatchObject({ contentType: 'text/html; charset=utf-8', contentEncoding: 'br', cacheControl: CACHE_REVALIDATE });
    expect(await get('index.html.gz')).toMatchObject({ contentType: 'text/html; charset=utf-8', contentEncoding: 'gzip' });
    const css = keys.find((k) => /^assets\/site\.[0-9a-f]+\.css$/.test(k))!;
    expect(await get(css)).toMatchObject({ contentType: 'text/css; charset=utf-8', cacheControl: CACHE_IMMUTABLE });
    expect(await get('_payload.json')).toMatchObject({ contentType: 'application/json; charset=utf-8', cacheControl: CACHE_REVALIDATE });
    expect(await get('robots.txt')).toMatchObject({ contentType: 'text/plain; charset=utf-8', cacheControl: CACHE_REVALIDATE });
    expect(await get('sitemap.xml')).toMatchObject({ contentType: 'application/xml; charset=utf-8', cacheControl: CACHE_REVALIDATE });
    expect(await get('_redirects')).toMatchObject({ contentType: 'text/plain; charset=utf-8', cacheControl: CACHE_REVALIDATE });
    expect(await get('builds/latest.json')).toMatchObject({ contentType: 'application/json; charset=utf-8', cacheControl: 'no-cache' });
    expect(await get('images/alpha/ship.svg')).toMatchObject({ contentType: 'image/svg+xml; charset=utf-8' });
    // _redirects' 301s as S3 website redirect objects, at the path and its index.html.
    for (const rel of ['10100022', '10100022/index.html']) {
      expect(await get(rel)).toMatchObject({ websiteRedirectLocation: 'https://sponsor.example/offer', body: Buffer.alloc(0) });
    }
    expect((await get(`${id(ALPHA, 3)}`)).websiteRedirectLocation).toMatch(new RegExp(`^/markets/ocean-freight/${id(ALPHA, 3)}/`));
    // The stored hash is the local file's.
    const root = realpathSync(join(staging, BUCKET, PREFIX, 'alpha'));
    expect((await get('index.html')).metadata?.sha256).toBe(createHash('sha256').update(readFileSync(join(root, 'index.html'))).digest('hex'));
  });

  it('uploads 0 objects when nothing changed', async () => {
    const again = await build();
    expect(again.uploaded).toBe(0);
    expect(again.deleted).toBe(0);
    for (const t of again.tenants) expect(t.unchanged).toBe(t.files + t.redirects);
  }, 240_000);

  it('uploads exactly the files an edit changed, and deletes an unpublished article\'s objects', async () => {
    const before = localTree('alpha');
    const betaBefore = localTree('beta');
    await store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', ['Carriers add capacity on lane 3', Date.now(), id(ALPHA, 3)]);
    const edited = await build();
    const after = localTree('alpha');
    const changed = [...after].filter(([p, h]) => before.get(p) !== h).map(([p]) => p).sort();
    const alpha = edited.tenants.find((t) => t.key === 'alpha')!;
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(after.size / 2);
    expect(changed).toContain('builds/latest.json');
    expect(alpha.uploaded).toBe(changed.length);
    expect(alpha.changed.filter((p) => after.has(p))).toEqual(changed);
    expect(edited.tenants.find((t) => t.key === 'beta')!.uploaded).toBe(0);
    expect(localTree('beta')).toEqual(betaBefore);
    const page = [...after.keys()].find((p) => p.includes(`/${id(ALPHA, 3)}/`) && p.endsWith('index.html'))!;
    expect((await s3.get(BUCKET, `${PREFIX}/alpha/${page}`)).body.toString()).toContain('Carriers add capacity on lane 3');

    const keysBefore = expectedKeys('alpha', after);
    await store.run('UPDATE content SET status = 2, updated_at = ? WHERE id = ?', [Date.now(), id(ALPHA, 5)]);
    const unpublished = await build();
    const gone = [...after.keys()].filter((p) => p.includes(`/${id(ALPHA, 5)}/`));
    expect(gone.length).toBeGreaterThan(0);
    // Its pages, its redirect objects and whatever else the build no longer has (a list page fewer,
    // stale .br/.gz siblings).
    const now = localTree('alpha');
    const keysNow = expectedKeys('alpha', now);
    const vanished = keysBefore.filter((p) => !keysNow.includes(p));
    expect(vanished).toEqual(expect.arrayContaining([...gone, `${id(ALPHA, 5)}`, `${id(ALPHA, 5)}/index.html`]));
    expect(unpublished.tenants.find((t) => t.key === 'alpha')!.deleted).toBe(vanished.length);
    const keys = await s3.keys(BUCKET, `${PREFIX}/alpha/`);
    for (const p of gone) expect(keys).not.toContain(`${PREFIX}/alpha/${p}`);
    expect(keys.map((k) => k.slice(`${PREFIX}/alpha/`.length)).sort()).toEqual(expectedKeys('alpha', now));
  }, 480_000);
});

describe('a full build from an empty staging folder (a new machine)', () => {
  it('uploads only the objects whose bytes differ from what the bucket holds', async () => {
    const old = new Map([...localTree('alpha')].map(([p, h]) => [p, h]));
    const oldBeta = localTree('beta');
    const previous = staging;
    staging = mkdtempSync(join(tmpdir(), 'masthead-s3-staging-'));
    try {
      const fresh = await build();
      for (const [key, before] of [['alpha', old], ['beta', oldBeta]] as const) {
        const now = localTree(key);
        const differ = [...now].filter(([p, h]) => before.get(p) !== h).map(([p]) => p).sort();
        const t = fresh.tenants.find((x) => x.key === key)!;
        expect(t.changed.filter((p) => now.has(p))).toEqual(differ);
        expect(t.uploaded).toBe(differ.length);
        expect(t.uploaded).toBeLessThan(now.size / 4);
      }
    } finally {
      staging = previous;
    }
  }, 480_000);
});

describe('a tenant of more than 1,000 objects', () => {
  it('deletes by the manifest, lists past the first page without one, and deletes what a stopped run added', async () => {
    const out = mkdtempSync(join(tmpdir(), 'masthead-s3-many-'));
    const root = join(out, 'many');
    const page = (i: number) => `p${String(i).padStart(4, '0')}`;
    const add = (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        mkdirSync(join(root, page(i)), { recursive: true });
        writeFileSync(join(root, page(i), 'index.html'), `<p>${i}</p>`);
      }
    };
    const drop = (from: number, to: number) => { for (let i = from; i < to; i++) rmSync(join(root, page(i)), { recursive: true }); };
    mkdirSync(join(root, 'builds'), { recursive: true });
    writeFileSync(join(root, 'builds', 'latest.json'), '{"id":"b1","timestamp":1}');
    add(0, 1100);
    const dest = { bucket: BUCKET, prefix: 'many' };
    const keys = async () => (await s3.keys(BUCKET, 'many/many/')).map((k) => k.slice('many/many/'.length));
    const expected = () => [...readdirSync(root).filter((n) => n.startsWith('p')).map((n) => `${n}/index.html`), 'builds/latest.json', MANIFEST].sort();
    const client = createS3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    try {
      expect((await publishTenantToS3(client, dest, out, 'many')).uploaded).toBe(1101);
      drop(1050, 1100);
      expect(await publishTenantToS3(client, dest, out, 'many')).toMatchObject({ uploaded: 0, deleted: 50 });
      expect(await keys()).toEqual(expected());
      // Without a manifest the prefix is listed: the vanished pages sort after the first 1,000 keys.
      await s3.client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `many/many/${MANIFEST}` }));
      drop(1040, 1050);
      expect(await publishTenantToS3(client, dest, out, 'many')).toMatchObject({ uploaded: 1041, deleted: 10 });
      expect(await keys()).toEqual(expected());
      // A run that stops after uploading some new pages; the pages are gone by the next run.
      add(2000, 2010);
      let puts = 0;
      const failing = {
        send: (cmd: { constructor: { name: string } }) => {
          if (cmd.constructor.name === 'PutObjectCommand' && ++puts > 4) return Promise.reject(new Error('connection reset'));
          return (client.send as (c: unknown) => Promise<unknown>)(cmd);
        },
      } as unknown as S3Client;
      await expect(publishTenantToS3(failing, dest, out, 'many')).rejects.toThrow('connection reset');
      expect((await keys()).filter((k) => k.startsWith('p20')).length).toBeGreaterThan(0);
      drop(2000, 2010);
      expect(await publishTenantToS3(client, dest, out, 'many')).toMatchObject({ uploaded: 0, deleted: 10 });
      expect(await keys()).toEqual(expected());
    } finally {
      client.destroy();
    }
  }, 300_000);
});

describe('a publish with a hash cache (masthead serve)', () => {
  it('uploads a file rewritten in place with the same size and mtime, and one replaced by rename', async () => {
    const out = mkdtempSync(join(tmpdir(), 'masthead-s3-cache-'));
    const root = join(out, 'cached');
    mkdirSync(join(root, 'builds'), { recursive: true });
    writeFileSync(join(root, 'builds', 'latest.json'), '{"id":"b1","timestamp":1}');
    writeFileSync(join(root, 'a.html'), '<p>one</p>');
    writeFileSync(join(root, 'b.html'), '<p>two</p>');
    // A whole second, which utimes can put back exactly.
    utimesSync(join(root, 'a.html'), 1_700_000_000, 1_700_000_000);
    const dest = { bucket: BUCKET, prefix: 'cache' };
    const hashCache = new Map();
    const client = createS3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    try {
      expect((await publishTenantToS3(client, dest, out, 'cached', { hashCache })).uploaded).toBe(3);
      expect(await publishTenantToS3(client, dest, out, 'cached', { hashCache })).toMatchObject({ uploaded: 0, unchanged: 3 });
      // Same size, mtime put back: only the inode's ctime says it changed.
      const before = statSync(join(root, 'a.html'));
      writeFileSync(join(root, 'a.html'), '<p>ONE</p>');
      utimesSync(join(root, 'a.html'), 1_700_000_000, 1_700_000_000);
      const after = statSync(join(root, 'a.html'));
      expect([after.ino, after.size, after.mtimeMs]).toEqual([before.ino, before.size, before.mtimeMs]);
      writeFileSync(join(root, 'b.html.tmp-1'), '<p>TWO</p>');
      renameSync(join(root, 'b.html.tmp-1'), join(root, 'b.html'));
      expect(await publishTenantToS3(client, dest, out, 'cached', { hashCache })).toMatchObject({ uploaded: 2, changed: ['a.html', 'b.html'] });
      expect((await s3.get(BUCKET, 'cache/cached/a.html')).body.toString()).toBe('<p>ONE</p>');
      expect((await s3.get(BUCKET, 'cache/cached/b.html')).body.toString()).toBe('<p>TWO</p>');
    } finally {
      client.destroy();
    }
  }, 60_000);
});

describe('an upload that stops midway', () => {
  it('leaves the previous latest.json and every object it needs; the next run finishes', async () => {
    // A copy of the live alpha build as it stands, published under another prefix.
    const dest = { bucket: BUCKET, prefix: 'interrupted' };
    const client = createS3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    try {
      const out = join(staging, BUCKET, PREFIX);
      await publishTenantToS3(client, dest, out, 'alpha');
      const latestBefore = (await s3.get(BUCKET, 'interrupted/alpha/builds/latest.json')).body.toString();
      await store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', ['Rates climb on lane 7', Date.now(), id(ALPHA, 7)]);
      await build();
      const expected = localTree('alpha');
      // The connection fails after a few uploads, as a process killed midway stops sending.
      let puts = 0;
      const failing = {
        send: (cmd: { constructor: { name: string } }) => {
          if (cmd.constructor.name === 'PutObjectCommand' && ++puts > 3) return Promise.reject(new Error('connection reset'));
          return (client.send as (c: unknown) => Promise<unknown>)(cmd);
        },
      } as unknown as S3Client;
      await expect(publishTenantToS3(failing, dest, out, 'alpha')).rejects.toThrow('connection reset');
      expect((await s3.get(BUCKET, 'interrupted/alpha/builds/latest.json')).body.toString()).toBe(latestBefore);
      const done = await publishTenantToS3(client, dest, out, 'alpha');
      expect(done.uploaded).toBeGreaterThan(0);
      const latest = (await s3.get(BUCKET, 'interrupted/alpha/builds/latest.json')).body.toString();
      expect(latest).not.toBe(latestBefore);
      const keys = (await s3.keys(BUCKET, 'interrupted/alpha/')).map((k) => k.slice('interrupted/alpha/'.length));
      expect(keys.sort()).toEqual(expectedKeys('alpha', expected));
      expect((await publishTenantToS3(client, dest, out, 'alpha')).uploaded).toBe(0);
    } finally {
      client.destroy();
    }
  }, 480_000);
});
