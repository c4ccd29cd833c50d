// submitInquiry over HTTP (issue 17, the inquiry form): stored with the consent text and time and
// mailed to the tenant's RMI contact; bad fields named and nothing stored; the captcha checked with
// the form's action; attempts limited per IP and tenant; refused on a tenant without RMI and for
// another tenant's content.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_TEXTS } from '../../engine/domain/inquiry';
import { MEMBER_TEXTS } from '../../engine/domain/members';
import type { CaptchaVerifier } from '../../engine/newsletter/captcha';
import { inquiriesOf } from '../../engine/store/queries/inquiries';
import { BETA, ITEMS, startMembers, type MemberHarness } from './members-harness';

const CONTACT = 'sales@alpha.example';
/** "human:<action>" passes for that action only; anything else fails (as reCAPTCHA's siteverify would). */
const captcha: CaptchaVerifier = { name: 'test', verify: async (token, ctx) => ({ ok: token === `human:${ctx.action}` }) };

const inquiry = (over: Record<string, unknown> = {}) => ({
  name: '  Ada Reader ', email: 'Ada@Example.com', company: 'Reader Freight', message: 'Do you ship to Norway?\nAnd Iceland?',
  contentId: ITEMS.open[0], consent: true, recaptchaToken: 'human:inquirySubmit', ...over,
});

describe('submitInquiry', () => {
  let h: MemberHarness;
  beforeAll(async () => {
    h = await startMembers({ newsletters: { captcha }, members: { limits: { inquiryPerIp: { max: 3, windowMs: 3_600_000 } } } });
    // RMI on for alpha only (before the first request reads the tenants).
    await h.store.run(`update tenants set settings = json_set(settings, '$.rmi', json(?)) where tenant_key = 'alpha'`, [JSON.stringify({ enabled: true, contactEmail: CONTACT })]);
  });
  afterAll(async () => { await h.close(); });

  it('stores the inquiry with consent text and time, and mails the RMI contact with Reply-To the reader', async () => {
    const r = await h.op('submitInquiry', inquiry(), { ip: '203.0.113.1' });
    expect(r.error).toBeUndefined();
    expect(r.data.submitInquiry).toEqual({ id: expect.any(Number), message: INQUIRY_TEXTS.success });
    const rows = await inquiriesOf(h.store.db, 'alpha');
    expect(rows).toEqual([{
      id: r.data.submitInquiry.id, tenantKey: 'alpha', name: 'Ada Reader', email: 'ada@example.com', company: 'Reader Freight',
      message: 'Do you ship to Norway?\nAnd Iceland?', contentId: ITEMS.open[0], consentText: INQUIRY_TEXTS.consentText, consentAt: h.clock.now, createdAt: h.clock.now,
    }]);
    const [mail] = await h.waitForMails(1);
    expect(mail).toMatchObject({ to: CONTACT, replyTo: 'ada@example.com' });
    expect(mail!.subject).toMatch(/^Inquiry from Ada Reader about .+ \(/);
    expect(mail!.text).toContain('Do you ship to Norway?\nAnd Iceland?');
    expect(mail!.text).toContain(`Consent: ${INQUIRY_TEXTS.consentText}`);
    // The reader's text is escaped in the HTML part.
    h.mails.length = 0;
    await h.op('submitInquiry', inquiry({ message: '<script>alert(1)</script>', contentId: null }), { ip: '203.0.113.9' });
    const [html] = await h.waitForMails(1);
    expect(html!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html!.html).not.toContain('<script>');
    h.mails.length = 0;
  });

  it('names the bad field and stores nothing: consent, e-mail, empty message, control characters', async () => {
    const before = (await inquiriesOf(h.store.db, 'alpha')).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ consent: false }, 'consent', INQUIRY_TEXTS.consentRequired],
      [{ consent: undefined }, 'consent', INQUIRY_TEXTS.consentRequired],
      [{ email: 'not-an-address' }, 'email', 'Must be an e-mail address'],
      [{ message: '   ' }, 'message', 'Field is required'],
      [{ name: 'Ada\u0007' }, 'name', 'Must not contain control characters'],
      [{ message: 'Line one\n\u0001' }, 'message', 'Must not contain control characters'],
      [{ company: 'x'.repeat(201) }, 'company', 'At most 200 characters'],
    ];
    for (const [over, field, message] of cases) {
      const r = await h.op('submitInquiry', inquiry(over), { ip: `198.51.100.${cases.findIndex((c) => c[0] === over) + 1}` });
      expect(r.error?.extensions, JSON.stringify(over)).toMatchObject({ code: 'BAD_USER_INPUT', field });
      expect(r.error?.message).toBe(`${field}: ${message}`);
    }
    expect(await inquiriesOf(h.store.db, 'alpha')).toHaveLength(before);
    expect(h.mails).toHaveLength(0);
  });

  it('checks the captcha with the inquiry action: a missing or other-action token is refused', async () => {
    const before = (await inquiriesOf(h.store.db, 'alpha')).length;
    for (const [i, token] of [undefined, 'bot', 'human:newsletterSubscribeSignUp'].entries()) {
      const r = await h.op('submitInquiry', inquiry({ recaptchaToken: token }), { ip: `192.0.2.${i + 1}` });
      expect(r.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'recaptchaToken' });
      expect(r.error?.message).toBe(`recaptchaToken: ${MEMBER_TEXTS.captchaFailed}`);
    }
    expect(await inquiriesOf(h.store.db, 'alpha')).toHaveLength(before);
  });

  it('limits attempts per IP (counted before any check), with Retry-After seconds', async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < 3; i++) expect((await h.op('submitInquiry', inquiry({ consent: i === 0 ? false : true }), { ip })).status).not.toBe(429);
    const r = await h.op('submitInquiry', inquiry(), { ip });
    expect(r.error?.extensions.code).toBe('RATE_LIMITED');
    expect(r.error?.message).toMatch(/Try again in \d+ seconds/);
    // Another address is not affected.
    expect((await h.op('submitInquiry', inquiry(), { ip: '203.0.113.51' })).error).toBeUndefined();
    h.mails.length = 0;
  });

  it('refuses another tenant’s content, an unpublished item, and a tenant without RMI', async () => {
    const before = await h.count('inquiries');
    const foreign = await h.op('submitInquiry', inquiry({ contentId: BETA.firstItem }), { ip: '203.0.113.60' });
    expect(foreign.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'contentId' });
    const draft = await h.op('submitInquiry', inquiry({ contentId: ITEMS.draft }), { ip: '203.0.113.61' });
    expect(draft.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'contentId' });
    const off = await h.op('submitInquiry', inquiry({ contentId: BETA.firstItem }), { tenant: 'beta', ip: '203.0.113.62' });
    expect(off.error?.extensions.code).toBe('FORBIDDEN');
    expect(await h.count('inquiries')).toBe(before);
    expect(await inquiriesOf(h.store.db, 'beta')).toEqual([]);
  });
});

describe('submitInquiry across addresses', () => {
  let h: MemberHarness;
  beforeAll(async () => {
    h = await startMembers({ newsletters: { captcha }, members: { limits: { inquiryPerSite: { max: 4, windowMs: 3_600_000 } } } });
    await h.store.run(`update tenants set settings = json_set(settings, '$.rmi', json(?)) where tenant_key = 'alpha'`, [JSON.stringify({ enabled: true, contactEmail: CONTACT })]);
  });
  afterAll(async () => { await h.close(); });

  it('limits submissions per site from all addresses together (its sales inbox is the target), so new addresses get no fresh budget (issue 41)', async () => {
    for (let i = 1; i <= 4; i++) expect((await h.op('submitInquiry', inquiry(), { ip: `198.51.100.${i}` })).error).toBeUndefined();
    const r = await h.op('submitInquiry', inquiry(), { ip: '198.51.100.99' });
    expect(r.error!.extensions.code).toBe('RATE_LIMITED');
    expect((await inquiriesOf(h.store.db, 'alpha')).length).toBe(4);
  });
});
