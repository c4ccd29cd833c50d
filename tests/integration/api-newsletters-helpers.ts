// Set-up of the newsletter API tests: the API harness (tenants alpha and beta) with a real
// in-process SMTP server behind the mailer, a newsletter editor of alpha (role newsletter_editor:
// the basic template permission, campaigns and ads), and helpers for refused writes and anonymous
// subscribes from distinct client addresses.
import { expect } from 'vitest';
import { hashPassword } from '../../engine/auth/passwords';
import { createMailer, type Mailer } from '../../engine/mail/mailer';
import { startTestSmtpServer, type TestSmtpServer } from '../../engine/mail/testing';
import { insertCmsUser } from '../../engine/store/queries/cms-users';
import { subscriptionsOfEmail } from '../../engine/store/queries/newsletters';
import { issueTokens } from '../../engine/services/auth/sessions';
import { startApi, type GqlResponse, type Harness, type RequestOpts } from './api-harness';

export { TEMPLATE } from './newsletter-helpers';
export const SECRET = 'api-newsletter-test-secret-0123456789';
export const ALPHA = { newsletter: 150, section: 103, item: 10_010_002 } as const;
export const BETA = { newsletter: 250, section: 203, item: 10_020_001 } as const;
export const AT = '2026-10-20T15:00:00Z';
const TABLES = ['newsletters', 'newsletter_templates', 'newsletter_campaigns', 'newsletter_ads', 'newsletter_ad_schedules', 'newsletter_subscriptions', 'site_user_newsletters', 'newsletter_sends', 'history'];
export const BASIC_EDITOR_ID = 40;

export const GRID = {
  rows: [
    { settings: { title: 'Top Stories' }, columns: [{ blocks: [{ type: 'content_list', data: { population_mode: 'automatic', section: ALPHA.section, numberOfItems: 2 } }] }] },
    { settings: { layout: '1_1' }, columns: [
      { blocks: [{ type: 'content_list_new', data: { population_mode: 'manual', contentIds: [ALPHA.item] } }] },
      { blocks: [{ type: 'html', data: { html: '<p>Editor\u2019s note</p>' } }] },
    ] },
    { columns: [{ blocks: [{ type: 'fixed_ad', data: { position: 1 } }] }] },
  ],
};
export const campaignInput = (templateId: number, extra: Record<string, unknown> = {}) =>
  ({ templateId, name: 'Alpha Daily — Oct. 20', deploymentDate: AT, grid: GRID, ...extra });

export const code = (r: GqlResponse) => r.error?.extensions.code;

export interface AnonReply { status: number; headers: Record<string, unknown>; body: any }

export interface NewsletterApi {
  h: Harness;
  smtp: TestSmtpServer;
  mailer: Mailer;
  /** Request options of the alpha newsletter editor. */
  basic: RequestOpts;
  /** Row counts of the newsletter tables and history. */
  counts(): Promise<Record<string, number>>;
  /** Runs `run` expecting BAD_USER_INPUT on `field`, and checks nothing was written and no change was announced. */
  refused(field: string, run: () => Promise<GqlResponse>, message?: string | RegExp): Promise<GqlResponse>;
  /** subscribeAnonymousCustomer from a fresh client address (or `ip`). */
  anon(variables: Record<string, unknown>, opts?: { ip?: string; tenant?: string }): Promise<AnonReply>;
  /** The subscription status of an address, or undefined when it has none. */
  status(tenant: string, email: string, newsletterId: number): Promise<string | undefined>;
  close(): Promise<void>;
}

export async function startNewsletterApi(): Promise<NewsletterApi> {
  const smtp = await startTestSmtpServer();
  const mailer = createMailer({ transport: 'smtp', url: smtp.url, defaultFrom: 'Masthead <mail@masthead.test>' });
  const h = await startApi({ newsletters: { mailer, unsubscribeSecret: SECRET, ratePerSecond: 200 } });
  await insertCmsUser(h.store.db, {
    id: BASIC_EDITOR_ID, username: 'alpha.newsletters', email: 'nl@alpha.example', firstName: 'Nell', lastName: 'Letter', role: 'newsletter_editor',
    extraPermissions: [], status: 1, isGlobal: false, tenants: ['alpha'],
  }, await hashPassword('newsletter editor password'));
  const basicToken = (await issueTokens(h.store.db, h.app.api.services, BASIC_EDITOR_ID)).bearerToken;
  let ipSeq = 0;
  const api: NewsletterApi = {
    h, smtp, mailer,
    basic: { headers: { authorization: `Bearer ${basicToken}` } },
    async counts() {
      const out: Record<string, number> = {};
      for (const t of TABLES) out[t] = await h.count(t);
      return out;
    },
    async refused(field, run, message) {
      const before = await api.counts();
      const changes = h.changes.length;
      const r = await run();
      expect(r.error?.extensions, JSON.stringify(r.body)).toMatchObject({ code: 'BAD_USER_INPUT', field });
      if (message) expect(r.error!.message).toMatch(message);
      expect(await api.counts()).toEqual(before);
      expect(h.changes.length).toBe(changes);
      return r;
    },
    async anon(variables, opts = {}) {
      ipSeq += 1;
      const r = await h.app.inject({
        method: 'POST', url: '/graphql', remoteAddress: opts.ip ?? `10.1.${ipSeq >> 8}.${ipSeq & 255}`,
        headers: { 'x-tenant-key': opts.tenant ?? 'alpha' },
        payload: { query: h.app.api.registry.byName.get('subscribeAnonymousCustomer')!.text, variables },
      });
      return { status: r.statusCode, headers: r.headers, body: r.json() };
    },
    async status(tenant, email, newsletterId) {
      return (await subscriptionsOfEmail(h.store.db, tenant, email)).find((s) => s.newsletterId === newsletterId)?.status;
    },
    async close() {
      await h.close();
      await mailer.close();
      await smtp.close();
    },
  };
  return api;
}
