// The newsletter API: the reader's subscribe operations and the staff operations on items,
// templates, campaigns and ads (permission, tenant scope by header and by id, references,
// validation naming the field with nothing written, history and change events). Sending and the
// unsubscribe route: api-newsletters-send.test.ts.
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBE_TEXTS } from '../../engine/domain/newsletter-subscribe';
import { newsletterCampaignSchema } from '../../engine/domain/newsletter';
import { insertSiteUser } from '../../engine/store/queries/members';
import { setCampaignStatus, subscriptionsOfEmail, upsertNewsletterCampaign } from '../../engine/store/queries/newsletters';
import { buildApp } from '../../api/app';
import { issueMemberSession } from '../../engine/services/members/sessions';
import { newsletterRuntime } from '../../engine/services/newsletters/options';
import type { GqlResponse, Harness, RequestOpts } from './api-harness';
import { ALPHA, BETA, campaignInput, code, startNewsletterApi, TEMPLATE, type NewsletterApi } from './api-newsletters-helpers';

let t: NewsletterApi;
let h: Harness;
const ids = { template: 0, campaign: 0, betaTemplate: 0, betaCampaign: 0, betaAd: 0, inactiveTemplate: 0 };
beforeAll(async () => {
  t = await startNewsletterApi();
  h = t.h;
});
afterAll(async () => { await t.close(); });

const asBasic = (): RequestOpts => t.basic;
const counts = () => t.counts();
const refused = (field: string, run: () => Promise<GqlResponse>, message?: string | RegExp) => t.refused(field, run, message);
const anon = (variables: Record<string, unknown>, opts?: { ip?: string; tenant?: string }) => t.anon(variables, opts);
const status = (tenant: string, email: string, newsletterId: number) => t.status(tenant, email, newsletterId);
const subscribeAnswer = (r: { body: any }) => r.body.data.subscribeAnonymousCustomer;

describe('the reader\u2019s side', () => {
  it('lists countries with regions and compliance flags', async () => {
    const r = await h.op('getCountries');
    const byCode = new Map(r.data.getCountries.map((c: any) => [c.alpha3, c]));
    expect(byCode.get('CAN')).toMatchObject({ alpha2: 'CA', compliance: 'required', regions: { label: 'Province' } });
    expect((byCode.get('USA') as any).regions.options).toContainEqual({ label: 'Texas', value: 'TX' });
    expect(byCode.get('BRA')).toMatchObject({ compliance: 'required', regions: null });
    expect(byCode.get('DEU')).toMatchObject({ compliance: 'optional' });
  });

  it('subscribes an anonymous reader (GDPR or CASL consent), and a second time is harmless', async () => {
    const vars = { email: ' Reader@Example.com ', omedaProducts: [ALPHA.newsletter], countryCode: 'CAN', regionCode: 'on', consent: { CASL: { compliance: true } }, recaptchaToken: 'token' };
    for (let i = 0; i < 2; i++) {
      expect(subscribeAnswer(await anon(vars))).toEqual({ error: false, message: SUBSCRIBE_TEXTS.success, fields: null, newsletterIds: [ALPHA.newsletter] });
    }
    const rows = await subscriptionsOfEmail(h.store.db, 'alpha', 'reader@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'subscribed', source: 'NlWidgetUnauthenticated', countryCode: 'CAN', regionCode: 'ON', consent: { CASL: { country: 'CAN', region: 'ON', compliance: true } } });
    expect(subscribeAnswer(await anon({ ...vars, email: 'de@example.com', countryCode: 'DEU', regionCode: null, consent: null })).error).toBe(false);
    expect((await subscriptionsOfEmail(h.store.db, 'alpha', 'de@example.com'))[0]?.consent).toEqual({ GDPR: { country: 'DEU', region: null, compliance: false } });
  });

  it('answers every validation branch with the spec\u2019s texts and writes nothing', async () => {
    const ok = { email: 'x@example.com', omedaProducts: [ALPHA.newsletter], countryCode: 'USA', regionCode: 'TX', recaptchaToken: 'token' };
    const cases: [Record<string, unknown>, string, Record<string, string>][] = [
      [{ omedaProducts: [] }, SUBSCRIBE_TEXTS.selectNewsletter, { omedaProducts: SUBSCRIBE_TEXTS.selectNewsletter }],
      [{ email: '' }, SUBSCRIBE_TEXTS.correctForm, { email: SUBSCRIBE_TEXTS.fieldRequired }],
      [{ email: 'not-an-address' }, SUBSCRIBE_TEXTS.correctForm, { email: SUBSCRIBE_TEXTS.invalidEmail }],
      [{ countryCode: null }, SUBSCRIBE_TEXTS.correctForm, { countryCode: SUBSCRIBE_TEXTS.fieldRequired }],
      [{ countryCode: 'XYZ' }, SUBSCRIBE_TEXTS.correctForm, { countryCode: SUBSCRIBE_TEXTS.invalidOption }],
      [{ regionCode: null }, SUBSCRIBE_TEXTS.correctForm, { regionCode: SUBSCRIBE_TEXTS.fieldRequired }],
      [{ regionCode: 'ZZ' }, SUBSCRIBE_TEXTS.correctForm, { regionCode: SUBSCRIBE_TEXTS.invalidOption }],
      [{ countryCode: 'CAN', regionCode: 'QC', consent: { CASL: { compliance: '' } } }, SUBSCRIBE_TEXTS.correctForm, { compliance: SUBSCRIBE_TEXTS.fieldRequired }],
      [{ promoCode: 'P'.repeat(61) }, SUBSCRIBE_TEXTS.correctForm, { promoCode: 'At most 60 characters' }],
      [{ omedaProducts: [BETA.newsletter] }, SUBSCRIBE_TEXTS.correctForm, { omedaProducts: SUBSCRIBE_TEXTS.invalidOption }],
    ];
    const before = await counts();
    for (const [patch, message, fields] of cases) {
      expect(subscribeAnswer(await anon({ ...ok, ...patch })), JSON.stringify(patch)).toMatchObject({ error: true, message, fields });
    }
    expect(subscribeAnswer(await anon({ ...ok, recaptchaToken: ' ' }))).toMatchObject({ error: true, message: SUBSCRIBE_TEXTS.captchaFailed });
    expect(await counts()).toEqual(before);
  });

  it('limits anonymous subscribes per IP (429 with Retry-After)', async () => {
    const vars = (i: number) => ({ email: `flood${i}@example.com`, omedaProducts: [], countryCode: 'USA' });
    for (let i = 0; i < 30; i++) expect((await anon(vars(i), { ip: '203.0.113.9' })).status).toBe(200);
    const r = await anon(vars(30), { ip: '203.0.113.9' });
    expect(r.status).toBe(429);
    expect(r.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect((await anon(vars(31), { ip: '203.0.113.10' })).status).toBe(200);
  });

  it('limits subscribes per e-mail address across client addresses, and IPv6 clients by /64', async () => {
    const vars = { email: 'Target@Example.com', omedaProducts: [], countryCode: 'USA' };
    for (let i = 0; i < 10; i++) expect((await anon(i % 2 ? vars : { ...vars, email: 'target@example.com' }, { ip: `198.51.100.${i + 1}` })).status).toBe(200);
    expect((await anon(vars, { ip: '198.51.100.77' })).status).toBe(429);
    expect((await anon({ ...vars, email: 'someone-else@example.com' }, { ip: '198.51.100.77' })).status).toBe(200);
    // One /64 is one client: its addresses share a budget.
    for (let i = 0; i < 30; i++) expect((await anon({ ...vars, email: `v6-${i}@example.com` }, { ip: `2001:db8:1:2::${(i + 1).toString(16)}` })).status).toBe(200);
    expect((await anon({ ...vars, email: 'v6-last@example.com' }, { ip: '2001:db8:1:2:ffff::9' })).status).toBe(429);
    expect((await anon({ ...vars, email: 'v6-other@example.com' }, { ip: '2001:db8:1:3::1' })).status).toBe(200);
  });

  it('chooses the captcha: development by default, reCAPTCHA v3 with a secret, or the one given', async () => {
    expect(newsletterRuntime(h.app.api.services).captcha.name).toBe('development');
    const app = await buildApp({ store: h.store, newsletters: { recaptchaSecret: 'recaptcha-secret' } });
    expect(newsletterRuntime(app.api.services).captcha.name).toBe('recaptcha-v3');
    await app.close();
    const refusing = { name: 'always-no', verify: async () => ({ ok: false }) };
    const strict = await buildApp({ store: h.store, newsletters: { captcha: refusing } });
    const r = await strict.inject({ method: 'POST', url: '/graphql', headers: { 'x-tenant-key': 'alpha' }, payload: {
      query: strict.api.registry.byName.get('subscribeAnonymousCustomer')!.text,
      variables: { email: 'bot@example.com', omedaProducts: [ALPHA.newsletter], countryCode: 'DEU', recaptchaToken: 'looks fine' },
    } });
    expect(r.json().data.subscribeAnonymousCustomer).toMatchObject({ error: true, message: SUBSCRIBE_TEXTS.captchaFailed });
    expect(await status('alpha', 'bot@example.com', ALPHA.newsletter)).toBeUndefined();
    await strict.close();
  });

  it('lets a signed-in member opt in and out; the pane then offers only what they lack', async () => {
    const userId = await insertSiteUser(h.store.db, { tenantKey: 'alpha', username: 'member@example.com', email: 'member@example.com', passwordHash: null, countryCode: 'USA', region: 'TX', demographics: [] });
    const { token } = await issueMemberSession(h.store.db, h.app.api.services, 'alpha', userId);
    const member = { headers: { 'x-site-user': `Bearer ${token}` } };
    const offered = async (opts: RequestOpts = {}) => (await h.op('offeredNewsletters', {}, opts)).data.offeredNewsletters.map((n: any) => n.id);
    expect(await offered(member)).toContain(ALPHA.newsletter);

    expect(code(await h.op('subscribeSiteUserNewsletter', { newsletterId: ALPHA.newsletter }))).toBe('UNAUTHENTICATED');
    expect(code(await h.op('subscribeSiteUserNewsletter', { newsletterId: ALPHA.newsletter }, { ...member, tenant: 'beta' }))).toBe('UNAUTHENTICATED');
    expect((await h.op('subscribeSiteUserNewsletter', {}, member)).error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'newsletterId' });
    const foreign = await h.op('subscribeSiteUserNewsletter', { newsletterId: BETA.newsletter }, member);
    expect(foreign.data.subscribeSiteUserNewsletter).toMatchObject({ error: true, message: SUBSCRIBE_TEXTS.optInFailed });
    expect(await status('beta', 'member@example.com', BETA.newsletter)).toBeUndefined();

    const inn = await h.op('subscribeSiteUserNewsletter', { newsletterId: ALPHA.newsletter, promoCode: 'FALL' }, member);
    expect(inn.data.subscribeSiteUserNewsletter).toEqual({ error: false, message: SUBSCRIBE_TEXTS.optInSuccess, fields: null, newsletterIds: [ALPHA.newsletter] });
    expect((await subscriptionsOfEmail(h.store.db, 'alpha', 'member@example.com'))[0]).toMatchObject({ status: 'subscribed', siteUserId: userId, source: 'NlWidgetAuthenticated', promoCode: 'FALL' });
    expect(await offered(member)).not.toContain(ALPHA.newsletter);
    expect(await offered()).toContain(ALPHA.newsletter);

    const out = await h.op('unsubscribeSiteUserNewsletter', { newsletterId: ALPHA.newsletter }, member);
    expect(out.data.unsubscribeSiteUserNewsletter).toMatchObject({ error: false, message: SUBSCRIBE_TEXTS.optOutSuccess });
    expect(await status('alpha', 'member@example.com', ALPHA.newsletter)).toBe('unsubscribed');
    expect(await offered(member)).toContain(ALPHA.newsletter);
  });
});

describe('newsletter items', () => {
  let itemId = 0;
  it('are created, read, updated and deleted by template managers, with history and a change event', async () => {
    const created = await h.op('createNewsletterItem', { input: { title: 'Weekly <b>Wrap</b>', description: '<p>Fridays</p>', showInSubscribeBlock: true } }, { as: 'alphaAdmin' });
    expect(created.data.createNewsletterItem).toMatchObject({ title: 'Weekly <b>Wrap</b>', showInSubscribeBlock: true });
    itemId = created.data.createNewsletterItem.id;
    expect(h.changes.at(-1)).toEqual({ tenantKey: 'alpha', change: { entity: 'newsletter', action: 'create', ids: [`item:${itemId}`] } });
    expect((await h.op('offeredNewsletters')).data.offeredNewsletters).toContainEqual({ id: itemId, title: 'Weekly Wrap', description: 'Fridays' });

    const updated = await h.op('updateNewsletterItem', { id: itemId, input: { showInSubscribeBlock: false } }, { as: 'alphaAdmin' });
    expect(updated.data.updateNewsletterItem).toMatchObject({ title: 'Weekly <b>Wrap</b>', showInSubscribeBlock: false });
    expect((await h.op('offeredNewsletters')).data.offeredNewsletters.map((n: any) => n.id)).not.toContain(itemId);
    expect((await h.op('getNewsletterItems', {}, asBasic())).data.getNewsletterItems.map((n: any) => n.id)).toEqual(expect.arrayContaining([ALPHA.newsletter, itemId]));
    const [hist] = await h.store.all<{ action: string; changes: string }>("select action, changes from history where entity_type = 'newsletterItem' and entity_id = ? order by id desc", [String(itemId)]);
    expect(hist?.action).toBe('update');
    expect(JSON.parse(hist!.changes)).toEqual({ showInSubscribeBlock: { from: true, to: false } });
  });

  it('refuse staff without the permission, other tenants by header and by id, and bad input', async () => {
    expect(code(await h.op('createNewsletterItem', { input: { title: 'X' } }))).toBe('UNAUTHENTICATED');
    expect(code(await h.op('createNewsletterItem', { input: { title: 'X' } }, { as: 'alphaEditor' }))).toBe('FORBIDDEN');
    expect(code(await h.op('createNewsletterItem', { input: { title: 'X' } }, asBasic()))).toBe('FORBIDDEN');
    expect(code(await h.op('getNewsletterItems', {}, { as: 'alphaEditor' }))).toBe('FORBIDDEN');
    expect(code(await h.op('createNewsletterItem', { input: { title: 'X' } }, { as: 'alphaAdmin', tenant: 'beta' }))).toBe('FORBIDDEN');
    expect(code(await h.op('updateNewsletterItem', { id: BETA.newsletter, input: { title: 'Hijacked' } }, { as: 'alphaAdmin' }))).toBe('NOT_FOUND');
    expect(code(await h.op('deleteNewsletterItem', { id: BETA.newsletter }, { as: 'alphaAdmin' }))).toBe('NOT_FOUND');
    expect(code(await h.op('getNewsletterItem', { id: BETA.newsletter }, { as: 'alphaAdmin' }))).toBe('NOT_FOUND');
    expect((await h.op('getNewsletterItem', { id: BETA.newsletter }, { as: 'admin', tenant: 'beta' })).data.getNewsletterItem.title).toBe('Daily');
    await refused('title', () => h.op('createNewsletterItem', { input: { title: '   ' } }, { as: 'alphaAdmin' }), /Field is required/);
    await refused('description', () => h.op('updateNewsletterItem', { id: itemId, input: { description: 'd'.repeat(2001) } }, { as: 'alphaAdmin' }));
  });

  it('cannot be deleted while subscribed to or sent by a template', async () => {
    const r = await h.op('deleteNewsletterItem', { id: ALPHA.newsletter }, { as: 'alphaAdmin' });
    expect(r.error?.extensions.code).toBe('CONFLICT');
    expect(r.error?.message).toMatch(/subscriber/);
    expect((await h.op('deleteNewsletterItem', { id: itemId }, { as: 'alphaAdmin' })).data.deleteNewsletterItem).toEqual({ ok: true });
    expect(code(await h.op('getNewsletterItem', { id: itemId }, { as: 'alphaAdmin' }))).toBe('NOT_FOUND');
  });
});

describe('newsletter templates', () => {
  it('are created with the spec\u2019s defaults and read back', async () => {
    const r = await h.op('createNewsletterTemplate', { input: TEMPLATE }, { as: 'alphaAdmin' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    ids.template = r.data.createNewsletterTemplate.id;
    expect(r.data.createNewsletterTemplate).toMatchObject({
      name: 'Alpha Daily', status: 1, newsletterId: ALPHA.newsletter,
      styles: { width: 750, bodyBackgroundColor: '#efefef', contentBackgroundColor: '#ffffff', linkColor: '#0b3d91' },
      gridTitleStyles: { borderTopSize: 0, borderBottomSize: 2 },
      footer: { textAlignment: 'center', imageBar: { imageWidth: 120 }, informationLinks: { privacyPolicyLink: '/privacy-policy' } },
      defaultTesters: [{ emailAddress: 'ada@alpha.example' }, { emailAddress: 'bo@alpha.example' }],
    });
    const minimal = await h.op('createNewsletterTemplate', { input: { name: 'Dormant', status: 0, footer: { subscriptions: { unsubscribeLink: '/unsubscribe' } } } }, { as: 'alphaAdmin' });
    ids.inactiveTemplate = minimal.data.createNewsletterTemplate.id;
    expect(minimal.data.createNewsletterTemplate.styles.width).toBe(700);
    expect((await h.op('getNewsletterTemplate', { id: ids.template }, asBasic())).data.getNewsletterTemplate.name).toBe('Alpha Daily');
    const beta = await h.op('createNewsletterTemplate', { input: { ...TEMPLATE, name: 'Beta Daily', newsletterId: BETA.newsletter } }, { as: 'admin', tenant: 'beta' });
    ids.betaTemplate = beta.data.createNewsletterTemplate.id;
  });

  it('offers only status-1 templates in selections unless asked for every status', async () => {
    const names = async (input: Record<string, unknown>) => (await h.op('getNewsletterTemplateStream', { input }, { as: 'alphaAdmin' })).data.getNewsletterTemplateStream.edges.map((e: any) => e.node.name);
    expect(await names({})).toEqual(['Alpha Daily']);
    expect(await names({ status: 0 })).toEqual(['Dormant']);
    expect(await names({ anyStatus: true })).toEqual(['Alpha Daily', 'Dormant']);
    expect(code(await h.op('getNewsletterTemplateStream', { input: { status: 3 } }, { as: 'alphaAdmin' }))).toBe('BAD_USER_INPUT');
  });

  it('update only the fields given, at any depth; basic editors cannot change who gets the mail', async () => {
    const r = await h.op('updateNewsletterTemplate', { id: ids.template, input: { styles: { width: 800 }, header: { tagLine: 'Weekdays at 6' } } }, asBasic());
    expect(r.data.updateNewsletterTemplate).toMatchObject({ styles: { width: 800, linkColor: '#0b3d91' }, header: { tagLine: 'Weekdays at 6', headerStyle: 3 } });
    expect(h.changes.at(-1)?.change).toEqual({ entity: 'newsletter', action: 'update', ids: [`template:${ids.template}`] });
    const before = await counts();
    for (const input of [{ deploymentSettings: { defaultFrom: 'evil@example.com' } }, { newsletterId: null }, { defaultTesters: [] }]) {
      expect(code(await h.op('updateNewsletterTemplate', { id: ids.template, input }, asBasic())), JSON.stringify(input)).toBe('FORBIDDEN');
    }
    expect(code(await h.op('createNewsletterTemplate', { input: TEMPLATE }, asBasic()))).toBe('FORBIDDEN');
    expect(code(await h.op('deleteNewsletterTemplate', { id: ids.inactiveTemplate }, asBasic()))).toBe('FORBIDDEN');
    expect(await counts()).toEqual(before);
    const full = await h.op('updateNewsletterTemplate', { id: ids.template, input: { deploymentSettings: { defaultSubject: 'Alpha Daily briefing' } } }, { as: 'alphaAdmin' });
    expect(full.data.updateNewsletterTemplate.deploymentSettings).toMatchObject({ defaultSubject: 'Alpha Daily briefing', defaultFrom: 'Alpha News <news@alpha.example>' });
  });

  it('refuse other tenants by header and by id, and name the field of bad input', async () => {
    expect(code(await h.op('getNewsletterTemplate', { id: ids.template }, { as: 'alphaEditor' }))).toBe('FORBIDDEN');
    expect(code(await h.op('getNewsletterTemplate', { id: ids.template }, { as: 'alphaAdmin', tenant: 'beta' }))).toBe('FORBIDDEN');
    expect(code(await h.op('getNewsletterTemplate', { id: ids.betaTemplate }, { as: 'alphaAdmin' }))).toBe('NOT_FOUND');
    expect(code(await h.op('updateNewsletterTemplate', { id: ids.betaTemplate, input: { name: 'Mine' } }, { as: 'alphaAdmin' }))).toBe('NOT_FOUND');
    expect(code(await h.op('deleteNewsletterTemplate', { id: ids.betaTemplate }, { as: 'alphaAdmin' }))).toBe('NOT_FOUND');
    expect((await h.op('getNewsletterTemplate', { id: ids.betaTemplate }, { as: 'admin', tenant: 'beta' })).data.getNewsletterTemplate.name).toBe('Beta Daily');
    await refused('newsletterId', () => h.op('createNewsletterTemplate', { input: { ...TEMPLATE, newsletterId: BETA.newsletter } }, { as: 'alphaAdmin' }), /Unknown newsletter 250/);
    await refused('newsletterId', () => h.op('updateNewsletterTemplate', { id: ids.template, input: { newsletterId: BETA.newsletter } }, { as: 'alphaAdmin' }));
    await refused('styles.width', () => h.op('updateNewsletterTemplate', { id: ids.template, input: { styles: { width: 720 } } }, { as: 'alphaAdmin' }));
    await refused('gridTitleStyles.borderTopSize', () => h.op('updateNewsletterTemplate', { id: ids.template, input: { gridTitleStyles: { borderTopSize: 16 } } }, { as: 'alphaAdmin' }), /0 to 15px/);
    await refused('footer', () => h.op('createNewsletterTemplate', { input: { name: 'No footer' } }, { as: 'alphaAdmin' }), /Field is required/);
    await refused('defaultTesters[0].emailAddress', () => h.op('updateNewsletterTemplate', { id: ids.template, input: { defaultTesters: [{ firstName: 'A', lastName: 'B', emailAddress: 'nope' }] } }, { as: 'alphaAdmin' }));
  });
});

describe('newsletter campaigns', () => {
  it('are created with their grid, listed newest first (20 by default) and rendered for the live preview', async () => {
    const r = await h.op('createNewsletterCampaign', { input: campaignInput(ids.template) }, asBasic());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    ids.campaign = r.data.createNewsletterCampaign.id;
    expect(r.data.createNewsletterCampaign).toMatchObject({ templateId: ids.template, audienceStatus: 'Draft', listed: false, deploymentDate: '2026-10-20T15:00:00.000Z', sends: [] });
    expect(h.changes.at(-1)?.change).toEqual({ entity: 'newsletter', action: 'create', ids: [`campaign:${ids.campaign}`], paths: [`/newsletter/${ids.campaign}`, `/latest-newsletter/${ids.template}`] });

    await h.store.transaction(async (tx) => {
      for (let i = 0; i < 21; i++) await upsertNewsletterCampaign(tx, 9000 + i, 'alpha', newsletterCampaignSchema.parse({ ...campaignInput(ids.template), name: `Back issue ${i}`, deploymentDate: Date.parse('2026-01-01') + i * 86_400_000 }));
    });
    const page = (await h.op('getNewsletterCampaignStream', {}, { as: 'alphaAdmin' })).data.getNewsletterCampaignStream;
    expect(page.edges).toHaveLength(20);
    expect(page.totalCount).toBe(22);
    expect(page.edges[0].node.id).toBe(ids.campaign);
    expect((await h.op('getNewsletterCampaignStream', { input: { listedOnly: true } }, { as: 'alphaAdmin' })).data.getNewsletterCampaignStream.totalCount).toBe(0);

    const before = await counts();
    const preview = await h.op('renderNewsletterCampaignPreview', { id: ids.campaign, input: { subject: 'Edited, not saved' } }, asBasic());
    expect(preview.data.renderNewsletterCampaignPreview.subject).toBe('Edited, not saved');
    const $ = load(preview.data.renderNewsletterCampaignPreview.html);
    expect($('.nl-block-content_list').length).toBeGreaterThanOrEqual(2);
    expect($('a').toArray().map((a) => a.attribs.href)).toContain('https://alpha.localhost/markets/ocean-freight/10010009/carriers-adjust-capacity-on-lane-9');
    expect(preview.data.renderNewsletterCampaignPreview.text).toContain('Top Stories');
    const fresh = await h.op('renderNewsletterCampaignPreview', { input: campaignInput(ids.template, { name: 'Unsaved' }) }, { as: 'alphaAdmin' });
    expect(fresh.data.renderNewsletterCampaignPreview.html).toContain('<!doctype html>');
    expect(await counts()).toEqual(before);
    expect((await h.op('getNewsletterCampaign', { id: ids.campaign }, { as: 'alphaAdmin' })).data.getNewsletterCampaign.subject).toBe('');
  });

  it('update the fields given; staff move the status between Draft and Scheduled only', async () => {
    const r = await h.op('updateNewsletterCampaign', { id: ids.campaign, input: { subject: 'Rates turn', audienceStatus: 'Scheduled' } }, asBasic());
    expect(r.data.updateNewsletterCampaign).toMatchObject({ subject: 'Rates turn', audienceStatus: 'Scheduled', name: 'Alpha Daily — Oct. 20' });
    await refused('audienceStatus', () => h.op('updateNewsletterCampaign', { id: ids.campaign, input: { audienceStatus: 'Sent' } }, asBasic()), /Draft or Scheduled/);
    await refused('audienceStatus', () => h.op('createNewsletterCampaign', { input: campaignInput(ids.template, { audienceStatus: 'Sending' }) }, asBasic()));
  });

  it('refuse other tenants by header and by id, references outside the tenant, and bad grids', async () => {
    const beta = await h.op('createNewsletterCampaign', { input: { templateId: ids.betaTemplate, name: 'Beta issue', grid: { rows: [] } } }, { as: 'admin', tenant: 'beta' });
    ids.betaCampaign = beta.data.createNewsletterCampaign.id;
    expect(code(await h.op('createNewsletterCampaign', { input: campaignInput(ids.template) }, { as: 'alphaEditor' }))).toBe('FORBIDDEN');
    expect(code(await h.op('getNewsletterCampaign', { id: ids.campaign }, { as: 'alphaAdmin', tenant: 'beta' }))).toBe('FORBIDDEN');
    expect(code(await h.op('getNewsletterCampaign', { id: ids.betaCampaign }, { as: 'alphaAdmin' }))).toBe('NOT_FOUND');
    expect(code(await h.op('updateNewsletterCampaign', { id: ids.betaCampaign, input: { name: 'Mine' } }, { as: 'alphaAdmin' }))).toBe('NOT_FOUND');
    expect(code(await h.op('deleteNewsletterCampaign', { id: ids.betaCampaign }, { as: 'alphaAdmin' }))).toBe('NOT_FOUND');
    expect(code(await h.op('renderNewsletterCampaignPreview', { id: ids.betaCampaign }, { as: 'alphaAdmin' }))).toBe('NOT_FOUND');
    expect(code(await h.op('renderNewsletterCampaignPreview', { id: ids.campaign }, { as: 'alphaEditor' }))).toBe('FORBIDDEN');
    expect((await h.op('getNewsletterCampaign', { id: ids.betaCampaign }, { as: 'admin', tenant: 'beta' })).data.getNewsletterCampaign.name).toBe('Beta issue');

    const block = (data: Record<string, unknown>, type = 'content_list') => ({ grid: { rows: [{ columns: [{ blocks: [{ type, data }] }] }] } });
    const at = 'grid.rows[0].columns[0].blocks[0].data';
    const create = (extra: Record<string, unknown>) => () => h.op('createNewsletterCampaign', { input: campaignInput(ids.template, extra) }, { as: 'alphaAdmin' });
    await refused('templateId', create({ templateId: ids.betaTemplate }), /Unknown newsletter template/);
    await refused('templateId', create({ templateId: ids.inactiveTemplate }), /inactive/);
    await refused(`${at}.section`, create(block({ population_mode: 'automatic', section: BETA.section })), /Unknown section 203/);
    await refused(`${at}.contentIds[1]`, create(block({ contentIds: [ALPHA.item, BETA.item] })), /Unknown content/);
    await refused(`${at}.contacts[0]`, create(block({ contacts: [ALPHA.item] }, 'contacts')), /not a Contact/);
    await refused(`${at}.publicationId`, create(block({ publicationId: 999, displayMode: 'image_only' }, 'issue')), /Unknown publication/);
    await refused(`${at}.teaserLength`, create(block({ contentIds: [ALPHA.item], teaserLength: 40 })), /50 to 600/);
    await refused('grid.rows[0].columns', create({ grid: { rows: [{ settings: { layout: '1_1' }, columns: [{ blocks: [] }] }] } }));
    await refused('name', create({ name: '' }), /Field is required/);
    await refused(`${at}.section`, () => h.op('updateNewsletterCampaign', { id: ids.campaign, input: block({ population_mode: 'automatic', section: BETA.section }) }, { as: 'alphaAdmin' }));
    await refused(`${at}.section`, () => h.op('renderNewsletterCampaignPreview', { id: ids.campaign, input: block({ population_mode: 'automatic', section: BETA.section }) }, { as: 'alphaAdmin' }));
  });
});

describe('deleting templates and campaigns', () => {
  it('deletes a campaign (not while it is being sent) and an unused template, with history and change events', async () => {
    const scratch = (await h.op('createNewsletterCampaign', { input: campaignInput(ids.template, { name: 'Scratch' }) }, { as: 'alphaAdmin' })).data.createNewsletterCampaign.id;
    await setCampaignStatus(h.store.db, 'alpha', scratch, 'Sending');
    expect(code(await h.op('deleteNewsletterCampaign', { id: scratch }, asBasic()))).toBe('CONFLICT');
    expect(code(await h.op('updateNewsletterCampaign', { id: scratch, input: { name: 'Edit' } }, asBasic()))).toBe('CONFLICT');
    await setCampaignStatus(h.store.db, 'alpha', scratch, 'Draft');
    expect((await h.op('deleteNewsletterCampaign', { id: scratch }, asBasic())).data.deleteNewsletterCampaign).toEqual({ ok: true });
    expect(h.changes.at(-1)?.change).toEqual({ entity: 'newsletter', action: 'delete', ids: [`campaign:${scratch}`], paths: [`/newsletter/${scratch}`, `/latest-newsletter/${ids.template}`] });
    expect(code(await h.op('getNewsletterCampaign', { id: scratch }, asBasic()))).toBe('NOT_FOUND');

    expect((await h.op('deleteNewsletterTemplate', { id: ids.inactiveTemplate }, { as: 'alphaAdmin' })).data.deleteNewsletterTemplate).toEqual({ ok: true });
    expect(code(await h.op('getNewsletterTemplate', { id: ids.inactiveTemplate }, { as: 'alphaAdmin' }))).toBe('NOT_FOUND');
    const rows = await h.store.all<{ entity_type: string; action: string }>(
      "select entity_type, action from history where entity_id in (?, ?) and entity_type in ('newsletterCampaign', 'newsletterTemplate') order by id", [String(scratch), String(ids.inactiveTemplate)]);
    expect(rows.filter((r) => r.action === 'delete').map((r) => r.entity_type).sort()).toEqual(['newsletterCampaign', 'newsletterTemplate']);
    expect(code(await h.op('deleteNewsletterTemplate', { id: ids.template }, { as: 'alphaAdmin' }))).toBe('CONFLICT');
  });
});

describe('newsletter ads', () => {
  const ad = () => ({
    title: 'Leader', company: { name: 'Acme Freight' }, companySource: 'new', placement: 'leaderboard-600x100', url: 'https://ads.example/leader',
    image: '/images/alpha/ship.svg', priority: 5, schedules: [{ newsletterTemplateId: ids.template, startDate: '2026-10-01', endDate: '2026-10-19', position: 1 }],
  });
  let adId = 0;
  it('are created with schedules bounded by the Central-time business day, and fill the campaign\u2019s slot', async () => {
    const r = await h.op('createNewsletterAd', { input: ad() }, asBasic());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    adId = r.data.createNewsletterAd.id;
    expect(r.data.createNewsletterAd).toMatchObject({ label: 'Advertisement', adCategory: 'Advertising', priority: 5, companySource: 'new' });
    expect(r.data.createNewsletterAd.schedules).toEqual([{
      newsletterTemplateId: ids.template, startDate: '2026-10-01T05:00:00.000Z', endDate: '2026-10-20T04:59:59.999Z', startDay: '2026-10-01', endDay: '2026-10-19', position: 1, orderId: null, lineItemId: null,
    }]);
    expect(h.changes.at(-1)?.change).toEqual({ entity: 'newsletter', action: 'create', ids: [`ad:${adId}`] });
    const preview = async () => load((await h.op('renderNewsletterCampaignPreview', { id: ids.campaign }, { as: 'alphaAdmin' })).data.renderNewsletterCampaignPreview.html)('a').toArray().map((a) => a.attribs.href);
    expect(await preview()).not.toContain('https://ads.example/leader');
    const upd = await h.op('updateNewsletterAd', { id: adId, input: { schedules: [{ ...ad().schedules[0], endDate: '2026-10-20' }] } }, asBasic());
    expect(upd.data.updateNewsletterAd.schedules[0].endDay).toBe('2026-10-20');
    expect(await preview()).toContain('https://ads.example/leader');
    const list = (await h.op('getNewsletterAdStream', {}, asBasic())).data.getNewsletterAdStream;
    expect(list.edges.map((e: any) => e.node.id)).toEqual([adId]);
  });

  it('refuse staff without manage_newsletter_ads, other tenants, foreign references and bad input', async () => {
    const beta = await h.op('createNewsletterAd', { input: { ...ad(), schedules: [{ ...ad().schedules[0], newsletterTemplateId: ids.betaTemplate }] } }, { as: 'admin', tenant: 'beta' });
    ids.betaAd = beta.data.createNewsletterAd.id;
    expect(code(await h.op('createNewsletterAd', { input: ad() }, { as: 'alphaEditor' }))).toBe('FORBIDDEN');
    expect(code(await h.op('getNewsletterAdStream', {}, { as: 'alphaViewer' }))).toBe('FORBIDDEN');
    expect(code(await h.op('getNewsletterAd', { id: adId }, { as: 'alphaAdmin', tenant: 'beta' }))).toBe('FORBIDDEN');
    expect(code(await h.op('getNewsletterAd', { id: ids.betaAd }, { as: 'alphaAdmin' }))).toBe('NOT_FOUND');
    expect(code(await h.op('updateNewsletterAd', { id: ids.betaAd, input: { title: 'Mine' } }, { as: 'alphaAdmin' }))).toBe('NOT_FOUND');
    expect(code(await h.op('deleteNewsletterAd', { id: ids.betaAd }, { as: 'alphaAdmin' }))).toBe('NOT_FOUND');
    expect((await h.op('getNewsletterAd', { id: ids.betaAd }, { as: 'admin', tenant: 'beta' })).data.getNewsletterAd.schedules).toHaveLength(1);

    const create = (patch: Record<string, unknown>) => () => h.op('createNewsletterAd', { input: { ...ad(), ...patch } }, { as: 'alphaAdmin' });
    const sched = (s: Record<string, unknown>) => ({ schedules: [{ ...ad().schedules[0], ...s }] });
    await refused('schedules[0].newsletterTemplateId', create(sched({ newsletterTemplateId: ids.betaTemplate })), /Unknown newsletter template/);
    await refused('schedules[0].position', create(sched({ position: 101 })), /1 to 100/);
    await refused('schedules[0].endDate', create(sched({ endDate: '2026-09-30' })), /before startDate/);
    await refused('schedules[0].startDate', create(sched({ startDate: '2026-02-30' })));
    await refused('company.id', create({ companySource: 'existing', company: { id: BETA.item, name: 'Beta Co' } }), /Unknown content/);
    await refused('company.id', create({ companySource: 'existing', company: { id: ALPHA.item, name: 'Not a company' } }), /not a Company/);
    await refused('image', create({ image: null }), /Field is required/);
    await refused('priority', create({ priority: 7 }));
    await refused('url', () => h.op('updateNewsletterAd', { id: adId, input: { url: 'javascript:alert(1)' } }, { as: 'alphaAdmin' }));
  });

  it('store media library references for the header image and the ad image and logo: the tenant\u2019s images only, null clears', async () => {
    const ALPHA_IMAGE = 120;
    const BETA_IMAGE = 220;
    await refused('header.imageAssetId', () => h.op('updateNewsletterTemplate', { id: ids.template, input: { header: { imageAssetId: BETA_IMAGE } } }, { as: 'alphaAdmin' }), /Unknown image asset 220/);
    await refused('imageAssetId', () => h.op('updateNewsletterAd', { id: adId, input: { imageAssetId: BETA_IMAGE } }, { as: 'alphaAdmin' }), /Unknown image asset 220/);
    await refused('logoAssetId', () => h.op('createNewsletterAd', { input: { ...ad(), logoAssetId: 999_999 } }, { as: 'alphaAdmin' }), /Unknown image asset/);
    const tpl = await h.op('updateNewsletterTemplate', { id: ids.template, input: { header: { imageAssetId: ALPHA_IMAGE } } }, { as: 'alphaAdmin' });
    expect(tpl.data.updateNewsletterTemplate.header.imageAssetId).toBe(ALPHA_IMAGE);
    const cleared = await h.op('updateNewsletterTemplate', { id: ids.template, input: { header: { imageAssetId: null } } }, { as: 'alphaAdmin' });
    expect(cleared.data.updateNewsletterTemplate.header.imageAssetId).toBeUndefined();
    // A display ad needs an image: a library image will do instead of an address.
    const upd = await h.op('updateNewsletterAd', { id: adId, input: { image: null, imageAssetId: ALPHA_IMAGE, logoAssetId: ALPHA_IMAGE } }, { as: 'alphaAdmin' });
    expect(upd.data.updateNewsletterAd).toMatchObject({ image: null, imageAssetId: ALPHA_IMAGE, logoAssetId: ALPHA_IMAGE });
    const back = await h.op('updateNewsletterAd', { id: adId, input: { image: ad().image, imageAssetId: null, logoAssetId: null } }, { as: 'alphaAdmin' });
    expect(back.data.updateNewsletterAd).toMatchObject({ image: ad().image, imageAssetId: null, logoAssetId: null });
  });

  it('are deleted with their schedules', async () => {
    const extra = await h.op('createNewsletterAd', { input: { ...ad(), title: 'Short run' } }, asBasic());
    const id = extra.data.createNewsletterAd.id;
    expect((await h.op('deleteNewsletterAd', { id }, asBasic())).data.deleteNewsletterAd).toEqual({ ok: true });
    expect(code(await h.op('getNewsletterAd', { id }, asBasic()))).toBe('NOT_FOUND');
    const [row] = await h.store.all<{ n: number }>('select count(*) as n from newsletter_ad_schedules where ad_id = ?', [id]);
    expect(Number(row?.n)).toBe(0);
  });
});
