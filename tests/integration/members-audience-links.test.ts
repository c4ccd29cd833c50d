// The audience provider beyond gating (issue 42): registration linked to the provider customer
// with the same address, a sign-in link carrying omedaEncryptedCustomerId (ClickOmedaInjectionLink),
// newsletter opt in and out passed to the provider for newsletters with a provider product, and a
// provider that is off or down leaving the local subscription in place.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeAudienceProvider } from '../../engine/audience/fake';
import { ALPHA, ITEMS, linkIn, startMembers, type MemberHarness } from './members-harness';

let h: MemberHarness;
const fake = new FakeAudienceProvider();
/** The provider options the app keeps by reference: a test turns its answer cache on. */
const audienceOptions = { fake, cooldownMs: 0, cacheMs: 0 };
const PRO = { id: 'PRO-1', version: null, expirationDate: null, amount: null, receive: true };

async function setAudience(audience: Record<string, unknown>): Promise<void> {
  const [row] = await h.store.all<{ settings: string }>("select settings from tenants where tenant_key = 'alpha'");
  await h.store.run("update tenants set settings = ? where tenant_key = 'alpha'", [JSON.stringify({ ...JSON.parse(row!.settings), audience })]);
  await h.app.api.services.changed('alpha', { entity: 'settings', action: 'update', ids: ['alpha'] });
}

beforeAll(async () => {
  h = await startMembers({ audience: audienceOptions });
  await h.store.run('update memberships set omeda_product = ? where id = ?', [PRO.id, ALPHA.pro]);
  await h.store.run('update newsletters set omeda_product_id = ? where id = ?', ['NL-1', ALPHA.newsletter]);
});
afterAll(async () => { await h.close(); });
beforeEach(async () => {
  audienceOptions.cacheMs = 0;
  fake.mode = 'up';
  fake.calls.length = 0;
  await setAudience({ provider: 'fake', brand: 'ALPHA' });
});

describe('registration driven by the provider', () => {
  it('links a new member to the provider customer with the same address, whose Pro product then opens Pro content', async () => {
    fake.put({ id: '9001', email: 'kim@example.com', encryptedId: 'ENC9001', products: [PRO] });
    const asked = await h.op('requestRegisterSiteUser', { email: 'kim@example.com', membershipId: ALPHA.insider, countryCode: 'USA', region: 'IL', consent: { GDPR: { compliance: true } } });
    expect(asked.error).toBeUndefined();
    const mail = (await h.waitForMails(1)).find((m) => m.to === 'kim@example.com' || (Array.isArray(m.to) && m.to.includes('kim@example.com')))!;
    const b = h.browser();
    const done = await h.op('registerSiteUser', { id: linkIn(mail).id, password: 'member secret 9', firstName: 'Kim', lastName: 'Lee', newsletters: [ALPHA.newsletter] }, { browser: b });
    expect(done.error).toBeUndefined();
    expect(done.data.registerSiteUser.userInfo).toMatchObject({ email: 'kim@example.com', memberships: [ALPHA.insider, ALPHA.pro] });
    expect((await h.op('getSiteUser', {}, { browser: b })).data.getSiteUser.omedaEncryptedCustomerId).toBe('ENC9001');
    expect((await h.op('getGatedContent', { id: ITEMS.proOnly }, { browser: b })).data.getGatedContent).toMatchObject({ canRead: true, passedBy: 'membership' });
    // The newsletter chosen at registration was opted in at the provider too.
    expect(fake.calls).toContain('setNewsletter kim@example.com NL-1 true');
  });
});

describe('a sign-in link with omedaEncryptedCustomerId', () => {
  const follow = (query: string, host = 'alpha.localhost') => h.app.inject({ method: 'GET', url: `/__member/omeda?${query}`, headers: { host } });

  it('signs in the member the provider customer names and lands on the path', async () => {
    await h.member('lou@example.com');
    fake.put({ id: '9002', email: 'lou@example.com', encryptedId: 'ENC9002', products: [PRO] });
    const r = await follow(`omedaEncryptedCustomerId=ENC9002&to=${encodeURIComponent('/markets/x')}`);
    expect(r.statusCode).toBe(303);
    expect(r.headers.location).toBe('/markets/x');
    const cookie = r.cookies.find((c) => c.name === 'mh_member');
    expect(cookie?.httpOnly).toBe(true);
    const b = h.browser();
    b.cookies.set('mh_member', cookie!.value);
    expect((await h.op('getSiteUser', {}, { browser: b })).data.getSiteUser).toMatchObject({ email: 'lou@example.com', omedaEncryptedCustomerId: 'ENC9002' });
    // Linked now: the next link works from the stored id even with the provider switched off.
    await setAudience({ provider: 'fake', brand: 'ALPHA', disableOmeda: true });
    fake.calls.length = 0;
    expect((await follow('omedaEncryptedCustomerId=ENC9002')).cookies.some((c) => c.name === 'mh_member')).toBe(true);
    expect(fake.calls).toEqual([]);
  });

  it('signs nobody in for an unknown or malformed id, another tenant\'s host, or an off-site path', async () => {
    await h.member('max@example.com', { tenant: 'beta' });
    fake.put({ id: '9003', email: 'max@example.com', encryptedId: 'ENC9003', products: [] });
    for (const q of ['omedaEncryptedCustomerId=NOPE', 'omedaEncryptedCustomerId=%3Cscript%3E', 'omedaEncryptedCustomerId=ENC9003', '']) {
      const r = await follow(q);
      expect(r.statusCode, q).toBe(303);
      expect(r.cookies.filter((c) => c.name === 'mh_member'), q).toEqual([]);
    }
    expect((await follow('omedaEncryptedCustomerId=NOPE&to=https://evil.example/')).headers.location).toBe('/');
  });
});

describe('newsletter opt in and out at the provider', () => {
  it('passes a member\'s opt in and out on for a newsletter with a provider product', async () => {
    await h.member('ned@example.com');
    const token = await h.login('ned@example.com');
    expect((await h.op('subscribeSiteUserNewsletter', { newsletterId: ALPHA.newsletter }, { member: token })).data.subscribeSiteUserNewsletter.error).toBe(false);
    expect((await h.op('unsubscribeSiteUserNewsletter', { newsletterId: ALPHA.newsletter }, { member: token })).data.unsubscribeSiteUserNewsletter.error).toBe(false);
    expect(fake.calls.filter((c) => c.startsWith('setNewsletter'))).toEqual(['setNewsletter ned@example.com NL-1 true', 'setNewsletter ned@example.com NL-1 false']);
    expect((await fake.customerByEmail('ned@example.com'))!.products).toMatchObject([{ id: 'NL-1', receive: false }]);
  });

  it('reads the newsletters a member receives at the provider, and the last answer kept when it is switched off', async () => {
    await h.member('quin@example.com');
    fake.put({ id: '9005', email: 'quin@example.com', products: [{ ...PRO, id: 'NL-1' }] });
    const token = await h.login('quin@example.com');
    expect((await h.op('getSiteUser', {}, { member: token })).data.getSiteUser.newsletters).toEqual([ALPHA.newsletter]);
    expect((await h.op('getActiveSiteUserWithNewsletters', {}, { member: token })).data.getActiveSiteUserWithNewsletters.newsletters).toEqual([ALPHA.newsletter]);
    await setAudience({ provider: 'fake', brand: 'ALPHA', disableOmeda: true });
    fake.calls.length = 0;
    expect((await h.op('getSiteUser', {}, { member: token })).data.getSiteUser.newsletters).toEqual([ALPHA.newsletter]);
    expect(fake.calls).toEqual([]);
  });

  it('keeps the local subscription when the provider is down or switched off', async () => {
    await h.member('ola@example.com');
    const token = await h.login('ola@example.com');
    fake.mode = 'down';
    const r = await h.op('subscribeSiteUserNewsletter', { newsletterId: ALPHA.newsletter }, { member: token });
    expect(r.data.subscribeSiteUserNewsletter).toMatchObject({ error: false, newsletterIds: [ALPHA.newsletter] });
    expect((await h.op('getSiteUser', {}, { member: token })).data.getSiteUser.newsletters).toEqual([ALPHA.newsletter]);
    await setAudience({ provider: 'fake', brand: 'ALPHA', disableOmeda: true });
    fake.mode = 'up';
    fake.calls.length = 0;
    expect((await h.op('unsubscribeSiteUserNewsletter', { newsletterId: ALPHA.newsletter }, { member: token })).data.unsubscribeSiteUserNewsletter.error).toBe(false);
    expect(fake.calls).toEqual([]);
  });
});

describe('getSiteUser useOmedaCache', () => {
  it('answers from the provider answer kept for the member, and asks afresh with useOmedaCache false', async () => {
    audienceOptions.cacheMs = 60_000;
    await h.member('pia@example.com');
    const customer = fake.put({ id: '9004', email: 'pia@example.com', products: [PRO] });
    const token = await h.login('pia@example.com');
    const memberships = async (vars: Record<string, unknown>) => (await h.op('getSiteUser', vars, { member: token })).data.getSiteUser.memberships;
    expect(await memberships({})).toEqual([ALPHA.pro]);
    customer.products = [];
    expect(await memberships({})).toEqual([ALPHA.pro]);
    expect(await memberships({ useOmedaCache: false })).toEqual([]);
  });
});
