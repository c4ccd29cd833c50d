// Sending through a real in-process SMTP server: test sends to the template's testers, deploys to
// the newsletter's subscribers with RFC 8058 one-click unsubscribe headers, the rate limit, and the
// signed unsubscribe link (genuine, repeated, tampered, foreign).
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../../engine/mail/mailer';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../engine/mail/testing';
import { deployCampaign, sendTest, type SendDeps } from '../../engine/newsletter/send';
import { INVALID_UNSUBSCRIBE_LINK, signUnsubscribeToken, unsubscribeByToken, verifyUnsubscribeToken } from '../../engine/newsletter/unsubscribe';
import { getNewsletterCampaign, latestListedCampaign, listSends, subscriptionsOfEmail, upsertSubscription } from '../../engine/store/queries/newsletters';
import { IDS, ORIGIN, TENANT, newsletterTestDb, type NewsletterTestDb } from './newsletter-helpers';

const SECRET = 'test-secret-of-at-least-16-chars';
const UNSUB = `${ORIGIN}/api/newsletter/unsubscribe`;
const SUBSCRIBERS = ['one@example.com', 'two@example.com', 'three@example.com'];

let db: NewsletterTestDb;
let smtp: TestSmtpServer;
let mailer: Mailer;
let deps: SendDeps;

beforeAll(async () => {
  [db, smtp] = await Promise.all([newsletterTestDb(), startTestSmtpServer()]);
  mailer = createMailer({ transport: 'smtp', url: smtp.url, defaultFrom: 'Masthead <mail@masthead.test>' });
  deps = { store: db.store, mailer, unsubscribeSecret: SECRET };
  await db.store.transaction(async (tx) => {
    for (const email of SUBSCRIBERS) await upsertSubscription(tx, { tenantKey: TENANT, newsletterId: IDS.newsletter, email, source: 'Registration', at: 1 });
    await upsertSubscription(tx, { tenantKey: TENANT, newsletterId: IDS.weekly, email: 'weekly-only@example.com', source: 'Registration', at: 1 });
  });
});
afterAll(async () => {
  await mailer.close();
  await Promise.all([smtp.close(), db.close()]);
});

const opts = { origin: ORIGIN, unsubscribeBaseUrl: UNSUB, ratePerSecond: 100 };
const since = (n: number) => smtp.messages.slice(n);
const header = (m: ReceivedMail, name: string) => m.parsed.headers.get(name.toLowerCase());
const tokenOf = (m: ReceivedMail) => new URL(/^<(.+)>$/.exec(header(m, 'List-Unsubscribe') ?? '')![1]!).searchParams.get('token')!;

function expectOneClick(m: ReceivedMail, email: string) {
  const link = /^<(https:\/\/alpha\.example\/api\/newsletter\/unsubscribe\?token=[\w.-]+)>$/.exec(header(m, 'List-Unsubscribe') ?? '');
  expect(link, 'List-Unsubscribe is one https URI').not.toBeNull();
  expect(header(m, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  expect(verifyUnsubscribeToken(SECRET, tokenOf(m))).toEqual({ tenantKey: TENANT, newsletterId: IDS.newsletter, email });
  // The same signed link is in the HTML footer and the text part.
  const hrefs = load(m.parsed.html)('a').toArray().map((a) => a.attribs.href);
  expect(hrefs).toContain(link![1]);
  expect(m.parsed.text).toContain(`Unsubscribe: ${link![1]}`);
}

describe('newsletter sending', () => {
  it('sends a test copy to each default tester and leaves the campaign a draft', async () => {
    const before = smtp.messages.length;
    const summary = await sendTest(deps, TENANT, IDS.campaign, opts);
    expect(summary).toMatchObject({ kind: 'test', recipients: 2, sent: 2, failed: 0 });
    const got = await smtp.waitFor(before + 2).then(() => since(before));
    expect(got.flatMap((m) => m.envelope.to).sort()).toEqual(['ada@alpha.example', 'bo@alpha.example']);
    for (const m of got) {
      expect(m.parsed.subject).toBe('[TEST] Alpha Daily: the morning briefing');
      expect(m.parsed.from).toContain('news@alpha.example');
      expect(load(m.parsed.html)('.nl-block-content_list').length).toBe(2);
      expectOneClick(m, m.envelope.to[0]!);
    }
    expect((await getNewsletterCampaign(db.store.db, TENANT, IDS.campaign))?.audienceStatus).toBe('Draft');
  });

  it('deploys to the newsletter\u2019s subscribers only, each with a link of their own, and marks the campaign Sent', async () => {
    const before = smtp.messages.length;
    const summary = await deployCampaign(deps, TENANT, IDS.campaign, opts);
    expect(summary).toMatchObject({ kind: 'deploy', recipients: 3, sent: 3, failed: 0, templateId: IDS.template });
    const got = await smtp.waitFor(before + 3).then(() => since(before));
    expect(got.flatMap((m) => m.envelope.to).sort()).toEqual([...SUBSCRIBERS].sort());
    for (const m of got) {
      expect(m.parsed.subject).toBe('Alpha Daily: the morning briefing');
      expect(header(m, 'List-Id')).toBe('Daily <newsletter-150.alpha.example>');
      expectOneClick(m, m.envelope.to[0]!);
      expect(load(m.parsed.html)('a').toArray().map((a) => a.attribs.href)).toContain(`${ORIGIN}/newsletter/${IDS.campaign}`);
    }
    expect(new Set(got.map(tokenOf)).size).toBe(3);
    const campaign = await getNewsletterCampaign(db.store.db, TENANT, IDS.campaign);
    expect(campaign).toMatchObject({ audienceStatus: 'Sent' });
    expect(campaign?.sentAt).toBeGreaterThan(0);
    expect((await latestListedCampaign(db.store.db, TENANT, IDS.template))?.id).toBe(IDS.campaign);
    expect((await listSends(db.store.db, TENANT, IDS.campaign)).map((s) => [s.kind, s.sent])).toEqual([['test', 2], ['deploy', 3]]);
  });

  it('refuses to deploy a sent campaign twice unless forced', async () => {
    const before = smtp.messages.length;
    await expect(deployCampaign(deps, TENANT, IDS.campaign, opts)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(smtp.messages.length).toBe(before);
  });

  it('unsubscribes with the link from the email, without a login, once', async () => {
    const mail = smtp.messages.find((m) => m.envelope.to[0] === 'two@example.com')!;
    const token = tokenOf(mail);
    const first = await unsubscribeByToken({ store: db.store, secret: SECRET }, token, TENANT);
    expect(first).toMatchObject({ ok: true, changed: true, email: 'two@example.com', newsletterId: IDS.newsletter, newsletterTitle: 'Daily' });
    expect((await subscriptionsOfEmail(db.store.db, TENANT, 'two@example.com'))[0]?.status).toBe('unsubscribed');
    expect(await unsubscribeByToken({ store: db.store, secret: SECRET }, token, TENANT)).toMatchObject({ ok: true, changed: false });

    const before = smtp.messages.length;
    const again = await deployCampaign(deps, TENANT, IDS.campaign, { ...opts, force: true });
    expect(again).toMatchObject({ recipients: 2, sent: 2 });
    await smtp.waitFor(before + 2);
    expect(since(before).flatMap((m) => m.envelope.to).sort()).toEqual(['one@example.com', 'three@example.com']);
  });

  it('refuses a tampered, foreign or malformed token and changes nothing', async () => {
    const mail = smtp.messages.find((m) => m.envelope.to[0] === 'one@example.com')!;
    const token = tokenOf(mail);
    const [body, sig] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ t: TENANT, n: IDS.newsletter, e: 'three@example.com' })).toString('base64url');
    const flipped = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    const bad = [
      `${forged}.${sig}`, `${body}.${flipped}`, `${body}x.${sig}`, signUnsubscribeToken('another-secret-16chars', { tenantKey: TENANT, newsletterId: IDS.newsletter, email: 'three@example.com' }),
      '', 'nonsense', `${body}`, undefined,
    ];
    for (const t of bad) expect(await unsubscribeByToken({ store: db.store, secret: SECRET }, t, TENANT)).toEqual({ ok: false, message: INVALID_UNSUBSCRIBE_LINK });
    expect(await unsubscribeByToken({ store: db.store, secret: SECRET }, token, 'beta')).toEqual({ ok: false, message: INVALID_UNSUBSCRIBE_LINK });
    for (const email of ['one@example.com', 'three@example.com']) expect((await subscriptionsOfEmail(db.store.db, TENANT, email))[0]?.status).toBe('subscribed');
  });

  it('holds to the rate limit', async () => {
    const summary = await deployCampaign(deps, TENANT, IDS.campaign, { ...opts, force: true, ratePerSecond: 1, concurrency: 1 });
    expect(summary.sent).toBe(2);
    expect(summary.durationMs).toBeGreaterThanOrEqual(950);
  });

  it('counts failed deliveries and marks the campaign Failed when none got through', async () => {
    const failing: Mailer = { kind: 'smtp', send: async () => { throw new Error('451 try later'); }, close: async () => undefined };
    const summary = await deployCampaign({ ...deps, mailer: failing }, TENANT, IDS.campaign, { ...opts, force: true });
    expect(summary).toMatchObject({ recipients: 2, sent: 0, failed: 2, failures: [{ error: '451 try later' }, { error: '451 try later' }] });
    expect((await getNewsletterCampaign(db.store.db, TENANT, IDS.campaign))?.audienceStatus).toBe('Failed');
  });
});
