// Sending from the API through a real in-process SMTP server (test sends to the template's
// testers, deploys to the newsletter's subscribers, RFC 8058 headers) and the one-click unsubscribe
// route: GET confirms and changes nothing, POST List-Unsubscribe=One-Click unsubscribes without a
// login or cookie, tampered and foreign tokens fail.
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedMail } from '../../engine/mail/testing';
import { SUBSCRIBE_TEXTS } from '../../engine/domain/newsletter-subscribe';
import { INVALID_UNSUBSCRIBE_LINK } from '../../engine/newsletter/unsubscribe';
import { issueTokens } from '../../engine/services/auth/sessions';
import { buildApp } from '../../api/app';
import type { Harness } from './api-harness';
import { ALPHA, BASIC_EDITOR_ID, campaignInput, code, SECRET, startNewsletterApi, TEMPLATE, type NewsletterApi } from './api-newsletters-helpers';

let t: NewsletterApi;
let h: Harness;
let smtp: NewsletterApi['smtp'];
const ids = { template: 0, campaign: 0, betaCampaign: 0 };
const subscribeAnswer = (r: { body: any }) => r.body.data.subscribeAnonymousCustomer;

beforeAll(async () => {
  t = await startNewsletterApi();
  ({ h, smtp } = t);
  ids.template = (await h.op('createNewsletterTemplate', { input: TEMPLATE }, { as: 'alphaAdmin' })).data.createNewsletterTemplate.id;
  ids.campaign = (await h.op('createNewsletterCampaign', { input: campaignInput(ids.template) }, { as: 'alphaAdmin' })).data.createNewsletterCampaign.id;
  const betaTemplate = (await h.op('createNewsletterTemplate', { input: { ...TEMPLATE, newsletterId: 250 } }, { as: 'admin', tenant: 'beta' })).data.createNewsletterTemplate.id;
  ids.betaCampaign = (await h.op('createNewsletterCampaign', { input: { templateId: betaTemplate, name: 'Beta issue' } }, { as: 'admin', tenant: 'beta' })).data.createNewsletterCampaign.id;
  for (const [email, countryCode, regionCode] of [['reader@example.com', 'CAN', 'ON'], ['de@example.com', 'DEU', null]] as const) {
    const r = await t.anon({ email, omedaProducts: [ALPHA.newsletter], countryCode, regionCode, consent: { CASL: { compliance: true } }, recaptchaToken: 'token' });
    expect(subscribeAnswer(r).error).toBe(false);
  }
});
afterAll(async () => { await t.close(); });

describe('sending and one-click unsubscribe', () => {
  const header = (m: ReceivedMail, name: string) => m.parsed.headers.get(name.toLowerCase());
  const linkOf = (m: ReceivedMail) => new URL(/^<(.+)>$/.exec(header(m, 'List-Unsubscribe') ?? '')![1]!);
  const route = (method: 'GET' | 'POST', url: string, o: { payload?: string; type?: string; host?: string } = {}) => h.app.inject({
    method, url, payload: o.payload,
    headers: { host: o.host ?? 'alpha.localhost', origin: 'https://mail.example', ...(o.type ? { 'content-type': o.type } : {}) },
  });
  const ONE_CLICK = { payload: 'List-Unsubscribe=One-Click', type: 'application/x-www-form-urlencoded' };

  it('sends a test to the template\u2019s testers through SMTP, with RFC 8058 headers', async () => {
    expect(code(await h.op('sendNewsletterTest', { id: ids.campaign }, { as: 'alphaEditor' }))).toBe('FORBIDDEN');
    expect(code(await h.op('sendNewsletterTest', { id: ids.betaCampaign }, { as: 'alphaAdmin' }))).toBe('NOT_FOUND');
    expect(code(await h.op('sendNewsletterTest', { id: ids.campaign }, { as: 'alphaAdmin', tenant: 'beta' }))).toBe('FORBIDDEN');
    const before = smtp.messages.length;
    const r = await h.op('sendNewsletterTest', { id: ids.campaign }, t.basic);
    expect(r.data.sendNewsletterTest).toMatchObject({ campaignId: ids.campaign, kind: 'test', recipients: 2, sent: 2, failed: 0, failures: [] });
    const got = (await smtp.waitFor(before + 2)).slice(before);
    expect(got.flatMap((m) => m.envelope.to).sort()).toEqual(['ada@alpha.example', 'bo@alpha.example']);
    for (const m of got) {
      expect(m.parsed.subject).toBe('[TEST] Alpha Daily: the morning briefing');
      expect(header(m, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(linkOf(m).origin + linkOf(m).pathname).toBe('https://alpha.localhost/api/newsletter/unsubscribe');
      expect(load(m.parsed.html)('a').toArray().map((a) => a.attribs.href)).toContain(linkOf(m).href);
    }
    const [hist] = await h.store.all<{ action: string; actor_id: number }>("select action, actor_id from history where entity_type = 'newsletterCampaign' order by id desc limit 1");
    expect(hist).toMatchObject({ action: 'send-test', actor_id: BASIC_EDITOR_ID });
    expect((await h.op('getNewsletterCampaign', { id: ids.campaign }, { as: 'alphaAdmin' })).data.getNewsletterCampaign).toMatchObject({ audienceStatus: 'Draft', sends: [{ kind: 'test', sent: 2 }] });
  });

  it('refuses to send when the server has no mailer or no unsubscribe secret', async () => {
    for (const newsletters of [{ unsubscribeSecret: SECRET }, { mailer: t.mailer }]) {
      const app = await buildApp({ store: h.store, newsletters });
      const token = (await issueTokens(h.store.db, app.api.services, 3)).bearerToken;
      const r = await app.inject({ method: 'POST', url: '/graphql', headers: { 'x-tenant-key': 'alpha', authorization: `Bearer ${token}` }, payload: {
        query: app.api.registry.byName.get('sendNewsletterTest')!.text, variables: { id: ids.campaign },
      } });
      expect(r.json().errors[0]).toMatchObject({ extensions: { code: 'CONFLICT' }, message: expect.stringMatching(/not set up/) });
      if (!('unsubscribeSecret' in newsletters)) {
        const page = await app.inject({ method: 'GET', url: '/api/newsletter/unsubscribe?token=x.y', headers: { host: 'alpha.localhost' } });
        expect(page.statusCode).toBe(503);
        expect(load(page.body)('main p').text()).toMatch(/not set up/);
      }
      await app.close();
    }
  });

  it('deploys to the newsletter\u2019s subscribers, marks the campaign Sent and asks for its pages to be rebuilt', async () => {
    const before = smtp.messages.length;
    const r = await h.op('deployNewsletterCampaign', { id: ids.campaign }, { as: 'alphaAdmin' });
    expect(r.data.deployNewsletterCampaign).toMatchObject({ kind: 'deploy', recipients: 2, sent: 2 });
    const got = (await smtp.waitFor(before + 2)).slice(before);
    expect(got.flatMap((m) => m.envelope.to).sort()).toEqual(['de@example.com', 'reader@example.com']);
    expect(h.changes.at(-1)?.change).toEqual({ entity: 'newsletter', action: 'update', ids: [`campaign:${ids.campaign}`], paths: [`/newsletter/${ids.campaign}`, `/latest-newsletter/${ids.template}`] });
    expect((await h.op('getNewsletterCampaign', { id: ids.campaign }, { as: 'alphaAdmin' })).data.getNewsletterCampaign).toMatchObject({ audienceStatus: 'Sent', listed: true });
    expect(code(await h.op('deployNewsletterCampaign', { id: ids.campaign }, { as: 'alphaAdmin' }))).toBe('CONFLICT');
    expect(smtp.messages.length).toBe(before + 2);
    const again = await h.op('deployNewsletterCampaign', { id: ids.campaign, force: true }, { as: 'alphaAdmin' });
    expect(again.data.deployNewsletterCampaign).toMatchObject({ kind: 'deploy', recipients: 2, sent: 2 });
    await smtp.waitFor(before + 4);
    await t.refused('audienceStatus', () => h.op('updateNewsletterCampaign', { id: ids.campaign, input: { audienceStatus: 'Draft' } }, { as: 'alphaAdmin' }), /keeps its status/);
    expect(code(await h.op('deleteNewsletterTemplate', { id: ids.template }, { as: 'alphaAdmin' }))).toBe('CONFLICT');
  });

  it('GET shows a confirmation page with a button and unsubscribes nobody; the one-click POST works without a login', async () => {
    const mail = smtp.messages.find((m) => m.envelope.to[0] === 'reader@example.com' && !m.parsed.subject.startsWith('[TEST]'))!;
    const url = linkOf(mail);
    const path = `${url.pathname}${url.search}`;

    const get = await route('GET', path);
    expect(get.statusCode).toBe(200);
    expect(get.headers['cache-control']).toBe('no-store');
    expect(get.headers['referrer-policy']).toBe('no-referrer');
    const $ = load(get.body);
    expect($('form').attr('method')).toBe('post');
    expect(new URL($('form').attr('action')!, url).href).toBe(url.href);
    expect($('form input[name="List-Unsubscribe"]').val()).toBe('One-Click');
    expect($('form button[type="submit"]').text()).toBe('Unsubscribe');
    expect($('main').text()).toContain('Daily');
    expect($('main').text()).not.toContain('reader@example.com');
    expect((await route('HEAD' as 'GET', path)).statusCode).toBe(200);
    expect(await t.status('alpha', 'reader@example.com', ALPHA.newsletter)).toBe('subscribed');

    expect((await route('POST', path)).statusCode).toBe(400);
    expect(await t.status('alpha', 'reader@example.com', ALPHA.newsletter)).toBe('subscribed');

    const post = await route('POST', path, ONE_CLICK);
    expect(post.statusCode).toBe(200);
    expect(load(post.body)('main p').text()).toBe(SUBSCRIBE_TEXTS.unsubscribed);
    expect(await t.status('alpha', 'reader@example.com', ALPHA.newsletter)).toBe('unsubscribed');
    expect((await route('POST', path, ONE_CLICK)).statusCode).toBe(200);

    const deMail = smtp.messages.find((m) => m.envelope.to[0] === 'de@example.com')!;
    const de = linkOf(deMail);
    const multipart = '--XyZ\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--XyZ--\r\n';
    expect((await route('POST', `${de.pathname}${de.search}`, { payload: multipart, type: 'multipart/form-data; boundary=XyZ' })).statusCode).toBe(200);
    expect(await t.status('alpha', 'de@example.com', ALPHA.newsletter)).toBe('unsubscribed');
  });

  it('refuses a tampered, foreign-tenant or missing token and changes nothing', async () => {
    expect(subscribeAnswer(await t.anon({ email: 'reader@example.com', omedaProducts: [ALPHA.newsletter], countryCode: 'DEU', recaptchaToken: 't' })).error).toBe(false);
    const mail = smtp.messages.find((m) => m.envelope.to[0] === 'reader@example.com' && !m.parsed.subject.startsWith('[TEST]'))!;
    const token = linkOf(mail).searchParams.get('token')!;
    const [body, sig] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ t: 'alpha', n: ALPHA.newsletter, e: 'ada@alpha.example' })).toString('base64url');
    for (const bad of [`${forged}.${sig}`, `${body}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`, 'nonsense', '']) {
      const path = `/api/newsletter/unsubscribe?token=${encodeURIComponent(bad)}`;
      const get = await route('GET', path);
      expect(get.statusCode).toBe(400);
      expect(load(get.body)('form').length).toBe(0);
      const post = await route('POST', path, ONE_CLICK);
      expect(post.statusCode).toBe(400);
      expect(load(post.body)('main p').text()).toBe(INVALID_UNSUBSCRIBE_LINK);
    }
    expect((await route('POST', '/api/newsletter/unsubscribe', ONE_CLICK)).statusCode).toBe(400);
    const onBeta = await route('POST', `/api/newsletter/unsubscribe?token=${token}`, { ...ONE_CLICK, host: 'beta.localhost' });
    expect(onBeta.statusCode).toBe(400);
    expect(await t.status('alpha', 'reader@example.com', ALPHA.newsletter)).toBe('subscribed');
  });

  it('keeps form bodies away from /graphql', async () => {
    const r = await h.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-tenant-key': 'alpha' }, payload: 'query=%7BapiInfo%7Bmode%7D%7D' });
    expect(r.statusCode).toBe(415);
  });
});
