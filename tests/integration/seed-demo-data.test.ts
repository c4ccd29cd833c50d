// Issue 35, demo data that shows the product: the demo set (fixtures/demo) seeds 30 days of reader
// traffic per brand (traffic.json, expanded by the seeded generator, stored as the event ingestion
// stores events, rolled up by the rollup job), so every analytics report has figures for the last 30
// days; and contracts, internal news with an alert, site users with memberships, IP licences,
// company updates and inquiries (the RMI report). A bad record of each new kind is named by file, record and field and writes nothing.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../engine/auth/passwords';
import { ASPIRE_NEWS_ALERT_WINDOW_MS } from '../../engine/domain/company';
import { validateEvent } from '../../engine/domain/events';
import { REPORT_DEFINITIONS, type Day } from '../../engine/domain/reports';
import { checkFixtures, seedFixtures } from '../../engine/fixtures/seed';
import { eventRow } from '../../engine/fixtures/traffic-write';
import { generateTrafficDay, trafficSchema, type TrafficModel } from '../../engine/fixtures/traffic';
import { openStore, type Store } from '../../engine/store/connection';
import { insertAspireNews, listAspireNews } from '../../engine/store/queries/aspire-news';
import { listCompanyUpdates } from '../../engine/store/queries/company-updates';
import { listContracts } from '../../engine/store/queries/contracts';
import { listSiteUsers, membershipsOfSiteUser } from '../../engine/store/queries/members';
import { runReportQuery } from '../../engine/store/queries/reports';
import { listLicenseCompanies } from '../../engine/store/queries/site-license';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { startApi, type Harness } from './api-harness';

const DEMO = 'fixtures/demo';
const BRANDS = ['freightwise', 'plantpulse', 'shelfline'];
const DAY_MS = 86_400_000;
/** The seed's time: fixed, so the content published in the window is the same on any run. */
const NOW = Date.parse('2026-11-29T15:30:00Z');
const TO = '2026-11-29' as Day;
const FROM = '2026-10-31' as Day;
const ANALYTICS = REPORT_DEFINITIONS.filter((r) => r.group === 'Analytics');
/** Summary figures that are rightly zero when the demo is busy (published items nobody read). */
const MAY_BE_ZERO = new Set(['unread']);

describe('the demo set', () => {
  let store: Store;
  let firstSeedMs = 0;
  beforeAll(async () => {
    store = await openStore({ path: tempDbPath() });
    const s = await seedFixtures(store, DEMO, undefined, { now: NOW });
    firstSeedMs = s.durationMs;
  }, 180_000);
  afterAll(async () => store?.close());

  it('has the 16 analytics reports, each with non-zero figures and rows for every brand over the last 30 days', async () => {
    expect(ANALYTICS).toHaveLength(16);
    const zeros: string[] = [];
    for (const report of ANALYTICS) {
      for (const tenant of BRANDS) {
        const data = await runReportQuery(store.db, report.id, { tenantKeys: [tenant], from: FROM, to: TO });
        for (const [k, v] of Object.entries(data.summary)) if (typeof v === 'number' && v <= 0 && !MAY_BE_ZERO.has(k)) zeros.push(`${report.id} ${tenant} ${k}`);
        if (!data.rows.length) zeros.push(`${report.id} ${tenant} rows`);
        const charted = data.series.reduce((sum, point) => sum + Object.entries(point).reduce((s, [k, v]) => s + (k !== 'day' && typeof v === 'number' ? v : 0), 0), 0);
        if (data.series.length && charted <= 0) zeros.push(`${report.id} ${tenant} series`);
      }
    }
    expect(zeros).toEqual([]);
  });

  it('has readers on every one of the 30 days, fewer at weekends, and some reading from a licensed network', async () => {
    for (const tenant of BRANDS) {
      const views = await runReportQuery(store.db, 'content-views', { tenantKeys: [tenant], from: FROM, to: TO });
      const perDay = views.series.map((p) => Number(p.views));
      expect(perDay).toHaveLength(30);
      expect(perDay.every((n) => n > 0), tenant).toBe(true);
      const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
      const full = views.series.slice(0, -1);
      const avg = (f: (d: number) => boolean) => { const xs = full.filter((p) => f(weekday(String(p.day)))).map((p) => Number(p.views)); return xs.reduce((a, b) => a + b, 0) / xs.length; };
      expect(avg((d) => d === 0 || d === 6)).toBeLessThan(avg((d) => d >= 1 && d <= 5) * 0.7);
    }
    // Nothing was stored after the seed's time.
    const [late] = await store.all<{ n: number }>('select count(*) as n from events where at >= ?', [NOW]);
    expect(Number(late!.n)).toBe(0);
  });

  it('has contracts (one approved, of a person), internal news with a current alert, site users with memberships, an IP licence and company updates', async () => {
    for (const tenant of BRANDS) {
      const contracts = (await listContracts(store.db, tenant, 0, 100)).rows;
      expect(contracts.length, tenant).toBeGreaterThanOrEqual(2);
      expect(contracts.some((c) => c.status === 'approved' && c.personId !== null && c.approvedAt !== null)).toBe(true);
      expect(contracts.some((c) => c.status === 'pending')).toBe(true);
      for (const c of contracts) expect(c.terms).toContain(c.contributorName);

      const users = (await listSiteUsers(store.db, { tenantKey: tenant, limit: 100, skip: 0 })).rows;
      expect(users.length).toBeGreaterThanOrEqual(3);
      const held = await Promise.all(users.map((u) => membershipsOfSiteUser(store.db, u.id, NOW)));
      expect(held.filter((h) => h.some((m) => m.active)).length).toBeGreaterThanOrEqual(2);

      const licences = (await listLicenseCompanies(store.db, { tenantKey: tenant, limit: 10, skip: 0 })).rows;
      expect(licences.length).toBeGreaterThanOrEqual(1);
      expect(licences[0]!.ranges.length).toBeGreaterThanOrEqual(1);

      const rmi = await runReportQuery(store.db, 'rmi', { tenantKeys: [tenant], from: FROM, to: TO });
      expect(Number(rmi.summary.inquiries)).toBeGreaterThanOrEqual(5);
      expect(Number(rmi.summary.items)).toBeGreaterThanOrEqual(3);

      const updates = (await listCompanyUpdates(store.db, tenant, 0, 10)).rows;
      expect(updates.map((u) => u.status).sort()).toEqual(['requested', 'submitted']);
      expect(updates.find((u) => u.status === 'submitted')!.proposed).toMatchObject({ website: expect.stringMatching(/^https:/) });
    }
    const alerts = await listAspireNews(store.db, { userId: null, skip: 0, limit: 10, hideRead: true, status: 1, alertsSince: NOW - ASPIRE_NEWS_ALERT_WINDOW_MS });
    expect(alerts.items.length).toBeGreaterThanOrEqual(1);
    const all = await listAspireNews(store.db, { userId: null, skip: 0, limit: 10, hideRead: false });
    expect(all.items.some((n) => n.status === 2)).toBe(true);
    // A demo reader can sign in on the site (README): only its hash is stored.
    const [reader] = await store.all<{ password_hash: string | null }>("select password_hash from site_users where email = 'reader@freightwise.example'");
    expect(reader?.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('demo-reader-2026', reader!.password_hash!)).toBe(true);
  });

  it('adds nothing when seeded again, and a later seed fills only the days it lacks', async () => {
    const count = async () => Number((await store.all<{ n: number }>('select count(*) as n from events'))[0]!.n);
    const oldDay = async () => store.all('select day, type, dim, key, events, visitors from event_rollups where day = ? and grain = ? order by type, dim, key', ['2026-11-10', 'day']);
    const before = await count();
    const rollupsBefore = await oldDay();
    const again = await seedFixtures(store, DEMO, undefined, { now: NOW });
    expect(again.records.trafficEvents ?? 0).toBe(0);
    expect(await count()).toBe(before);
    const later = await seedFixtures(store, DEMO, undefined, { now: NOW + 2 * DAY_MS });
    expect(later.records.trafficEvents).toBeGreaterThan(0);
    const days = await store.all<{ day: string }>('select distinct day from events where id > (select max(id) - ? from events) order by day', [later.records.trafficEvents!]);
    expect(days.map((d) => d.day)).toEqual(['2026-11-30', '2026-12-01']);
    expect(await oldDay()).toEqual(rollupsBefore);
    const views = await runReportQuery(store.db, 'content-views', { tenantKeys: ['shelfline'], from: '2026-11-30' as Day, to: '2026-12-01' as Day });
    expect(Number(views.summary.views)).toBeGreaterThan(0);
    // Measured, not asserted (the machine is shared): the seeding time, for the note.
    console.log(`demo seed with traffic: ${firstSeedMs} ms`);
  }, 120_000);
});

describe('the generated traffic', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApi({ events: { rateLimit: { max: 10_000, windowMs: 60_000 }, perVisitor: { max: 10_000, windowMs: 60_000 }, viewWindowMs: 0 } });
  });
  afterAll(async () => h?.close());

  it('is stored as the API\'s ingestion stores the same events', async () => {
    const spec = trafficSchema.parse({
      visitorsPerDay: { min: 400, max: 400 }, weekdays: { mon: 1, tue: 1, wed: 1, thu: 1, fri: 1, sat: 1, sun: 1 }, pagesPerVisit: { min: 3, max: 3 },
      referrers: [{ url: 'https://www.google.com/' }], userAgents: [{ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' }],
      menuLinks: [{ menu: 'header_primary', label: 'Markets', url: '/markets' }], newsletters: [{ newsletterId: 150 }], galleries: [10_010_003],
      companies: [{ contentId: 10_010_005, website: 'https://company.example/' }], searches: ['ships'],
      rates: { menuClick: 1, newsletterSignup: 1, companyClick: 1, joinClick: 1, login: 1, favorite: 1, socialShare: 1, recommendationView: 1, recommendationClick: 1, galleryView: 1 },
      registration: { membershipId: 140, chooseMembership: 1, submit: 1, complete: 0.5, confirmEmail: 1, reminder: 1 },
      performance: { buildsPerDay: { min: 1, max: 1 }, buildMs: { min: 1, max: 1 }, editsPerDay: { min: 1, max: 1 }, editLiveMs: { min: 1, max: 1 }, apiRequestsPerDay: { min: 1, max: 1 }, apiMs: { min: 1, max: 1 } },
    });
    const items = [10_010_001, 10_010_002, 10_010_003, 10_010_004].map((id, i) => ({ id, type: 'Article', published: Date.parse('2026-10-01T12:00:00Z'), sectionId: 103 + (i % 2), path: `/markets/${id}/story`, images: 2 }));
    items.push({ id: 10_010_005, type: 'Company', published: Date.parse('2026-10-01T12:00:00Z'), sectionId: 103, path: `/markets/10010005/company`, images: 0 });
    const model: TrafficModel = { tenantKey: 'alpha', spec, items, licensed: [] };
    // One event of each kind the generator makes.
    const byType = new Map<string, { type: string; input: Record<string, string | number> }>();
    for (const req of generateTrafficDay(model, '2026-11-20', NOW)) {
      for (const e of req.events) if (!byType.has(`${e.type} ${JSON.stringify(Object.keys(e.input))}`)) byType.set(`${e.type} ${JSON.stringify(Object.keys(e.input))}`, e);
    }
    const events = [...byType.values()];
    expect(new Set(events.map((e) => e.type))).toEqual(new Set([
      'PageView', 'ViewBlueConicRecommendation', 'ClickBlueConicRecommendation', 'ViewMediaGallery', 'FavoriteContent', 'ClickSocialShares', 'ClickMenu',
      'NewsletterSubscription', 'ClickCompanyWebsite', 'ClickSocialCompany', 'ClickSponsoredSearchLogo', 'Registration',
    ]));
    const r = await h.app.inject({
      method: 'POST', url: '/api/events', remoteAddress: '198.51.100.23',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-tenant-key': 'alpha', 'user-agent': spec.userAgents[0]!.userAgent },
      payload: JSON.stringify({ sessionId: 'demo-check', events }),
    });
    expect(r.statusCode).toBeLessThan(300);
    const stored = await h.store.all<Record<string, unknown>>('select type, net, content_id, section_id, company_id, newsletter_id, page_id, target, data from events order by id');
    expect(stored).toHaveLength(events.length);
    const mine = events.map((e) => {
      const v = validateEvent(e.type, e.input);
      if (!v.ok) throw new Error(JSON.stringify(v.errors));
      const row = eventRow('alpha', v.event, { day: '2026-11-20', at: 0, visitor: 'x', net: '198.51.100.0/24', siteUserId: null });
      return { type: row.type, net: row.net, content_id: row.contentId, section_id: row.sectionId, company_id: row.companyId, newsletter_id: row.newsletterId, page_id: row.pageId, target: row.target, data: row.data };
    });
    expect(stored.map((s) => ({ ...s, content_id: s.content_id === null ? null : Number(s.content_id), section_id: s.section_id === null ? null : Number(s.section_id), company_id: s.company_id === null ? null : Number(s.company_id), newsletter_id: s.newsletter_id === null ? null : Number(s.newsletter_id) }))).toEqual(mine);
  });
});

describe('bad records of the new kinds', () => {
  const stores: Store[] = [];
  afterAll(async () => { while (stores.length) await stores.pop()!.close(); });

  /** The small alpha set with one new-kind file (or the set-wide internal news) written as given. */
  function setWith(file: string, records: unknown): string {
    const dir = writeFixtureSet([tenantFixture('alpha', 100)]);
    writeFileSync(file === 'internal-news.json' ? join(dir, file) : join(dir, 'tenants', 'alpha', file), JSON.stringify(records));
    return dir;
  }
  const TEMPLATE = '<p>{{name}} writes for Alpha at {{rate}}.</p>';
  const TRAFFIC = JSON.parse(JSON.stringify({
    visitorsPerDay: { min: 5, max: 8 }, weekdays: { mon: 1, tue: 1, wed: 1, thu: 1, fri: 1, sat: 0.5, sun: 0.5 }, pagesPerVisit: { min: 1, max: 2 },
    referrers: [{ url: '' }], userAgents: [{ userAgent: 'Mozilla/5.0 Firefox/133.0' }],
    rates: { menuClick: 0.1, newsletterSignup: 0.1, companyClick: 0, joinClick: 0.1, login: 0.1, favorite: 0.1, socialShare: 0.1, recommendationView: 0.3, recommendationClick: 0.1, galleryView: 0 },
    registration: { membershipId: 140, chooseMembership: 0.5, submit: 0.5, complete: 0.5, confirmEmail: 0.5, reminder: 0.5 },
    performance: { buildsPerDay: { min: 1, max: 2 }, buildMs: { min: 1000, max: 2000 }, editsPerDay: { min: 1, max: 2 }, editLiveMs: { min: 1000, max: 2000 }, apiRequestsPerDay: { min: 5, max: 9 }, apiMs: { min: 5, max: 50 } },
  })) as Record<string, unknown>;

  it.each([
    ['a contract of an unknown person', 'contracts.json', [{ id: 1, personId: 999, contributorName: 'Rosa Delgado', contributorEmail: 'rosa@example.com', template: TEMPLATE }], /tenants\/alpha\/contracts\.json: record 1 \(id 1\): personId: Unknown person 999/],
    ['a contract with a bad e-mail', 'contracts.json', [{ id: 1, contributorName: 'Rosa Delgado', contributorEmail: 'not-an-address', template: TEMPLATE }], /contracts\.json: record 1 \(id 1\): contributorEmail: Must be an e-mail address/],
    ['a contract template with an event handler', 'contracts.json', [{ id: 1, contributorName: 'Rosa Delgado', contributorEmail: 'rosa@example.com', template: '<p onclick="x()">Hi</p>' }], /contracts\.json: record 1 \(id 1\): template: The onclick attribute is not allowed on <p>/],
    ['a site user with an unknown membership', 'site-users.json', [{ id: 7, username: 'reader', email: 'reader@example.com', memberships: [{ membershipId: 999 }] }], /site-users\.json: record 1 \(id 7\): memberships\[0\]\.membershipId: Unknown membership 999/],
    ['two site users with one username', 'site-users.json', [{ id: 7, username: 'reader', email: 'reader@example.com' }, { id: 8, username: 'Reader', email: 'other@example.com' }], /site-users\.json: record 2 \(id 8\): username: Already used by record 1 \(id 7\)/],
    ['an IP licence with a bad range', 'ip-licences.json', [{ id: 3, name: 'Acme', ranges: ['10.0.0.0/40'] }], /ip-licences\.json: record 1 \(id 3\): ranges\[0\]: Must be an IPv4 or IPv6 address or range/],
    ['a company update of an item that is no Company', 'company-updates.json', [{ id: 4, contentId: 10_010_001, contactName: 'Ann', contactEmail: 'ann@example.com' }], /company-updates\.json: record 1 \(id 4\): contentId: Unknown Company item 10010001/],
    ['traffic with a rate above 1', 'traffic.json', { ...TRAFFIC, rates: { ...(TRAFFIC.rates as object), favorite: 2 } }, /traffic\.json: record 1: rates\.favorite: Must be from 0 to 1/],
    ['traffic favouring unknown content', 'traffic.json', { ...TRAFFIC, popular: [{ contentId: 10_099_999, weight: 3 }] }, /traffic\.json: record 1: popular\[0\]\.contentId: Unknown content 10099999/],
    ['traffic with a script menu link', 'traffic.json', { ...TRAFFIC, newsletters: [{ newsletterId: 150 }], menuLinks: [{ menu: 'header', label: 'Markets', url: 'javascript:alert(1)' }] }, /traffic\.json: record 1: menuLinks\[0\]\.url: Must be an http\(s\) address or a path/],
    ['an inquiry without a message', 'inquiries.json', [{ id: 9, daysAgo: 2, name: 'Ann', email: 'ann@example.com', message: '  ' }], /inquiries\.json: record 1 \(id 9\): message: Field is required/],
    ['an inquiry about unknown content', 'inquiries.json', [{ id: 9, daysAgo: 2, name: 'Ann', email: 'ann@example.com', message: 'Hi', contentId: 10_099_999 }], /inquiries\.json: record 1 \(id 9\): contentId: Unknown content 10099999/],
    ['internal news without a title', 'internal-news.json', [{ id: 5, daysAgo: 1, title: '', alert: true }], /internal-news\.json: record 1 \(id 5\): title: Field is required/],
  ])('%s is refused naming file, record and field, by the seed (writing nothing) and by the check', async (_name, file, records, message) => {
    const dir = setWith(file, records);
    await expect(checkFixtures(dir)).rejects.toThrow(message);
    const s = await openStore({ path: tempDbPath() });
    stores.push(s);
    await expect(seedFixtures(s, dir)).rejects.toThrow(message);
    for (const table of ['tenants', 'contracts', 'site_users', 'site_license_companies', 'company_updates', 'inquiries', 'aspire_news', 'events', 'site_metrics']) {
      expect(Number((await s.all<{ n: number }>(`select count(*) as n from ${table}`))[0]!.n), table).toBe(0);
    }
  });

  it('a valid small set with every new kind seeds, and its traffic is rolled up', async () => {
    const dir = writeFixtureSet([tenantFixture('alpha', 100)]);
    const t = join(dir, 'tenants', 'alpha');
    writeFileSync(join(t, 'traffic.json'), JSON.stringify(TRAFFIC));
    writeFileSync(join(t, 'contracts.json'), JSON.stringify([{ id: 1, personId: 110, contributorName: 'Rosa Delgado', contributorEmail: 'rosa@example.com', template: TEMPLATE, status: 'approved', approvedAt: '2026-11-01T10:00:00Z', approvedName: 'Rosa Delgado' }]));
    writeFileSync(join(t, 'site-users.json'), JSON.stringify([{ id: 7, username: 'reader', email: 'Reader@Example.com', memberships: [{ membershipId: 140 }], newsletterIds: [150], favoriteIds: [10_010_001] }]));
    writeFileSync(join(t, 'ip-licences.json'), JSON.stringify([{ id: 3, name: 'Acme', ranges: ['198.51.100.0/24'] }]));
    writeFileSync(join(t, 'inquiries.json'), JSON.stringify([{ id: 9, daysAgo: 2, name: 'Ann', email: 'Ann@Example.com', message: 'Pricing?', contentId: 10_010_001 }]));
    writeFileSync(join(dir, 'internal-news.json'), JSON.stringify([{ id: 5, daysAgo: 1, title: 'Maintenance', description: '<p>Saturday.</p>', status: 1, alert: true }]));
    const s = await openStore({ path: tempDbPath() });
    stores.push(s);
    const first = await seedFixtures(s, dir, undefined, { now: NOW });
    expect(first.records).toMatchObject({ contract: 1, siteUser: 1, ipLicence: 1, inquiry: 1, internalNews: 1, trafficDays: 30 });
    expect(first.records.trafficEvents).toBeGreaterThan(0);
    const [rolled] = await s.all<{ n: number }>("select sum(events) as n from event_rollups where tenant_key = 'alpha' and grain = 'day' and dim = 'all'");
    expect(Number(rolled!.n)).toBe(first.records.trafficEvents);
    const [user] = await s.all<{ email: string; m: number }>('select email, (select count(*) from site_user_memberships where site_user_id = 7) as m from site_users where id = 7');
    expect(user).toEqual({ email: 'reader@example.com', m: 1 });
    // Rows the admin adds later get ids after the fixtures' (on PostgreSQL too, where identities do not follow explicit ids).
    const newsId = await s.transaction((tx) => insertAspireNews(tx, { title: 'Later', description: '', date: NOW, status: 1, alert: false }, NOW));
    expect(newsId).toBeGreaterThan(5);
    const [inquiry] = await s.all<{ email: string; created_at: number }>('select email, created_at from inquiries where id = 9');
    expect(inquiry).toEqual({ email: 'ann@example.com', created_at: expect.anything() });
    expect(Number(inquiry!.created_at)).toBe(Date.parse('2026-11-27T10:00:00Z'));
  });
});
