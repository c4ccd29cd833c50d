// Registration in two steps through a real SMTP server (smtp-server, in process): the request
// mails a single-use link; the link's id completes registration with the membership's required
// fields, demographics, newsletters and consent, and signs the member in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../../engine/mail';
import { startTestSmtpServer, type TestSmtpServer } from '../../engine/mail/testing';
import { ALPHA, ITEMS, linkIn, memberCounts, startMembers, type MemberHarness } from './members-harness';

let h: MemberHarness;
let smtp: TestSmtpServer;
let mailer: Mailer;
let industry: { id: number; values: { id: number }[] };
let staff: { id: number };

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  mailer = createMailer({ transport: 'smtp', url: smtp.url, defaultFrom: 'Alpha News <members@alpha.localhost>' });
  h = await startMembers({ members: { mailer, siteUrl: (t) => `http://${t.domain}:4000` } });
  const q = await h.op('createDemographicQuestion', { input: { demographicType: 1, description: 'Industry', values: [{ description: 'Shipper' }, { description: 'Carrier' }] } }, { as: 'alphaAdmin' });
  industry = { id: q.data.createDemographicQuestion.id, values: q.data.createDemographicQuestion.demographicValues };
  staff = (await h.op('createDemographicQuestion', { input: { demographicType: 7, description: 'Staff count' } }, { as: 'alphaAdmin' })).data.createDemographicQuestion;
  const m = await h.op('updateMembership', { id: ALPHA.insider, input: { requiredUserDemographicFields: [industry.id], additionalUserDemographicFields: [staff.id] } }, { as: 'alphaAdmin' });
  expect(m.status).toBe(200);
});
afterAll(async () => {
  await h.close();
  await mailer.close();
  await smtp.close();
});

/** The newest message to `to` that arrived at the SMTP server. */
async function mailTo(to: string, n: number) {
  const all = await smtp.waitFor(n);
  const m = [...all].reverse().find((x) => x.envelope.to.includes(to));
  if (!m) throw new Error(`no mail to ${to}`);
  return m;
}

const request = (v: Record<string, unknown>, opts = {}) => h.op('requestRegisterSiteUser', { countryCode: 'USA', region: 'IL', consent: { GDPR: { compliance: true } }, ...v }, opts);
const complete = (v: Record<string, unknown>, opts = {}) => h.op('registerSiteUser', {
  password: 'member secret 9', firstName: 'Ivy', lastName: 'Lane', company: 'Lane Freight',
  demographics: [{ questionId: industry.id, answerIds: [industry.values[1]!.id] }], ...v,
}, opts);

describe('registration by mailed link', () => {
  it('mails a link through SMTP whose id completes registration, subscribes newsletters, records consent and signs in', async () => {
    const r = await request({ email: 'Ivy@Example.com', membershipId: ALPHA.insider, path: `/markets/ocean-freight/${ITEMS.registration}` });
    expect(r.status).toBe(200);
    expect(r.data.requestRegisterSiteUser).toEqual({ ok: true, message: 'Check your email: we sent you a link to complete your registration.' });
    const mail = await mailTo('ivy@example.com', 1);
    expect(mail.parsed.subject).toBe('Complete your alpha News registration');
    expect(mail.parsed.from).toContain('members@alpha.localhost');
    const { url, id } = linkIn(mail.parsed);
    expect(`${url.origin}${url.pathname}`).toBe('http://alpha.localhost:4000/membership/signup/insider');
    expect(url.searchParams.get('redirectTo')).toBe(`/markets/ocean-freight/${ITEMS.registration}`);
    expect(mail.parsed.html).toContain(url.toString().replace(/&/g, '&amp;'));
    // The stored row keeps only the token's digest.
    expect(JSON.stringify(await h.store.all('select * from site_user_tokens'))).not.toContain(id);

    const stub = await h.op('getSiteUserStub', { id });
    expect(stub.data.getSiteUserStub).toMatchObject({ email: 'ivy@example.com', membershipId: ALPHA.insider, membershipAlias: 'insider', countryCode: 'USA', region: 'IL', message: 'Please complete your registration' });

    const b = h.browser();
    const done = await complete({ id, newsletters: [ALPHA.newsletter], demographics: [{ questionId: industry.id, answerIds: [industry.values[1]!.id] }, { questionId: staff.id, value: '250' }] }, { browser: b });
    expect(done.status).toBe(200);
    const l = done.data.registerSiteUser;
    expect(l.userInfo).toMatchObject({
      username: 'ivy@example.com', firstName: 'Ivy', lastName: 'Lane', company: 'Lane Freight', countryCode: 'USA', region: 'IL',
      memberships: [ALPHA.insider], newsletters: [ALPHA.newsletter],
      demographics: [{ questionId: industry.id, answerIds: [industry.values[1]!.id], value: null }, { questionId: staff.id, answerIds: [], value: '250' }],
    });
    expect(b.cookies.get('mh_member')).toBe(l.token);
    // Signed in: the registration-gated item now opens.
    expect((await h.op('getGatedContent', { id: ITEMS.registration }, { browser: b })).data.getGatedContent).toMatchObject({ canRead: true, passedBy: 'registered' });
    const [consent] = await h.store.all<{ kind: string; country: string; compliance: number; source: string }>('select kind, country, compliance, source from site_user_consents');
    expect(consent).toEqual({ kind: 'GDPR', country: 'USA', compliance: 1, source: 'Registration' });
    const [sub] = await h.store.all<{ email: string; source: string; status: string }>('select email, source, status from newsletter_subscriptions');
    expect(sub).toEqual({ email: 'ivy@example.com', source: 'Registration', status: 'subscribed' });
    // The link works once.
    expect((await complete({ id })).error).toMatchObject({ message: 'id: This link is invalid or has expired.', extensions: { field: 'id' } });
    expect((await h.op('getSiteUserStub', { id })).error!.extensions.field).toBe('id');
  });

  it('answers the same for an address that already has an account, and mails it a reset link instead', async () => {
    await h.member('taken@example.com');
    const before = smtp.messages.length;
    const r = await request({ email: 'taken@example.com' });
    expect(r.data.requestRegisterSiteUser).toEqual({ ok: true, message: 'Check your email: we sent you a link to complete your registration.' });
    const mail = await mailTo('taken@example.com', before + 1);
    expect(mail.parsed.subject).toBe('Your alpha News account');
    expect(linkIn(mail.parsed).url.pathname).toBe('/account/login');
    expect(await h.count("site_user_tokens where kind = 'register' and email = 'taken@example.com'")).toBe(0);
  });

  it('uses the first free membership when none is named, and a newer link voids an older one', async () => {
    const before = smtp.messages.length;
    await request({ email: 'jo@example.com' });
    const first = linkIn((await mailTo('jo@example.com', before + 1)).parsed);
    expect(first.url.pathname).toBe('/membership/signup/insider');
    await request({ email: 'jo@example.com' });
    const second = linkIn((await mailTo('jo@example.com', before + 2)).parsed);
    expect(second.id).not.toBe(first.id);
    expect((await complete({ id: first.id })).error!.extensions.field).toBe('id');
    expect((await complete({ id: second.id, countryCode: 'USA', region: 'TX' })).status).toBe(200);
  });

  it('does not grant a paid membership on registration', async () => {
    const before = smtp.messages.length;
    await request({ email: 'kim@example.com', membershipId: ALPHA.pro });
    const { url, id } = linkIn((await mailTo('kim@example.com', before + 1)).parsed);
    expect(url.pathname).toBe('/membership/signup/pro');
    const done = await complete({ id, countryCode: 'USA', region: 'TX', demographics: [] });
    expect(done.data.registerSiteUser.userInfo.memberships).toEqual([]);
    expect((await h.op('getGatedContent', { id: ITEMS.proOnly }, { member: done.data.registerSiteUser.token })).data.getGatedContent.canRead).toBe(false);
  });

  it('expires links', async () => {
    const before = smtp.messages.length;
    await request({ email: 'late@example.com' });
    const { id } = linkIn((await mailTo('late@example.com', before + 1)).parsed);
    h.clock.now += 2 * 86_400_000 + 1;
    try {
      expect((await complete({ id })).error).toMatchObject({ message: 'id: This link is invalid or has expired.' });
    } finally {
      h.clock.now -= 2 * 86_400_000 + 1;
    }
  });
});

describe('bad input names the field and writes nothing', () => {
  it('on the request', async () => {
    const before = await memberCounts(h);
    const sent = smtp.messages.length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: '' }, 'email', 'Field is required'],
      [{ email: 'not-an-address' }, 'email', 'Must be an e-mail address'],
      [{ email: 'a@example.com', membershipId: 999 }, 'membershipId', 'Unknown membership'],
      [{ email: 'a@example.com', countryCode: 'ZZZ' }, 'countryCode', 'Please choose one of the options'],
      [{ email: 'a@example.com', region: '' }, 'region', 'Field is required'],
      [{ email: 'a@example.com', countryCode: 'CAN', region: 'ON', consent: { CASL: { compliance: false } } }, 'consent', 'Field is required'],
    ];
    for (const [v, field, message] of cases) {
      const r = await request(v);
      expect(r.status, JSON.stringify(v)).toBe(400);
      expect(r.error).toMatchObject({ message: `${field}: ${message}`, extensions: { code: 'BAD_USER_INPUT', field } });
    }
    expect(await memberCounts(h)).toEqual(before);
    await new Promise((ok) => setTimeout(ok, 50));
    expect(smtp.messages.length).toBe(sent);
  });

  it('on completion', async () => {
    const sent = smtp.messages.length;
    await request({ email: 'lee@example.com' });
    const { id } = linkIn((await mailTo('lee@example.com', sent + 1)).parsed);
    const before = await memberCounts(h);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: 'short' }, 'password', 'At least 8 characters'],
      [{ firstName: '' }, 'firstName', 'Field is required'],
      [{ demographics: [] }, `demo_${industry.id}`, 'Field is required'],
      [{ demographics: [{ questionId: industry.id, answerIds: [123456] }] }, `demo_${industry.id}`, 'Please choose one of the options'],
      [{ demographics: [{ questionId: industry.id, answerIds: [industry.values[0]!.id] }, { questionId: staff.id, value: 'lots' }] }, `demo_${staff.id}`, 'Must be a number'],
      [{ newsletters: [ALPHA.newsletter, 250] }, 'newsletters[1]', 'Unknown newsletter'],
      [{ countryCode: 'CAN', region: 'ON' }, 'consent', 'Field is required'],
      [{ countryCode: 'CAN', region: 'XX', consent: { CASL: { compliance: true } } }, 'region', 'Please choose one of the options'],
    ];
    for (const [v, field, message] of cases) {
      const r = await complete({ id, ...v });
      expect(r.status, JSON.stringify(v)).toBe(400);
      expect(r.error).toMatchObject({ message: `${field}: ${message}`, extensions: { code: 'BAD_USER_INPUT', field } });
    }
    expect(await memberCounts(h)).toEqual(before);
    // The link still works after refused attempts.
    expect((await complete({ id, countryCode: 'CAN', region: 'ON', consent: { CASL: { compliance: true } } })).status).toBe(200);
    const [consent] = await h.store.all<{ kind: string }>("select kind from site_user_consents c join site_users u on u.id = c.site_user_id where u.email = 'lee@example.com'");
    expect(consent).toEqual({ kind: 'CASL' });
  });

  it('limits registration requests per IP and stops mailing one address past its hourly allowance', async () => {
    const limited = await startMembers({ members: { limits: { linkPerIp: { max: 3, windowMs: 60_000 }, linkPerEmail: { max: 1, windowMs: 60_000 } } } });
    try {
      const ask = (email: string) => limited.op('requestRegisterSiteUser', { email });
      expect((await ask('m@example.com')).status).toBe(200);
      expect((await ask('m@example.com')).data.requestRegisterSiteUser.ok).toBe(true);
      await limited.waitForMails(1);
      await new Promise((ok) => setTimeout(ok, 30));
      expect(limited.mails).toHaveLength(1);
      expect((await ask('n@example.com')).status).toBe(200);
      expect((await ask('o@example.com')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('memberships and demographic questions for staff', () => {
  it('reads memberships publicly (active only) and edits them with manage_memberships', async () => {
    expect((await h.op('getMembership', { alias: 'insider' })).data.getMembership).toMatchObject({ id: ALPHA.insider, isFree: true, requiredUserDemographicFields: [industry.id] });
    const created = await h.op('createMembership', { input: { title: 'Archive', alias: 'archive', status: 0, requiredUserCommonFields: ['company'] } }, { as: 'alphaAdmin' });
    expect(created.status).toBe(200);
    const id = created.data.createMembership.id;
    expect((await h.op('getMembership', { id })).error!.extensions.code).toBe('NOT_FOUND');
    expect((await h.op('getMembership', { id }, { as: 'alphaAdmin' })).data.getMembership.status).toBe(0);
    expect((await h.op('getMembership', { id }, { tenant: 'beta', as: 'admin' })).error!.extensions.code).toBe('NOT_FOUND');
    const updated = await h.op('updateMembership', { id, input: { status: 1, description: 'Back issues' } }, { as: 'alphaAdmin' });
    expect(updated.data.updateMembership).toMatchObject({ status: 1, description: 'Back issues', alias: 'archive', requiredUserCommonFields: ['company'] });
    const stream = await h.op('getMembershipStream', { input: { status: 1 } });
    expect(stream.data.getMembershipStream.edges.map((e: any) => e.node.alias)).toContain('archive');
    expect((await h.op('deleteMembership', { id }, { as: 'alphaAdmin' })).data.deleteMembership.ok).toBe(true);
  });

  it('refuses bad membership input naming the field, deletion of a membership in use, and callers without the permission', async () => {
    const before = await memberCounts(h);
    const bad = async (input: Record<string, unknown>, field: string) => {
      const r = await h.op('createMembership', { input }, { as: 'alphaAdmin' });
      expect(r.error, JSON.stringify(input)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field } });
    };
    await bad({ title: '', alias: 'x' }, 'input.title');
    await bad({ title: 'X', alias: 'Not A Slug' }, 'input.alias');
    await bad({ title: 'X', alias: 'insider' }, 'input.alias');
    await bad({ title: 'X', alias: 'x', requiredUserCommonFields: ['shoeSize'] }, 'input.requiredUserCommonFields[0]');
    await bad({ title: 'X', alias: 'x', requiredUserDemographicFields: [99999] }, 'input.requiredUserDemographicFields[0]');
    expect((await h.op('deleteMembership', { id: ALPHA.pro }, { as: 'alphaAdmin' })).error).toMatchObject({ extensions: { code: 'CONFLICT' } });
    expect((await h.op('createMembership', { input: { title: 'X', alias: 'x' } }, { as: 'alphaEditor' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('updateMembership', { id: ALPHA.pro, input: { title: 'Mine' } }, { as: 'admin', tenant: 'beta' })).error!.extensions.code).toBe('NOT_FOUND');
    expect(await memberCounts(h)).toEqual(before);
  });

  it('lists demographic questions publicly with form keys (10 by default) and edits them with manage_memberships', async () => {
    const list = (await h.op('getOmedaDemographicStream', { input: { demographicIds: [industry.id, staff.id] } })).data.getOmedaDemographicStream;
    expect(list.edges.map((e: any) => [e.node.formKey, e.node.demographicType])).toEqual([[`demo_${industry.id}`, 1], [`demo_${staff.id}`, 7]]);
    for (let i = 0; i < 11; i++) await h.op('createDemographicQuestion', { input: { demographicType: 3, description: `Note ${i}` } }, { as: 'alphaAdmin' });
    const page = (await h.op('getOmedaDemographicStream', {})).data.getOmedaDemographicStream;
    expect(page.edges).toHaveLength(10);
    expect(page.pageInfo.hasNextPage).toBe(true);
    const edited = await h.op('updateDemographicQuestion', { id: industry.id, input: { values: [{ id: industry.values[0]!.id, description: 'Shipper (BCO)' }, { description: 'Broker' }] } }, { as: 'alphaAdmin' });
    expect(edited.data.updateDemographicQuestion.demographicValues.map((v: any) => v.description)).toEqual(['Shipper (BCO)', 'Broker']);
    expect(edited.data.updateDemographicQuestion.demographicValues[0].id).toBe(industry.values[0]!.id);
    industry.values = edited.data.updateDemographicQuestion.demographicValues;
    const bad = await h.op('createDemographicQuestion', { input: { demographicType: 4, description: 'Odd' } }, { as: 'alphaAdmin' });
    expect(bad.error).toMatchObject({ message: 'input.demographicType: Must be one of 1, 2, 3, 5, 6, 7, 8' });
    const noValues = await h.op('createDemographicQuestion', { input: { demographicType: 2, description: 'Pick' } }, { as: 'alphaAdmin' });
    expect(noValues.error).toMatchObject({ extensions: { field: 'input.values' } });
    expect((await h.op('deleteDemographicQuestion', { id: industry.id }, { as: 'alphaAdmin' })).error!.extensions.code).toBe('CONFLICT');
    expect((await h.op('createDemographicQuestion', { input: { demographicType: 3, description: 'X' } }, { as: 'alphaEditor' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('getOmedaDemographicStream', { input: { demographicIds: [industry.id] } }, { tenant: 'beta' })).data.getOmedaDemographicStream.totalCount).toBe(0);
    expect((await h.op('updateDemographicQuestion', { id: industry.id, input: { description: 'Mine' } }, { as: 'admin', tenant: 'beta' })).error!.extensions.code).toBe('NOT_FOUND');
    const spare = (await h.op('createDemographicQuestion', { input: { demographicType: 6, description: 'Start date' } }, { as: 'alphaAdmin' })).data.createDemographicQuestion;
    expect((await h.op('deleteDemographicQuestion', { id: spare.id }, { as: 'admin', tenant: 'beta' })).error!.extensions.code).toBe('NOT_FOUND');
    expect((await h.op('deleteDemographicQuestion', { id: spare.id }, { as: 'alphaAdmin' })).data.deleteDemographicQuestion.ok).toBe(true);
    expect((await h.op('getOmedaDemographicStream', { input: { demographicIds: [spare.id] } })).data.getOmedaDemographicStream.totalCount).toBe(0);
  });
});
