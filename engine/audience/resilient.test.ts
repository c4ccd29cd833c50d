// The fake provider, the outage switch and the fallback to the local store.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAudienceProvider } from './fake';
import { AudienceDirectory } from './resilient';
import { membershipIdsForProducts, newsletterIdsForProducts } from './types';

const NOW = Date.UTC(2026, 10, 1);
const quiet = { warn: () => {} };
let server: Server;
let status = 500;
let base = '';
beforeAll(async () => {
  server = createServer((_req, res) => {
    if (status === 0) return; // hangs: a timeout
    res.writeHead(status, { 'content-type': 'application/json' }); res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));

describe('fake audience provider', () => {
  it('finds customers by e-mail (any case) and encrypted id, and records newsletter opt-ins and outs', async () => {
    const fake = new FakeAudienceProvider([{ id: 'c1', email: 'Ada@Example.com', encryptedId: 'E1', products: [{ id: 'P1', version: null, expirationDate: null, amount: null, receive: true }] }]);
    expect((await fake.customerByEmail('ada@example.COM'))?.id).toBe('c1');
    expect((await fake.customerByEncryptedId('E1'))?.email).toBe('ada@example.com');
    expect(await fake.customerByEncryptedId('E2')).toBeNull();
    await fake.setNewsletter('ada@example.com', 'NL1', true);
    await fake.setNewsletter('ada@example.com', 'NL1', false);
    await fake.setNewsletter('new@example.com', 'NL2', true);
    expect((await fake.customerByEmail('ada@example.com'))!.products.map((p) => [p.id, p.receive])).toEqual([['P1', true], ['NL1', false]]);
    expect((await fake.customerByEmail('new@example.com'))!.products.map((p) => p.id)).toEqual(['NL2']);
  });
});

describe('products to memberships and newsletters', () => {
  const products = [
    { id: 'PRO', version: null, expirationDate: NOW + 1000, amount: 10, receive: true },
    { id: 'OLD', version: null, expirationDate: NOW - 1, amount: 10, receive: true },
    { id: 'NL-A', version: null, expirationDate: null, amount: null, receive: true },
    { id: 'NL-B', version: null, expirationDate: null, amount: null, receive: false },
  ];
  it('counts unexpired, received products of active memberships only', () => {
    const ms = [{ id: 1, omedaProduct: 'PRO', status: 1 }, { id: 2, omedaProduct: 'OLD', status: 1 }, { id: 3, omedaProduct: 'PRO', status: 0 }, { id: 4, omedaProduct: null, status: 1 }];
    expect(membershipIdsForProducts(ms, products, NOW)).toEqual([1]);
    expect(newsletterIdsForProducts([{ id: 7, omedaProductId: 'NL-A' }, { id: 8, omedaProductId: 'NL-B' }, { id: 9, omedaProductId: null }], products, NOW)).toEqual([7]);
  });
});

describe('outage: switch off, provider down → local store', () => {
  const local = () => 'local';
  it('uses the provider when configured and up', async () => {
    const dir = new AudienceDirectory({}, () => NOW, quiet);
    dir.fake.put({ id: 'c1', email: 'a@example.com' });
    expect(await dir.use('t', { provider: 'fake', brand: 'X' }, async (p) => (await p.customerByEmail('a@example.com'))?.id, local)).toBe('c1');
  });

  it('never calls the provider when disableOmeda is on or none is configured', async () => {
    const dir = new AudienceDirectory({}, () => NOW, quiet);
    expect(await dir.use('t', { provider: 'fake', brand: 'X', disableOmeda: true }, async () => 'provider', local)).toBe('local');
    expect(await dir.use('t', undefined, async () => 'provider', local)).toBe('local');
    expect(dir.fake.calls).toEqual([]);
    // Omeda without an app id in the environment is off too.
    expect(dir.for('t', { provider: 'omeda', brand: 'X' })).toBeNull();
  });

  it('answers from the local store when Omeda answers 500, then skips it for the cool-down', async () => {
    let now = NOW;
    const dir = new AudienceDirectory({ appId: () => 'APP', omedaBaseUrl: base, cooldownMs: 1000 }, () => now, quiet);
    status = 500;
    const s = { provider: 'omeda' as const, brand: 'X', timeoutMs: 300 };
    expect(await dir.use('t', s, async (p) => (await p.customerByEmail('a@example.com'))?.id ?? 'none', local)).toBe('local');
    expect(dir.for('t', s)).toBeNull();
    now += 1001;
    expect(dir.for('t', s)).not.toBeNull();
  });

  it('answers from the local store when Omeda times out', async () => {
    const dir = new AudienceDirectory({ appId: () => 'APP', omedaBaseUrl: base }, () => NOW, quiet);
    status = 0;
    const started = Date.now();
    expect(await dir.use('t', { provider: 'omeda', brand: 'X', timeoutMs: 200 }, async (p) => (await p.customerByEmail('a@example.com'))?.id ?? 'none', local)).toBe('local');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers from the local store when the fake is down or slow', async () => {
    const dir = new AudienceDirectory({}, () => NOW, quiet);
    dir.fake.mode = 'down';
    expect(await dir.use('t1', { provider: 'fake', brand: 'X' }, async (p) => (await p.customerByEmail('a@example.com'))?.id ?? 'none', local)).toBe('local');
    dir.fake.mode = 'slow';
    expect(await dir.use('t2', { provider: 'fake', brand: 'X', timeoutMs: 100 }, async (p) => (await p.customerByEmail('a@example.com'))?.id ?? 'none', local)).toBe('local');
  });
});

describe('answers kept per member', () => {
  it('reuses the provider\'s answer for cacheMs, asks again after it or after forget, and never keeps a fallback', async () => {
    let now = NOW;
    const dir = new AudienceDirectory({ cacheMs: 1000, cooldownMs: 0 }, () => now, quiet);
    dir.fake.put({ id: 'c1', email: 'a@example.com' });
    const s = { provider: 'fake' as const, brand: 'X' };
    const ask = () => dir.useCached('t', 'member:1', s, async (p) => (await p.customerByEmail('a@example.com'))?.id ?? 'none', () => 'local');
    expect(await ask()).toBe('c1');
    expect(await ask()).toBe('c1');
    expect(dir.fake.calls).toHaveLength(1);
    now += 1001;
    await ask();
    expect(dir.fake.calls).toHaveLength(2);
    dir.forget('t', 'member:1');
    await ask();
    expect(dir.fake.calls).toHaveLength(3);
    dir.forget('t', 'member:1');
    dir.fake.mode = 'down';
    expect(await ask()).toBe('local');
    dir.fake.mode = 'up';
    expect(await ask()).toBe('c1');
    expect(dir.fake.calls).toHaveLength(5);
    // Switched off: nothing kept is answered.
    expect(await dir.useCached('t', 'member:1', { ...s, disableOmeda: true }, async () => 'provider', () => 'local')).toBe('local');
  });
});

describe('the demo\'s fake customers (fixtures/demo/audience.json)', () => {
  it('loads, with FreightWise Pro\'s product held by a FreightWise site user until the end of 2027', async () => {
    const { readFileSync } = await import('node:fs');
    const { fakeFromFixture } = await import('./fake');
    const read = (p: string) => readFileSync(new URL(`../../fixtures/demo/${p}`, import.meta.url), 'utf8');
    const fake = fakeFromFixture(read('audience.json'));
    const pro = (JSON.parse(read('tenants/freightwise/memberships.json')) as { omedaProduct?: string; isFree: boolean }[]).find((m) => !m.isFree)!;
    const users = JSON.parse(read('tenants/freightwise/site-users.json')) as { email: string }[];
    const ben = await fake.customerByEmail('ben.achebe@maplecourier.example');
    expect(users.some((u) => u.email === ben!.email)).toBe(true);
    expect(ben!.products.find((p) => p.id === pro.omedaProduct)).toMatchObject({ expirationDate: Date.UTC(2027, 11, 31), receive: true });
    expect(() => fakeFromFixture('{"customers":[{"id":"1","email":"a@b.c","products":[{"id":"P","expirationDate":"soon"}]}]}')).toThrow(/expirationDate "soon"/);
  });
});
