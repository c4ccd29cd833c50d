// Publish first, compress after (issue 37): a full build publishes plain files; its .br/.gz come
// after the publish (precompress.ts), reused from the previous build where a file's bytes did
// not change; meanwhile `masthead serve` compresses on the fly. Checked as a client and a static
// host would: every sibling decodes to its file's current bytes; serve negotiates br, gzip and
// identity for files with and without siblings; a killed precompression leaves a servable output
// that the next run finishes; a no-change full build leaves nothing to compress.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../engine/store/connection';
import { precompressTenant, runBuild } from '../../engine/build/index';
import { createSiteServer } from '../../cli/serve/site-server';
import { BIN } from '../helpers/cli';
import { BUILD_NOW, seedBuildSite, waitUntil } from './build-site-fixture';

const ORIGIN = 'https://{key}.example.com';
let store: Store;
let out: string;
let app: FastifyInstance;

const COMPRESSIBLE = /\.(html|css|js|mjs|xml|json)$/;
/** The compressible files over 1 KB of a tenant's live build (what gets siblings), outside builds/. */
function compressibleFiles(key: string): string[] {
  const root = realpathSync(join(out, key));
  const found: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) { if (r !== 'builds') walk(r); } else if (COMPRESSIBLE.test(r) && readFileSync(join(root, r)).length > 1024) found.push(r);
    }
  };
  walk('');
  return found.sort();
}
/** Files whose siblings are missing or do not decode to the file's current bytes. */
function badSiblings(key: string): string[] {
  const root = realpathSync(join(out, key));
  const bad: string[] = [];
  for (const rel of compressibleFiles(key)) {
    const plain = readFileSync(join(root, rel));
    try {
      if (!brotliDecompressSync(readFileSync(join(root, `${rel}.br`))).equals(plain)) bad.push(`${rel}.br differs`);
      if (!gunzipSync(readFileSync(join(root, `${rel}.gz`))).equals(plain)) bad.push(`${rel}.gz differs`);
    } catch (e) {
      bad.push(`${rel}: ${(e as Error).message}`);
    }
  }
  return bad;
}
/** Files with both siblings (a kill between writing a file's .br and its .gz leaves the .br alone: that file is still to do). */
const siblingCount = (key: string) => compressibleFiles(key).filter((r) => existsSync(join(out, key, `${r}.br`)) && existsSync(join(out, key, `${r}.gz`))).length;
/** .br files of a tenant's live build (a cheap walk: no file is read). */
const brFiles = (key: string) => (readdirSync(realpathSync(join(out, key)), { recursive: true }) as string[]).filter((f) => f.endsWith('.br')).length;

/** GETs `rel` of tenant `key` from serve with an Accept-Encoding; answers the decoded body and the encoding used. */
async function fetchDecoded(key: string, rel: string, acceptEncoding: string): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  const res = await app.inject({ method: 'GET', url: `/${rel}`, headers: { host: `${key}.localhost`, 'accept-encoding': acceptEncoding } });
  const enc = res.headers['content-encoding'] as string | undefined;
  const raw = res.rawPayload;
  return { status: res.statusCode, encoding: enc, body: enc === 'br' ? brotliDecompressSync(raw) : enc === 'gzip' ? gunzipSync(raw) : raw };
}

beforeAll(async () => {
  ({ store } = await seedBuildSite());
  out = mkdtempSync(join(tmpdir(), 'masthead-precompress-'));
  const s = await runBuild(store, { outDir: out, now: BUILD_NOW, originTemplate: ORIGIN, workers: 1, clientDir: null, precompress: 'none' });
  expect(s.precompress).toBeUndefined();
  app = createSiteServer({ outDir: out });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await store?.close();
});

describe('publish, then compress', () => {
  it('publishes plain files, and serve sends each compressed on the fly in the encoding asked for, decoding to its bytes', async () => {
    const files = compressibleFiles('alpha');
    expect(files.length).toBeGreaterThan(20);
    expect(siblingCount('alpha')).toBe(0);
    const root = realpathSync(join(out, 'alpha'));
    const page = files.find((f) => f.endsWith('index.html') && f.includes('/'))!;
    for (const [accept, expected] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['identity', undefined], ['br;q=0, gzip;q=0.5', 'gzip']] as const) {
      const r = await fetchDecoded('alpha', page.replace(/index\.html$/, ''), accept);
      expect(r.status, accept).toBe(200);
      expect(r.encoding, accept).toBe(expected);
      expect(r.body.equals(readFileSync(join(root, page))), accept).toBe(true);
    }
  });

  it('precompresses after the publish: every compressible file over 1 KB gets siblings that decode to its bytes, and serve sends those', async () => {
    const r = await precompressTenant(out, 'alpha');
    expect(r.files).toBe(compressibleFiles('alpha').length);
    expect(badSiblings('alpha')).toEqual([]);
    const root = realpathSync(join(out, 'alpha'));
    const page = compressibleFiles('alpha').find((f) => f.endsWith('index.html') && f.includes('/'))!;
    const res = await app.inject({ method: 'GET', url: `/${page.replace(/index\.html$/, '')}`, headers: { host: 'alpha.localhost', 'accept-encoding': 'br' } });
    // The sibling's own bytes, as written (the on-the-fly answer would be a brotli of another quality).
    expect(res.rawPayload.equals(readFileSync(join(root, `${page}.br`)))).toBe(true);
    expect((await precompressTenant(out, 'alpha')).files).toBe(0);
  });

  it('reuses every sibling in a no-change full build, so precompression then compresses nothing, and reused siblings decode to the current bytes', async () => {
    const s = await runBuild(store, { outDir: out, now: BUILD_NOW, originTemplate: ORIGIN, workers: 1, clientDir: null, tenants: ['alpha'], precompress: 'none' });
    expect(s.publishedMs).toBeGreaterThan(0);
    expect((await precompressTenant(out, 'alpha')).files).toBe(0);
    expect(badSiblings('alpha')).toEqual([]);
    // A build one minute later changes some pages (dates): only those are compressed, and all decode.
    const later = await runBuild(store, { outDir: out, now: BUILD_NOW + 86_400_000, originTemplate: ORIGIN, workers: 1, clientDir: null, tenants: ['alpha'] });
    expect(later.precompress!.files).toBeLessThan(compressibleFiles('alpha').length);
    expect(badSiblings('alpha')).toEqual([]);
  }, 120_000);

  it('a killed precompression leaves every page servable whole, and the next run finishes it', async () => {
    const total = compressibleFiles('beta').length;
    // A real kill: `masthead precompress` stopped by SIGKILL once its first siblings are written.
    const child = spawn(process.execPath, [BIN, 'precompress', '--out', out, '--tenant', 'beta'], { stdio: 'ignore', env: { ...process.env, MASTHEAD_CLI: 'ts' } });
    const closed = new Promise((r) => child.on('close', r));
    await waitUntil(() => brFiles('beta') > 0, 60_000, 5);
    child.kill('SIGKILL');
    await closed;
    // What a kill between writing a temporary sibling and renaming it leaves, on top.
    const root = realpathSync(join(out, 'beta'));
    const victim = compressibleFiles('beta').find((f) => !existsSync(join(root, `${f}.br`)));
    if (victim) writeFileSync(join(root, `${victim}.br.precompress-tmp`), 'half a brotli str');
    // Every page is whole meanwhile, compressed or not.
    for (const rel of compressibleFiles('beta').filter((f) => f.endsWith('.html')).slice(0, 40)) {
      const url = rel.endsWith('index.html') ? rel.replace(/index\.html$/, '') : rel;
      for (const accept of ['br', 'gzip', 'identity']) {
        const r = await fetchDecoded('beta', url, accept);
        expect(r.status, `${rel} ${accept}`).toBe(200);
        expect(r.body.equals(readFileSync(join(root, rel))), `${rel} ${accept}`).toBe(true);
      }
    }
    // Every sibling already written is whole; the next run makes the rest and clears the leftovers.
    const before = siblingCount('beta');
    const r = await precompressTenant(out, 'beta');
    expect(r.files).toBe(total - before);
    expect(r.present).toBe(before);
    expect(badSiblings('beta')).toEqual([]);
    if (victim) expect(existsSync(join(root, `${victim}.br.precompress-tmp`))).toBe(false);
  }, 120_000);
});
