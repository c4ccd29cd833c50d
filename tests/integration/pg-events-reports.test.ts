// Issue #23: the event store (append, drops, salt, rollups, pruning) and every report on PostgreSQL
// give SQLite's answers. Both stores are seeded with the same fixtures and the same events; on
// PostgreSQL the app's role (no BYPASSRLS) appends and rolls up each tenant inside inTenant, so
// row-level security holds. Every report definition then runs on both, for one tenant (as the app's
// role) and for every tenant (the owner: the app's role sees no tenant's rows without one), and the
// figures, series and rows must be equal.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, REPORT_IDS, reportById, type ReportData } from '../../engine/domain/reports';
import { Rng } from '../../engine/fixtures/generate/random';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, rawOf, type Store } from '../../engine/store/connection';
import { insertCmsUser } from '../../engine/store/queries/cms-users';
import { appendEvents, countDrops, daySalt, pruneEvents, readDrops, readRollups, rollupEvents, runEventJob, type EventRow } from '../../engine/store/queries/events';
import { runReportQuery, type ReportQuery } from '../../engine/store/queries/reports';
import { recordSiteMetric } from '../../engine/store/queries/site-metrics';
import { inTenant } from '../../engine/store/tenant-scope';
import { freshPgDatabase, type FreshPg } from '../helpers/pg';
import { tenantFixture, writeFixtureSet } from '../helpers/fixture-set';

const TODAY = new Date().toISOString().slice(0, 10);
const FROM = addDays(TODAY, -29);
const FIXTURE_FROM = '2026-09-25';
const FIXTURE_TO = '2026-10-20';
const TENANTS = { alpha: Array.from({ length: 11 }, (_, i) => 10_010_001 + i), beta: Array.from({ length: 11 }, (_, i) => 10_020_001 + i) };
const STEPS = ['click-join-header', 'click-join-footer', 'choose-membership', 'submit-registration', 'complete-registration', 'confirm-email', 'reminder-1h', 'login', 'click-login-header'];
const NETS = ['203.0.113.0/24', '198.51.100.0/24', '192.0.2.0/24', null] as const;

/** 40 days of every event type the reports count, spread over the hours (hour rollups differ by hour). */
function makeEvents(tenantKey: string, ids: number[], seed: number): EventRow[] {
  // The fixture generator's mulberry32: the same events every run.
  const rng = new Rng(seed);
  const r = () => rng.next();
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const out: EventRow[] = [];
  for (let d = 39; d >= 0; d--) {
    const day = addDays(TODAY, -d);
    const ev = (type: string, o: Partial<EventRow> = {}) => out.push({
      tenantKey, day, at: Date.parse(`${day}T00:00:00Z`) + Math.floor(r() * 86_400_000), type, visitor: `v${Math.floor(r() * 6)}`, siteUserId: null, net: null,
      contentId: null, sectionId: null, companyId: null, newsletterId: null, pageId: null, target: null, data: '{}', ...o,
    });
    for (let i = 0; i < 12; i++) ev('PageView', { contentId: pick(ids), sectionId: tenantKey === 'alpha' ? 102 : 202, net: pick(NETS) });
    for (let i = 0; i < 2; i++) ev('FavoriteContent', { contentId: pick(ids) });
    ev('ViewMediaGallery', { contentId: pick(ids) });
    for (let i = 0; i < 4; i++) ev('Registration', { target: pick(STEPS) });
    ev('NewsletterSubscription', { newsletterId: tenantKey === 'alpha' ? 150 : 250 });
    ev('ClickMenu', { target: pick(['header_primary:Markets', 'footer:About us']) });
    ev(pick(['ClickCompanyWebsite', 'ClickSocialCompany', 'ClickSponsoredSearchLogo']), { companyId: pick(ids) });
    for (let i = 0; i < 3; i++) {
      ev(r() < 0.25 ? 'ClickBlueConicRecommendation' : 'ViewBlueConicRecommendation', { contentId: pick(ids), target: `${pick(['masthead', 'blueconic'])}:${pick(ids)}` });
    }
  }
  return out;
}

const EVENTS = { alpha: makeEvents('alpha', TENANTS.alpha, 1), beta: makeEvents('beta', TENANTS.beta, 2) };

let pgDb: FreshPg;
let sqlite: Store;
/** The owner (migrations, seeding, every-tenant reads). */
let owner: Store;
/** The app's role: row-level security holds. */
let app: Store;

/** Rows the reports read besides events, the same in both stores. */
async function seedOthers(store: Store) {
  const hash = 'scrypt$not-a-real-hash';
  await insertCmsUser(store.db, { id: 1, username: 'ops', email: 'ops@example.com', firstName: 'Ops', lastName: 'Admin', role: 'admin', isGlobal: true, status: 1, extraPermissions: [], tenants: [] } as never, hash);
  await insertCmsUser(store.db, { id: 2, username: 'ana', email: 'ana@alpha.example', firstName: 'Ana', lastName: 'Editor', role: 'editor', isGlobal: false, status: 1, extraPermissions: [], tenants: ['alpha'] } as never, hash);
  await store.transaction(async (tx) => {
    const raw = rawOf(tx);
    for (let i = 0; i < 12; i++) {
      const at = Date.parse(`${addDays(TODAY, -i * 2)}T09:00:00Z`) + i;
      await raw.run('insert into history (tenant_key, actor_type, actor_id, entity_type, entity_id, action, changes, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
        [i % 3 ? 'alpha' : 'beta', i % 4 ? 'user' : 'cli', i % 4 ? 1 + (i % 2) : null, 'content', String(TENANTS.alpha[i % 11]), ['create', 'update', 'delete'][i % 3]!, '{}', at]);
      await raw.run('insert into inquiries (tenant_key, name, email, company, message, content_id, consent_text, consent_at, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [i % 2 ? 'alpha' : 'beta', `Reader ${i}`, `r${i}@example.com`, i % 3 ? 'Acme' : '', 'Please call', i % 4 ? TENANTS.alpha[i % 11]! : null, 'I agree', at, at]);
    }
  });
  const v4 = (a: number, b: number, c: number, d: number) => `00000000000000000000ffff${[a, b, c, d].map((x) => x.toString(16).padStart(2, '0')).join('')}`;
  await store.transaction(async (tx) => {
    const raw = rawOf(tx);
    for (const [id, tenant, name, cidr, start, end] of [
      [9401, 'alpha', 'Acme Shipping', '203.0.113.0/24', v4(203, 0, 113, 0), v4(203, 0, 113, 255)],
      [9402, 'alpha', 'Harbour Lines', '198.51.100.16/28', v4(198, 51, 100, 16), v4(198, 51, 100, 31)],
      [9403, 'beta', 'Beta Freight', '192.0.2.0/24', v4(192, 0, 2, 0), v4(192, 0, 2, 255)],
    ] as const) {
      await raw.run('insert into site_license_companies (id, tenant_key, name) values (?, ?, ?)', [id, tenant, name]);
      await raw.run('insert into site_license_ip_ranges (company_id, tenant_key, cidr, start_key, end_key) values (?, ?, ?, ?, ?)', [id, tenant, cidr, start, end]);
    }
  });
  for (const [i, metric] of (['build', 'edit-live', 'api'] as const).entries()) {
    await recordSiteMetric(store, 'alpha', metric, addDays(TODAY, -i), [120 * (i + 1), 480, 2_000 * (i + 1)]);
  }
}

beforeAll(async () => {
  const fixtures = writeFixtureSet([tenantFixture('alpha', 100), tenantFixture('beta', 200)]);
  sqlite = await openStore({ path: join(mkdtempSync(join(tmpdir(), 'masthead-evrep-')), 'test.sqlite') });
  pgDb = await freshPgDatabase('evrep');
  owner = await openStore({ path: pgDb.url });
  for (const s of [sqlite, owner]) {
    await seedFixtures(s, fixtures);
    await seedOthers(s);
  }
  app = await openStore({ path: await pgDb.appRole(), migrate: false });

  await sqlite.transaction((tx) => appendEvents(tx, [...EVENTS.alpha, ...EVENTS.beta]));
  // The app's role appends each tenant's events in that tenant's scope, in two batches (two rollup runs).
  for (const [tenant, rows] of Object.entries(EVENTS)) {
    await inTenant(tenant, () => app.transaction((tx) => appendEvents(tx, rows.slice(0, 300))));
  }
}, 120_000);
afterAll(async () => {
  await app?.close();
  await owner?.close();
  await sqlite?.close();
  await pgDb?.drop();
});

const partitionsOf = async (table: string) =>
  (await owner.all<{ p: string; n: number }>(`select tableoid::regclass::text as p, count(*) as n from ${table} group by 1 order by 1`));

describe('the event store on PostgreSQL, as the app\'s role in a tenant scope', () => {
  it('appends into the day partitions, made as the days arrive (none lands in the default partition)', async () => {
    const parts = await partitionsOf('events');
    const days = new Set([...EVENTS.alpha, ...EVENTS.beta].slice(0, 300).map((e) => e.day));
    expect(parts.map((p) => p.p)).not.toContain('events_default');
    expect(parts.length).toBeGreaterThanOrEqual(new Set(EVENTS.alpha.slice(0, 300).map((e) => e.day)).size);
    expect(parts.every((p) => /^events_p\d{8}$/.test(p.p))).toBe(true);
    expect(days.size).toBeGreaterThan(1);
    // The rows as the app's role sees them: its tenant's only, in order.
    const seen = await inTenant('alpha', () => app.all<{ tenant_key: string; at: number; content_id: number | null; target: string | null }>('select tenant_key, at, content_id, target from events order by id'));
    expect(seen).toEqual(EVENTS.alpha.slice(0, 300).map((e) => ({ tenant_key: 'alpha', at: e.at, content_id: e.contentId, target: e.target })));
    expect(await app.all('select id from events')).toEqual([]);
  });

  it('rolls up per tenant in two runs (the watermark moves), equal to SQLite\'s rollups at day and hour grain', async () => {
    await rollupEvents(sqlite, Date.now());
    for (const tenant of Object.keys(EVENTS)) {
      const first = await inTenant(tenant, () => rollupEvents(app, Date.now(), tenant));
      expect(first.events).toBe(300);
    }
    for (const [tenant, rows] of Object.entries(EVENTS)) {
      await inTenant(tenant, () => app.transaction((tx) => appendEvents(tx, rows.slice(300))));
      const second = await inTenant(tenant, () => rollupEvents(app, Date.now(), tenant));
      expect(second).toMatchObject({ tenants: 1, events: rows.length - 300 });
    }
    for (const tenant of Object.keys(EVENTS)) {
      for (const grain of ['day', 'hour'] as const) {
        const want = await readRollups(sqlite.db, tenant, { grain });
        expect(want.length).toBeGreaterThan(100);
        expect(await inTenant(tenant, () => readRollups(app.db, tenant, { grain }))).toEqual(want);
      }
    }
    const hour = (await readRollups(sqlite.db, 'alpha', { grain: 'hour', dim: 'all', type: 'PageView' }))[0]!;
    expect(hour.bucket).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}$/);
    expect((await partitionsOf('event_rollups')).map((p) => p.p)).not.toContain('event_rollups_default');
    // Nothing new: a third run rolls up nothing.
    expect(await inTenant('alpha', () => rollupEvents(app, Date.now(), 'alpha'))).toMatchObject({ events: 0, days: 0 });
  });

  it('the rollup job with no tenant named (masthead serve\'s) rolls up every tenant, each in a scope of its own', async () => {
    const late = (tenant: 'alpha' | 'beta') => ({ ...EVENTS[tenant].at(-1)!, at: EVENTS[tenant].at(-1)!.at + 1, visitor: 'late-visitor' });
    for (const s of [sqlite, app]) {
      for (const tenant of ['alpha', 'beta'] as const) await inTenant(tenant, () => s.transaction((tx) => appendEvents(tx, [late(tenant)])));
    }
    await rollupEvents(sqlite, Date.now());
    expect(await runEventJob(app, { now: Date.now(), retentionDays: 365 })).toEqual({ tenants: 2, days: 2, events: 2, pruned: 0 });
    for (const tenant of ['alpha', 'beta']) {
      expect(await inTenant(tenant, () => readRollups(app.db, tenant, { grain: 'day', fromDay: TODAY }))).toEqual(await readRollups(sqlite.db, tenant, { grain: 'day', fromDay: TODAY }));
    }
  });

  it('counts drops and keeps one salt per day', async () => {
    for (const s of [sqlite, app]) {
      await inTenant('alpha', () => s.transaction(async (tx) => {
        await countDrops(tx, 'alpha', TODAY, { rate: 2, bot: 1 });
        await countDrops(tx, 'alpha', TODAY, { rate: 3, bot: 0 });
      }));
    }
    expect(await inTenant('alpha', () => readDrops(app.db, 'alpha'))).toEqual(await readDrops(sqlite.db, 'alpha'));
    expect(await inTenant('alpha', () => readDrops(app.db, 'alpha'))).toEqual({ rate: 5, bot: 1 });
    const salt = await app.transaction((tx) => daySalt(tx, TODAY, addDays(TODAY, -1)));
    expect(await app.transaction((tx) => daySalt(tx, TODAY, addDays(TODAY, -1)))).toBe(salt);
  });
});

/** A report's answer with rows in a fixed order (row order is the caller's: answerReport sorts). */
const normal = (d: ReportData) => ({ ...d, rows: [...d.rows].map((r) => JSON.stringify(r)).sort() });

describe('every report on PostgreSQL answers as on SQLite', () => {
  const base = { from: FROM, to: TODAY };
  for (const id of REPORT_IDS) {
    it(id, async () => {
      const def = reportById(id)!;
      const cases: { q: ReportQuery; as: 'app' | 'owner' }[] = def.crossSite
        ? [{ q: { ...base, tenantKeys: null }, as: 'owner' }]
        : [{ q: { ...base, tenantKeys: ['alpha'] }, as: 'app' }, { q: { ...base, tenantKeys: null }, as: 'owner' }];
      cases.push({ q: { ...cases[0]!.q, summaryOnly: true, from: addDays(FROM, -10), to: addDays(FROM, -1) }, as: cases[0]!.as });
      // The fixture's items are published on 1–11 October 2026: the editorial reports count them in this range.
      cases.push({ q: { ...cases[0]!.q, from: FIXTURE_FROM, to: FIXTURE_TO }, as: cases[0]!.as });
      for (const c of cases) {
        const want = await runReportQuery(sqlite.db, id, c.q);
        const got = c.as === 'app' ? await inTenant('alpha', () => runReportQuery(app.db, id, c.q)) : await runReportQuery(owner.db, id, c.q);
        expect(normal(got), `${id} ${JSON.stringify(c.q)}`).toEqual(normal(want));
      }
    });
  }

  it('the seeded data gives the event reports figures to compare (not empty answers)', async () => {
    const q = { ...base, tenantKeys: ['alpha'] };
    for (const id of ['content-views', 'registrations', 'newsletter-subscriptions', 'recommendations', 'site-license-company-page-views', 'editorial-tracking', 'rmi', 'site-performance', 'content-detail', 'layout-analysis', 'taxonomy-export'] as const) {
      const editorial = id === 'content-detail';
      const r = await inTenant('alpha', () => runReportQuery(app.db, id, editorial ? { ...q, from: FIXTURE_FROM, to: FIXTURE_TO } : q));
      expect(r.rows.length, id).toBeGreaterThan(0);
    }
  });
});

describe('retention on PostgreSQL', () => {
  it('the rollup job prunes raw events before the retention (as the owner, across tenants) and keeps the rollups', async () => {
    const keepFrom = addDays(TODAY, -9);
    const before = await readRollups(owner.db, 'alpha', { grain: 'day' });
    const r = await runEventJob(owner, { now: Date.now(), retentionDays: 9 });
    const pruned = [...EVENTS.alpha, ...EVENTS.beta].filter((e) => e.day < keepFrom).length;
    expect(r.pruned).toBe(pruned);
    expect(await owner.all("select count(*) as n from events where day < ?", [keepFrom])).toEqual([{ n: 0 }]);
    // By partition, not row by row: every day partition before the retention is gone; the later ones stay.
    const oldDays = [...new Set([...EVENTS.alpha, ...EVENTS.beta].map((e) => e.day).filter((d) => d < keepFrom))].sort();
    expect(r.droppedPartitions).toEqual(oldDays.map((d) => `events_p${d.replaceAll('-', '')}`));
    const left = (await owner.all<{ p: string }>("select c.relname as p from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'events'::regclass order by 1")).map((x) => x.p);
    expect(left.filter((p) => p !== 'events_default').every((p) => p >= `events_p${keepFrom.replaceAll('-', '')}`)).toBe(true);
    expect(left).toContain(`events_p${TODAY.replaceAll('-', '')}`);
    expect(await readRollups(owner.db, 'alpha', { grain: 'day' })).toEqual(before);
    expect(await pruneEvents(sqlite, keepFrom)).toBe(pruned);
  });
});
