// The captcha of anonymous forms in production (engine/services/kernel/captcha.ts), over HTTP: without a secret the
// subscribe, registration, login and reset mutations are refused with CAPTCHA_NOT_CONFIGURED and
// write nothing; with a secret each token is checked with reCAPTCHA's siteverify; the explicit
// opt-out lets them through and shows its warning in getBuildStatus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../engine/auth/passwords';
import { MEMBER_TEXTS } from '../../engine/domain/members';
import { SUBSCRIBE_TEXTS } from '../../engine/domain/newsletter-subscribe';
import { insertSiteUser } from '../../engine/store/queries/members';
import { subscriptionsOfEmail } from '../../engine/store/queries/newsletters';
import { CAPTCHA_MISSING_WARNING, CAPTCHA_OFF_WARNING, type CaptchaOptions } from '../../engine/services/kernel/captcha';
import { snapshotCounts, startApi, type Harness } from './api-harness';

const NEWSLETTER = 150;
const MEMBER_PASSWORD = 'member password for captcha';
const subscribe = (token?: string, email = 'reader@example.com') =>
  ({ email, omedaProducts: [NEWSLETTER], countryCode: 'USA', regionCode: 'TX', ...(token ? { recaptchaToken: token } : {}) });

/** Google's siteverify, stood in for: "human:<action>" passes for that action, anything else fails. */
const siteverify: typeof fetch = async (_url, init) => {
  const token = new URLSearchParams(String(init?.body)).get('response') ?? '';
  const [kind, action] = token.split(':');
  const body = kind === 'human' ? { success: true, score: 0.9, action } : { success: false, 'error-codes': ['invalid-input-response'] };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
};

async function start(captcha?: CaptchaOptions): Promise<Harness> {
  const h = await startApi({ mode: 'production', ...(captcha ? { captcha } : {}) });
  await insertSiteUser(h.store.db, {
    tenantKey: 'alpha', username: 'member@example.com', email: 'member@example.com', passwordHash: await hashPassword(MEMBER_PASSWORD),
    countryCode: 'USA', region: 'TX', demographics: [],
  });
  return h;
}

describe('production without a captcha secret', () => {
  let h: Harness;
  beforeAll(async () => { h = await start(); });
  afterAll(async () => { await h.close(); });

  it('refuses subscribe, registration, login and reset with CAPTCHA_NOT_CONFIGURED (503) and writes nothing', async () => {
    const before = await snapshotCounts(h);
    const calls: [string, Record<string, unknown>][] = [
      ['subscribeAnonymousCustomer', subscribe('any-token')],
      ['requestRegisterSiteUser', { email: 'new@example.com', recaptchaToken: 'any-token' }],
      ['loginSiteUser', { username: 'member@example.com', password: MEMBER_PASSWORD, recaptchaToken: 'any-token' }],
      ['loginSiteUser', { username: 'member@example.com', password: MEMBER_PASSWORD }],
      ['requestSiteUserPasswordReset', { username: 'member@example.com', recaptchaToken: 'any-token' }],
    ];
    for (const [name, vars] of calls) {
      const r = await h.op(name, vars);
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(503);
      expect(r.error?.extensions.code, name).toBe('CAPTCHA_NOT_CONFIGURED');
      expect(r.error?.message).toMatch(/no captcha configured \(MASTHEAD_RECAPTCHA_SECRET\)/);
    }
    expect(await snapshotCounts(h)).toEqual(before);
    expect(h.mail).toHaveLength(0);
  });

  it('tells the admins in getBuildStatus, in words that say what to do; editors and site admins get no warning', async () => {
    const r = await h.op('getBuildStatus', {}, { as: 'admin' });
    expect(r.data.getBuildStatus.warnings).toEqual([CAPTCHA_MISSING_WARNING]);
    expect(CAPTCHA_MISSING_WARNING).toMatch(/^Set MASTHEAD_RECAPTCHA_SECRET and restart/);
    for (const as of ['alphaEditor', 'alphaAdmin'] as const) {
      const other = await h.op('getBuildStatus', {}, { as });
      expect(other.error, as).toBeUndefined();
      expect(other.data.getBuildStatus.warnings, as).toEqual([]);
    }
  });
});

describe('production with MASTHEAD_RECAPTCHA_SECRET', () => {
  let h: Harness;
  beforeAll(async () => { h = await start({ secret: 'recaptcha-test-secret', fetch: siteverify }); });
  afterAll(async () => { await h.close(); });

  it('subscribes with a token that passes siteverify and refuses one that does not', async () => {
    const bad = await h.op('subscribeAnonymousCustomer', subscribe('bot', 'bot@example.com'));
    expect(bad.data.subscribeAnonymousCustomer).toMatchObject({ error: true, message: SUBSCRIBE_TEXTS.captchaFailed });
    expect(await subscriptionsOfEmail(h.store.db, 'alpha', 'bot@example.com')).toHaveLength(0);
    const good = await h.op('subscribeAnonymousCustomer', subscribe('human:newsletterSubscribeSignUp'));
    expect(good.data.subscribeAnonymousCustomer).toMatchObject({ error: false });
    expect(await subscriptionsOfEmail(h.store.db, 'alpha', 'reader@example.com')).toHaveLength(1);
  });

  it('checks the member login token: missing or failing is a field error, passing signs in', async () => {
    const creds = { username: 'member@example.com', password: MEMBER_PASSWORD };
    for (const token of [undefined, 'bot', 'human:newsletterSubscribeSignUp']) {
      const r = await h.op('loginSiteUser', { ...creds, ...(token ? { recaptchaToken: token } : {}) });
      expect(r.error?.extensions, String(token)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'recaptchaToken' });
      expect(r.error?.message).toContain(MEMBER_TEXTS.captchaFailed);
    }
    const ok = await h.op('loginSiteUser', { ...creds, recaptchaToken: 'human:siteUserLogin' });
    expect(ok.error, JSON.stringify(ok.body)).toBeUndefined();
    expect(ok.data.loginSiteUser.userInfo.username).toBe('member@example.com');
  });

  it('reports no warning', async () => {
    expect((await h.op('getBuildStatus', {}, { as: 'alphaEditor' })).data.getBuildStatus.warnings).toEqual([]);
  });
});

describe('production with the captcha switched off', () => {
  let h: Harness;
  beforeAll(async () => { h = await start({ off: true }); });
  afterAll(async () => { await h.close(); });

  it('accepts the forms without a token and shows the warning to the admins only', async () => {
    expect((await h.op('subscribeAnonymousCustomer', subscribe())).data.subscribeAnonymousCustomer).toMatchObject({ error: false });
    const login = await h.op('loginSiteUser', { username: 'member@example.com', password: MEMBER_PASSWORD });
    expect(login.error, JSON.stringify(login.body)).toBeUndefined();
    expect((await h.op('getBuildStatus', {}, { as: 'admin' })).data.getBuildStatus.warnings).toEqual([CAPTCHA_OFF_WARNING]);
    expect((await h.op('getBuildStatus', {}, { as: 'alphaEditor' })).data.getBuildStatus.warnings).toEqual([]);
  });
});
