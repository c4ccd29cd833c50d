// Issue #20: every report definition's query against a seeded database (two tenants, events rolled
// up the way the rollup job does it), with the expected figures computed here from the raw events
// and fixture rows; the runReport operation's permission and tenant checks; the CSV and XLSX
// exports, parsed as a spreadsheet program would read them.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysBetween, reportById, REPORT_IDS, type ReportRow } from '../../engine/domain/reports';
import { rawOf } from '../../engine/store/connection';
import { appendEvents, rollupEvents, type EventRow } from '../../engine/store/queries/events';
import { FUNNEL, runReportQuery, wordCount } from '../../engine/store/queries/reports';
import { htmlToText } from '../../engine/domain/text';
import { startApi, type Harness } from './api-harness';

const TODAY = new Date().toISOString().slice(0, 10);
const FROM = addDays(TODAY, -29);
const ALPHA = Array.from({ length: 11 }, (_, i) => 10_010_001 + i); // published alpha items
const BETA = Array.from({ length: 11 }, (_, i) => 10_020_001 + i);
const STEPS = ['click-join-header', 'click-join-footer', 'choose-membership', 'submit-registration', 'complete-registration', 'confirm-email', 'reminder-1h', 'login', 'click-login-header'];

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
    for (let i = 0; i < 12; i++) ev('PageView', { contentId: pick(ids) });
    for (let i = 0; i < 2; i++) ev('FavoriteContent', { contentId: pick(ids) });
    ev('ViewMediaGallery', { contentId: pick(ids) });
    for (let i = 0; i < 4; i++) ev('Registration', { target: pick(STEPS) });
    ev('NewsletterSubscription', { newsletterId: tenantKey === 'alpha' ? 150 : 250 });
    ev('ClickMenu', { target: pick(['header_primary:Markets', 'footer:About us', 'header_primary:=HYPERLINK("x")']) });
    ev(pick(['ClickCompanyWebsite', 'ClickSocialCompany', 'ClickSponsoredSearchLogo']), { companyId: pick(ids) });
  }
  return out;
}

let h: Harness;
const alpha = makeEvents('alpha', ALPHA, 1);
const beta = makeEvents('beta', BETA, 2);

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
