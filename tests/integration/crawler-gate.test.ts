// The crawler pass over HTTP (issue 15, "The paywall must not trust a header"): a Googlebot
// User-Agent opens a gated body only from an address that reverse and forward DNS confirm as
// Google's; the client address is the socket's unless a trusted proxy (the trustedProxies setting)
// forwarded the request, and then the right-most untrusted X-Forwarded-For hop. The same address
// drives site-license IP gating. A verified crawler's answer carries the paywall structured data.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app';
import { fakeDns, GOOGLEBOT_HOST, GOOGLEBOT_IP, GOOGLEBOT_UA, type FakeDns } from '../helpers/fake-dns';
import { ALPHA, ITEMS, startMembers, type MemberHarness } from './members-harness';

const recorded = (): FakeDns => fakeDns({ ptr: { [GOOGLEBOT_IP]: [GOOGLEBOT_HOST] }, a: { [GOOGLEBOT_HOST]: [GOOGLEBOT_IP] } });
const PAYWALL_LD = {
  '@context': 'https://schema.org', '@type': 'NewsArticle', isAccessibleForFree: false,
  hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.gate' },
};
const LICENSED_RANGE = '198.51.100.0/24';

let direct: MemberHarness;
let directDns: FakeDns;
let proxied: MemberHarness;
let proxiedDns: FakeDns;
beforeAll(async () => {
  directDns = recorded();
  proxiedDns = recorded();
  direct = await startMembers({ crawlers: { resolver: directDns } });
  // The app behind a local reverse proxy (127.0.0.1) fed by the site's load balancers (10.0.0.0/8).
  proxied = await startMembers({ crawlers: { resolver: proxiedDns }, trustedProxies: ['127.0.0.1', '10.0.0.0/8'] });
  for (const h of [direct, proxied]) {
    const r = await h.op('createSiteLicenseCompany', { input: { name: 'Documentation Freight', ranges: [LICENSED_RANGE] } }, { as: 'alphaAdmin' });
    expect(r.status).toBe(200);
  }
});
afterAll(async () => { await direct?.close(); await proxied?.close(); });

const asCrawler = (h: MemberHarness, id: number, opts: { ip?: string; xff?: string } = {}) =>
  h.op('getGatedContent', { id }, { ip: opts.ip, headers: { 'user-agent': GOOGLEBOT_UA, ...(opts.xff ? { 'x-forwarded-for': opts.xff } : {}) } })
    .then((r) => r.data.getGatedContent);

describe('a Googlebot User-Agent alone', () => {
  it('gets no gated body over real HTTP from 127.0.0.1, after a reverse lookup finds no Google name', async () => {
    await direct.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = direct.app.server.address() as AddressInfo;
    const query = direct.app.api.registry.byName.get('getGatedContent')!.text;
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tenant-key': 'alpha', 'user-agent': GOOGLEBOT_UA },
      body: JSON.stringify({ query, variables: { id: ITEMS.proOnly } }),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('PRO-ONLY BODY');
    expect(JSON.parse(text).data.getGatedContent).toMatchObject({ canRead: false, gatingStatus: 'failed', passedBy: null, body: null, structuredData: null });
    expect(directDns.calls).toContain('reverse 127.0.0.1');
  });

  it('opens the gate from the address DNS confirms as Googlebot, with the paywall structured data', async () => {
    const g = await asCrawler(direct, ITEMS.proOnly, { ip: GOOGLEBOT_IP });
    expect(g).toMatchObject({ canRead: true, passedBy: 'crawler', body: '<p>PRO-ONLY BODY</p>' });
    expect(g.structuredData).toEqual(PAYWALL_LD);
  });

  it('gives structured data to nobody else: not to a member who holds the membership, not on an open item', async () => {
    await direct.member('pro.crawl@example.com', { memberships: [ALPHA.pro] });
    const token = await direct.login('pro.crawl@example.com');
    const member = (await direct.op('getGatedContent', { id: ITEMS.proOnly }, { member: token })).data.getGatedContent;
    expect(member).toMatchObject({ canRead: true, passedBy: 'membership', structuredData: null });
    expect(await asCrawler(direct, ITEMS.open[0]!, { ip: GOOGLEBOT_IP })).toMatchObject({ canRead: true, passedBy: 'crawler', structuredData: null });
  });
});

describe('the client address', () => {
  it('ignores X-Forwarded-For without a trusted-proxy setting', async () => {
    const g = await asCrawler(direct, ITEMS.proOnly, { ip: '127.0.0.1', xff: GOOGLEBOT_IP });
    expect(g).toMatchObject({ canRead: false, passedBy: null, body: null });
    const company = await direct.op('siteLicenseCompany', {}, { ip: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.20' } });
    expect(company.data.siteLicenseCompany).toBeNull();
  });

  it('ignores it from a peer that is not a named proxy', async () => {
    const g = await asCrawler(proxied, ITEMS.proOnly, { ip: '192.0.2.10', xff: GOOGLEBOT_IP });
    expect(g).toMatchObject({ canRead: false, body: null });
    expect(proxiedDns.calls).toContain('reverse 192.0.2.10');
  });

  it('takes the right-most hop that is not a trusted proxy when a named proxy forwards the request', async () => {
    expect(await asCrawler(proxied, ITEMS.proOnly, { ip: '127.0.0.1', xff: GOOGLEBOT_IP })).toMatchObject({ canRead: true, passedBy: 'crawler', structuredData: PAYWALL_LD });
    expect(await asCrawler(proxied, ITEMS.proOnly, { ip: '127.0.0.1', xff: `${GOOGLEBOT_IP}, 10.20.30.40` })).toMatchObject({ canRead: true, passedBy: 'crawler' });
    // A hop the client wrote itself, left of an untrusted one, is never believed.
    const spoofed = await asCrawler(proxied, ITEMS.proOnly, { ip: '127.0.0.1', xff: `${GOOGLEBOT_IP}, 203.0.113.9, 10.20.30.40` });
    expect(spoofed).toMatchObject({ canRead: false, body: null });
    expect(proxiedDns.calls).toContain('reverse 203.0.113.9');
  });

  it('is the address site-license IP gating matches', async () => {
    const company = await proxied.op('siteLicenseCompany', {}, { ip: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.20' } });
    expect(company.data.siteLicenseCompany).toEqual({ companyName: 'Documentation Freight', ipAddress: '198.51.100.20' });
    const g = (await proxied.op('getGatedContent', { id: ITEMS.proOnly }, { ip: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.20' } })).data.getGatedContent;
    expect(g).toMatchObject({ canRead: true, passedBy: 'license', licenseCompany: 'Documentation Freight', structuredData: null });
  });

  it('refuses a setting that is not an address or range, naming the entry', async () => {
    await expect(buildApp({ store: direct.store, trustedProxies: ['127.0.0.1', 'proxy.internal'] })).rejects.toThrow(/^trustedProxies\[1\]: "proxy.internal" is not an IP address or a CIDR range/);
  });
});
