// `masthead serve` as a browser and a feed reader use it: tenants by Host, static files with their
// content types, 404.html with status 404, route rules (301), the RSS query form, and a new
// build picked up without a restart.
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Parser from 'rss-parser';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../../engine/store/connection';
import { runBuild } from '../../engine/build/index';
import { createSiteServer } from '../../cli/serve/site-server';
import { ALPHA, BUILD_NOW, PROMO_ID, id, seedBuildSite } from './build-site-fixture';

let store: Store;
let out: string;
let app: FastifyInstance;
const FIRST = `/markets/ocean-freight/${id(ALPHA, 1)}/carriers-adjust-capacity-on-lane-1`;
const get = (url: string, host = 'alpha.localhost:4000', method: 'GET' | 'HEAD' = 'GET') => app.inject({ method, url, headers: { host } });

beforeAll(async () => {
  ({ store } = await seedBuildSite());
  out = mkdtempSync(join(tmpdir(), 'masthead-serve-'));
  await runBuild(store, { outDir: out, now: BUILD_NOW, originTemplate: 'http://{key}.localhost:4000', workers: 2 });
  app = createSiteServer({ outDir: out });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await store?.close();
});

describe('site server', () => {
  it('serves each tenant by Host, and the first tenant on localhost', async () => {
    const alpha = await get('/');
    expect(alpha.statusCode).toBe(200);
    expect(alpha.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(alpha.body).toContain('<title>Home | alpha News</title>');
    expect((await get('/', 'beta.localhost:4000')).body).toContain('beta News');
    expect((await get('/', 'localhost:4000')).body).toContain('alpha News');
    expect((await get('/', '127.0.0.1:4000')).body).toContain('alpha News');
    expect((await get('/', 'nope.localhost:4000')).statusCode).toBe(404);
  });

  it('serves pages with and without the trailing slash, and HEAD', async () => {
    expect((await get(FIRST)).statusCode).toBe(200);
    expect((await get('/markets/')).statusCode).toBe(200);
    const head = await get('/markets', undefined, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers unknown paths with 404.html and status 404, also for paths that try to leave the folder', async () => {
    for (const url of ['/no/such/page', '/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/.builds']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('404 - Page Not Found');
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
  });

  it('sends the right content types', async () => {
    const css = (await get('/')).body.match(/href="(\/assets\/site\.[0-9a-f]+\.css)"/)![1]!;
    const types: [string, string][] = [
      [css, 'text/css'], ['/images/alpha/ship.svg', 'image/svg+xml'], [`${FIRST}/_payload.json`, 'application/json'],
      ['/sitemap.xml', 'application/xml'], ['/robots.txt', 'text/plain'], ['/builds/latest.json', 'application/json'],
      ['/__rss/website-scheduled-content.xml', 'application/rss+xml'],
    ];
    for (const [url, type] of types) expect((await get(url)).headers['content-type'], url).toContain(type);
    expect((await get('/images/alpha/ship.svg')).headers['content-security-policy']).toContain('sandbox');
  });

  it("sends pages uncached to a browser with the staff toolbar's bypass-cache cookie, and only pages", async () => {
    const bypass = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'alpha.localhost:4000', cookie: 'a=1; mh_cache_bypass=1' } });
    expect((await get('/')).headers['cache-control']).not.toBe('no-store');
    expect((await bypass('/')).headers['cache-control']).toBe('no-store');
    const css = (await get('/')).body.match(/href="(\/assets\/site\.[0-9a-f]+\.css)"/)![1]!;
    expect((await bypass(css)).headers['cache-control']).toContain('immutable');
  });

  it('applies the route rules: stored redirects, /:id and promotions, with 301', async () => {
    const stored = await get('/old-markets?utm=x');
    expect([stored.statusCode, stored.headers.location]).toEqual([301, '/markets']);
    const byId = await get(`/${id(ALPHA, 1)}`);
    expect([byId.statusCode, byId.headers.location]).toEqual([301, FIRST]);
    const promo = await get(`/${PROMO_ID}`);
    expect([promo.statusCode, promo.headers.location]).toEqual([301, 'https://sponsor.example/offer']);
    expect((await get('/1234567')).statusCode).toBe(404);
  });

  it('answers the RSS query form with the section feed, parsable as RSS 2.0', async () => {
    const input = encodeURIComponent(JSON.stringify({ sectionAlias: 'markets/ocean-freight' }));
    const res = await get(`/__rss/website-scheduled-content.xml?input=${input}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const feed = await new Parser().parseString(res.body);
    expect(feed.items.length).toBeGreaterThan(0);
    expect(feed.items.map((i) => i.link)).toContain(`http://alpha.localhost:4000${FIRST}`);
    const bad = await get(`/__rss/website-scheduled-content.xml?input=${encodeURIComponent('{"sectionAlias":"../../etc"}')}`);
    expect(bad.statusCode).toBe(404);
  });

  it('serves a new build and its route rules without a restart', async () => {
    await store.run("INSERT INTO redirects (id, tenant_key, from_path, to_path, preserve_query_string) VALUES (1999, 'alpha', '/fresh', '/markets', 1)");
    await store.run(`UPDATE content SET name = 'Renamed lane one' WHERE id = ${id(ALPHA, 1)}`);
    await runBuild(store, { outDir: out, now: BUILD_NOW, originTemplate: 'http://{key}.localhost:4000', workers: 1, tenants: ['alpha'] });
    const moved = await get('/fresh?page=2');
    expect([moved.statusCode, moved.headers.location]).toEqual([301, '/markets?page=2']);
    expect((await get(`/${id(ALPHA, 1)}`)).headers.location).toBe(`/markets/ocean-freight/${id(ALPHA, 1)}/carriers-adjust-capacity-on-lane-1`);
    expect((await get(FIRST)).body).toContain('Renamed lane one');
  }, 120_000);

  it('works over a real socket with Host routing', async () => {
    const server = createSiteServer({ outDir: out });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.server.address() as AddressInfo).port;
    const fetchHost = (host: string, path: string) => new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers: { host: `${host}:${port}` } }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => { body += d.toString(); });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect((await fetchHost('beta.localhost', '/')).body).toContain('beta News');
    expect((await fetchHost('alpha.localhost', '/missing')).status).toBe(404);
    await server.close();
  });
});
