import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBE_TEXTS, type SubscribeRequestInput } from '../domain/newsletter-subscribe';
import { siteUsers, siteUserNewsletters } from '../store/schema';
import { subscriptionsOfEmail } from '../store/queries/newsletters';
import { IDS, OTHER_TENANT, TENANT, newsletterTestDb, type NewsletterTestDb } from '../../tests/integration/newsletter-helpers';
import { developmentCaptchaVerifier, recaptchaV3Verifier, type CaptchaVerifier } from './captcha';
import {
  offeredNewsletters, subscribeAnonymousCustomer, subscribeSiteUserNewsletter, unsubscribeSiteUserNewsletter, type SubscriptionDeps,
} from './subscriptions';

let db: NewsletterTestDb;
let deps: SubscriptionDeps;
let clock = Date.parse('2026-10-20T15:00:00Z');
const SITE_USER = 9001;

beforeAll(async () => {
  db = await newsletterTestDb();
  deps = { store: db.store, captcha: developmentCaptchaVerifier(), now: () => clock };
  await db.store.db.insert(siteUsers).values({ id: SITE_USER, tenantKey: TENANT, username: 'member', email: 'Member@Alpha.example', countryCode: 'USA', region: 'IL', demographics: [] });
});
afterAll(async () => { await db.close(); });

const valid: SubscribeRequestInput = {
  email: 'reader@example.com', omedaProducts: [IDS.newsletter], countryCode: 'USA', regionCode: 'IL',
  consent: { GDPR: { country: 'USA', region: 'IL', compliance: '' } }, recaptchaToken: 'token', promoCode: 'FWSITE',
};
const rows = (email: string) => subscriptionsOfEmail(db.store.db, TENANT, email);

async function rejected(input: SubscribeRequestInput, captcha?: CaptchaVerifier) {
  const email = typeof input.email === 'string' && input.email.includes('@') ? input.email.toLowerCase() : 'nobody@example.com';
  const result = await subscribeAnonymousCustomer(captcha ? { ...deps, captcha } : deps, TENANT, input);
  expect(result.error).toBe(true);
  expect(await rows(email)).toEqual([]);
  return result;
}

describe('subscribeAnonymousCustomer validation (public §5)', () => {
  it('asks for a newsletter first', async () => {
    for (const omedaProducts of [[], undefined, null, '']) {
      const r = await rejected({ ...valid, email: 'first@example.com', omedaProducts, countryCode: '' });
      expect(r.message).toBe('Please select a newsletter before continuing');
    }
  });

  it('requires the email and checks its form', async () => {
    const missing = await rejected({ ...valid, email: '  ' });
    expect(missing).toMatchObject({ message: 'Please correct issues with this form', fields: { email: 'Field is required' } });
    const bad = await rejected({ ...valid, email: 'not-an-email' });
    expect(bad.fields).toEqual({ email: SUBSCRIBE_TEXTS.invalidEmail });
  });

  it('requires a known country', async () => {
    expect((await rejected({ ...valid, email: 'c1@example.com', countryCode: undefined })).fields).toMatchObject({ countryCode: 'Field is required' });
    expect((await rejected({ ...valid, email: 'c2@example.com', countryCode: 'XYZ' })).fields).toMatchObject({ countryCode: SUBSCRIBE_TEXTS.invalidOption });
  });

  it('requires a region when the country has regions, and only its own regions', async () => {
    expect((await rejected({ ...valid, email: 'r1@example.com', regionCode: '' })).fields).toEqual({ regionCode: 'Field is required' });
    expect((await rejected({ ...valid, email: 'r2@example.com', regionCode: 'ON' })).fields).toEqual({ regionCode: SUBSCRIBE_TEXTS.invalidOption });
    const ok = await subscribeAnonymousCustomer(deps, TENANT, { ...valid, email: 'r3@example.com', countryCode: 'GBR', regionCode: 'IL' });
    expect(ok.error).toBe(false);
    expect((await rows('r3@example.com'))[0]).toMatchObject({ countryCode: 'GBR', regionCode: null });
  });

  it('requires the compliance box for Canada (CASL) and Brazil, sending an empty box as false', async () => {
    const can = await rejected({ ...valid, email: 'ca@example.com', countryCode: 'CAN', regionCode: 'ON', consent: { CASL: { country: 'CAN', region: 'ON', compliance: '' } } });
    expect(can).toMatchObject({ message: 'Please correct issues with this form', fields: { compliance: 'Field is required' } });
    expect((await rejected({ ...valid, email: 'br@example.com', countryCode: 'BRA', regionCode: undefined, consent: undefined })).fields).toEqual({ compliance: 'Field is required' });

    const ok = await subscribeAnonymousCustomer(deps, TENANT, { ...valid, email: 'ca@example.com', countryCode: 'CA', regionCode: 'on', consent: { CASL: { country: 'CAN', region: 'ON', compliance: true } } });
    expect(ok).toEqual({ error: false, message: "You're all done! You will now receive updates from the newsletter(s) you selected.", newsletterIds: [IDS.newsletter] });
    expect((await rows('ca@example.com'))[0]).toMatchObject({ countryCode: 'CAN', regionCode: 'ON', consent: { CASL: { country: 'CAN', region: 'ON', compliance: true } }, source: 'NlWidgetUnauthenticated' });
  });

  it('keys consent GDPR elsewhere; compliance is optional in the EU and stored as false when empty', async () => {
    const r = await subscribeAnonymousCustomer(deps, TENANT, { ...valid, email: 'de@example.com', countryCode: 'DEU', regionCode: undefined, consent: { GDPR: { compliance: null } } });
    expect(r.error).toBe(false);
    expect((await rows('de@example.com'))[0]?.consent).toEqual({ GDPR: { country: 'DEU', region: null, compliance: false } });
  });

  it('refuses newsletters of another tenant and unknown ids', async () => {
    const other = await rejected({ ...valid, email: 'x1@example.com', omedaProducts: [IDS.newsletter, IDS.otherNewsletter] });
    expect(other).toMatchObject({ message: 'Please correct issues with this form', fields: { omedaProducts: SUBSCRIBE_TEXTS.invalidOption } });
    expect((await rejected({ ...valid, email: 'x2@example.com', omedaProducts: ['abc'] })).fields).toMatchObject({ omedaProducts: SUBSCRIBE_TEXTS.invalidOption });
  });

  it('checks the captcha with the pluggable verifier and writes nothing when it fails', async () => {
    expect((await rejected({ ...valid, email: 'bot1@example.com', recaptchaToken: '' })).message).toBe(SUBSCRIBE_TEXTS.captchaFailed);
    const seen: unknown[] = [];
    const failing: CaptchaVerifier = { name: 'no', verify: async (token, ctx) => { seen.push({ token, ...ctx }); return { ok: false }; } };
    expect((await rejected({ ...valid, email: 'bot2@example.com' }, failing)).message).toBe(SUBSCRIBE_TEXTS.captchaFailed);
    expect(seen).toEqual([{ token: 'token', action: 'newsletterSubscribeSignUp', remoteIp: undefined }]);
  });

  it('is harmless to run twice: one row, the first subscription time kept', async () => {
    const first = await subscribeAnonymousCustomer(deps, TENANT, { ...valid, email: 'Twice@Example.com' });
    const firstAt = clock;
    clock += 60_000;
    const second = await subscribeAnonymousCustomer(deps, TENANT, { ...valid, email: 'twice@example.com', omedaProducts: [String(IDS.newsletter), IDS.weekly] });
    expect([first.error, second.error]).toEqual([false, false]);
    const r = await rows('twice@example.com');
    expect(r.map((x) => [x.newsletterId, x.status])).toEqual([[IDS.newsletter, 'subscribed'], [IDS.weekly, 'subscribed']]);
    expect(r[0]).toMatchObject({ subscribedAt: firstAt, promoCode: 'FWSITE' });
  });

  it('answers the empty-state text when the tenant has newsletters off', async () => {
    const { tenants } = await import('../store/schema');
    const { eq } = await import('drizzle-orm');
    const [beta] = await db.store.db.select().from(tenants).where(eq(tenants.tenantKey, OTHER_TENANT));
    await db.store.db.update(tenants).set({ settings: { ...beta!.settings, newsletters: { enabledNewsletters: false, subscribeBlockSettings: {} } } }).where(eq(tenants.tenantKey, OTHER_TENANT));
    const r = await subscribeAnonymousCustomer(deps, OTHER_TENANT, { ...valid, omedaProducts: [IDS.otherNewsletter] });
    expect(r).toEqual({ error: true, message: 'There are no newsletters currently available, please check back later.' });
  });
});

describe('members opt in and out', () => {
  it('subscribes a signed-in member and links the newsletter to the account', async () => {
    const r = await subscribeSiteUserNewsletter(deps, TENANT, { siteUserId: SITE_USER, newsletterId: IDS.weekly, promoCode: 'PK1' });
    expect(r).toEqual({ error: false, message: 'Newsletter opt in successful!', newsletterIds: [IDS.weekly] });
    expect((await rows('member@alpha.example'))[0]).toMatchObject({ newsletterId: IDS.weekly, siteUserId: SITE_USER, status: 'subscribed', source: 'NlWidgetAuthenticated', promoCode: 'PK1' });
    expect(await db.store.db.select().from(siteUserNewsletters)).toEqual([expect.objectContaining({ siteUserId: SITE_USER, newsletterId: IDS.weekly })]);
    expect((await offeredNewsletters(deps, TENANT, SITE_USER)).map((n) => n.id)).toEqual([IDS.newsletter]);
  });

  it('unsubscribes the member', async () => {
    const r = await unsubscribeSiteUserNewsletter(deps, TENANT, { siteUserId: SITE_USER, newsletterId: IDS.weekly });
    expect(r).toEqual({ error: false, message: 'Newsletter opt out successful!', newsletterIds: [IDS.weekly] });
    expect((await rows('member@alpha.example'))[0]).toMatchObject({ status: 'unsubscribed', unsubscribedAt: clock });
    expect(await db.store.db.select().from(siteUserNewsletters)).toEqual([]);
    expect((await offeredNewsletters(deps, TENANT)).map((n) => n.title)).toEqual(['Daily', 'Weekly Wrap']);
  });

  it('answers the spec failure texts for another tenant\u2019s newsletter and refuses an unknown member', async () => {
    expect(await subscribeSiteUserNewsletter(deps, TENANT, { siteUserId: SITE_USER, newsletterId: IDS.otherNewsletter }))
      .toEqual({ error: true, message: 'Newsletter opt in failed. Please try again or contact support for assistance.' });
    expect(await unsubscribeSiteUserNewsletter(deps, TENANT, { siteUserId: SITE_USER, newsletterId: IDS.otherNewsletter }))
      .toEqual({ error: true, message: 'Newsletter opt out failed. Please try again or contact support for assistance.' });
    await expect(subscribeSiteUserNewsletter(deps, OTHER_TENANT, { siteUserId: SITE_USER, newsletterId: IDS.otherNewsletter })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('reCAPTCHA v3 adapter', () => {
  const answer = (body: object, status = 200) => async (_url: string | URL | Request, init?: RequestInit) => {
    calls.push(String(init?.body));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  let calls: string[] = [];
  const verify = (fetchImpl: typeof fetch, token = 'tok') =>
    recaptchaV3Verifier({ secret: 's3cret', fetch: fetchImpl, hostnames: ['alpha.example'] }).verify(token, { action: 'newsletterSubscribeSignUp', remoteIp: '203.0.113.9' });

  it('accepts a successful token with the right action, score and host, posting the secret and the client IP', async () => {
    calls = [];
    expect(await verify(answer({ success: true, score: 0.9, action: 'newsletterSubscribeSignUp', hostname: 'alpha.example' }) as typeof fetch)).toEqual({ ok: true, score: 0.9 });
    expect(new URLSearchParams(calls[0])).toEqual(new URLSearchParams({ secret: 's3cret', response: 'tok', remoteip: '203.0.113.9' }));
  });

  it('fails closed on a low score, another action or host, a rejected token and a network error', async () => {
    expect((await verify(answer({ success: true, score: 0.2, action: 'newsletterSubscribeSignUp', hostname: 'alpha.example' }) as typeof fetch)).reason).toBe('low-score');
    expect((await verify(answer({ success: true, score: 0.9, action: 'login', hostname: 'alpha.example' }) as typeof fetch)).reason).toBe('action-mismatch');
    expect((await verify(answer({ success: true, score: 0.9, action: 'newsletterSubscribeSignUp', hostname: 'evil.example' }) as typeof fetch)).reason).toBe('hostname-mismatch');
    expect((await verify(answer({ success: false, 'error-codes': ['invalid-input-response'] }) as typeof fetch)).ok).toBe(false);
    expect((await verify(answer({}, 500) as typeof fetch)).reason).toBe('http-500');
    expect((await verify((async () => { throw new TypeError('fetch failed'); }) as typeof fetch)).reason).toBe('unavailable');
    expect((await verify(answer({ success: true }) as typeof fetch, '')).reason).toBe('missing-input-response');
  });
});
