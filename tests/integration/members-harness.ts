// Set-up of the member integration tests: two tenants (alpha with metering on, beta), gated items
// of every kind in alpha, the staff users of api-harness, a mail outbox (or a real SMTP mailer),
// members created directly with one shared hash, and a cookie-keeping "browser" per reader.
import { hashPassword } from '../../engine/auth/passwords';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { insertCmsUser } from '../../engine/store/queries/cms-users';
import { grantMembership, insertSiteUser } from '../../engine/store/queries/members';
import type { MailMessage } from '../../engine/mail';
import { issueTokens } from '../../engine/services/auth/sessions';
import { buildApp, type BuildAppOptions } from '../../api/app';
import type { MemberOptions } from '../../engine/services/kernel/member-options';
import { PASSWORD, USERS, type UserKey } from './api-harness';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { googlebotDns } from '../helpers/fake-dns';
import { appRoleUrlSync, TEST_PG_AS_APP_ROLE } from '../helpers/pg';

export { PASSWORD, USERS };
export const MEMBER_PASSWORD = 'member password 1';

/** Alpha's content ids by role (tenantFixture('alpha', 100): ids 10010001–10010012; 12 is a draft). */
export const ITEMS = {
  proOnly: 10010002,
  registration: 10010003,
  survey: 10010005,
  /** Articles with no gate, in metered sections. */
  open: [10010006, 10010008, 10010009, 10010011],
  /** A News item: News is exempt from the meter. */
  exemptNews: 10010004,
  draft: 10010012,
} as const;
export const ALPHA = { insider: 140, pro: 141, newsletter: 150, sections: { home: 101, markets: 102, ocean: 103, spot: 104 } } as const;
export const BETA = { insider: 240, firstItem: 10020001 } as const;

function alphaFixture() {
  const t = tenantFixture('alpha', 100);
  t.tenant.settings = {
    ...t.tenant.settings,
    memberships: {
      enabled: true,
      contentMetering: { enabled: true, numberOfFreeViews: 3, meteringPeriod: 30, exemptContentTypes: ['News'], exemptSectionIds: [] },
      contentMeteringFields: { text: '{viewsRemaining} of {allowedViews} free articles left until {expirationDate} ({views} read)' },
    },
  } as typeof t.tenant.settings;
  t.memberships = [
    { id: ALPHA.insider, title: 'Insider', alias: 'insider', isFree: true, requiredUserCommonFields: ['firstName', 'lastName', 'countryCode'] },
    { id: ALPHA.pro, title: 'Pro', alias: 'pro', isFree: false },
  ] as typeof t.memberships;
  t.content = t.content.map((c) => {
    if (c.id === ITEMS.proOnly) return { ...c, membershipIds: [ALPHA.pro], body: '<p>PRO-ONLY BODY</p>' };
    if (c.id === ITEMS.registration) return { ...c, userRegistrationRequired: true, body: '<p>REGISTERED BODY</p>' };
    if (c.id === ITEMS.survey) return { ...c, gating: { surveyType: 'omeda' }, body: '<p>SURVEY BODY</p>' };
    return c;
  }) as typeof t.content;
  return t;
}

export interface Browser {
  cookies: Map<string, string>;
  headers: Record<string, string>;
  /** The address the browser's requests come from (default: light-my-request's 127.0.0.1). */
  ip?: string;
}

export interface Reply {
  status: number;
  headers: Record<string, unknown>;
  cookies: { name: string; value: string; httpOnly?: boolean; sameSite?: string; expires?: Date; maxAge?: number; path?: string }[];
  body: { data?: Record<string, any> | null; errors?: { message: string; extensions: Record<string, any> }[] };
  data: Record<string, any>;
  error: { message: string; extensions: Record<string, any> } | undefined;
}

export interface CallOpts {
  tenant?: string;
  /** A staff user (authorization header). */
  as?: UserKey;
  /** A member token sent as x-site-user. */
  member?: string;
  /** A browser whose cookies are sent and updated. */
  browser?: Browser;
  headers?: Record<string, string>;
  /** The client address of this request (else the browser's). */
  ip?: string;
}

export interface MemberHarness {
  app: Awaited<ReturnType<typeof buildApp>>;
  store: Store;
  mails: MailMessage[];
  clock: { now: number };
  op(name: string, variables?: Record<string, unknown>, opts?: CallOpts): Promise<Reply>;
  gql(query: string, variables?: Record<string, unknown>, opts?: CallOpts): Promise<Reply>;
  browser(headers?: Record<string, string>, ip?: string): Browser;
  /** Creates an active member directly; returns its id. */
  member(email: string, o?: { tenant?: string; memberships?: number[]; status?: number; password?: string }): Promise<number>;
  /** Signs a member in; returns the token. */
  login(email: string, opts?: CallOpts): Promise<string>;
  waitForMails(n: number): Promise<MailMessage[]>;
  count(table: string): Promise<number>;
  close(): Promise<void>;
}

let sharedHash: Promise<string> | undefined;
let memberHash: Promise<string> | undefined;

export async function startMembers(options: Partial<BuildAppOptions> & { members?: MemberOptions } = {}): Promise<MemberHarness> {
  const store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, writeFixtureSet([alphaFixture(), tenantFixture('beta', 200)]));
  const hash = await (sharedHash ??= hashPassword(PASSWORD));
  for (const u of Object.values(USERS)) await insertCmsUser(store.db, { ...u, extraPermissions: [...u.extraPermissions], tenants: [...u.tenants] }, hash);
  const mails: MailMessage[] = [];
  const clock = { now: Date.parse('2026-11-01T12:00:00Z') };
  // As in api-harness: on PostgreSQL with MASTHEAD_TEST_PG_ROLE=app the app runs as the role row-level security holds to.
  const appStore = options.store ?? (TEST_PG_AS_APP_ROLE ? await openStore({ path: appRoleUrlSync(store.path), migrate: false }) : store);
  const app = await buildApp({
    store: appStore, now: () => clock.now,
    // Crawler verification answers from recorded DNS: only Google's example Googlebot address verifies.
    crawlers: { resolver: googlebotDns() },
    ...options,
    members: {
      mailer: { send: async (m) => { mails.push(m); } },
      siteUrl: (t) => `http://${t.domain}`,
      ...options.members,
    },
  });
  const staffTokens = new Map<UserKey, string>();
  const h: MemberHarness = {
    app, store, mails, clock,
    async gql(query, variables = {}, opts = {}) {
      const headers: Record<string, string> = { 'x-tenant-key': opts.tenant ?? 'alpha', ...(opts.browser?.headers ?? {}), ...(opts.headers ?? {}) };
      if (opts.as) {
        let t = staffTokens.get(opts.as);
        if (!t) { t = (await issueTokens(store.db, app.api.services, USERS[opts.as].id)).bearerToken; staffTokens.set(opts.as, t); }
        headers.authorization = `Bearer ${t}`;
      }
      if (opts.member) headers['x-site-user'] = `Bearer ${opts.member}`;
      if (opts.browser?.cookies.size) headers.cookie = [...opts.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const remoteAddress = opts.ip ?? opts.browser?.ip;
      const r = await app.inject({ method: 'POST', url: '/graphql', headers, payload: { query, variables }, ...(remoteAddress ? { remoteAddress } : {}) });
      const cookies = r.cookies as Reply['cookies'];
      if (opts.browser) {
        for (const c of cookies) {
          const gone = c.value === '' || (c.expires && c.expires.getTime() <= clock.now) || c.maxAge === 0;
          if (gone) opts.browser.cookies.delete(c.name);
          else opts.browser.cookies.set(c.name, c.value);
        }
      }
      const body = r.json();
      return { status: r.statusCode, headers: r.headers, cookies, body, data: body.data ?? {}, error: body.errors?.[0] };
    },
    op(name, variables, opts) {
      const doc = app.api.registry.byName.get(name);
      if (!doc) throw new Error(`no document ${name}`);
      return h.gql(doc.text, variables, opts);
    },
    browser: (headers = {}, ip) => ({ cookies: new Map(), headers: { 'sec-fetch-site': 'same-origin', 'user-agent': 'Mozilla/5.0 Firefox/140', ...headers }, ...(ip ? { ip } : {}) }),
    async member(email, o = {}) {
      const passwordHash = o.password ? await hashPassword(o.password) : await (memberHash ??= hashPassword(MEMBER_PASSWORD));
      const id = await insertSiteUser(store.db, { tenantKey: o.tenant ?? 'alpha', username: email, email, passwordHash, firstName: 'Test', lastName: 'Member', demographics: [] });
      for (const m of o.memberships ?? []) await grantMembership(store.db, id, m, null);
      if (o.status === 0) await store.run('update site_users set status = 0 where id = ?', [id]);
      return id;
    },
    async login(email, opts = {}) {
      const r = await h.op('loginSiteUser', { username: email, password: MEMBER_PASSWORD }, opts);
      if (r.status !== 200) throw new Error(`login ${email}: ${JSON.stringify(r.body)}`);
      return r.data.loginSiteUser.token;
    },
    async waitForMails(n) {
      for (let i = 0; i < 200 && mails.length < n; i++) await new Promise((ok) => setTimeout(ok, 5));
      if (mails.length < n) throw new Error(`expected ${n} mails, got ${mails.length}`);
      return mails;
    },
    async count(table) {
      const [row] = await store.all<{ n: number }>(`select count(*) as n from ${table}`);
      return Number(row?.n ?? 0);
    },
    async close() {
      await app.close();
      if (appStore !== store && appStore !== options.store) await appStore.close();
      await store.close();
    },
  };
  return h;
}

/** Row counts of every member table, to show a refused write changed nothing. */
export async function memberCounts(h: MemberHarness): Promise<Record<string, number>> {
  const tables = ['site_users', 'site_user_memberships', 'site_user_newsletters', 'site_user_favorites', 'site_user_tokens', 'site_user_sessions',
    'site_user_consents', 'site_user_demographic_texts', 'memberships', 'site_license_companies', 'site_license_ip_ranges', 'demographic_questions',
    'demographic_values', 'newsletter_subscriptions', 'history'];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = await h.count(t);
  return out;
}

/** The link (and its id) in a member mail's text part. */
export function linkIn(mail: { text?: string | undefined }): { url: URL; id: string } {
  const m = /(https?:\/\/\S+)/.exec(mail.text ?? '');
  if (!m) throw new Error(`no link in ${mail.text}`);
  const url = new URL(m[1]!);
  return { url, id: url.searchParams.get('id') ?? url.searchParams.get('reset') ?? url.searchParams.get('confirmUsername') ?? '' };
}
