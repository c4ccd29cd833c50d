// Several API instances behind one load balancer (issue #23, "Several instances"): with
// MASTHEAD_REDIS_URL set they share the login limits (5 failures in total, not per instance), the
// site-license lookup cache, and each committed change drops the other instances' cached anonymous
// answers. Two apps on one store and one Redis stand for two instances; each test file uses its
// own key prefix so runs never collide. Without Redis, each instance keeps its own (today's default).
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app';
import { memorySharedState, redisSharedState, sharedStateFor, type SharedState } from '../../engine/services/kernel/shared-state';
import { writeLicenseCompany } from '../../engine/store/queries/site-license';
import { resolveConfig } from '../../cli/config';
import { parseCidr } from '../../engine/domain/ip-range';
import { PASSWORD, startApi, type Harness, type GqlResponse, type RequestOpts } from './api-harness';

const REDIS_URL = process.env.MASTHEAD_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `masthead-test:${randomUUID()}:`;

type App = Awaited<ReturnType<typeof buildApp>>;
let a: Harness;
let b: App;
let sharedA: SharedState;
let sharedB: SharedState;

/** Runs a registered document on an app (instance B has no harness of its own). */
async function opOn(app: App, name: string, variables: Record<string, unknown>, opts: RequestOpts & { token?: string } = {}): Promise<GqlResponse> {
  const doc = app.api.registry.byName.get(name)!;
  const headers: Record<string, string> = { 'x-tenant-key': 'alpha', ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const r = await app.inject({ method: 'POST', url: '/graphql', headers, payload: { query: doc.text, variables } });
  const body = r.json();
  return { status: r.statusCode, headers: r.headers, body, data: body.data ?? {}, error: body.errors?.[0] };
}

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  let v = await read();
  for (let i = 0; i < 100 && !ok(v); i++) {
    await new Promise((r) => setTimeout(r, 20));
    v = await read();
  }
  return v;
}

beforeAll(async () => {
  sharedA = await redisSharedState({ url: REDIS_URL, prefix: PREFIX });
  sharedB = await redisSharedState({ url: REDIS_URL, prefix: PREFIX });
  // Long cache lifetimes: only an invalidation can make instance B see a change in time.
  const caching = { cacheTtlMs: 600_000, responseCacheTtlMs: 600_000, trustProxy: true } as const;
  a = await startApi({ ...caching, shared: sharedA });
  b = await buildApp({ store: a.store, ...caching, shared: sharedB });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  await sharedA?.close();
  await sharedB?.close();
  const r = new Redis(REDIS_URL);
  const keys = await r.keys(`${PREFIX}*`);
  if (keys.length) await r.del(...keys);
  await r.quit();
});

describe('two instances sharing one Redis', () => {
  it('holds the staff login limit across instances: 5 failures in total, not per instance', async () => {
    const login = (app: App, password: string, ip: string) => opOn(app, 'loginCmsUser', { username: 'alpha.editor', password }, { headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 5; i++) {
      const r = await login(i % 2 ? b : a.app, `wrong guess ${i}`, `10.20.0.${i}`);
      expect(r.status).toBe(401);
    }
    // The right password, on either instance, is now refused: the account's count is shared.
    for (const app of [a.app, b]) {
      const r = await login(app, PASSWORD, '10.20.1.1');
      expect(r.status).toBe(429);
      expect(r.error!.extensions.code).toBe('RATE_LIMITED');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another account is not affected, on either instance.
    expect((await opOn(b, 'loginCmsUser', { username: 'alpha.viewer', password: PASSWORD })).status).toBe(200);
  });

  it('drops the other instance\'s cached anonymous answer when one instance commits a change', async () => {
    const read = () => opOn(b, 'getWebsiteSection', { sectionId: 101 });
    const before = await read();
    expect(before.data.getWebsiteSection.name).toBe('Home');
    // Cached on B: a second read answers the same.
    expect((await read()).data.getWebsiteSection.name).toBe('Home');
    const token = await a.token('alphaAdmin');
    const edit = await opOn(a.app, 'updateWebsiteSection', { id: 101, input: { name: 'Front page' } }, { token });
    expect(edit.error).toBeUndefined();
    const after = await eventually(read, (r) => r.data.getWebsiteSection?.name === 'Front page');
    expect(after.data.getWebsiteSection.name).toBe('Front page');
  });

  it('shares the site-license lookup cache, and an edit on one instance forgets it for both', async () => {
    const ip = '203.0.113.77';
    const lookup = (app: App) => opOn(app, 'siteLicenseCompany', {}, { headers: { 'x-forwarded-for': ip } });
    expect((await lookup(b)).data.siteLicenseCompany).toBeNull();
    // A company written behind the API's back: instance A still answers from the lookup B cached.
    const range = parseCidr('203.0.113.0/24')!;
    const id = await writeLicenseCompany(a.store.db, 'alpha', null, { name: 'Quiet Corp', status: 1, ranges: [{ cidr: range.cidr, startKey: range.start, endKey: range.end }] });
    expect((await lookup(a.app)).data.siteLicenseCompany).toBeNull();
    // Without the shared cache, instance A would have found it (a fresh memory cache proves the row matches).
    const fresh = await buildApp({ store: a.store, trustProxy: true });
    expect((await lookup(fresh)).data.siteLicenseCompany).toEqual({ companyName: 'Quiet Corp', ipAddress: ip });
    await fresh.close();
    // An edit through instance A forgets the tenant's lookups everywhere.
    const token = await a.token('admin');
    const renamed = await opOn(a.app, 'updateSiteLicenseCompany', { id, input: { name: 'Loud Corp' } }, { token });
    expect(renamed.error).toBeUndefined();
    expect((await lookup(b)).data.siteLicenseCompany).toEqual({ companyName: 'Loud Corp', ipAddress: ip });
  });
});

describe('shared state on its own', () => {
  const rule = { max: 2, windowMs: 60_000 };

  it.each([['memory'], ['redis']] as const)('%s limiter: counts and refuses in one step, forgives and clears', async (kind) => {
    const s = kind === 'memory' ? memorySharedState() : sharedA;
    const l = s.limiter(`unit-${randomUUID()}`, rule, Date.now);
    expect(await l.attempt('k')).toBe(0);
    expect(await l.attempt('k')).toBe(0);
    const wait = await l.attempt('k');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60_000);
    // The refused attempt was not counted: one forgiveness lets exactly one more through.
    await l.forgive('k');
    expect(await l.attempt('k')).toBe(0);
    expect(await l.attempt('k')).toBeGreaterThan(0);
    await l.clear('k');
    expect(await l.attempt('k')).toBe(0);
    expect(await l.attempt('other')).toBe(0);
  });

  it('counts concurrent attempts exactly against the limit on Redis', async () => {
    const l = sharedA.limiter(`race-${randomUUID()}`, { max: 5, windowMs: 60_000 }, Date.now);
    const waits = await Promise.all(Array.from({ length: 20 }, () => l.attempt('k')));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
  });

  it('keeps memory by default and uses Redis when MASTHEAD_REDIS_URL is set', async () => {
    const mem = await sharedStateFor(undefined);
    expect(mem.kind).toBe('memory');
    const red = await sharedStateFor(REDIS_URL, { prefix: `${PREFIX}default:` });
    expect(red.kind).toBe('redis');
    await red.close();
    await expect(sharedStateFor('redis://127.0.0.1:1', { prefix: `${PREFIX}x:` })).rejects.toThrow(/Redis at redis:\/\/127\.0\.0\.1:1.* did not answer/);
  });

  it('validates MASTHEAD_REDIS_URL', () => {
    expect(resolveConfig({}, { MASTHEAD_REDIS_URL: 'redis://127.0.0.1:6379' }).settings.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(() => resolveConfig({}, { MASTHEAD_REDIS_URL: 'http://x' })).toThrow(/^MASTHEAD_REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL$/);
  });
});
