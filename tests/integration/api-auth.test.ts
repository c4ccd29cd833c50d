import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { DUMMY_HASH_PROMISE, verifyPassword } from '../../engine/auth/passwords';

// Every password check of the app is counted (the real check still runs): an unknown user must
// cost one check, as a known one does, not a fast path whose timing would tell them apart.
vi.mock('../../engine/auth/passwords', async (original) => {
  const m = await original<typeof import('../../engine/auth/passwords')>();
  return { ...m, verifyPassword: vi.fn(m.verifyPassword) };
});
import { PASSWORD, startApi, type Harness } from './api-harness';

let h: Harness;
let clock = Date.parse('2026-11-01T12:00:00Z');
beforeAll(async () => { h = await startApi({ now: () => clock }); });
afterAll(async () => { await h.close(); });
beforeEach(() => { clock += 24 * 3600_000; });

const login = (username: unknown, password: unknown, headers: Record<string, string> = {}) =>
  h.op('loginCmsUser', { username, password }, { headers });
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe('loginCmsUser', () => {
  it('returns a bearer and a refresh token with their expiry, stores only digests and sets the cookies', async () => {
    const r = await login('alpha.editor', PASSWORD, { 'x-forwarded-for': '10.0.0.1' });
    expect(r.status).toBe(200);
    const t = r.data.loginCmsUser;
    expect(t.bearerToken).toMatch(/^mhb_[A-Za-z0-9_-]{43}$/);
    expect(t.refreshToken).toMatch(/^mhr_[A-Za-z0-9_-]{43}$/);
    // Bearer: 15 minutes; refresh: the session's absolute end, 12 h after sign-in (engine/services/kernel/lifetimes.ts).
    expect(Date.parse(t.bearerTokenExpiration) - clock).toBe(15 * 60_000);
    expect(Date.parse(t.refreshTokenExpiration) - clock).toBe(12 * 3600_000);
    const rows = await h.store.all<{ bearer_hash: string; refresh_hash: string }>('select bearer_hash, refresh_hash from cms_sessions');
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(t.bearerToken);
    expect(dump).toContain(createHash('sha256').update(t.bearerToken).digest('hex'));
    const me = await h.op('getActiveCMSUser', {}, bearer(t.bearerToken));
    expect(me.data.getActiveCMSUser).toMatchObject({ username: 'alpha.editor', role: 'editor', tenants: ['alpha'], isGlobal: false });
    expect(me.data.getActiveCMSUser.permissions).toContain('manage_content');
    expect(me.data.getActiveCMSUser.permissions).not.toContain('manage_users');
  });

  it('answers a wrong password, an unknown user and an inactive user identically', async () => {
    const answers = [await login('alpha.viewer', 'wrong password!!'), await login('nobody.here', PASSWORD), await login('gone', PASSWORD)];
    for (const r of answers) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ errors: [{ message: 'The username or password is incorrect.', locations: expect.any(Array), path: ['loginCmsUser'], extensions: { code: 'INVALID_CREDENTIALS' } }], data: null });
    }
  });

  it('spends a password check on unknown users too (no fast path that reveals who exists)', async () => {
    const checks = vi.mocked(verifyPassword);
    checks.mockClear();
    await login('alpha.admin', 'not the password at all');
    expect(checks).toHaveBeenCalledTimes(1);
    expect(checks.mock.calls[0]![1]).not.toBe(await DUMMY_HASH_PROMISE());
    checks.mockClear();
    await login('no.such.user', 'not the password at all');
    expect(checks).toHaveBeenCalledTimes(1);
    // The same kind of work: a check against the dummy scrypt hash.
    expect(checks.mock.calls[0]![1]).toBe(await DUMMY_HASH_PROMISE());
  });

  it('names a missing field', async () => {
    const r = await login('', PASSWORD);
    expect(r.status).toBe(400);
    expect(r.error).toMatchObject({ message: 'username: Field is required', extensions: { code: 'BAD_USER_INPUT', field: 'username' } });
  });

  it('limits failed logins per username with 429 and Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await login('alpha.admin', `wrong-${i}-password`, { 'x-forwarded-for': `10.1.0.${i}` })).status).toBe(401);
    const r = await login('alpha.admin', PASSWORD);
    expect(r.status).toBe(429);
    expect(r.error!.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    clock += 15 * 60_000 + 1;
    expect((await login('alpha.admin', PASSWORD)).status).toBe(200);
  });

  it('counts every aliased attempt inside one request (and stops at the first failure)', async () => {
    const guesses = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: loginCmsUser(username: "alpha.manager", password: "guess-number-${i}") { bearerToken }`).join('\n');
    for (let i = 0; i < 5; i++) {
      const r = await h.gql(`mutation { ${guesses(8)} }`);
      // Mutation fields run in order and a failed login aborts the rest: one guess per request at most.
      expect(r.body.errors!.map((e) => e.extensions.code)).toEqual(['INVALID_CREDENTIALS']);
      expect(r.body.data).toBeNull();
    }
    const limited = await h.gql(`mutation { ${guesses(3)} }`);
    expect(limited.status).toBe(429);
    expect(limited.body.errors!.map((e) => e.extensions.code)).toEqual(['RATE_LIMITED']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const mixed = await h.gql(`mutation { ok: loginCmsUser(username: "alpha.viewer", password: "${PASSWORD}") { bearerToken } ${guesses(2)} }`);
    expect(mixed.body.errors!.map((e) => e.extensions.code)).toEqual(['RATE_LIMITED']);
  });

  it('limits failed logins per IP address across usernames', async () => {
    const limited = await startApi({ now: () => clock, limits: { loginPerIp: { max: 3, windowMs: 60_000 } } });
    try {
      for (const u of ['u1', 'u2', 'u3']) expect((await limited.op('loginCmsUser', { username: u, password: 'x'.repeat(12) })).status).toBe(401);
      const r = await limited.op('loginCmsUser', { username: 'alpha.editor', password: PASSWORD });
      expect(r.status).toBe(429);
      expect(r.headers['retry-after']).toBe('60');
    } finally {
      await limited.close();
    }
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; the old bearer and refresh tokens stop working', async () => {
    const first = (await login('alpha.viewer', PASSWORD)).data.loginCmsUser;
    const r = await h.op('refreshTokenCmsUser', { refreshToken: first.refreshToken });
    expect(r.status).toBe(200);
    const second = r.data.refreshTokenCmsUser;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await h.op('validateCMSUserBearerToken', {}, bearer(first.bearerToken))).data.validateCMSUserBearerToken.valid).toBe(false);
    expect((await h.op('validateCMSUserBearerToken', {}, bearer(second.bearerToken))).data.validateCMSUserBearerToken).toMatchObject({ valid: true });
  });

  it('revoke the whole family when a rotated refresh token is used again', async () => {
    const first = (await login('alpha.viewer', PASSWORD)).data.loginCmsUser;
    const second = (await h.op('refreshTokenCmsUser', { refreshToken: first.refreshToken })).data.refreshTokenCmsUser;
    const replay = await h.op('refreshTokenCmsUser', { refreshToken: first.refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.error!.extensions.code).toBe('UNAUTHENTICATED');
    expect((await h.op('validateCMSUserBearerToken', {}, bearer(second.bearerToken))).data.validateCMSUserBearerToken.valid).toBe(false);
    expect((await h.op('refreshTokenCmsUser', { refreshToken: second.refreshToken })).status).toBe(401);
  });

  it('read the refresh cookie when no argument is given, and expire', async () => {
    const first = (await login('alpha.viewer', PASSWORD)).data.loginCmsUser;
    const viaCookie = await h.app.inject({
      method: 'POST', url: '/graphql',
      headers: { 'x-tenant-key': 'alpha', cookie: `mh_staff_refresh=${first.refreshToken}`, origin: 'http://localhost:4000', host: 'localhost:4000' },
      payload: { query: 'mutation { refreshTokenCmsUser { bearerToken } }' },
    });
    expect(viaCookie.statusCode).toBe(200);
    const next = (await login('alpha.viewer', PASSWORD)).data.loginCmsUser;
    clock += 31 * 24 * 3600_000;
    expect((await h.op('refreshTokenCmsUser', { refreshToken: next.refreshToken })).status).toBe(401);
    expect((await h.op('validateCMSUserBearerToken', {}, bearer(next.bearerToken))).data.validateCMSUserBearerToken.valid).toBe(false);
  });
});

describe('logout', () => {
  it('revokes the session family and clears the cookies', async () => {
    const t = (await login('alpha.viewer', PASSWORD)).data.loginCmsUser;
    const r = await h.op('logoutCmsUser', { refreshToken: t.refreshToken }, bearer(t.bearerToken));
    expect(r.data.logoutCmsUser.ok).toBe(true);
    const set = String(r.headers['set-cookie']);
    expect(set).toMatch(/mh_staff=;/);
    expect((await h.op('getActiveCMSUser', {}, bearer(t.bearerToken))).error!.extensions.code).toBe('UNAUTHENTICATED');
    expect((await h.op('refreshTokenCmsUser', { refreshToken: t.refreshToken })).status).toBe(401);
  });
});

describe('password reset', () => {
  /** Staff mail goes to the mailer on a later turn of the event loop (engine/services/kernel/services.ts): waits for it. */
  const mailArrived = async (n: number) => {
    for (let i = 0; i < 10_000 && h.mail.length < n; i++) await new Promise((r) => setImmediate(r));
  };

  it('answers the same for known and unknown addresses and mails a single-use link only to a known one', async () => {
    h.mail.length = 0;
    const unknown = await h.op('requestResetCMSUserPassword', { email: 'stranger@nowhere.example' });
    const known = await h.op('requestResetCMSUserPassword', { email: 'viewer@alpha.example' });
    expect(known.body).toEqual(unknown.body);
    // Mail is handed over in order after each answer: had the unknown address been mailed, that
    // mail would be here before the known one's.
    await mailArrived(1);
    expect(h.mail).toHaveLength(1);
    expect(h.mail[0]).toMatchObject({ kind: 'reset', to: 'viewer@alpha.example' });
    const hash = new URL(h.mail[0]!.link, 'http://x').searchParams.get('hash')!;
    const old = (await login('alpha.viewer', PASSWORD)).data.loginCmsUser;
    const newPassword = 'a brand new passphrase';
    const r = await h.op('resetCMSUserPassword', { password: newPassword, hash });
    expect(r.data.resetCMSUserPassword).toEqual({ ok: true, username: 'alpha.viewer' });
    const again = await h.op('resetCMSUserPassword', { password: 'yet another passphrase', hash });
    expect(again.error).toMatchObject({ message: 'hash: This link is invalid or has expired.', extensions: { code: 'BAD_USER_INPUT', field: 'hash' } });
    expect((await h.op('validateCMSUserBearerToken', {}, bearer(old.bearerToken))).data.validateCMSUserBearerToken.valid).toBe(false);
    expect((await login('alpha.viewer', newPassword)).status).toBe(200);
    expect((await login('alpha.viewer', PASSWORD)).status).toBe(401);
  });

  it('refuses an expired link and a short password', async () => {
    h.mail.length = 0;
    await h.op('requestResetCMSUserPassword', { email: 'editor@beta.example' });
    await mailArrived(1);
    const hash = new URL(h.mail[0]!.link, 'http://x').searchParams.get('hash')!;
    const short = await h.op('resetCMSUserPassword', { password: 'short', hash });
    expect(short.error).toMatchObject({ message: 'password: At least 12 characters', extensions: { field: 'password' } });
    clock += 61 * 60_000;
    expect((await h.op('resetCMSUserPassword', { password: 'long enough password', hash })).error!.extensions.field).toBe('hash');
  });
});

describe('own password change and deactivation', () => {
  it('changing the password ends every other session and returns a new pair', async () => {
    const a = (await login('beta.editor', PASSWORD)).data.loginCmsUser;
    const b = (await login('beta.editor', PASSWORD)).data.loginCmsUser;
    const wrong = await h.op('changeOwnCmsUserPassword', { currentPassword: 'not it at all', newPassword: 'fresh password 123' }, bearer(a.bearerToken));
    expect(wrong.error).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'currentPassword' } });
    const r = await h.op('changeOwnCmsUserPassword', { currentPassword: PASSWORD, newPassword: 'fresh password 123' }, bearer(a.bearerToken));
    expect(r.status).toBe(200);
    for (const old of [a, b]) expect((await h.op('validateCMSUserBearerToken', {}, bearer(old.bearerToken))).data.validateCMSUserBearerToken.valid).toBe(false);
    expect((await h.op('getActiveCMSUser', {}, bearer(r.data.changeOwnCmsUserPassword.bearerToken))).data.getActiveCMSUser.username).toBe('beta.editor');
    const history = await h.store.all<{ action: string; changes: string }>("select action, changes from history where entity_type = 'cmsUser' and action = 'change-password'");
    expect(history).toHaveLength(1);
    expect(history[0]!.changes).not.toContain('fresh password');
  });

  it('deactivating a user ends their sessions', async () => {
    const t = (await login('alpha.editor', PASSWORD)).data.loginCmsUser;
    const r = await h.op('updateCmsUser', { id: 2, input: { status: 0 } }, { as: 'admin' });
    expect(r.data.updateCmsUser.status).toBe(0);
    expect((await h.op('validateCMSUserBearerToken', {}, bearer(t.bearerToken))).data.validateCMSUserBearerToken.valid).toBe(false);
    expect((await login('alpha.editor', PASSWORD)).status).toBe(401);
    await h.op('updateCmsUser', { id: 2, input: { status: 1 } }, { as: 'admin' });
  });
});
