// Cookies over https, on a listening server behind a trusted proxy (X-Forwarded-Proto): every
// cookie is named `__Host-…` with Secure, Path=/ and no Domain, and only that name is read back, so
// a cookie planted under the plain name (by a sibling subdomain or over http) is ignored. Over
// plain http (development) the plain names stay.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startApi, type Harness } from './api-harness';

let h: Harness;
let base: string;

beforeAll(async () => {
  h = await startApi({ trustProxy: ['127.0.0.1'] });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => { await h.close(); });

interface Answer { status: number; cookies: string[]; body: any }

function post(name: string, variables: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> {
  const doc = h.app.api.registry.byName.get(name)!;
  const body = JSON.stringify({ query: doc.text, variables });
  return new Promise((resolve, reject) => {
    const req = request(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tenant-key': 'alpha', host: 'localhost:4000', origin: 'http://localhost:4000', ...headers },
    }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => { text += String(c); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [], body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A Set-Cookie header as name, value and lower-cased attributes. */
function parse(header: string) {
  const [pair, ...attrs] = header.split(';').map((p) => p.trim());
  const eq = pair!.indexOf('=');
  const map = new Map(attrs.map((a) => { const i = a.indexOf('='); return i < 0 ? [a.toLowerCase(), ''] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)]; }));
  return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), attrs: map };
}

const HTTPS = { 'x-forwarded-proto': 'https', origin: 'https://localhost:4000' };

describe('cookies over https', () => {
  it('sets every staff cookie as __Host- with Secure, Path=/ and no Domain', async () => {
    const r = await post('loginCmsUser', { username: 'ops', password: PASSWORD }, HTTPS);
    expect(r.status).toBe(200);
    const cookies = r.cookies.map(parse);
    expect(cookies.map((c) => c.name).sort()).toEqual(['__Host-mh_staff', '__Host-mh_staff_refresh']);
    for (const c of cookies) {
      expect(c.attrs.has('secure'), c.name).toBe(true);
      expect(c.attrs.get('path'), c.name).toBe('/');
      expect(c.attrs.has('domain'), c.name).toBe(false);
      expect(c.attrs.has('httponly'), c.name).toBe(true);
      expect(c.attrs.get('samesite')?.toLowerCase(), c.name).toBe('strict');
    }
  });

  it('reads the __Host- cookie back and ignores one planted under the plain name', async () => {
    const login = await post('loginCmsUser', { username: 'ops', password: PASSWORD }, HTTPS);
    const token = login.body.data.loginCmsUser.bearerToken as string;
    const me = await post('getActiveCMSUser', {}, { ...HTTPS, cookie: `__Host-mh_staff=${token}` });
    expect(me.body.data?.getActiveCMSUser?.username, JSON.stringify(me.body)).toBe('ops');
    const planted = await post('getActiveCMSUser', {}, { ...HTTPS, cookie: `mh_staff=${token}` });
    expect(planted.body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    const refresh = await post('refreshTokenCmsUser', {}, { ...HTTPS, cookie: `__Host-mh_staff_refresh=${login.body.data.loginCmsUser.refreshToken}` });
    expect(refresh.body.data?.refreshTokenCmsUser?.bearerToken, JSON.stringify(refresh.body)).toMatch(/^mhb_/);
  });
});

describe('cookies over http (development)', () => {
  it('keeps the plain names and paths, without Secure', async () => {
    const r = await post('loginCmsUser', { username: 'ops', password: PASSWORD });
    const cookies = new Map(r.cookies.map(parse).map((c) => [c.name, c]));
    expect([...cookies.keys()].sort()).toEqual(['mh_staff', 'mh_staff_refresh']);
    expect(cookies.get('mh_staff_refresh')!.attrs.get('path')).toBe('/graphql');
    for (const c of cookies.values()) expect(c.attrs.has('secure')).toBe(false);
  });
});
