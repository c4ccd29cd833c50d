// Member sign-in and credentials: login (cookie and x-site-user header), identical failures,
// rate limits, logout, cross-tenant tokens, staff simulation, password reset and change, and the
// username change by confirmation link.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_PASSWORD, linkIn, memberCounts, startMembers, type MemberHarness } from './members-harness';

let h: MemberHarness;
beforeAll(async () => {
  h = await startMembers();
  await h.member('ann@example.com');
  await h.member('bob@example.com');
  await h.member('gone@example.com', { status: 0 });
  await h.member('ann@example.com', { tenant: 'beta' });
});
afterAll(async () => { await h.close(); });

const LOGIN_FAILED = 'Please try again or use the reset password link below. If you continue to have issues, please email us at customer service and include browser details.';
const login = (username: unknown, password: unknown, opts = {}) => h.op('loginSiteUser', { username, password }, opts);
const me = (token: string, tenant = 'alpha') => h.op('getSiteUser', {}, { member: token, tenant });

describe('loginSiteUser', () => {
  it('signs in with username or e-mail (any case), answers the token and user and sets a 30-day HttpOnly cookie', async () => {
    const r = await login('ANN@example.com', MEMBER_PASSWORD);
    expect(r.status).toBe(200);
    const l = r.data.loginSiteUser;
    expect(l.token).toMatch(/^mhm_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(l.tokenExpiration) - h.clock.now).toBe(30 * 86_400_000);
    expect(l.userInfo).toMatchObject({ username: 'ann@example.com', email: 'ann@example.com', emails: [{ address: 'ann@example.com' }], simulating: false, memberships: [] });
    expect(l.userInfo).not.toHaveProperty('passwordHash');
    const cookie = r.cookies.find((c) => c.name === 'mh_member')!;
    expect(cookie).toMatchObject({ value: l.token, httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie.expires!.getTime()).toBe(h.clock.now + 30 * 86_400_000);
    // The session hint for the site's scripts: readable (not HttpOnly), no secret, same lifetime.
    const hint = r.cookies.find((c) => c.name === 'mh_member_hint')!;
    expect(hint).toMatchObject({ value: '1', sameSite: 'Strict', path: '/' });
    expect(hint.httpOnly).toBeFalsy();
    expect(hint.expires!.getTime()).toBe(h.clock.now + 30 * 86_400_000);
    const rows = await h.store.all<{ token_hash: string }>('select token_hash from site_user_sessions');
    expect(JSON.stringify(rows)).not.toContain(l.token);
    expect(JSON.stringify(rows)).toContain(createHash('sha256').update(l.token).digest('hex'));
  });

  it('accepts the token as x-site-user Bearer header and as the cookie', async () => {
    const token = await h.login('ann@example.com');
    expect((await me(token)).data.getSiteUser.username).toBe('ann@example.com');
    const b = h.browser();
    await login('ann@example.com', MEMBER_PASSWORD, { browser: b });
    expect((await h.op('getSiteUser', {}, { browser: b })).data.getSiteUser.username).toBe('ann@example.com');
  });

  it('answers an unknown user, a wrong password and an inactive account identically', async () => {
    const answers = [await login('bob@example.com', 'wrong password'), await login('nobody@example.com', MEMBER_PASSWORD), await login('gone@example.com', MEMBER_PASSWORD)];
    for (const r of answers) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ errors: [{ message: LOGIN_FAILED, locations: expect.any(Array), path: ['loginSiteUser'], extensions: { code: 'SITE_USER_LOGIN_FAILED' } }], data: null });
    }
  });

  it('names a missing field', async () => {
    const r = await login('', 'x');
    expect(r.status).toBe(400);
    expect(r.error).toMatchObject({ message: 'username: Field is required', extensions: { code: 'BAD_USER_INPUT', field: 'username' } });
    expect((await login('ann@example.com', '')).error).toMatchObject({ extensions: { field: 'password' } });
  });

  it('refuses a token on another tenant (the same e-mail there is another account)', async () => {
    const token = await h.login('ann@example.com');
    const r = await me(token, 'beta');
    expect(r.error!.extensions.code).toBe('UNAUTHENTICATED');
    expect((await h.op('getActiveSiteUserWithNewsletters', {}, { member: token, tenant: 'beta' })).data.getActiveSiteUserWithNewsletters).toBeNull();
  });
});

describe('rate-limited login', () => {
  it('limits failures per username, answering the same for an unknown user and a wrong password', async () => {
    const limited = await startMembers({ members: { limits: { loginPerUsername: { max: 3, windowMs: 60_000 } } } });
    try {
      await limited.member('carol@example.com');
      const loginTo = (u: string, p: string) => limited.op('loginSiteUser', { username: u, password: p });
      for (let i = 0; i < 3; i++) {
        expect((await loginTo('carol@example.com', `wrong-${i}`)).status).toBe(401);
        expect((await loginTo('nobody.here@example.com', `wrong-${i}`)).status).toBe(401);
      }
      const known = await loginTo('carol@example.com', MEMBER_PASSWORD);
      const unknown = await loginTo('nobody.here@example.com', MEMBER_PASSWORD);
      for (const r of [known, unknown]) {
        expect(r.status).toBe(429);
        expect(r.headers['retry-after']).toBe('60');
        expect(r.error).toMatchObject({ message: 'Too many attempts. Try again in 60 seconds.', extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 60 } });
      }
      expect({ ...known.body, errors: known.body.errors!.map((e) => ({ ...e, locations: null })) }).toEqual({ ...unknown.body, errors: unknown.body.errors!.map((e) => ({ ...e, locations: null })) });
      limited.clock.now += 60_001;
      expect((await loginTo('carol@example.com', MEMBER_PASSWORD)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits failures per IP across usernames', async () => {
    const limited = await startMembers({ members: { limits: { loginPerIp: { max: 2, windowMs: 60_000 } } } });
    try {
      await limited.member('dave@example.com');
      for (const u of ['x1@example.com', 'x2@example.com']) expect((await limited.op('loginSiteUser', { username: u, password: 'nope' })).status).toBe(401);
      expect((await limited.op('loginSiteUser', { username: 'dave@example.com', password: MEMBER_PASSWORD })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('logoutSiteUser', () => {
  it('ends the session and clears the cookie', async () => {
    const b = h.browser();
    await login('bob@example.com', MEMBER_PASSWORD, { browser: b });
    const token = b.cookies.get('mh_member')!;
    const r = await h.op('logoutSiteUser', {}, { browser: b });
    expect(r.data.logoutSiteUser.ok).toBe(true);
    expect(String(r.headers['set-cookie'])).toMatch(/mh_member=;/);
    expect(b.cookies.has('mh_member')).toBe(false);
    expect(String(r.headers['set-cookie'])).toMatch(/mh_member_hint=;/);
    expect(b.cookies.has('mh_member_hint')).toBe(false);
    expect((await me(token)).error!.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a cookie-authenticated logout from another site', async () => {
    const token = await h.login('bob@example.com');
    const r = await h.op('logoutSiteUser', {}, { headers: { cookie: `mh_member=${token}`, origin: 'https://evil.example', host: 'alpha.localhost' } });
    expect(r.error!.extensions.code).toBe('CROSS_SITE_REQUEST');
    expect((await me(token)).status).toBe(200);
  });
});

describe('simulateSiteUser', () => {
  it('lets staff with manage_site_users sign in as a member for one day, flagged as simulating', async () => {
    const b = h.browser();
    const r = await h.op('simulateSiteUser', { username: 'bob@example.com' }, { as: 'alphaAdmin', browser: b });
    expect(r.status).toBe(200);
    const s = r.data.simulateSiteUser;
    expect(s).toMatchObject({ message: 'Successfully signed into bob@example.com', userInfo: { username: 'bob@example.com', simulating: true } });
    expect(Date.parse(s.tokenExpiration) - h.clock.now).toBe(86_400_000);
    expect(r.cookies.find((c) => c.name === 'mh_member')!.expires!.getTime()).toBe(h.clock.now + 86_400_000);
    expect((await h.op('getActiveSiteUserWithNewsletters', {}, { member: s.token })).data.getActiveSiteUserWithNewsletters).toMatchObject({ email: 'bob@example.com', simulating: true });
    // A simulated session cannot change the member's credentials.
    expect((await h.op('updateSiteUserPassword', { password: MEMBER_PASSWORD, newPassword: 'another password 2' }, { member: s.token })).error!.extensions.code).toBe('FORBIDDEN');
    const [row] = await h.store.all<{ action: string; actor_id: number }>("select action, actor_id from history where entity_type = 'siteUser' and action = 'simulate'");
    expect(row).toEqual({ action: 'simulate', actor_id: 3 });
  });

  it('refuses staff without the permission, outside their tenant, anonymous callers and unknown members', async () => {
    expect((await h.op('simulateSiteUser', { username: 'bob@example.com' }, { as: 'alphaEditor' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('simulateSiteUser', { username: 'ann@example.com' }, { as: 'alphaAdmin', tenant: 'beta' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('simulateSiteUser', { username: 'bob@example.com' })).error!.extensions.code).toBe('UNAUTHENTICATED');
    expect((await h.op('simulateSiteUser', { username: 'nobody@example.com' }, { as: 'alphaAdmin' })).error).toMatchObject({ message: 'Site user nobody@example.com was not found.' });
  });
});

describe('password reset', () => {
  it('mails a single-use link whose id sets a new password and ends every session', async () => {
    await h.member('erin@example.com');
    const old = await h.login('erin@example.com');
    const sent = h.mails.length;
    const r = await h.op('requestSiteUserPasswordReset', { username: 'erin@example.com', path: '/markets' });
    expect(r.data.requestSiteUserPasswordReset).toEqual({ ok: true, message: 'If an account exists for that username, we sent a link to reset the password.' });
    const mail = (await h.waitForMails(sent + 1))[sent]!;
    expect(mail).toMatchObject({ to: 'erin@example.com', subject: 'Reset your alpha News password' });
    const { url, id } = linkIn(mail);
    expect(`${url.origin}${url.pathname}`).toBe('http://alpha.localhost/account/login');
    expect(url.searchParams.get('redirectTo')).toBe('/markets');
    const done = await h.op('resetSiteUserPassword', { id, password: 'a brand new pass' });
    expect(done.data.resetSiteUserPassword.ok).toBe(true);
    expect((await me(old)).error!.extensions.code).toBe('UNAUTHENTICATED');
    expect((await login('erin@example.com', 'a brand new pass')).status).toBe(200);
    expect((await login('erin@example.com', MEMBER_PASSWORD)).status).toBe(401);
    const again = await h.op('resetSiteUserPassword', { id, password: 'yet another pass' });
    expect(again.error).toMatchObject({ message: 'id: This link is invalid or has expired.', extensions: { field: 'id' } });
  });

  it('answers the same for an unknown username and sends nothing', async () => {
    const sent = h.mails.length;
    const r = await h.op('requestSiteUserPasswordReset', { username: 'nobody@example.com' });
    expect(r.data.requestSiteUserPasswordReset.message).toBe('If an account exists for that username, we sent a link to reset the password.');
    await new Promise((ok) => setTimeout(ok, 30));
    expect(h.mails.length).toBe(sent);
  });

  it('refuses an expired link, a short password and a made-up id, writing nothing', async () => {
    await h.member('frank@example.com');
    const sent = h.mails.length;
    await h.op('requestSiteUserPasswordReset', { username: 'frank@example.com' });
    const { id } = linkIn((await h.waitForMails(sent + 1))[sent]!);
    const before = await memberCounts(h);
    expect((await h.op('resetSiteUserPassword', { id, password: 'short' })).error).toMatchObject({ message: 'password: At least 8 characters' });
    expect((await h.op('resetSiteUserPassword', { id: 'mhk_made-up', password: 'long enough pass' })).error).toMatchObject({ extensions: { field: 'id' } });
    h.clock.now += 3_600_001;
    try {
      expect((await h.op('resetSiteUserPassword', { id, password: 'long enough pass' })).error).toMatchObject({ message: 'id: This link is invalid or has expired.' });
    } finally {
      h.clock.now -= 3_600_001;
    }
    expect(await memberCounts(h)).toEqual(before);
    expect((await login('frank@example.com', MEMBER_PASSWORD)).status).toBe(200);
  });
});

describe('updateSiteUserPassword', () => {
  it('checks the current password, ends other sessions and issues a new one', async () => {
    await h.member('gina@example.com');
    const other = await h.login('gina@example.com');
    const mine = await h.login('gina@example.com');
    const wrong = await h.op('updateSiteUserPassword', { password: 'not it', newPassword: 'next password 1' }, { member: mine });
    expect(wrong.error).toMatchObject({ message: 'password: The password is incorrect.', extensions: { field: 'password' } });
    const r = await h.op('updateSiteUserPassword', { password: MEMBER_PASSWORD, newPassword: 'next password 1' }, { member: mine });
    expect(r.status).toBe(200);
    const fresh = r.data.updateSiteUserPassword.token;
    expect((await me(other)).error!.extensions.code).toBe('UNAUTHENTICATED');
    expect((await me(mine)).error!.extensions.code).toBe('UNAUTHENTICATED');
    expect((await me(fresh)).status).toBe(200);
    expect((await h.op('updateSiteUserPassword', { password: 'x', newPassword: 'y' })).error!.extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('username change', () => {
  it('mails the new address a link that makes it the username and e-mail', async () => {
    await h.member('hal@example.com');
    const token = await h.login('hal@example.com');
    const sent = h.mails.length;
    const r = await h.op('requestSiteUserChangeUsername', { password: MEMBER_PASSWORD, newUsername: 'Hal.New@Example.com' }, { member: token });
    expect(r.data.requestSiteUserChangeUsername.ok).toBe(true);
    const mail = (await h.waitForMails(sent + 1))[sent]!;
    expect(mail.to).toBe('hal.new@example.com');
    const { id } = linkIn(mail);
    expect((await me(token)).data.getSiteUser.username).toBe('hal@example.com');
    const done = await h.op('updateSiteUserUsername', { id });
    expect(done.data.updateSiteUserUsername).toMatchObject({ username: 'hal.new@example.com', email: 'hal.new@example.com' });
    expect((await login('hal.new@example.com', MEMBER_PASSWORD)).status).toBe(200);
    expect((await h.op('updateSiteUserUsername', { id })).error!.extensions.field).toBe('id');
  });

  it('refuses a wrong password, a taken name and a non-address, writing nothing', async () => {
    const token = await h.login('bob@example.com');
    const before = await memberCounts(h);
    const ask = (v: Record<string, unknown>) => h.op('requestSiteUserChangeUsername', v, { member: token });
    expect((await ask({ password: 'wrong', newUsername: 'bob2@example.com' })).error).toMatchObject({ extensions: { field: 'password' } });
    expect((await ask({ password: MEMBER_PASSWORD, newUsername: 'ann@example.com' })).error).toMatchObject({ message: 'newUsername: This username is already in use.' });
    expect((await ask({ password: MEMBER_PASSWORD, newUsername: 'not an address' })).error).toMatchObject({ message: 'newUsername: Must be an e-mail address' });
    expect(await memberCounts(h)).toEqual(before);
    expect((await h.op('requestSiteUserChangeUsername', { password: MEMBER_PASSWORD, newUsername: 'z@example.com' })).error!.extensions.code).toBe('UNAUTHENTICATED');
  });
});
