// Simulation reaching the site's own host (public §4 "Simulating a user"): simulateSiteUser answers a
// single-use code; GET /__member/simulate?code=…&to=… on the tenant's host spends it, ends the
// browser's member session there, sets the 1-day simulating member cookie and answers 303 to a
// same-site path. Codes are refused when spent, expired, tampered, foreign, or when the staff
// session or the member no longer qualify.
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTokens } from '../../engine/services/auth/sessions';
import { SIMULATE_CODE_INVALID } from '../../api/members/simulate';
import { startMembers, USERS, type MemberHarness } from './members-harness';

let h: MemberHarness;
beforeAll(async () => {
  h = await startMembers();
  await h.member('bob@example.com');
  await h.member('ann@example.com');
});
afterAll(async () => { await h.close(); });

const ADMIN_HOST = 'localhost:4000';

/** simulateSiteUser by a fresh staff session on the admin's host; the code and the staff tokens. */
async function simulate(username = 'bob@example.com', user: keyof typeof USERS = 'alphaAdmin') {
  const pair = await issueTokens(h.store.db, h.app.api.services, USERS[user].id);
  const auth = { authorization: `Bearer ${pair.bearerToken}`, host: ADMIN_HOST };
  const r = await h.op('simulateSiteUser', { username }, { headers: auth });
  expect(r.error).toBeUndefined();
  return { code: r.data.simulateSiteUser.simulateCode as string, pair, auth };
}

function enter(code: string, o: { host?: string; to?: string; cookie?: string } = {}) {
  const q = new URLSearchParams({ code, to: o.to ?? '/account' });
  return h.app.inject({ method: 'GET', url: `/__member/simulate?${q}`, headers: { host: o.host ?? 'alpha.localhost', ...(o.cookie ? { cookie: o.cookie } : {}) } });
}

const memberCookie = (res: { cookies: unknown[] }) =>
  (res.cookies as { name: string; value: string; httpOnly?: boolean; sameSite?: string; expires?: Date; path?: string }[]).find((c) => c.name === 'mh_member');

const whoIs = async (token: string, host = 'alpha.localhost') =>
  (await h.op('getActiveSiteUserWithNewsletters', {}, { headers: { host, cookie: `mh_member=${token}` }, tenant: host.split('.')[0] })).data.getActiveSiteUserWithNewsletters;

describe('the simulation hand-off', () => {
  it('sets the 1-day simulating member cookie on the site host and lands on /account', async () => {
    const { code } = await simulate();
    expect(code).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const res = await enter(code);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/account');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['clear-site-data']).toBe('"storage"');
    const c = memberCookie(res)!;
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(c.expires!.getTime()).toBe(h.clock.now + 86_400_000);
    // The site's scripts learn that a session exists from the readable hint cookie set with it.
    const hint = (res.cookies as { name: string; value: string; httpOnly?: boolean; expires?: Date }[]).find((x) => x.name === 'mh_member_hint');
    expect(hint).toMatchObject({ value: '1' });
    expect(hint!.httpOnly).toBeFalsy();
    expect(hint!.expires!.getTime()).toBe(c.expires!.getTime());
    expect(await whoIs(c.value)).toMatchObject({ email: 'bob@example.com', simulating: true });
    const [row] = await h.store.all<{ simulated_by: number }>('select simulated_by from site_user_sessions where expires_at = ? order by id desc limit 1', [c.expires!.getTime()]);
    expect(row?.simulated_by).toBe(USERS.alphaAdmin.id);
  });

  it('is spent once: a second visit gets 403 with the message and no cookie', async () => {
    const { code } = await simulate();
    expect((await enter(code)).statusCode).toBe(303);
    const again = await enter(code);
    expect(again.statusCode).toBe(403);
    expect(load(again.body)('main p').first().text()).toBe(SIMULATE_CODE_INVALID);
    expect(memberCookie(again)).toBeUndefined();
  });

  it('opens only on its own tenant\'s host, and only with an untouched, unexpired code', async () => {
    const { code } = await simulate();
    expect((await enter(code, { host: 'beta.localhost' })).statusCode).toBe(403);
    expect((await enter(code, { host: 'unknown.example' })).statusCode).toBe(403);
    const [v, payload, sig] = code.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${v}.${Buffer.from(JSON.stringify({ ...claims, m: claims.m + 1 })).toString('base64url')}.${sig}`;
    expect((await enter(forged)).statusCode).toBe(403);
    expect((await enter('')).statusCode).toBe(403);
    const late = await simulate();
    h.clock.now += 61_000;
    try {
      expect((await enter(late.code)).statusCode).toBe(403);
    } finally {
      h.clock.now -= 61_000;
    }
    // The genuine code was never spent by the refusals above.
    expect((await enter(code)).statusCode).toBe(303);
  });

  it('is refused once the staff session ended or the member was deactivated', async () => {
    const { code, pair, auth } = await simulate();
    await h.op('logoutCmsUser', { refreshToken: pair.refreshToken }, { headers: auth });
    expect((await enter(code)).statusCode).toBe(403);
    const id = await h.member('carl@example.com');
    const second = await simulate('carl@example.com');
    await h.store.run('update site_users set status = 0 where id = ?', [id]);
    expect((await enter(second.code)).statusCode).toBe(403);
  });

  it('ends the member session the browser had on the site, and keeps the landing path same-site', async () => {
    const ann = await h.login('ann@example.com');
    expect(await whoIs(ann)).toMatchObject({ email: 'ann@example.com' });
    const { code } = await simulate();
    const res = await enter(code, { cookie: `mh_member=${ann}`, to: '//evil.example/account' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(await whoIs(ann)).toBeNull();
    for (const to of ['https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      expect((await enter((await simulate()).code, { to })).headers.location).toBe('/');
    }
    expect((await enter((await simulate()).code, { to: '/news/markets?x=1' })).headers.location).toBe('/news/markets?x=1');
  });

  it('is issued only by simulateSiteUser: a member login carries no code', async () => {
    const r = await h.gql('mutation($u: String, $p: String) { loginSiteUser(username: $u, password: $p) { simulateCode } }',
      { u: 'ann@example.com', p: 'member password 1' }, { browser: h.browser() });
    expect(r.error).toBeUndefined();
    expect(r.data.loginSiteUser.simulateCode).toBeNull();
  });
});
