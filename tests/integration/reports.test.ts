// Issue #20: every report definition's query against a seeded database (two tenants, events rolled
// up the way the rollup job does it), with the expected figures computed here from the raw events
// and fixture rows; the runReport operation's permission and tenant checks; the CSV and XLSX
// exports, parsed as a spreadsheet program would read them.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysBetween, parseReportParams, reportById, REPORT_IDS, type ReportRow } from '../../engine/domain/reports';
import { answerReport } from '../../engine/services/reports/run';
import { rawOf } from '../../engine/store/connection';
import { appendEvents, rollupEvents, type EventRow } from '../../engine/store/queries/events';
import { FUNNEL, runReportQuery, wordCount } from '../../engine/store/queries/reports';
import { htmlToText } from '../../engine/domain/text';
import { startApi, USERS, type Harness } from './api-harness';
import { ApiLatencyRecorder } from '../../api/http/latency';
import { readSiteMetrics, recordSiteMetric } from '../../engine/store/queries/site-metrics';

const TODAY = new Date().toISOString().slice(0, 10);
const FROM = addDays(TODAY, -29);
const ALPHA = Array.from({ length: 11 }, (_, i) => 10_010_001 + i); // published alpha items
const BETA = Array.from({ length: 11 }, (_, i) => 10_020_001 + i);
const STEPS = ['click-join-header', 'click-join-footer', 'choose-membership', 'submit-registration', 'complete-registration', 'confirm-email', 'reminder-1h', 'login', 'click-login-header'];

/** Readers' networks (cut to /24 at ingest); null: an address that could not be read. */
const NETS = ['203.0.113.0/24', '198.51.100.0/24', '192.0.2.0/24', null] as const;

/** A small deterministic generator (mulberry32), so the seeded events are the same every run. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeEvents(tenantKey: string, ids: number[], seed: number): EventRow[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const out: EventRow[] = [];
  // 40 days: the last 30 are counted, the 10 before only by the comparison period.
  for (let d = 39; d >= 0; d--) {
    const day = addDays(TODAY, -d);
    const at = Date.parse(`${day}T10:00:00Z`);
    const ev = (type: string, o: Partial<EventRow> = {}) => out.push({
      tenantKey, day, at: at + out.length, type, visitor: `v${Math.floor(r() * 6)}`, siteUserId: null, net: null, contentId: null,
      sectionId: null, companyId: null, newsletterId: null, pageId: null, target: null, data: '{}', ...o,
    });
    for (let i = 0; i < 12; i++) ev('PageView', { contentId: pick(ids), net: pick(NETS) });
    for (let i = 0; i < 2; i++) ev('FavoriteContent', { contentId: pick(ids) });
    ev('ViewMediaGallery', { contentId: pick(ids) });
    for (let i = 0; i < 4; i++) ev('Registration', { target: pick(STEPS) });
    ev('NewsletterSubscription', { newsletterId: tenantKey === 'alpha' ? 150 : 250 });
    ev('ClickMenu', { target: pick(['header_primary:Markets', 'footer:About us', 'header_primary:=HYPERLINK("x")']) });
    ev(pick(['ClickCompanyWebsite', 'ClickSocialCompany', 'ClickSponsoredSearchLogo']), { companyId: pick(ids) });
  }
  return out;
}

/** Recommendations shown on item pages and clicked (a stream of their own, so the events above stay as they were). */
function makeRecommendationEvents(tenantKey: string, ids: number[], seed: number): EventRow[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const out: EventRow[] = [];
  for (let d = 39; d >= 0; d--) {
    const day = addDays(TODAY, -d);
    const at = Date.parse(`${day}T11:00:00Z`);
    for (let i = 0; i < 6; i++) {
      const type = r() < 0.25 ? 'ClickBlueConicRecommendation' : 'ViewBlueConicRecommendation';
      out.push({
        tenantKey, day, at: at + out.length, type, visitor: `v${Math.floor(r() * 6)}`, siteUserId: null, net: null, contentId: pick(ids),
        sectionId: null, companyId: null, newsletterId: null, pageId: null, target: `${pick(['masthead', 'masthead', 'blueconic'])}:${pick(ids)}`, data: '{}',
      });
    }
  }
  return out;
}

let h: Harness;
const alpha = [...makeEvents('alpha', ALPHA, 1), ...makeRecommendationEvents('alpha', ALPHA, 11)];
const beta = [...makeEvents('beta', BETA, 2), ...makeRecommendationEvents('beta', BETA, 12)];

beforeAll(async () => {
  h = await startApi();
  await h.store.transaction(async (tx) => appendEvents(tx, [...alpha, ...beta]));
  await rollupEvents(h.store, Date.now());
});
afterAll(async () => h?.close());

const inRange = (e: EventRow, from = FROM, to = TODAY) => e.day >= from && e.day <= to;
/** Sum over days of distinct visitors: what "daily visitors" means. */
const dailyVisitors = (es: EventRow[]) => {
  const perDay = new Map<string, Set<string>>();
  for (const e of es) perDay.set(e.day, (perDay.get(e.day) ?? new Set()).add(e.visitor));
  return [...perDay.values()].reduce((s, v) => s + v.size, 0);
};
const run = (id: string, o: Partial<Parameters<typeof runReportQuery>[2]> = {}) =>
  runReportQuery(h.store.db, id as never, { tenantKeys: ['alpha'], from: FROM, to: TODAY, ...o });
const byKeyRow = (rows: ReportRow[], key: string) => new Map(rows.map((r) => [r[key], r]));

describe('analytics reports read the rollups', () => {
  it('content views: views and daily visitors per item, per day, and the totals', async () => {
    const r = await run('content-views');
    const views = alpha.filter((e) => e.type === 'PageView' && inRange(e));
    const rows = byKeyRow(r.rows, 'contentId');
    for (const id of new Set(views.map((e) => e.contentId))) {
      const mine = views.filter((e) => e.contentId === id);
      expect(rows.get(id!)).toMatchObject({ views: mine.length, visitors: dailyVisitors(mine), title: `Carriers adjust capacity on lane ${id! - 10_010_000}` });
    }
    expect(r.summary).toMatchObject({ views: views.length, visitors: dailyVisitors(views), items: new Set(views.map((e) => e.contentId)).size });
    expect(r.series).toHaveLength(30);
    expect(r.series.find((s) => s.day === TODAY)?.views).toBe(views.filter((e) => e.day === TODAY).length);
    expect(r.rows.every((row) => BETA.every((b) => b !== row.contentId))).toBe(true);
  });

  it('content views filtered by section and type count only matching items, series included', async () => {
    const section = 104;
    const r = await run('content-views', { section, type: 'Article' });
    // Fixture: items i (0-based) are in section 104 when i is odd, and News when i % 3 === 0.
    const match = (id: number) => { const i = id - 10_010_001; return i % 2 === 1 && i % 3 !== 0; };
    const views = alpha.filter((e) => e.type === 'PageView' && inRange(e) && match(e.contentId!));
    expect(r.summary.views).toBe(views.length);
    expect(r.series.reduce((s, p) => s + Number(p.views), 0)).toBe(views.length);
    expect(new Set(r.rows.map((row) => row.contentId))).toEqual(new Set(views.map((e) => e.contentId)));
  });

  it('every tenant (null) adds both tenants up', async () => {
    const r = await run('content-views', { tenantKeys: null });
    expect(r.summary.views).toBe([...alpha, ...beta].filter((e) => e.type === 'PageView' && inRange(e)).length);
  });

  it('favourites and gallery views count their own event types', async () => {
    for (const [id, type, key] of [['content-favorites', 'FavoriteContent', 'favorites'], ['media-gallery', 'ViewMediaGallery', 'views']] as const) {
      const r = await run(id);
      const es = alpha.filter((e) => e.type === type && inRange(e));
      expect(r.summary[key]).toBe(es.length);
      for (const row of r.rows) expect(row[key]).toBe(es.filter((e) => e.contentId === row.contentId).length);
    }
  });

  it('top content by publication date: items published in the range with their views', async () => {
    const from = '2026-10-01';
    const to = '2026-10-05';
    const r = await run('top-content-by-pub-date', { from, to });
    const published = ALPHA.slice(0, 5);
    expect(r.rows.map((row) => row.contentId).sort()).toEqual(published);
    for (const row of r.rows) expect(row.views).toBe(alpha.filter((e) => e.type === 'PageView' && inRange(e, from, to) && e.contentId === row.contentId).length);
    expect(r.summary.published).toBe(5);
  });

  it('registrations: the funnel with drop-off between steps', async () => {
    const r = await run('registrations');
    const steps = alpha.filter((e) => e.type === 'Registration' && inRange(e));
    const count = (s: readonly string[]) => steps.filter((e) => s.includes(e.target!)).length;
    const expected = FUNNEL.map((f) => count(f.steps));
    expect(r.rows.map((row) => row.events)).toEqual(expected);
    expected.forEach((n, i) => {
      if (i > 0) expect(r.rows[i]!.dropOff).toBeCloseTo(expected[i - 1]! ? Math.max(0, expected[i - 1]! - n) / expected[i - 1]! : 0, 3);
      expect(r.rows[i]!.ofFirst).toBeCloseTo(n / expected[0]!, 3);
    });
    expect(r.summary).toMatchObject({ joinClicks: expected[0], completed: count(['complete-registration']), submitted: count(['submit-registration']) });
  });

  it('incomplete registrations and logins per day', async () => {
    const steps = alpha.filter((e) => e.type === 'Registration' && inRange(e));
    const count = (s: string, day?: string) => steps.filter((e) => e.target === s && (!day || e.day === day)).length;
    const inc = await run('incomplete-registrations');
    expect(inc.summary).toMatchObject({ submitted: count('submit-registration'), completed: count('complete-registration') });
    const day = inc.rows.find((row) => row.day === TODAY)!;
    expect(day).toMatchObject({ submitted: count('submit-registration', TODAY), reminders: count('reminder-1h', TODAY) });
    const logins = await run('logins');
    expect(logins.summary).toMatchObject({ logins: count('login'), loginClicks: count('click-login-header') });
    expect(logins.rows).toHaveLength(30);
  });

  it('newsletter subscriptions by newsletter, menu clicks by link, company engagement by company', async () => {
    const subs = await run('newsletter-subscriptions');
    expect(subs.rows).toEqual([expect.objectContaining({ newsletterId: 150, newsletter: 'Daily', subscriptions: 30 })]);
    const menu = await run('menu-link-clicks');
    const clicks = alpha.filter((e) => e.type === 'ClickMenu' && inRange(e));
    expect(menu.summary.clicks).toBe(clicks.length);
    const markets = menu.rows.find((row) => row.label === 'Markets');
    expect(markets).toMatchObject({ menu: 'header_primary', clicks: clicks.filter((e) => e.target === 'header_primary:Markets').length });
    const co = await run('company-engagement');
    const es = alpha.filter((e) => e.companyId && inRange(e));
    expect(co.summary).toMatchObject({ interactions: es.length, websiteClicks: es.filter((e) => e.type === 'ClickCompanyWebsite').length });
    for (const row of co.rows) expect(row.interactions).toBe(es.filter((e) => e.companyId === row.companyId).length);
  });
});

describe('site-license company page views', () => {
  it('matches the networks of page views to the companies\' IP ranges', async () => {
    const raw = rawOf(h.store.db);
    const company = async (id: number, tenant: string, name: string, cidrs: [string, string, string][]) => {
      await raw.run('insert into site_license_companies (id, tenant_key, name) values (?, ?, ?)', [id, tenant, name]);
      for (const [cidr, start, end] of cidrs) await raw.run('insert into site_license_ip_ranges (company_id, tenant_key, cidr, start_key, end_key) values (?, ?, ?, ?, ?)', [id, tenant, cidr, start, end]);
    };
    const v4 = (a: number, b: number, c: number, d: number) => `00000000000000000000ffff${[a, b, c, d].map((x) => x.toString(16).padStart(2, '0')).join('')}`;
    await company(9401, 'alpha', 'Acme Shipping', [['203.0.113.0/24', v4(203, 0, 113, 0), v4(203, 0, 113, 255)]]);
    // A /28 inside 198.51.100.0/24: the whole network's views count for it.
    await company(9402, 'alpha', 'Harbour Ltd', [['198.51.100.16/28', v4(198, 51, 100, 16), v4(198, 51, 100, 31)]]);
    await company(9403, 'beta', 'Beta Corp', [['192.0.2.0/24', v4(192, 0, 2, 0), v4(192, 0, 2, 255)]]);
    const r = await run('site-license-company-page-views');
    const views = alpha.filter((e) => e.type === 'PageView' && inRange(e));
    const of = (net: string) => views.filter((e) => e.net === net);
    expect(byKeyRow(r.rows, 'companyId').get(9401)).toMatchObject({ company: 'Acme Shipping', views: of('203.0.113.0/24').length, visitors: dailyVisitors(of('203.0.113.0/24')), networks: 1 });
    expect(byKeyRow(r.rows, 'companyId').get(9402)).toMatchObject({ company: 'Harbour Ltd', views: of('198.51.100.0/24').length });
    expect(r.rows).toHaveLength(2);
    const licensed = of('203.0.113.0/24').length + of('198.51.100.0/24').length;
    expect(r.summary).toMatchObject({ views: licensed, companies: 2 });
    expect(r.summary.licensedShare).toBeCloseTo(licensed / views.length, 2);
    expect(r.series.find((s) => s.day === TODAY)?.views).toBe(views.filter((e) => e.day === TODAY && (e.net === '203.0.113.0/24' || e.net === '198.51.100.0/24')).length);
    const all = await run('site-license-company-page-views', { tenantKeys: null });
    expect(byKeyRow(all.rows, 'companyId').get(9403)).toMatchObject({ views: beta.filter((e) => e.type === 'PageView' && inRange(e) && e.net === '192.0.2.0/24').length });
  });
});

describe('sponsored search logo clicks', () => {
  it('counts logo clicks per company with the company name', async () => {
    const r = await run('sponsored-search-logo-clicks');
    const es = alpha.filter((e) => e.type === 'ClickSponsoredSearchLogo' && inRange(e));
    expect(r.summary).toMatchObject({ clicks: es.length, companies: new Set(es.map((e) => e.companyId)).size, visitors: dailyVisitors(es) });
    for (const row of r.rows) {
      expect(row.clicks).toBe(es.filter((e) => e.companyId === row.companyId).length);
      expect(row.company).toBe(`Carriers adjust capacity on lane ${Number(row.companyId) - 10_010_000}`);
    }
  });
});

describe('recommendation reports', () => {
  const recs = (es: EventRow[]) => es.filter((e) => (e.type === 'ViewBlueConicRecommendation' || e.type === 'ClickBlueConicRecommendation') && inRange(e));
  const shown = (es: EventRow[]) => es.filter((e) => e.type === 'ViewBlueConicRecommendation').length;
  const clicked = (es: EventRow[]) => es.filter((e) => e.type === 'ClickBlueConicRecommendation').length;

  it('recommendations: shown, clicked and click-through per recommended item and recommender', async () => {
    const r = await run('recommendations');
    const es = recs(alpha);
    expect(r.summary).toMatchObject({ views: shown(es), clicks: clicked(es) });
    expect(r.summary.ctr).toBeCloseTo(clicked(es) / shown(es), 4);
    expect(r.rows).toHaveLength(new Set(es.map((e) => e.target)).size);
    for (const row of r.rows) {
      const provider = row.provider === 'BlueConic' ? 'blueconic' : 'masthead';
      const mine = es.filter((e) => e.target === `${provider}:${row.contentId}`);
      expect(row).toMatchObject({ views: shown(mine), clicks: clicked(mine), title: `Carriers adjust capacity on lane ${Number(row.contentId) - 10_010_000}` });
    }
    expect(r.series.reduce((s, p) => s + Number(p.clicks), 0)).toBe(clicked(es));
    // A section filter keeps the items of that section, series included.
    const f = await run('recommendations', { section: 104 });
    const inSection = es.filter((e) => (Number(e.target!.split(':')[1]) - 10_010_001) % 2 === 1);
    expect(f.summary).toMatchObject({ views: shown(inSection), clicks: clicked(inSection) });
    expect(f.series.reduce((s, p) => s + Number(p.views), 0)).toBe(shown(inSection));
  });

  it('recommendation page views: per page that showed recommendations, with its page views', async () => {
    const r = await run('recommendation-page-views');
    const es = recs(alpha);
    const views = alpha.filter((e) => e.type === 'PageView' && inRange(e));
    expect(r.summary).toMatchObject({ pages: new Set(es.map((e) => e.contentId)).size, views: shown(es), clicks: clicked(es) });
    for (const row of r.rows) {
      const mine = es.filter((e) => e.contentId === row.contentId);
      expect(row).toMatchObject({ views: shown(mine), clicks: clicked(mine), pageViews: views.filter((e) => e.contentId === row.contentId).length });
    }
  });

  it('recommendation clients: one row per provider, and the other tenant\'s numbers never show', async () => {
    const r = await run('recommendation-clients');
    const es = recs(alpha);
    const of = (p: string) => es.filter((e) => e.target!.startsWith(`${p}:`));
    expect(byKeyRow(r.rows, 'provider').get('BlueConic')).toMatchObject({ views: shown(of('blueconic')), clicks: clicked(of('blueconic')), items: new Set(of('blueconic').map((e) => e.target)).size });
    expect(byKeyRow(r.rows, 'provider').get('Masthead (content-based)')).toMatchObject({ views: shown(of('masthead')), clicks: clicked(of('masthead')) });
    expect(r.summary).toMatchObject({ providers: 2, views: shown(es), clicks: clicked(es) });
    expect((await run('recommendation-clients', { tenantKeys: null })).summary.views).toBe(shown(recs([...alpha, ...beta])));
  });
});

describe('editorial reports and analyses read content, history and layouts', () => {
  it('content detail: one row per item published in the range, with authors and fields', async () => {
    const r = await run('content-detail', { from: '2026-10-02', to: '2026-10-03', author: 110 });
    expect(r.rows.map((row) => row.contentId).sort()).toEqual([10_010_002, 10_010_003]);
    expect(r.rows.find((row) => row.contentId === 10_010_002)).toMatchObject({
      title: 'Carriers adjust capacity on lane 2', type: 'Article', status: 'Published', section: 'Spot Rates', authors: 'Rosa Delgado', published: '2026-10-02',
    });
    expect(r.summary).toMatchObject({ items: 2, authors: 1, sections: 2 });
    expect((await run('content-detail', { from: '2026-10-02', to: '2026-10-03', author: 999 })).rows).toEqual([]);
  });

  it('content velocity: items published per section in the range', async () => {
    const r = await run('content-velocity', { from: '2026-10-01', to: '2026-10-31' });
    // 11 published alpha items on Oct 1–11; even positions in section 103 (Ocean Freight), odd in 104.
    expect(r.summary).toMatchObject({ published: 11, sections: 2, authors: 1 });
    expect(byKeyRow(r.rows, 'section').get('Ocean Freight')).toMatchObject({ published: 6 });
    expect(byKeyRow(r.rows, 'section').get('Spot Rates')).toMatchObject({ published: 5 });
    expect(r.series.find((s) => s.day === '2026-10-03')?.published).toBe(1);
  });

  it('content length: words per item and their spread', async () => {
    const r = await run('content-length', { from: '2026-10-01', to: '2026-10-31' });
    const words = htmlToText('<p>Carriers are trimming sailings.</p><p>Shippers are watching rates.</p>').split(' ').length;
    expect(words).toBe(8);
    expect(wordCount('<p>a <b>b</b></p>')).toBe(2);
    expect(r.rows.every((row) => row.words === words)).toBe(true);
    expect(r.summary).toMatchObject({ items: 11, medianWords: words, longest: words });
    expect(r.series[0]).toEqual({ bucket: 'Under 250', items: 11 });
  });

  it('editorial tracking: changes per person from the history', async () => {
    const day = Date.parse(`${TODAY}T08:00:00Z`);
    const raw = rawOf(h.store.db);
    for (const [actor, action, id] of [[2, 'update', '10010001'], [2, 'update', '10010002'], [2, 'create', '10010003'], [3, 'delete', '10010001']] as const) {
      await raw.run("insert into history (tenant_key, actor_type, actor_id, entity_type, entity_id, action, changes, created_at) values ('alpha', 'staff', ?, 'content', ?, ?, '{}', ?)", [actor, id, action, day]);
    }
    await raw.run("insert into history (tenant_key, actor_type, actor_id, entity_type, entity_id, action, changes, created_at) values ('beta', 'staff', 5, 'content', '10020001', 'update', '{}', ?)", [day]);
    const r = await run('editorial-tracking');
    expect(byKeyRow(r.rows, 'user').get('alpha.editor')).toMatchObject({ updated: 2, created: 1, deleted: 0, items: 3 });
    expect(byKeyRow(r.rows, 'user').get('alpha.admin')).toMatchObject({ deleted: 1, items: 1 });
    expect(r.summary).toMatchObject({ changes: 4, people: 2, items: 3 });
  });

  it('layout block usage counts block types over every grid of the tenant', async () => {
    const layouts = await rawOf(h.store.db).all<{ primary_grid: string; secondary_grid: string | null }>("select primary_grid, secondary_grid from layouts where tenant_key = 'alpha'");
    const expected = new Map<string, number>();
    for (const l of layouts) for (const g of [l.primary_grid, l.secondary_grid]) {
      if (!g) continue;
      for (const row of JSON.parse(g).rows) for (const col of row.columns) for (const b of col.blocks) expected.set(b.type, (expected.get(b.type) ?? 0) + 1);
    }
    const r = await run('layout-block-usage');
    expect(new Map(r.rows.map((row) => [row.blockType, row.blocks]))).toEqual(expected);
    expect(r.summary.layouts).toBe(layouts.length);
  });

  it('company export lists company profiles with their fields', async () => {
    const raw = rawOf(h.store.db);
    await raw.run("insert into content (id, tenant_key, type, name, slug, teaser, status, published, primary_section_id, labels, metadata, link_url) values (10010090, 'alpha', 'Company', 'Acme, \"Ports\" Ltd', 'acme', '=1+1 profits', 1, 0, 103, '[]', '{}', 'https://acme.example')");
    const r = await run('company-export');
    expect(r.rows).toEqual([expect.objectContaining({ contentId: 10010090, name: 'Acme, "Ports" Ltd', website: 'https://acme.example', status: 'Published', section: 'Ocean Freight' })]);
  });
});

describe('analyses: layouts, newsletters, site settings', () => {
  const GRID = (blocks: object[]) => JSON.stringify({ rows: [{ settings: { layout: '1' }, columns: [{ blocks }] }] });
  const layout = (id: number, name: string, type: string, o: { aliases?: string[]; propagate?: boolean; pageType?: string; contentTypes?: string[]; contentIds?: number[]; grid?: string } = {}) =>
    rawOf(h.store.db).run(
      `insert into layouts (id, tenant_key, name, type, aliases, propagate, page_type, content_types, content_ids, section_ids, exclude_ads, primary_grid)
       values (?, 'alpha', ?, ?, ?, ?, ?, ?, ?, '[]', '{}', ?)`,
      [id, name, type, JSON.stringify(o.aliases ?? []), o.propagate ? 1 : 0, o.pageType ?? null, JSON.stringify(o.contentTypes ?? []), JSON.stringify(o.contentIds ?? []),
        o.grid ?? GRID([{ id: 'b', type: 'content_body', data: {}, settings: {} }])]);

  it('layout analysis: every page with the layout it resolves to and the rule that chose it', async () => {
    await layout(9001, 'Rates pages', 'url-override', { aliases: ['/markets/ocean-freight/spot-rates'], propagate: true, pageType: 'content' });
    await layout(9002, 'Lead story', 'content-override', { contentIds: [10_010_001], contentTypes: ['Article'] });
    await layout(9003, 'News items', 'content-type-override', { contentTypes: ['News'] });
    await layout(9004, 'Story', 'content', { grid: GRID([{ id: 'l', type: 'content_list', settings: { title: 'More' }, data: { section: 'current', limit: 4, display: 'compact' } }]) });
    const r = await run('layout-analysis');
    const byPath = byKeyRow(r.rows, 'path');
    // Fixture: item i (0-based) is News when i % 3 === 0, in Spot Rates (under the override's alias) when i is odd.
    ALPHA.forEach((id, i) => {
      const expected = i % 2 === 1 ? ['Rates pages', 'URL override'] : id === 10_010_001 ? ['Lead story', 'Content override'] : i % 3 === 0 ? ['News items', 'Content type override'] : ['Story', 'Default'];
      const row = r.rows.find((x) => x.kind === 'Content' && String(x.path).includes(`/${id}/`));
      expect([row?.layout, row?.reason], String(id)).toEqual(expected);
    });
    expect(byPath.get('/markets/ocean-freight/spot-rates')).toMatchObject({ kind: 'Section', layout: 'Rates pages', reason: 'URL override' });
    expect(byPath.get('/markets')).toMatchObject({ kind: 'Section', layout: 'Section default', reason: 'Default' });
    expect(byPath.get('/')).toMatchObject({ kind: 'Home', layout: 'Built-in home', reason: 'Default' });
    const [count] = await rawOf(h.store.db).all<{ live: number }>("select count(*) as live from content where tenant_key = 'alpha' and status = 1");
    const pages = 1 + 4 + Number(count?.live); // the home page, four sections, every published item
    expect(r.rows).toHaveLength(pages);
    // Overrides: five items and one section by URL, one item by id, one News item by type (of the News
    // items 0, 3, 6 and 9, item 0 is taken by id and 3 and 9 by the URL override).
    expect(r.summary).toMatchObject({ pages, overridden: 6 + 1 + 1, defaults: pages - 8 });
    expect(r.series.find((p) => p.reason === 'URL override')?.pages).toBe(6);
    expect(r.rows.every((x) => x.site === 'alpha')).toBe(true);
  });

  it('layout block option usage: each block type\'s settings and data values across the layouts', async () => {
    const layouts = await rawOf(h.store.db).all<{ primary_grid: string; secondary_grid: string | null }>("select primary_grid, secondary_grid from layouts where tenant_key = 'alpha'");
    const expected = new Map<string, number>();
    for (const l of layouts) for (const g of [l.primary_grid, l.secondary_grid]) {
      if (!g) continue;
      for (const row of JSON.parse(g).rows) for (const col of row.columns) for (const b of col.blocks) {
        for (const part of ['settings', 'data']) for (const [k, v] of Object.entries(b[part] ?? {})) {
          const key = `${b.type} ${part}.${k} ${typeof v === 'string' ? v : JSON.stringify(v)}`;
          expected.set(key, (expected.get(key) ?? 0) + 1);
        }
      }
    }
    expect(expected.get('content_list settings.title More')).toBe(1);
    const r = await run('layout-block-option-usage');
    expect(new Map(r.rows.map((row) => [`${row.blockType} ${row.option} ${row.value}`, row.blocks]))).toEqual(expected);
    expect(r.summary.values).toBe(expected.size);
  });

  it('newsletter block analysis: block types of the campaigns in the range', async () => {
    const raw = rawOf(h.store.db);
    const now = Date.now();
    await raw.run("insert into newsletter_templates (id, tenant_key, name, newsletter_id, config) values (9101, 'alpha', 'Daily template', 150, '{}')");
    await raw.run("insert into newsletter_templates (id, tenant_key, name, newsletter_id, config) values (9102, 'beta', 'Beta template', 250, '{}')");
    const campaign = (id: number, tenant: string, template: number, types: string[], at: { sent?: number; created: number }) => raw.run(
      "insert into newsletter_campaigns (id, tenant_key, template_id, name, grid, sent_at, created_at) values (?, ?, ?, 'Issue', ?, ?, ?)",
      [id, tenant, template, JSON.stringify({ rows: [{ columns: [{ blocks: types.map((type) => ({ type, data: {} })) }] }] }), at.sent ?? null, at.created]);
    await campaign(9201, 'alpha', 9101, ['content_list', 'html', 'content_list'], { sent: now - 3_600_000, created: now - 40 * 86_400_000 });
    await campaign(9202, 'alpha', 9101, ['html'], { created: now - 86_400_000 });
    await campaign(9203, 'alpha', 9101, ['contacts'], { sent: now - 100 * 86_400_000, created: now - 100 * 86_400_000 });
    await campaign(9204, 'beta', 9102, ['contacts'], { sent: now - 3_600_000, created: now - 3_600_000 });
    const r = await run('newsletter-block-analysis');
    expect(r.summary).toMatchObject({ campaigns: 2, blocks: 4, types: 2, perCampaign: 2 });
    expect(byKeyRow(r.rows, 'blockType').get('content_list')).toMatchObject({ blocks: 2, campaigns: 1, ofCampaigns: 0.5, perCampaign: 2, newsletters: 'Daily' });
    expect(byKeyRow(r.rows, 'blockType').get('html')).toMatchObject({ blocks: 2, campaigns: 2, ofCampaigns: 1 });
    expect(r.rows.some((row) => row.blockType === 'contacts')).toBe(false);
  });

  it('site settings analysis: which settings differ between the sites, and the global users', async () => {
    const sites = await rawOf(h.store.db).all<{ tenant_key: string; settings: string }>('select tenant_key, settings from tenants order by tenant_key');
    const leaves = (v: unknown, p: string, out: Record<string, string>) => {
      if (v && typeof v === 'object' && !Array.isArray(v)) for (const [k, c] of Object.entries(v)) leaves(c, p ? `${p}.${k}` : k, out);
      else out[p] = typeof v === 'string' ? v : JSON.stringify(v);
      return out;
    };
    const flat = sites.map((s) => leaves(JSON.parse(s.settings), '', {}));
    const paths = new Set(flat.flatMap((f) => Object.keys(f)));
    const differing = [...paths].filter((p) => new Set(flat.map((f) => f[p] ?? '\u0000unset')).size > 1).sort();
    expect(differing).toContain('general.siteName');
    const r = await run('site-settings-analysis', { tenantKeys: null });
    expect(r.rows.filter((row) => row.differs === 'Yes').map((row) => row.setting).sort()).toEqual(differing);
    expect(byKeyRow(r.rows, 'setting').get('general.siteName')).toMatchObject({ sites: sites.length, distinct: 2, values: 'alpha: alpha News; beta: beta News' });
    expect(r.summary).toMatchObject({ sites: sites.length, settings: paths.size, differing: differing.length, globalUsers: Object.values(USERS).filter((u) => u.isGlobal && u.status === 1).length });
    const own = await run('site-settings-analysis');
    expect(own.summary).toMatchObject({ sites: 1, differing: 0 });
  });
});

describe('exports: taxonomy and cross-site', () => {
  it('taxonomy export: every term with its parent and how many items carry it', async () => {
    const raw = rawOf(h.store.db);
    await raw.run("insert into taxonomy (id, tenant_key, type, name, full_name, parent_id) values (9301, 'alpha', 'Tag', 'Spot', 'Rates > Spot', 130), (9302, 'alpha', 'Topic', 'Ports', 'Ports', null), (9303, 'beta', 'Tag', 'Beta only', 'Beta only', null)");
    await raw.run('insert into content_taxonomy (content_id, taxonomy_id) values (10010001, 9301), (10010002, 9301), (10010003, 130)');
    const r = await run('taxonomy-export');
    expect(byKeyRow(r.rows, 'id').get(9301)).toEqual({ id: 9301, type: 'Tag', name: 'Spot', fullName: 'Rates > Spot', parentId: 130, contentCount: 2 });
    expect(byKeyRow(r.rows, 'id').get(130)).toMatchObject({ name: 'Rates', contentCount: 1 });
    expect(r.rows.map((row) => row.id).sort()).toEqual([130, 9301, 9302]);
    expect(r.summary).toEqual({ terms: 3, types: 2, used: 2, unused: 1 });
  });

  it('cross-site reports: each site\'s figures side by side', async () => {
    const r = await run('cross-site-reports', { tenantKeys: null });
    for (const [key, events] of [['alpha', alpha], ['beta', beta]] as const) {
      const es = events.filter((e) => inRange(e));
      const views = es.filter((e) => e.type === 'PageView');
      expect(byKeyRow(r.rows, 'site').get(key), key).toMatchObject({
        name: `${key} News`, views: views.length, visitors: dailyVisitors(views),
        registrations: es.filter((e) => e.type === 'Registration' && e.target === 'complete-registration').length,
        logins: es.filter((e) => e.type === 'Registration' && e.target === 'login').length,
        subscriptions: es.filter((e) => e.type === 'NewsletterSubscription').length,
      });
    }
    expect(r.summary.sites).toBe(2);
    const oct = await run('cross-site-reports', { tenantKeys: null, from: '2026-10-01', to: '2026-10-31' });
    expect(oct.rows.map((row) => [row.site, row.published])).toEqual([['alpha', 11], ['beta', 11]]);
  });

  it('cross-site exports: every published item of every site in the range', async () => {
    const r = await run('cross-site-exports', { tenantKeys: null, from: '2026-10-01', to: '2026-10-05', type: 'News' });
    // Items 1 and 4 (0-based 0 and 3) of each site are News and published on Oct 1 and 4.
    expect(r.rows.map((row) => `${row.site} ${row.contentId}`).sort()).toEqual(['alpha 10010001', 'alpha 10010004', 'beta 10020001', 'beta 10020004']);
    expect(r.rows.find((row) => row.contentId === 10_010_004)).toMatchObject({ type: 'News', section: 'Spot Rates', published: '2026-10-04', path: '/markets/ocean-freight/spot-rates/10010004/carriers-adjust-capacity-on-lane-4' });
    expect(r.summary).toEqual({ items: 4, sites: 2, types: 1 });
  });

  it('cross-site reports and exports are for global staff only, and always count every site', async () => {
    const doc = 'query($id: String!, $params: String!) { runReport(id: $id, params: $params) { tenant summary } }';
    for (const id of ['cross-site-reports', 'cross-site-exports']) {
      expect((await h.gql(doc, { id, params: '' }, { as: 'alphaAdmin' })).error?.extensions.code, id).toBe('FORBIDDEN');
      const r = await h.gql(doc, { id, params: '' }, { as: 'admin' });
      expect(r.data.runReport.tenant, id).toBe('*');
      expect(r.data.runReport.summary.sites, id).toBe(id === 'cross-site-reports' ? 2 : 0);
    }
  });
});

describe('ad unit settings report', () => {
  it('every unit with where it is placed and excluded, from the units and the layouts', async () => {
    const raw = rawOf(h.store.db);
    const unit = (id: number, tenant: string, key: string, type: string, size: string, exclude: string[], refresh = 0) => raw.run(
      "insert into ad_units (id, tenant_key, key, type, size, size_mapping, refresh_rate, exclude_page_types) values (?, ?, ?, ?, ?, '[]', ?, ?)", [id, tenant, key, type, size, refresh, JSON.stringify(exclude)]);
    await unit(9501, 'alpha', 'top', 'header-leaderboard', '[[728,90]]', ['issue'], 30);
    await unit(9502, 'alpha', 'rail', 'layout-block', '[[300,250]]', []);
    await unit(9503, 'alpha', 'spare', 'layout-block', '[[300,600]]', []);
    await unit(9504, 'beta', 'beta-top', 'header-leaderboard', '[]', []);
    await raw.run(`insert into layouts (id, tenant_key, name, type, aliases, content_types, content_ids, section_ids, exclude_ads, primary_grid)
      values (9510, 'alpha', 'Rail page', 'section', '[]', '[]', '[]', '[104]', '{"headerLeaderboardAd":true}', ?)`,
    [JSON.stringify({ rows: [{ settings: { layout: '1' }, columns: [{ blocks: [{ id: 'ad', type: 'ad_slot', data: { slot: 'rail' }, settings: {} }] }] }] })]);
    const r = await run('ad-unit-settings');
    expect(r.rows).toEqual([
      { key: 'rail', type: 'Layout block', placedIn: 'Rail page', excludePageTypes: '', excludedBy: '', sizes: '300×250', refreshRate: 0 },
      { key: 'spare', type: 'Layout block', placedIn: 'Not placed', excludePageTypes: '', excludedBy: '', sizes: '300×600', refreshRate: 0 },
      { key: 'top', type: 'Header leaderboard', placedIn: 'Every page', excludePageTypes: 'issue', excludedBy: 'Rail page', sizes: '728×90', refreshRate: 30 },
    ]);
    expect(r.summary).toEqual({ units: 3, placed: 2, unplaced: 1, excluded: 1 });
    expect(r.series).toEqual([{ type: 'Layout block', units: 2 }, { type: 'Header leaderboard', units: 1 }]);
  });
});

describe('site performance', () => {
  it('per day: builds, edit to live and API latency with medians and 95th percentiles', async () => {
    const yesterday = addDays(TODAY, -1);
    // Samples on bucket bounds, so the histogram's percentiles equal the samples' own.
    const builds = { today: [1000, 2500, 2500, 5000], yesterday: [10_000] };
    const apis = { today: [5, 10, 10, 25, 50, 100, 250, 500, 1000, 2500], yesterday: [25] };
    const samples: Record<string, Record<string, number[]>> = {
      build: { [TODAY]: builds.today, [yesterday]: builds.yesterday },
      'edit-live': { [TODAY]: [2500, 5000, 10_000] },
      api: { [TODAY]: apis.today, [yesterday]: apis.yesterday },
    };
    for (const [metric, days] of Object.entries(samples)) {
      for (const [day, ms] of Object.entries(days)) {
        // Two writes to one day add up.
        await recordSiteMetric(h.store, 'alpha', metric as never, day, ms.slice(0, 1));
        await recordSiteMetric(h.store, 'alpha', metric as never, day, ms.slice(1));
      }
    }
    await recordSiteMetric(h.store, 'beta', 'build', TODAY, [600_000]);
    const q = (xs: readonly number[], p: number) => [...xs].sort((a, b) => a - b)[Math.ceil(p * xs.length) - 1]!;
    const r = await run('site-performance');
    expect(byKeyRow(r.rows, 'day').get(TODAY)).toEqual({
      day: TODAY, builds: 4, buildMedian: q(builds.today, 0.5) / 1000, buildP95: 5,
      edits: 3, editLiveMedian: 5, editLiveP95: 10, apiRequests: 10, apiMedian: q(apis.today, 0.5), apiP95: 2500,
    });
    expect(byKeyRow(r.rows, 'day').get(yesterday)).toMatchObject({ builds: 1, buildP95: 10, apiRequests: 1, apiP95: 25, edits: 0 });
    const allBuilds = [...builds.today, ...builds.yesterday];
    expect(r.summary).toEqual({ builds: 5, buildP95: q(allBuilds, 0.95) / 1000, editLiveP95: 10, apiP95: q([...apis.today, ...apis.yesterday], 0.95) });
    expect(r.series.find((p) => p.day === TODAY)).toMatchObject({ buildP95: 5, editLiveP95: 10 });
    expect((await run('site-performance', { tenantKeys: null })).summary.builds).toBe(6);
  });

  it('the API records each request\'s latency for the tenant it names, and nothing for other paths or unknown sites', async () => {
    const before = (await readSiteMetrics(h.store.db, ['beta'], TODAY, TODAY)).find((m) => m.metric === 'api')?.n ?? 0;
    const rec = new ApiLatencyRecorder(h.store, h.app.api.services.tenants, (e) => { throw e; }, 0);
    rec.add('/graphql', { tenantKey: 'beta' }, 42);
    rec.add('/api/reports/content-views/export?format=csv', { host: 'beta.localhost' }, 480);
    rec.add('/markets/index.html', { tenantKey: 'beta' }, 7);
    rec.add('/graphql', { tenantKey: 'nope' }, 9);
    await rec.close();
    const api = (await readSiteMetrics(h.store.db, ['beta'], TODAY, TODAY)).find((m) => m.metric === 'api')!;
    expect(api.n - before).toBe(2);
    expect(api.maxMs).toBeGreaterThanOrEqual(480);
  });
});

describe('RMI inquiries', () => {
  const at = (day: string, hour = 9) => Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  // [tenant, day offset from today, content id or null, company]; offsets -30 and beyond fall outside the range.
  const SENT: [string, number, number | null, string][] = [
    ['alpha', 0, ALPHA[0]!, 'Reader Freight'], ['alpha', 0, ALPHA[0]!, 'reader freight '], ['alpha', -3, ALPHA[1]!, ''],
    ['alpha', -3, null, 'Ocean Co'], ['alpha', -29, ALPHA[0]!, 'Port Ltd'], ['alpha', -30, ALPHA[2]!, 'Too Early'], ['beta', 0, BETA[0]!, 'Beta Corp'],
  ];
  beforeAll(async () => {
    const raw = rawOf(h.store.db);
    for (const [i, [tenant, offset, contentId, company]] of SENT.entries()) {
      await raw.run(
        'insert into inquiries (tenant_key, name, email, company, message, content_id, consent_text, consent_at, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [tenant, `Reader ${i}`, `r${i}@example.com`, company, `Question ${i}`, contentId, 'I agree', at(addDays(TODAY, offset)), at(addDays(TODAY, offset), 9 + i)],
      );
    }
  });

  it('lists the range’s inquiries with counts per day and per item, from this tenant only', async () => {
    const mine = SENT.map((s, i) => ({ s, i })).filter(({ s }) => s[0] === 'alpha' && s[1] > -30);
    const r = await run('rmi');
    expect(r.rows).toHaveLength(mine.length);
    expect(r.rows.map((row) => row.name).sort()).toEqual(mine.map(({ i }) => `Reader ${i}`).sort());
    const perItem = new Map<number, number>();
    for (const { s } of mine) if (s[2] !== null) perItem.set(s[2], (perItem.get(s[2]) ?? 0) + 1);
    for (const row of r.rows) expect(row.itemInquiries).toBe(row.contentId === null ? null : perItem.get(row.contentId as number));
    expect(r.rows.find((row) => row.contentId === null)).toMatchObject({ title: 'Not about an item', company: 'Ocean Co', message: 'Question 3' });
    expect(r.rows.find((row) => row.name === 'Reader 0')).toMatchObject({ contentId: ALPHA[0], title: 'Carriers adjust capacity on lane 1', email: 'r0@example.com', received: TODAY });
    const perDay = new Map<string, number>();
    for (const { s } of mine) perDay.set(addDays(TODAY, s[1]), (perDay.get(addDays(TODAY, s[1])) ?? 0) + 1);
    expect(r.series).toHaveLength(30);
    for (const point of r.series) expect(point.inquiries, String(point.day)).toBe(perDay.get(point.day as string) ?? 0);
    // Companies compare trimmed and case-insensitively; blank ones do not count.
    expect(mine).toHaveLength(5);
    expect(r.summary).toEqual({ inquiries: 5, items: perItem.size, companies: 3, perDay: Math.round((5 / 30) * 100) / 100 });
  });

  it('is guarded by view_common_reports and the tenant', async () => {
    const doc = 'query($id: String!, $params: String!) { runReport(id: $id, params: $params) { tenant summary totalRows } }';
    expect((await h.gql(doc, { id: 'rmi', params: '' })).error?.extensions.code).toBe('UNAUTHENTICATED');
    expect((await h.gql(doc, { id: 'rmi', params: '' }, { as: 'betaEditor', tenant: 'alpha' })).error?.extensions.code).toBe('FORBIDDEN');
    const beta = await h.gql(doc, { id: 'rmi', params: '' }, { as: 'betaEditor', tenant: 'beta' });
    expect(beta.data.runReport).toMatchObject({ tenant: 'beta', totalRows: 1, summary: { inquiries: 1, items: 1, companies: 1 } });
  });
});

describe('runReport: permissions, tenants, parameters', () => {
  const doc = 'query($id: String!, $params: String!) { runReport(id: $id, params: $params) { id from to tenant summary comparison series rows totalRows skip limit } }';

  it('a viewer gets one sorted page of its own site, with the comparison period', async () => {
    const r = await h.gql(doc, { id: 'content-views', params: 'sort=views&dir=asc&limit=25' }, { as: 'alphaViewer' });
    expect(r.error).toBeUndefined();
    const out = r.data.runReport;
    expect(out).toMatchObject({ tenant: 'alpha', from: FROM, to: TODAY, skip: 0, limit: 25 });
    const views = (out.rows as ReportRow[]).map((row) => Number(row.views));
    expect(views).toEqual([...views].sort((a, b) => a - b));
    const before = alpha.filter((e) => e.type === 'PageView' && inRange(e, addDays(FROM, -30), addDays(FROM, -1)));
    expect(out.comparison).toMatchObject({ from: addDays(FROM, -30), to: addDays(FROM, -1), summary: { views: before.length } });
  });

  it('a site-scoped user never sees another site, alone or in all sites', async () => {
    const other = await h.gql(doc, { id: 'content-views', params: 'tenant=beta' }, { as: 'alphaViewer' });
    expect(other.error?.extensions.code).toBe('FORBIDDEN');
    const viaHeader = await h.gql(doc, { id: 'content-views', params: '' }, { as: 'alphaViewer', tenant: 'beta' });
    expect(viaHeader.error?.extensions.code).toBe('FORBIDDEN');
    const all = await h.gql(doc, { id: 'content-views', params: 'tenant=*' }, { as: 'alphaAdmin' });
    expect(all.error?.extensions.code).toBe('FORBIDDEN');
  });

  it('global staff may count every site', async () => {
    const r = await h.gql(doc, { id: 'content-views', params: 'tenant=*' }, { as: 'admin' });
    expect(r.data.runReport.summary.views).toBe([...alpha, ...beta].filter((e) => e.type === 'PageView' && inRange(e)).length);
  });

  it('bad parameters are refused naming the parameter', async () => {
    const cases: [string, string][] = [['range=forever', 'range'], ['range=custom&from=2026-13-01&to=2026-11-01', 'from'], ['sort=nope', 'sort'], ['section=x', 'section'], ['limit=7', 'limit']];
    for (const [params, field] of cases) {
      const r = await h.gql(doc, { id: 'content-views', params }, { as: 'alphaViewer' });
      expect(r.error?.extensions.code).toBe('BAD_USER_INPUT');
      expect(r.error?.message).toContain(field);
    }
    const unknown = await h.gql(doc, { id: 'nope', params: '' }, { as: 'alphaViewer' });
    expect(unknown.error?.message).toContain('id');
  });

  it('every definition answers through the API', async () => {
    for (const id of REPORT_IDS) {
      const r = await h.gql(doc, { id, params: '' }, { as: 'admin' });
      expect(r.error, id).toBeUndefined();
      expect(Object.keys(r.data.runReport.summary)).toEqual(expect.arrayContaining(reportById(id)!.summary.map((f) => f.key)));
    }
  });
});

describe('exports', () => {
  async function download(path: string, as: 'alphaViewer' | 'betaEditor' = 'alphaViewer') {
    return h.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${await h.token(as)}`, 'x-tenant-key': 'alpha' } });
  }

  it('CSV holds every row, quoted and with formula-like text defused', async () => {
    const res = await download('/api/reports/menu-link-clicks/export?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="menu-link-clicks_alpha_${FROM}_${TODAY}.csv"`);
    const text = res.body.replace(/^\ufeff/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Menu,Link,Clicks,Daily visitors,Share');
    const formula = lines.find((l) => l.includes('HYPERLINK'));
    expect(formula).toMatch(/^header_primary,"'=HYPERLINK\(""x""\)",\d+/);
    const r = await run('menu-link-clicks');
    expect(lines).toHaveLength(r.rows.length + 1);
  });

  it('XLSX opens as a workbook whose rows match the report', async () => {
    const res = await download('/api/reports/content-views/export?format=xlsx&sort=views&dir=desc');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Id', 'Content', 'Type', 'Section', 'Views', 'Daily visitors', 'Share of views']);
    const r = await run('content-views');
    expect(sheet.rowCount).toBe(r.rows.length + 1);
    const first = sheet.getRow(2).values as unknown[];
    const top = Math.max(...r.rows.map((row) => Number(row.views)));
    expect(first[5]).toBe(top);
  });

  it('exports keep the tenant checks and refuse a bad format', async () => {
    expect((await download('/api/reports/content-views/export?format=csv', 'betaEditor')).statusCode).toBe(403);
    const bad = await download('/api/reports/content-views/export?format=pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('format');
    expect((await h.app.inject({ method: 'GET', url: '/api/reports/content-views/export?format=csv', headers: { 'x-tenant-key': 'alpha' } })).statusCode).toBe(401);
  });
});

it('the seeded range covers 30 days', () => expect(daysBetween(FROM, TODAY)).toHaveLength(30));

describe('answer cache', () => {
  it('answers again from the cache until a rollup run or a write the build epoch counts', async () => {
    const def = reportById('content-views')!;
    const parsed = parseReportParams(def, new URLSearchParams(), TODAY);
    if (!parsed.ok) throw new Error('params');
    const first = await answerReport(h.store.db, def, parsed.params, ['alpha']);
    const again = await answerReport(h.store.db, def, { ...parsed.params, sort: 'title', dir: 'asc' }, ['alpha']);
    expect(again.data.summary).toBe(first.data.summary); // the same answer, sorted anew
    expect(again.data.rows.map((r) => r.title)).toEqual([...first.data.rows.map((r) => String(r.title))].sort((a, b) => a.localeCompare(b)));
    // New page views rolled up: the next answer counts them.
    await h.store.transaction(async (tx) => appendEvents(tx, [{ ...alpha.find((e) => e.type === 'PageView' && e.day === TODAY)!, at: Date.now(), visitor: 'cache-test' }]));
    await rollupEvents(h.store, Date.now());
    const rolled = await answerReport(h.store.db, def, parsed.params, ['alpha']);
    expect(rolled.data.summary.views).toBe(Number(first.data.summary.views) + 1);
    // A content write (build epoch): renamed items show under their new name.
    await rawOf(h.store.db).run("update content set name = 'Renamed for the cache test' where id = 10010001");
    const renamed = await answerReport(h.store.db, def, parsed.params, ['alpha']);
    expect(renamed.data.rows.find((r) => r.contentId === 10_010_001)?.title).toBe('Renamed for the cache test');
    // Reports reading other tables are never cached.
    const tracking = reportById('editorial-tracking')!;
    const tp = parseReportParams(tracking, new URLSearchParams(), TODAY);
    if (!tp.ok) throw new Error('params');
    expect((await answerReport(h.store.db, tracking, tp.params, ['alpha'])).data.summary).not.toBe((await answerReport(h.store.db, tracking, tp.params, ['alpha'])).data.summary);
  });
});
