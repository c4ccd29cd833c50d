// The audience provider on the member side (issue 42): setOmedaCustomer (tenant, permission,
// field-named refusals that write nothing), gating by a membership's provider product, and the
// outage fallback (provider down or switched off → what the site user has stored); survey gating
// (type omeda) by whether the provider knows the member, and the stand-in provider's reader survey.
import { load } from 'cheerio';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeAudienceProvider } from '../../engine/audience/fake';
import { ALPHA, ITEMS, memberCounts, startMembers, type MemberHarness } from './members-harness';

let h: MemberHarness;
const fake = new FakeAudienceProvider();
const DAY = 86_400_000;
const PRO_PRODUCT = 'PRO-1';

async function setAudience(settings: Record<string, unknown> | null): Promise<void> {
  const [row] = await h.store.all<{ settings: string }>("select settings from tenants where tenant_key = 'alpha'");
  const s = JSON.parse(row!.settings);
  if (settings) s.audience = settings; else delete s.audience;
  await h.store.run("update tenants set settings = ? where tenant_key = 'alpha'", [JSON.stringify(s)]);
  // Settings are cached: a settings change reaches the API through the change hook.
  await h.app.api.services.changed('alpha', { entity: 'settings', action: 'update', ids: ['alpha'] });
}

beforeAll(async () => {
  h = await startMembers({ audience: { fake, cooldownMs: 0, cacheMs: 0 } });
  await h.store.run('update memberships set omeda_product = ? where id = ?', [PRO_PRODUCT, ALPHA.pro]);
});
afterAll(async () => { await h.close(); });
beforeEach(async () => {
  fake.mode = 'up';
  fake.calls.length = 0;
  await setAudience({ provider: 'fake', brand: 'ALPHA' });
});

const setCustomer = (vars: Record<string, unknown>, as: 'alphaAdmin' | 'alphaEditor' | 'alphaViewer' | 'betaEditor' = 'alphaAdmin', tenant = 'alpha') =>
  h.op('setOmedaCustomer', vars, { as, tenant });

describe('setOmedaCustomer', () => {
  it('stores the customer link and products on the tenant\'s site user and answers the memberships they give', async () => {
    const id = await h.member('ada@example.com');
    const r = await setCustomer({
      email: 'Ada@Example.com', omedaCustomerId: '5001', hashedOmedaCustomerId: 'ENC5001',
      products: [{ id: PRO_PRODUCT, version: 'D', expirationDate: '2027-01-31', amount: 99 }, { id: 'NL-9' }],
    });
    expect(r.error).toBeUndefined();
    expect(r.data.setOmedaCustomer).toEqual({
      siteUserId: id, email: 'ada@example.com', omedaCustomerId: '5001', hashedOmedaCustomerId: 'ENC5001',
      products: [
        { id: PRO_PRODUCT, version: 'D', expirationDate: new Date(Date.UTC(2027, 0, 31)).toISOString(), amount: 99 },
        { id: 'NL-9', version: null, expirationDate: null, amount: null },
      ],
      membershipIds: [ALPHA.pro],
    });
    const [row] = await h.store.all<{ omeda_customer_id: string; omeda_encrypted_customer_id: string; omeda_products: string }>(
      'select omeda_customer_id, omeda_encrypted_customer_id, omeda_products from site_users where id = ?', [id]);
    expect(row).toMatchObject({ omeda_customer_id: '5001', omeda_encrypted_customer_id: 'ENC5001' });
    expect(JSON.parse(row!.omeda_products).map((p: { id: string }) => p.id)).toEqual([PRO_PRODUCT, 'NL-9']);
    const [hist] = await h.store.all<{ n: number }>("select count(*) as n from history where entity_type = 'siteUser' and action = 'setOmedaCustomer' and entity_id = ?", [String(id)]);
    expect(Number(hist!.n)).toBe(1);
    // The member's own view names the encrypted id.
    const token = await h.login('ada@example.com');
    expect((await h.op('getSiteUser', {}, { member: token })).data.getSiteUser.omedaEncryptedCustomerId).toBe('ENC5001');
  });

  it('refuses a member of another tenant, staff without manage_site_users, and staff of another tenant', async () => {
    await h.member('bea@example.com', { tenant: 'beta' });
    const before = await memberCounts(h);
    const foreign = await setCustomer({ email: 'bea@example.com', omedaCustomerId: '1', products: [] });
    expect(foreign.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email' });
    await h.member('cy@example.com');
    for (const as of ['alphaEditor', 'alphaViewer'] as const) {
      expect((await setCustomer({ email: 'cy@example.com', omedaCustomerId: '1', products: [] }, as)).error!.extensions.code).toBe('FORBIDDEN');
    }
    expect((await setCustomer({ email: 'cy@example.com', omedaCustomerId: '1', products: [] }, 'betaEditor')).error!.extensions.code).toBe('FORBIDDEN');
    const anonymous = await h.op('setOmedaCustomer', { email: 'cy@example.com', omedaCustomerId: '1', products: [] });
    expect(['UNAUTHENTICATED', 'FORBIDDEN']).toContain(anonymous.error!.extensions.code);
    const after = await memberCounts(h);
    expect({ ...after, site_users: after.site_users! - 1 }).toEqual(before);
    const [row] = await h.store.all<{ c: string | null }>("select omeda_customer_id as c from site_users where email = 'cy@example.com'");
    expect(row!.c).toBeNull();
  });

  it('answers bad input with an error naming the field and writes nothing', async () => {
    await h.member('dee@example.com');
    const before = await memberCounts(h);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not an address', omedaCustomerId: '1', products: [] }, 'email'],
      [{ email: 'dee@example.com', products: [] }, 'omedaCustomerId'],
      [{ email: 'dee@example.com', omedaCustomerId: '1 OR 1=1', products: [] }, 'omedaCustomerId'],
      [{ email: 'dee@example.com', omedaCustomerId: '1' }, 'products'],
      [{ email: 'dee@example.com', omedaCustomerId: '1', products: [{ id: 'P', expirationDate: 'next week' }] }, 'products[0].expirationDate'],
      [{ email: 'dee@example.com', omedaCustomerId: '1', products: [{ id: 'P' }, { version: 'A' }] }, 'products[1].id'],
      [{ email: 'dee@example.com', omedaCustomerId: '1', products: [{ id: 'P', amount: -1 }] }, 'products[0].amount'],
      [{ email: 'dee@example.com', omedaCustomerId: '1', products: [{ id: 'P' }, { id: 'P' }] }, 'products[1].id'],
    ];
    for (const [vars, field] of cases) {
      const r = await setCustomer(vars);
      expect(r.error?.extensions, field).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect(await memberCounts(h)).toEqual(before);
  });
});

describe('gating by a membership\'s provider product', () => {
  const gated = (token: string) => h.op('getGatedContent', { id: ITEMS.proOnly }, { member: token }).then((r) => r.data.getGatedContent);

  it('opens Pro content to a member whose provider customer holds the Pro product, and not once it has expired', async () => {
    await h.member('eve@example.com');
    const customer = fake.put({ id: 'c-eve', email: 'eve@example.com', products: [{ id: PRO_PRODUCT, version: null, expirationDate: h.clock.now + DAY, amount: null, receive: true }] });
    const token = await h.login('eve@example.com');
    expect(await gated(token)).toMatchObject({ canRead: true, passedBy: 'membership', body: '<p>PRO-ONLY BODY</p>' });
    expect(fake.calls).toContain('customerByEmail eve@example.com');
    // The member's own view counts the membership the same way.
    expect((await h.op('getSiteUser', {}, { member: token })).data.getSiteUser.memberships).toEqual([ALPHA.pro]);
    customer.products = [{ id: PRO_PRODUCT, version: null, expirationDate: h.clock.now - 1, amount: null, receive: true }];
    expect(await gated(token)).toMatchObject({ canRead: false, gatingStatus: 'failed', body: null });
  });

  it('keeps a member without the product out', async () => {
    await h.member('fay@example.com');
    fake.put({ id: 'c-fay', email: 'fay@example.com', products: [{ id: 'OTHER', version: null, expirationDate: null, amount: null, receive: true }] });
    expect(await gated(await h.login('fay@example.com'))).toMatchObject({ canRead: false, body: null });
  });
});

describe('outage: the local store answers', () => {
  const gated = (token: string) => h.op('getGatedContent', { id: ITEMS.proOnly }, { member: token }).then((r) => r.data.getGatedContent);

  async function storedProMember(email: string): Promise<string> {
    await h.member(email);
    const r = await setCustomer({ email, omedaCustomerId: `c-${email.split("@")[0]}`, products: [{ id: PRO_PRODUCT, expirationDate: '2030-01-01' }] });
    expect(r.error).toBeUndefined();
    return h.login(email);
  }

  it('a provider that is down: the stored products still open Pro content', async () => {
    const token = await storedProMember('gil@example.com');
    fake.mode = 'down';
    expect(await gated(token)).toMatchObject({ canRead: true, passedBy: 'membership' });
    expect(fake.calls).toContain('customerByEmail gil@example.com');
  });

  it('a provider that times out: the stored products answer within the timeout', async () => {
    const token = await storedProMember('hal@example.com');
    await setAudience({ provider: 'fake', brand: 'ALPHA', timeoutMs: 150 });
    fake.mode = 'slow';
    const started = Date.now();
    expect(await gated(token)).toMatchObject({ canRead: true, passedBy: 'membership' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('the switch disableOmeda: the provider is never asked, the stored products answer', async () => {
    const token = await storedProMember('ivy@example.com');
    await setAudience({ provider: 'fake', brand: 'ALPHA', disableOmeda: true });
    fake.calls.length = 0;
    expect(await gated(token)).toMatchObject({ canRead: true, passedBy: 'membership' });
    expect(fake.calls).toEqual([]);
  });

  it('a provider that knows the customer replaces the stored products (and they are kept for the next outage)', async () => {
    const token = await storedProMember('jo@example.com');
    fake.put({ id: 'c-jo', email: 'jo@example.com', products: [] });
    expect(await gated(token)).toMatchObject({ canRead: false });
    fake.mode = 'down';
    expect(await gated(token)).toMatchObject({ canRead: false });
  });
});

describe('survey gating by the provider (gating type omeda)', () => {
  const SURVEY_URL = '/__member/reader-survey';
  const survey = (token?: string) => h.op('getGatedContent', { id: ITEMS.survey }, token ? { member: token } : {}).then((r) => r.data.getGatedContent);

  it('opens a survey item to a member the provider knows, and sends one it does not know to the survey', async () => {
    await setAudience({ provider: 'fake', brand: 'ALPHA', surveyUrl: SURVEY_URL });
    await h.member('kim@example.com');
    await h.member('lou@example.com');
    fake.put({ id: 'c-kim', email: 'kim@example.com' });
    expect(await survey(await h.login('kim@example.com'))).toMatchObject({ canRead: true, passedBy: 'survey', gate: 'none', surveyUrl: null, body: '<p>SURVEY BODY</p>' });
    const lou = await survey(await h.login('lou@example.com'));
    expect(lou).toMatchObject({ gatingType: 'omeda', canRead: false, gatingStatus: 'failed', gate: 'survey', surveyUrl: SURVEY_URL, body: null });
    // An anonymous reader still meets the registration wall, not the survey.
    expect(await survey()).toMatchObject({ canRead: false, gate: 'gating-form', surveyUrl: null });
  });

  it('an outage never locks a signed-in reader out: down, or switched off, being signed in opens it', async () => {
    await h.member('max@example.com');
    const token = await h.login('max@example.com');
    fake.mode = 'down';
    expect(await survey(token)).toMatchObject({ canRead: true, passedBy: 'registered' });
    fake.mode = 'up';
    await setAudience({ provider: 'fake', brand: 'ALPHA', disableOmeda: true });
    fake.calls.length = 0;
    expect(await survey(token)).toMatchObject({ canRead: true, passedBy: 'registered' });
    expect(fake.calls).toEqual([]);
    // Without any provider the rule is registration, as before issue 42.
    await setAudience(null);
    expect(await survey(token)).toMatchObject({ canRead: true, passedBy: 'registered' });
  });

  describe('the stand-in provider\'s reader survey (/__member/reader-survey)', () => {
    const HOST = 'alpha.localhost';
    const send = (method: 'GET' | 'POST', browser: { cookies: Map<string, string> } | null, body?: string, url = `${SURVEY_URL}?redirectTo=%2Fstory%2F1`) => h.app.inject({
      method, url, headers: {
        host: HOST, ...(browser?.cookies.size ? { cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      }, ...(body !== undefined ? { payload: body } : {}),
    });

    it('asks a signed-in reader one question; the answer makes them a customer and the survey item opens', async () => {
      await setAudience({ provider: 'fake', brand: 'ALPHA', surveyUrl: SURVEY_URL });
      await h.member('ned@example.com');
      const browser = h.browser();
      await h.login('ned@example.com', { browser });
      expect(await survey(await h.login('ned@example.com'))).toMatchObject({ gate: 'survey' });
      const page = await send('GET', browser);
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      const $ = load(page.body);
      const options = $('form[method=post] select[name=answer] option').map((_, o) => $(o).attr('value')).get().filter(Boolean);
      expect(options.length).toBeGreaterThan(1);
      expect($('form[method=post] input[name=redirectTo]').attr('value')).toBe('/story/1');
      // No answer: the page again, naming the field; the reader is still unknown.
      const empty = await send('POST', browser, 'redirectTo=%2Fstory%2F1&answer=');
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toContain('answer: Choose one of the answers');
      expect(await fake.customerByEmail('ned@example.com')).toBeNull();
      const done = await send('POST', browser, `redirectTo=%2Fstory%2F1&answer=${encodeURIComponent(options[0]!)}`);
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe('/story/1');
      expect((await fake.customerByEmail('ned@example.com'))?.demographics).toHaveLength(1);
      expect(await survey(await h.login('ned@example.com'))).toMatchObject({ canRead: true, passedBy: 'survey' });
    });

    it('sends a signed-out reader to log in, and is not there for a site whose provider is not the stand-in', async () => {
      await setAudience({ provider: 'fake', brand: 'ALPHA' });
      const anonymous = await send('GET', null);
      expect(anonymous.statusCode).toBe(303);
      expect(anonymous.headers.location).toBe(`/account/login?redirectTo=${encodeURIComponent(`${SURVEY_URL}?redirectTo=${encodeURIComponent('/story/1')}`)}`);
      const posted = await send('POST', null, 'answer=1');
      expect(posted.statusCode).toBe(303);
      await setAudience({ provider: 'omeda', brand: 'ALPHA' });
      expect((await send('GET', null)).statusCode).toBe(404);
      await setAudience({ provider: 'fake', brand: 'ALPHA', disableOmeda: true });
      expect((await send('GET', null)).statusCode).toBe(404);
    });
  });
});
