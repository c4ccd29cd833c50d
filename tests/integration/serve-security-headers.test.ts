// The security headers of `masthead serve`, read off a listening server on loopback: a site page,
// the admin and the API each carry their Content-Security-Policy (scripts from 'self' plus the
// hashes of the inline scripts the page really has), nosniff and Referrer-Policy; HSTS only over
// https as a trusted proxy reports it; the per-tenant script allow-list; and the same site headers
// written to `_headers` and the nginx snippet of the static output.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../engine/build/index';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { createMastheadServer } from '../../cli/serve/app';
import { headersFor } from '../../cli/serve/static-files';
import type { RebuildQueue } from '../../engine/build/index';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { noRebuilds } from '../helpers/no-rebuilds';

let store: Store;
let outDir: string;
let server: FastifyInstance;
let proxied: FastifyInstance;
let base: string;
let proxiedBase: string;
const ADS = 'https://ads.example.net/tag.js';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  store = await openStore({ path: tempDbPath() });
  const alpha = tenantFixture('alpha', 100);
  (alpha.tenant.settings.general as Record<string, unknown>).tagManagerId = 'GTM-TEST1';
  await seedFixtures(store, writeFixtureSet([alpha, tenantFixture('beta', 200)]));
  const dir = mkdtempSync(join(tmpdir(), 'masthead-headers-'));
  outDir = join(dir, 'out');
  const originTemplate = 'http://{key}.localhost:4000';
  await runBuild(store, { outDir, originTemplate, workers: 1, scriptSources: { alpha: [ADS] } });
  const adminDir = join(dir, 'admin');
  mkdirSync(adminDir);
  writeFileSync(join(adminDir, 'index.html'), '<!doctype html><title>admin</title><div id="root"></div><script type="module" src="/admin/main.js"></script>');
  const rebuilder: RebuildQueue = noRebuilds();
  const common = { outDir, store, adminDir, rebuilder, mode: 'production' as const, originTemplate, api: { captcha: { off: true } } };
  server = await createMastheadServer({ ...common, scriptSources: { alpha: [ADS] } });
  base = await listen(server);
  proxied = await createMastheadServer({ ...common, trustedProxies: ['127.0.0.1'] });
  proxiedBase = await listen(proxied);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await proxied?.close();
  await store?.close();
});

interface Answer { status: number; headers: { get(name: string): string | null }; text(): Promise<string> }

/** GET with a Host header of our choosing (fetch does not let a caller set Host). */
function get(path: string, host = 'alpha.localhost', headers: Record<string, string> = {}, at = base): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${at}${path}`, { headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({
        status: res.statusCode ?? 0,
        headers: { get: (name) => { const v = res.headers[name.toLowerCase()]; return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v; } },
        text: async () => Buffer.concat(chunks).toString('utf8'),
      }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A CSP header as directive → sources. */
function csp(header: string | null): Map<string, string[]> {
  expect(header, 'content-security-policy').toBeTruthy();
  return new Map(header!.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...sources] = d.split(/\s+/);
    return [name!, sources];
  }));
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('security headers of masthead serve', () => {
  it('gives a site page a CSP that allows exactly its own scripts and its inline bootstrap by hash', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    const policy = csp(res.headers.get('content-security-policy'));
    const scripts = policy.get('script-src')!;
    expect(scripts).toContain("'self'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    const $ = load(await res.text());
    const inline = $('script:not([src])').filter((_, el) => !/json/.test($(el).attr('type') ?? '')).toArray().map((el) => $(el).html() ?? '');
    expect(inline.length).toBeGreaterThan(0);
    for (const text of inline) expect(scripts).toContain(sha256(text));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds a tenant\u2019s allow-listed script sources to its own pages only', async () => {
    expect(csp((await get('/')).headers.get('content-security-policy')).get('script-src')).toContain(ADS);
    const beta = await get('/', 'beta.localhost');
    expect(beta.status).toBe(200);
    expect(csp(beta.headers.get('content-security-policy')).get('script-src')).not.toContain(ADS);
  });

  it('gives /admin a CSP with scripts from self only and no framing', async () => {
    for (const path of ['/admin', '/admin/content']) {
      const res = await get(path, 'localhost');
      expect(res.status, path).toBe(200);
      const policy = csp(res.headers.get('content-security-policy'));
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBeTruthy();
    }
  });

  it('gives /graphql answers a CSP that allows nothing to run or frame them', async () => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST', headers: { host: 'alpha.localhost', 'content-type': 'application/json' }, body: JSON.stringify({ documentId: 'getTenantInfo' }),
    });
    expect(res.status).toBe(200);
    const policy = csp(res.headers.get('content-security-policy'));
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const doc = await get('/graphql/query/getTenantInfo.gql?v=1');
    expect(csp(doc.headers.get('content-security-policy')).get('default-src')).toEqual(["'none'"]);
  });

  it('sends HSTS for at least a year only when a trusted proxy reports https', async () => {
    expect((await get('/', 'alpha.localhost', { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toBeNull();
    const overHttps = await get('/', 'alpha.localhost', { 'x-forwarded-proto': 'https' }, proxiedBase);
    const hsts = overHttps.headers.get('strict-transport-security');
    expect(Number(/max-age=(\d+)/.exec(hsts ?? '')?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect((await get('/admin', 'localhost', { 'x-forwarded-proto': 'https' }, proxiedBase)).headers.get('strict-transport-security')).toBe(hsts);
    expect((await get('/', 'alpha.localhost', {}, proxiedBase)).headers.get('strict-transport-security')).toBeNull();
  });

  it('writes the same site headers for static hosts: _headers and an nginx snippet', async () => {
    const served = csp((await get('/', 'beta.localhost')).headers.get('content-security-policy'));
    const netlify = readFileSync(join(outDir, 'beta', '_headers'), 'utf8').split('\n');
    expect(netlify).toContain('/*');
    const header = (name: string) => netlify.find((l) => l.trim().startsWith(`${name}:`))?.trim().slice(name.length + 1).trim() ?? null;
    expect(csp(header('Content-Security-Policy'))).toEqual(served);
    expect(header('X-Content-Type-Options')).toBe('nosniff');
    expect(header('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(Number(/max-age=(\d+)/.exec(header('Strict-Transport-Security') ?? '')?.[1])).toBeGreaterThanOrEqual(31_536_000);
    const nginx = readFileSync(join(outDir, 'beta', 'nginx-security-headers.conf'), 'utf8');
    const m = /add_header Content-Security-Policy "([^"]+)" always;/.exec(nginx);
    expect(csp(m?.[1] ?? null)).toEqual(served);
    expect(nginx).toMatch(/add_header X-Content-Type-Options "nosniff" always;/);
    // Documents and images opened directly get the sandbox masthead serve gives them (issue 41).
    const rules = new Map<string, string[]>();
    let at = '';
    for (const l of netlify) {
      if (/^\S/.test(l) && !l.startsWith('#')) { at = l.trim(); rules.set(at, []); } else if (l.trim() && at) rules.get(at)!.push(l.trim());
    }
    for (const p of ['/files/*', '/media/*']) expect(rules.get(p)).toEqual([`Content-Security-Policy: ${headersFor('files/beta/guide.pdf')['content-security-policy']}`]);
    expect(rules.get('/images/*')).toEqual([`Content-Security-Policy: ${headersFor('images/beta/logo.svg')['content-security-policy']}`]);
    // The nginx snippet: a location per sandboxed folder, repeating the page headers (nginx does not
    // inherit add_header into a location with its own) with the folder's policy.
    const blocks = new Map([...nginx.matchAll(/location \^~ (\S+) \{\n([\s\S]*?)\n\}/g)].map((b) => [b[1]!, b[2]!.split('\n').map((l) => l.trim())]));
    const pageLines = nginx.split('\n').filter((l) => l.startsWith('add_header '));
    const inBlock = (path: string, csp: string) => pageLines.map((l) => (l.startsWith('add_header Content-Security-Policy ') ? `add_header Content-Security-Policy "${csp}" always;` : l));
    expect([...blocks.keys()]).toEqual(['/files/', '/media/', '/images/']);
    for (const p of ['/files/', '/media/']) expect(blocks.get(p)).toEqual(inBlock(p, headersFor('files/beta/guide.pdf')['content-security-policy']!));
    expect(blocks.get('/images/')).toEqual(inBlock('/images/', headersFor('images/beta/logo.svg')['content-security-policy']!));
    expect(headersFor('files/beta/guide.pdf')['content-security-policy']).toMatch(/sandbox/);
  });

  it("writes a tenant's script allow-list into its own static headers, and only its own", async () => {
    const served = csp((await get('/')).headers.get('content-security-policy'));
    const line = readFileSync(join(outDir, 'alpha', '_headers'), 'utf8').split('\n').find((l) => l.trim().startsWith('Content-Security-Policy:'));
    const written = csp(line?.trim().slice('Content-Security-Policy:'.length).trim() ?? null);
    expect(written.get('script-src')).toContain(ADS);
    expect(written).toEqual(served);
    expect(readFileSync(join(outDir, 'alpha', 'nginx-security-headers.conf'), 'utf8')).toContain(ADS);
    expect(readFileSync(join(outDir, 'beta', '_headers'), 'utf8')).not.toContain(ADS);
  });
});
