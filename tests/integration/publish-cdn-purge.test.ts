// The CDN purge after `masthead build --out s3://…` (engine/publish/purge.ts), against a local HTTP
// server that records the calls in place of each service's API: Cloudflare (a full build purges
// the tenant's host, an edit the changed URLs, 30 a request), Fastly (objects tagged with surrogate
// keys, an edit purges the changed paths' keys, a full build the tenant's key) and CloudFront
// (an invalidation of the changed paths, /* for a full build). Nothing is purged for a tenant
// whose objects did not change; a purge service without its settings is refused before building.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../engine/store/connection';
import { cloudFrontPurger, purgePaths } from '../../engine/publish/purge';
import { CLI_RUNNERS } from '../helpers/cli';
import { startS3Server, type S3TestServer } from '../helpers/s3-server';
import { ALPHA, id, seedBuildSite } from './build-site-fixture';

const BUCKET = 'mh-cdn';
const cli = CLI_RUNNERS.find((r) => r.name === 'typescript')!;

interface Call { method: string; url: string; headers: IncomingMessage['headers']; body: string }

let s3: S3TestServer;
let store: Store;
let dbPath: string;
let recorder: Server;
let api: string;
const calls: Call[] = [];

beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
  ({ store, dbPath } = await seedBuildSite());
  recorder = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => { body += d.toString(); });
    req.on('end', () => {
      calls.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url?.includes('/invalidation')) {
        res.writeHead(201, { 'content-type': 'text/xml', location: `${api}${req.url}/I1` });
        res.end('<?xml version="1.0"?><Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>I1</Id><Status>InProgress</Status><CreateTime>2026-11-29T09:00:00Z</CreateTime></Invalidation>');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"success":true,"status":"ok"}');
    });
  });
  await new Promise<void>((ok) => recorder.listen(0, '127.0.0.1', ok));
  api = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await store?.close();
  await s3?.close();
  await new Promise((ok) => recorder?.close(ok));
});

interface Published { tenants: { key: string; uploaded: number; changed: string[]; purge?: { service: string; requests: number; urls: number; everything: boolean } }[] }

async function build(prefix: string, staging: string, env: Record<string, string>): Promise<Published> {
  const r = await cli.run(['--db', dbPath, 'build', '--json', '--out', `s3://${BUCKET}/${prefix}`, '--workers', '1', '--no-precompress', '--origin-template', 'https://{key}.example.com'],
    { ...s3.env, MASTHEAD_S3_STAGING: staging, MASTHEAD_CDN_API_URL: api, ...env });
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { published: Published }).published;
}

const retitle = (n: number, title: string) => store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', [title, Date.now(), id(ALPHA, n)]);

describe('CDN purge after a publish', () => {
  it('Cloudflare: a full build purges each tenant\'s host, an edit only the changed URLs of its tenant', async () => {
    const staging = mkdtempSync(join(tmpdir(), 'masthead-cdn-'));
    const env = { MASTHEAD_CDN_PURGE: 'cloudflare', MASTHEAD_CLOUDFLARE_ZONE_ID: 'zone1', MASTHEAD_CLOUDFLARE_API_TOKEN: 'cf-token' };
    calls.length = 0;
    const full = await build('cf', staging, env);
    expect(full.tenants.map((t) => t.purge)).toEqual([
      { service: 'cloudflare', requests: 1, urls: 0, everything: true }, { service: 'cloudflare', requests: 1, urls: 0, everything: true },
    ]);
    expect(calls.map((c) => [c.method, c.url, c.headers.authorization, JSON.parse(c.body)])).toEqual([
      ['POST', '/zones/zone1/purge_cache', 'Bearer cf-token', { hosts: ['alpha.example.com'] }],
      ['POST', '/zones/zone1/purge_cache', 'Bearer cf-token', { hosts: ['beta.example.com'] }],
    ]);

    calls.length = 0;
    await retitle(3, 'Carriers add capacity on lane 3');
    const edit = await build('cf', staging, env);
    const alpha = edit.tenants.find((t) => t.key === 'alpha')!;
    expect(edit.tenants.find((t) => t.key === 'beta')!.purge).toBeUndefined();
    const files = calls.flatMap((c) => (JSON.parse(c.body) as { files: string[] }).files);
    expect(calls.every((c) => c.url === '/zones/zone1/purge_cache' && (JSON.parse(c.body) as { files: string[] }).files.length <= 30)).toBe(true);
    expect(files.sort()).toEqual(purgePaths(alpha.changed).map((p) => `https://alpha.example.com${p}`).sort());
    expect(alpha.purge).toMatchObject({ service: 'cloudflare', everything: false, urls: files.length, requests: calls.length });
    const article = alpha.changed.find((p) => p.includes(`/${id(ALPHA, 3)}/`) && p.endsWith('/index.html'))!.replace(/\/index\.html$/, '');
    expect(files).toContain(`https://alpha.example.com/${article}`);
    expect(files).toContain(`https://alpha.example.com/${article}/`);
  }, 480_000);

  it('Fastly: objects carry surrogate keys; an edit purges the changed paths\' keys, a full build the tenant\'s', async () => {
    const staging = mkdtempSync(join(tmpdir(), 'masthead-cdn-'));
    const env = { MASTHEAD_CDN_PURGE: 'fastly', MASTHEAD_FASTLY_SERVICE_ID: 'svc1', MASTHEAD_FASTLY_API_TOKEN: 'fastly-token' };
    calls.length = 0;
    await build('fastly', staging, env);
    expect(calls.map((c) => [c.url, c.headers['fastly-key'], c.headers['surrogate-key']])).toEqual([
      ['/service/svc1/purge', 'fastly-token', 'masthead-alpha'], ['/service/svc1/purge', 'fastly-token', 'masthead-beta'],
    ]);
    const page = await s3.get(BUCKET, 'fastly/alpha/markets/index.html');
    expect(page.metadata?.['surrogate-key']).toBe('p:/markets p:/markets/ p:/markets/index.html masthead-alpha');

    calls.length = 0;
    await retitle(4, 'Spot rates steady on lane 4');
    const edit = await build('fastly', staging, env);
    const alpha = edit.tenants.find((t) => t.key === 'alpha')!;
    const keys = calls.flatMap((c) => String(c.headers['surrogate-key']).split(' '));
    expect(keys.sort()).toEqual(purgePaths(alpha.changed).map((p) => `p:${p}`).sort());
    expect(keys).not.toContain('masthead-alpha');
  }, 480_000);

  it('CloudFront: an invalidation of the changed paths on the tenant\'s distribution, /* for a full build', async () => {
    calls.length = 0;
    const purger = cloudFrontPurger({ distributions: { '*': 'EDFDVBD6EXAMPLE', beta: 'EBETA' }, connection: { region: 'us-east-1', credentials: { accessKeyId: 'k', secretAccessKey: 's' } }, endpoint: api });
    const r = await purger.purge({ tenant: 'alpha', origin: 'https://alpha.example.com', changed: ['markets/index.html', 'markets/index.html.br', 'sitemap.xml', 'builds/meta/x.json'], everything: false });
    expect(r).toEqual({ service: 'cloudfront', requests: 1, urls: 4, everything: false });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toBe('/2020-05-31/distribution/EDFDVBD6EXAMPLE/invalidation');
    const paths = [...calls[0]!.body.matchAll(/<Path>([^<]*)<\/Path>/g)].map((m) => m[1]);
    expect(paths).toEqual(['/markets', '/markets/', '/markets/index.html', '/sitemap.xml']);
    expect(calls[0]!.body).toContain('<Quantity>4</Quantity>');
    await purger.purge({ tenant: 'beta', origin: 'https://beta.example.com', changed: ['index.html'], everything: true });
    expect(calls[1]!.url).toBe('/2020-05-31/distribution/EBETA/invalidation');
    expect([...calls[1]!.body.matchAll(/<Path>([^<]*)<\/Path>/g)].map((m) => m[1])).toEqual(['/*']);
  });

  it('refuses a purge service without its settings before building', async () => {
    const staging = mkdtempSync(join(tmpdir(), 'masthead-cdn-'));
    const r = await cli.run(['--db', dbPath, 'build', '--out', `s3://${BUCKET}/refused`], { ...s3.env, MASTHEAD_S3_STAGING: staging, MASTHEAD_CDN_PURGE: 'cloudflare', MASTHEAD_CLOUDFLARE_ZONE_ID: 'zone1' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('MASTHEAD_CDN_PURGE=cloudflare: set MASTHEAD_CLOUDFLARE_API_TOKEN');
    expect(await s3.keys(BUCKET, 'refused/')).toEqual([]);
  });
});
