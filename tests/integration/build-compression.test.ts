// Precompressed output (issue 25): the build writes .br and .gz beside every HTML, CSS, JS, XML
// and JSON file over 1 KB, each decompressing to the plain file's bytes; the incremental writer
// keeps them in step; `masthead serve` negotiates br, gzip and identity with Vary: accept-encoding.
import { mkdtempSync, readdirSync, readFileSync, existsSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../engine/store/connection';
import { runBuild } from '../../engine/build/index';
import { Writes } from '../../engine/build/incremental/live-writes';
import { writeFavicon } from '../../engine/build/stages/emit';
import { FileWriter } from '../../engine/build/stages/writer';
import { createSiteServer } from '../../cli/serve/site-server';
import { BUILD_NOW, seedBuildSite } from './build-site-fixture';

let store: Store;
let out: string;
let app: FastifyInstance;

function walk(dir: string, prefix = ''): string[] {
  const files: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) files.push(...walk(join(dir, e.name), rel));
    else if (e.isFile()) files.push(rel);
  }
  return files;
}

beforeAll(async () => {
  ({ store } = await seedBuildSite());
  out = mkdtempSync(join(tmpdir(), 'masthead-compress-'));
  await runBuild(store, { outDir: out, now: BUILD_NOW, originTemplate: 'http://{key}.localhost:4000', workers: 2 });
  app = createSiteServer({ outDir: out });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await store?.close();
});

describe('precompressed build output', () => {
  it('writes .br and .gz beside every compressible file over 1 KB, decompressing to the same bytes', () => {
    const root = join(out, 'alpha');
    const files = walk(root).filter((f) => !f.startsWith('builds/'));
    const kinds = new Set<string>();
    let checked = 0;
    const htmlBytes = { br: 0, gz: 0 };
    for (const f of files) {
      if (!/\.(html|css|js|xml|json)$/.test(f)) continue;
      const plain = readFileSync(join(root, f));
      if (plain.length <= 1024) {
        expect(existsSync(join(root, `${f}.br`)), `${f} is small`).toBe(false);
        expect(existsSync(join(root, `${f}.gz`)), `${f} is small`).toBe(false);
        continue;
      }
      kinds.add(f.slice(f.lastIndexOf('.') + 1));
      const br = readFileSync(join(root, `${f}.br`));
      const gz = readFileSync(join(root, `${f}.gz`));
      expect(brotliDecompressSync(br).equals(plain), `${f}.br`).toBe(true);
      expect(gunzipSync(gz).equals(plain), `${f}.gz`).toBe(true);
      expect(br.length, f).toBeLessThan(plain.length);
      if (f.endsWith('.html')) { htmlBytes.br += br.length; htmlBytes.gz += gz.length; }
      checked += 1;
    }
    expect(checked).toBeGreaterThan(10);
    // The brotli level is chosen so that what browsers take is smaller than the gzip fallback.
    expect(htmlBytes.br).toBeLessThan(htmlBytes.gz);
    // Pages, their payloads, the stylesheet and the feeds/sitemaps all count (this fixture builds no
    // client bundle; .js goes through the same writer).
    for (const kind of ['html', 'json', 'css', 'xml']) expect(kinds, kind).toContain(kind);
    // Images and other binary files get no siblings.
    for (const f of files) if (/\.(png|jpe?g|webp|svg|ico|txt)$/.test(f)) expect(existsSync(join(root, `${f}.gz`)), f).toBe(false);
  });

  it('the incremental writer writes, refreshes and removes the siblings with their file', () => {
    const root = mkdtempSync(join(tmpdir(), 'masthead-writes-'));
    const writes = new Writes(root);
    const big = `<!doctype html><p>${'news '.repeat(600)}</p>`;
    writes.file('a/index.html', big, false);
    expect(gunzipSync(readFileSync(join(root, 'a/index.html.gz'))).toString()).toBe(big);
    expect(brotliDecompressSync(readFileSync(join(root, 'a/index.html.br'))).toString()).toBe(big);
    const bigger = `${big}<p>retitled</p>`;
    writes.file('a/index.html', bigger, false);
    expect(brotliDecompressSync(readFileSync(join(root, 'a/index.html.br'))).toString()).toBe(bigger);
    writes.file('a/index.html', '<p>short</p>', false);
    expect(existsSync(join(root, 'a/index.html.br'))).toBe(false);
    expect(existsSync(join(root, 'a/index.html.gz'))).toBe(false);
    writes.file('b/index.html', big, false);
    writes.remove('b/index.html');
    expect(existsSync(join(root, 'b'))).toBe(false);
  });
});

describe('masthead serve content negotiation', () => {
  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: { host: 'alpha.localhost:4000', ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) } });

  it('serves br, gzip or identity as the client asks, with Vary: accept-encoding', async () => {
    const plain = await get('/');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toContain('<title>Home | alpha News</title>');

    const br = await get('/', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await get('/', 'br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const identity = await get('/', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it('compresses stylesheets and feeds too, and sends small files plain', async () => {
    const home = (await get('/')).body;
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1];
    expect(css).toBeTruthy();
    const cssRes = await get(css!, 'br');
    expect(cssRes.headers['content-encoding']).toBe('br');
    expect(cssRes.headers['content-type']).toMatch(/^text\/css/);
    expect(brotliDecompressSync(cssRes.rawPayload).equals(readFileSync(join(out, 'alpha', css!)))).toBe(true);

    // A feed the build wrote (over 1 KB, so it has siblings), fetched by its own path: sent gzip'd with the RSS type.
    const feedFile = readdirSync(join(out, 'alpha', '__rss')).find((f) => f.endsWith('.xml') && statSync(join(out, 'alpha', '__rss', f)).size > 1024);
    expect(feedFile).toBeDefined();
    const feed = await get(`/__rss/${feedFile}`, 'gzip');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-encoding']).toBe('gzip');
    expect(feed.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(gunzipSync(feed.rawPayload).equals(readFileSync(join(out, 'alpha', '__rss', feedFile!)))).toBe(true);

    const small = join(out, 'alpha', 'tiny-test.json');
    writeFileSync(small, '{"a":1}');
    const tiny = await get('/tiny-test.json', 'br, gzip');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('{"a":1}');
  });
});

describe('/favicon.ico', () => {
  const PNG = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

  it('exists for every tenant, a default icon when the tenant has no favicon setting', async () => {
    for (const host of ['alpha.localhost:4000', 'beta.localhost:4000']) {
      const res = await app.inject({ method: 'GET', url: '/favicon.ico', headers: { host } });
      expect(res.statusCode, host).toBe(200);
      expect(res.rawPayload.subarray(0, 8).equals(PNG), host).toBe(true);
    }
  });

  it('is a copy of the tenant\'s own favicon file when the setting names one', () => {
    const root = mkdtempSync(join(tmpdir(), 'masthead-favicon-'));
    const writer = new FileWriter(root);
    const icon = Buffer.concat([PNG, Buffer.from('tenant icon')]);
    writer.write('images/brand/icon.png', icon);
    writeFavicon(writer, '/images/brand/icon.png?v=2');
    expect(readFileSync(join(root, 'favicon.ico')).equals(icon)).toBe(true);
    writeFavicon(writer, 'https://cdn.example.com/icon.png');
    expect(readFileSync(join(root, 'favicon.ico')).subarray(0, 8).equals(PNG)).toBe(true);
    expect(readFileSync(join(root, 'favicon.ico')).equals(icon)).toBe(false);
  });
});
