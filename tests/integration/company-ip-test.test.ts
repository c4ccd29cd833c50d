// /ip-test (issue 22; admin §2.1) over real HTTP behind a trusted proxy: the page shows the client
// address as the server sees it and whether a site-licence range of this host's tenant matches.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './api-harness';

let h: Harness;
let port = 0;
beforeAll(async () => {
  h = await startApi({ trustedProxies: ['127.0.0.1'] });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
});
afterAll(async () => { await h.close(); });

function get(host: string, forwardedFor: string): Promise<{ status: number; headers: Record<string, unknown>; html: string }> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path: '/ip-test', headers: { host, 'x-forwarded-for': forwardedFor } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, html: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('/ip-test', () => {
  it('shows the forwarded client address and the matching site licence of this tenant only', async () => {
    const r = await h.op('createSiteLicenseCompany', { input: { name: 'Acme <Freight>', status: 1, ranges: ['203.0.113.0/24'] } }, { as: 'alphaAdmin' });
    expect(r.error).toBeUndefined();
    const hit = await get('alpha.localhost', '203.0.113.7');
    expect(hit.status).toBe(200);
    expect(hit.headers['cache-control']).toBe('no-store');
    const $ = load(hit.html);
    expect($('[data-ip]').text()).toBe('203.0.113.7');
    expect($('[data-result="match"] strong').text()).toBe('Acme <Freight>');
    expect(hit.html).toContain('Acme &lt;Freight&gt;');
    const miss = load((await get('alpha.localhost', '198.51.100.1')).html);
    expect(miss('[data-ip]').text()).toBe('198.51.100.1');
    expect(miss('[data-result="none"]').length).toBe(1);
    const other = load((await get('beta.localhost', '203.0.113.7')).html);
    expect(other('[data-result="none"]').length).toBe(1);
    expect((await get('unknown.example', '203.0.113.7')).status).toBe(404);
  });
});
