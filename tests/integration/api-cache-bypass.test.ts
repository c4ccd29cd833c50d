// The staff toolbar's "Bypass cache" switch (public §6, admin §2 cache-bypass cookie): a public read
// carrying mh_cache_bypass skips the anonymous answer cache, but only beside a live staff site
// session (mh_staff_site) for the request's tenant; the bypass cookie alone changes nothing, so
// readers cannot empty the cache's protection at will. The fresh answer refreshes the cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTokens } from '../../engine/services/auth/sessions';
import { CACHE_BYPASS_COOKIE } from '../../api/http/graphql-route';
import { STAFF_SITE_COOKIE } from '../../api/auth/staff-site';
import { startApi, USERS, type Harness } from './api-harness';

let h: Harness;
beforeAll(async () => { h = await startApi({ responseCacheTtlMs: 60_000 }); });
afterAll(async () => { await h.close(); });

const ID = 10_010_001;
const NAME = 'query($id: Int) { getContent(id: $id) { id name } }';

/** A staff site cookie for `user` on `tenant`'s host, through the real pass and /__staff/enter. */
async function staffSiteCookie(user: keyof typeof USERS, tenant = 'alpha') {
  const pair = await issueTokens(h.store.db, h.app.api.services, USERS[user].id);
  const auth = { authorization: `Bearer ${pair.bearerToken}`, host: 'localhost:4000' };
  const r = await h.op('createStaffSiteLink', { path: '/' }, { headers: auth, tenant });
  expect(r.error).toBeUndefined();
  const res = await h.app.inject({ method: 'GET', url: r.data.createStaffSiteLink.path, headers: { host: `${tenant}.localhost` } });
  expect(res.statusCode).toBe(303);
  const c = (res.cookies as { name: string; value: string }[]).find((x) => x.name === STAFF_SITE_COOKIE)!;
  return { cookie: `${STAFF_SITE_COOKIE}=${c.value}`, pair, auth };
}

let id = ID;
const nameSeen = async (cookie?: string, tenant = 'alpha') =>
  (await h.gql(NAME, { id }, { tenant, headers: cookie ? { cookie } : {} })).data.getContent.name as string;

/** Renames the item behind the API's back (no change event), so only a cache miss can show it. */
const rename = (name: string) => h.store.run('update content set name = ? where id = ?', [name, id]);

describe('the cache-bypass cookie', () => {
  it('makes a staff site session skip the cached answer, and refreshes it for readers', async () => {
    await rename('Original headline');
    expect(await nameSeen()).toBe('Original headline');
    await rename('Corrected headline');
    expect(await nameSeen()).toBe('Original headline');
    const { cookie } = await staffSiteCookie('alphaEditor');
    // The staff cookie without the switch: the cached answer, like everyone.
    expect(await nameSeen(cookie)).toBe('Original headline');
    expect(await nameSeen(`${cookie}; ${CACHE_BYPASS_COOKIE}=1`)).toBe('Corrected headline');
    // The fresh answer replaced the stale one for everybody.
    expect(await nameSeen()).toBe('Corrected headline');
  });

  it('does nothing on its own, with a forged or ended staff session, or with another tenant\'s', async () => {
    id = ID + 2; // a cache entry of its own
    await rename('Cached A');
    expect(await nameSeen()).toBe('Cached A');
    await rename('Fresh B');
    expect(await nameSeen(`${CACHE_BYPASS_COOKIE}=1`)).toBe('Cached A');
    const { cookie, pair, auth } = await staffSiteCookie('alphaEditor');
    expect(await nameSeen(`${cookie.slice(0, -4)}AAAA; ${CACHE_BYPASS_COOKIE}=1`)).toBe('Cached A');
    const beta = await staffSiteCookie('betaEditor', 'beta');
    expect(await nameSeen(`${beta.cookie}; ${CACHE_BYPASS_COOKIE}=1`)).toBe('Cached A');
    await h.op('logoutCmsUser', { refreshToken: pair.refreshToken }, { headers: auth });
    expect(await nameSeen(`${cookie}; ${CACHE_BYPASS_COOKIE}=1`)).toBe('Cached A');
  });
});
