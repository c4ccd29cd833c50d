// Staff sign-in hardening (issue 15, "Passwords and logins"): strong passwords wherever one is set,
// one login limit per account whatever spelling is typed, and the three session bounds.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Readable, Writable } from 'node:stream';
import { Command } from 'commander';
import { resolveConfig } from '../../cli/config';
import { createOutput, type CommandEnv } from '../../cli/context';
import { registerUser } from '../../cli/commands/user';
import {
  resolveLifetimes, STAFF_BEARER_MAX_MS, STAFF_REFRESH_MAX_MS, STAFF_SESSION_MAX_MS,
} from '../../engine/services/kernel/lifetimes';
import { PASSWORD, startApi, type Harness } from './api-harness';

let h: Harness;
let clock = Date.parse('2026-11-01T12:00:00Z');
beforeAll(async () => { h = await startApi({ now: () => clock }); });
afterAll(async () => { await h.close(); });
// Each test starts past every limit window and token lifetime of the one before.
beforeEach(() => { clock += 40 * 24 * 3600_000; });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const login = (username: string, password: string, ip = '10.9.0.1') =>
  h.op('loginCmsUser', { username, password }, { headers: { 'x-forwarded-for': ip } });
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const valid = async (token: string) => (await h.op('validateCMSUserBearerToken', {}, bearer(token))).data.validateCMSUserBearerToken.valid as boolean;
const hashOf = (link: string) => new URL(link, 'http://x').searchParams.get('hash')!;
const A_STRONG_64 = 'quartz lantern drifts over seventeen brackish harbours at dawn!!';

async function resetLink(email: string): Promise<string> {
  h.mail.length = 0;
  await h.op('requestResetCMSUserPassword', { email });
  for (let i = 0; i < 100 && h.mail.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
  return hashOf(h.mail[0]!.link);
}

describe('per-account login limit', () => {
  it('counts the username in any case and the e-mail address as one account', async () => {
    const spellings = ['alpha.admin', 'Alpha.Admin', 'admin@alpha.example', 'ADMIN@Alpha.Example', 'alpha.ADMIN'];
    for (const [i, name] of spellings.entries()) expect((await login(name, `wrong guess ${i}`, `10.2.0.${i}`)).status).toBe(401);
    const limited = await login('admin@alpha.example', PASSWORD, '10.2.1.1');
    expect(limited.status).toBe(429);
    expect(limited.error!.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected.
    expect((await login('alpha.editor', PASSWORD, '10.2.1.2')).status).toBe(200);
  });

  it('keeps an unknown name on its own counter, answering exactly like a known one', async () => {
    for (let i = 0; i < 5; i++) {
      const unknown = await login(i % 2 ? 'No.Such.Person' : 'no.such.person', `wrong guess ${i}`, `10.3.0.${i}`);
      const known = await login(i % 2 ? 'Alpha.Viewer' : 'viewer@alpha.example', `wrong guess ${i}`, `10.3.1.${i}`);
      expect(unknown.status).toBe(401);
      expect({ ...unknown.body, errors: unknown.body.errors!.map((e) => ({ ...e, locations: null })) })
        .toEqual({ ...known.body, errors: known.body.errors!.map((e) => ({ ...e, locations: null })) });
    }
    const unknown = await login('no.such.person', PASSWORD, '10.3.2.1');
    const known = await login('alpha.viewer', PASSWORD, '10.3.2.2');
    for (const r of [unknown, known]) expect(r.status).toBe(429);
    expect(unknown.headers['retry-after']).toBe(known.headers['retry-after']);
  });

  it('counts wrong current passwords at a password change against the same account', async () => {
    const t = (await login('beta.editor', PASSWORD)).data.loginCmsUser;
    for (let i = 0; i < 4; i++) {
      const r = await h.op('changeOwnCmsUserPassword', { currentPassword: `not it ${i}`, newPassword: A_STRONG_64 }, bearer(t.bearerToken));
      expect(r.error!.extensions.field).toBe('currentPassword');
    }
    expect((await login('Editor@Beta.Example', 'one more wrong guess', '10.4.0.1')).status).toBe(401);
    expect((await login('beta.editor', PASSWORD, '10.4.0.2')).status).toBe(429);
  });
});

describe('session lifetimes', () => {
  it('bounds the access token to 15 minutes, the session to 12 hours and refresh tokens to 30 days', () => {
    expect(STAFF_BEARER_MAX_MS).toBe(15 * MINUTE);
    expect(STAFF_SESSION_MAX_MS).toBe(12 * HOUR);
    expect(STAFF_REFRESH_MAX_MS).toBe(30 * 24 * HOUR);
    expect(resolveLifetimes()).toMatchObject({ bearerMs: 15 * MINUTE, sessionMs: 12 * HOUR, refreshMs: 30 * 24 * HOUR });
    expect(() => resolveLifetimes({ bearerMs: 15 * MINUTE + 1 })).toThrow(/lifetimes\.bearerMs/);
    expect(() => resolveLifetimes({ sessionMs: 13 * HOUR })).toThrow(/lifetimes\.sessionMs/);
    expect(() => resolveLifetimes({ refreshMs: 31 * 24 * HOUR })).toThrow(/lifetimes\.refreshMs/);
    expect(resolveLifetimes({ bearerMs: 5 * MINUTE }).bearerMs).toBe(5 * MINUTE);
  });

  it('refuses to build an API configured with a longer access token', async () => {
    await expect(startApi({ lifetimes: { bearerMs: 12 * HOUR } })).rejects.toThrow(/lifetimes\.bearerMs/);
  });

  it('lets a bearer token lapse after 15 minutes; a refresh within the session issues a fresh one', async () => {
    const t = (await login('alpha.editor', PASSWORD)).data.loginCmsUser;
    expect(Date.parse(t.bearerTokenExpiration) - clock).toBe(15 * MINUTE);
    clock += 15 * MINUTE - 1;
    expect(await valid(t.bearerToken)).toBe(true);
    clock += 1;
    expect(await valid(t.bearerToken)).toBe(false);
    expect((await h.op('getActiveCMSUser', {}, bearer(t.bearerToken))).error!.extensions.code).toBe('UNAUTHENTICATED');
    const next = (await h.op('refreshTokenCmsUser', { refreshToken: t.refreshToken })).data.refreshTokenCmsUser;
    expect(Date.parse(next.bearerTokenExpiration) - clock).toBe(15 * MINUTE);
    expect((await h.op('getActiveCMSUser', {}, bearer(next.bearerToken))).data.getActiveCMSUser.username).toBe('alpha.editor');
  });

  it('ends a session 12 hours after sign-in however often it was refreshed', async () => {
    const signedIn = clock;
    let t = (await login('alpha.editor', PASSWORD)).data.loginCmsUser;
    while (clock + 14 * MINUTE < signedIn + 12 * HOUR) {
      clock += 14 * MINUTE;
      const r = await h.op('refreshTokenCmsUser', { refreshToken: t.refreshToken });
      expect(r.status).toBe(200);
      t = r.data.refreshTokenCmsUser;
      expect(Date.parse(t.refreshTokenExpiration)).toBe(signedIn + 12 * HOUR);
      expect(Date.parse(t.bearerTokenExpiration)).toBeLessThanOrEqual(signedIn + 12 * HOUR);
    }
    clock = signedIn + 12 * HOUR;
    expect(await valid(t.bearerToken)).toBe(false);
    expect((await h.op('refreshTokenCmsUser', { refreshToken: t.refreshToken })).status).toBe(401);
    expect((await login('alpha.editor', PASSWORD)).status).toBe(200);
  });
});

describe('password strength (staff)', () => {
  it('refuses a common password at reset with the reason, keeps the link, and accepts a 64-character one', async () => {
    const hash = await resetLink('viewer@alpha.example');
    const before = await h.store.all<{ password_hash: string }>("select password_hash from cms_users where username = 'alpha.viewer'");
    const weak = await h.op('resetCMSUserPassword', { password: 'password1234', hash });
    expect(weak.status).toBe(400);
    expect(weak.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'password' });
    expect(weak.error!.message).toMatch(/^password: Too easy to guess: .*commonly used password/);
    for (const p of ['qwertyuiop12', 'aaaaaaaaaaaaaaaa', 'Password123!']) {
      expect((await h.op('resetCMSUserPassword', { password: p, hash })).error!.extensions.field).toBe('password');
    }
    expect(await h.store.all("select password_hash from cms_users where username = 'alpha.viewer'")).toEqual(before);
    expect(A_STRONG_64).toHaveLength(64);
    expect((await h.op('resetCMSUserPassword', { password: A_STRONG_64, hash })).data.resetCMSUserPassword).toEqual({ ok: true, username: 'alpha.viewer' });
    expect((await login('alpha.viewer', A_STRONG_64)).status).toBe(200);
  });

  it('refuses a weak new password at a password change, naming newPassword', async () => {
    const t = (await login('alpha.manager', PASSWORD)).data.loginCmsUser;
    const r = await h.op('changeOwnCmsUserPassword', { currentPassword: PASSWORD, newPassword: 'iloveyou1234' }, bearer(t.bearerToken));
    expect(r.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'newPassword' });
    expect(r.error!.message).toMatch(/^newPassword: Too easy to guess/);
    expect(await valid(t.bearerToken)).toBe(true);
  });

  it('refuses a weak password on an invite link', async () => {
    h.mail.length = 0;
    const created = await h.op('createCmsUser', { input: { email: 'new@alpha.example', username: 'alpha.new', firstName: 'N', lastName: 'U', tenants: ['alpha'] } }, { as: 'admin' });
    expect(created.status).toBe(200);
    for (let i = 0; i < 100 && h.mail.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    const hash = hashOf(h.mail[0]!.link);
    const weak = await h.op('validateCMSUserInvite', { password: 'abcdefghijkl', hash });
    expect(weak.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'password' });
    expect((await h.op('validateCMSUserInvite', { password: A_STRONG_64, hash })).data.validateCMSUserInvite.ok).toBe(true);
  });

  it('refuses a weak password in `masthead user create` and `user set-password`, writing nothing', async () => {
    const run = async (args: string[], stdinText: string) => {
      let out = '';
      const stdout = new Writable({ write(c, _e, done) { out += String(c); done(); } });
      const program = new Command('masthead').option('--db <path>').option('--json').exitOverride();
      const env: CommandEnv = {
        run: (fn) => async (...a: unknown[]) => {
          const config = resolveConfig(program.opts());
          await fn(config, createOutput(config, stdout), ...(a.slice(0, -1) as never));
        },
        int: () => (v) => Number(v),
      };
      registerUser(program, env, { stdin: Object.assign(Readable.from([stdinText]), { isTTY: false }) });
      await program.parseAsync(['node', 'masthead', '--db', h.store.path, ...args]);
      return out;
    };
    const create = ['user', 'create', '--username', 'cli.weak', '--email', 'weak@alpha.example', '--first-name', 'W', '--last-name', 'K', '--tenants', 'alpha'];
    await expect(run(create, 'letmein12345\n')).rejects.toThrow(/password: Too easy to guess/);
    expect(await h.store.all("select id from cms_users where username = 'cli.weak'")).toEqual([]);
    await expect(run(['user', 'set-password', 'alpha.admin'], '123456789012\n')).rejects.toThrow(/password: Too easy to guess/);
    expect((await login('alpha.admin', PASSWORD, '10.5.0.1')).status).toBe(200);
    expect(await run(create, `${A_STRONG_64}\n`)).toMatch(/Created staff user cli\.weak/);
  });
});
