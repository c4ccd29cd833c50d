// The queries behind the report definitions (engine/domain/reports.ts, issue #20): one function per
// report, each answering summary figures, a chart series and table rows for a set of tenants (null:
// every tenant) and a range of UTC days. Analytics reports read the event rollups (daily grain),
// never raw events; editorial reports read content and history; analyses read layouts.
// The same SQL serves both stores (pg/sqlite-wire.ts turns `col in (select value from json_each(?))`
// into PostgreSQL's); where the dialects differ (SQLite's INDEXED BY, strftime, group_concat, a
// join over json_each) the query branches on dialectOfDb.
import { PROVIDER_LABELS, parseRecommendationId } from '../../domain/recommend';
import { AD_TYPE_LABELS, adUnitSettingsReport } from '../../domain/ads';
import type { ContentType } from '../../domain/enums';
import { layoutSchema, type Layout } from '../../domain/layout';
import { buildLayoutLookup, explainContentLayout, explainHomeLayout, explainSectionLayout, type LayoutChoice, type LayoutReason } from '../../domain/layout-resolution';
import { parseCidr } from '../../domain/ip-range';
import { contentPath, sectionPath } from '../../domain/paths';
import { emptySummary, mergeSummaries, quantileMs, type LatencySummary, type SiteMetric } from '../../domain/site-metrics';
import { daysBetween, type Cell, type Day, type ReportData, type ReportId, type ReportRow } from '../../domain/reports';
import { dialectOfDb, rawOf, type Db, type SqlValue } from '../connection';
import { listAdUnits } from './ad-units';
import { listAllLayouts } from './layouts';
import { readSiteMetrics } from './site-metrics';

export interface ReportQuery {
  /** The tenants counted; null counts every tenant (global staff's cross-site reports). */
  tenantKeys: readonly string[] | null;
  from: Day;
  to: Day;
  section?: number | null;
  type?: string | null;
  author?: number | null;
  /** Only the summary figures are wanted (the comparison period): reports may skip what only rows and series need. */
  summaryOnly?: boolean;
}

type Runner = (db: Db, q: ReportQuery) => Promise<ReportData>;

const n = (v: unknown): number => Number(v ?? 0);
const ratio = (a: number, b: number): number => (b ? a / b : 0);
const round2 = (v: number): number => Math.round(v * 100) / 100;
const startMs = (d: Day) => Date.parse(`${d}T00:00:00Z`);
const endMs = (d: Day) => startMs(d) + 86_400_000;

/** `alias.tenant_key in (…)`, or nothing for every tenant. */
function tenantWhere(col: string, q: ReportQuery): { sql: string; params: SqlValue[] } {
  // 1 = 1 and 1 = 0 rather than 1 and 0: PostgreSQL wants a boolean.
  if (q.tenantKeys === null) return { sql: '1 = 1', params: [] };
  if (!q.tenantKeys.length) return { sql: '1 = 0', params: [] };
  return { sql: `${col} in (${q.tenantKeys.map(() => '?').join(', ')})`, params: [...q.tenantKeys] };
}

/** Content filters of a report (section, type, author) on the content table aliased `c`. */
function contentWhere(q: ReportQuery): { sql: string; params: SqlValue[] } {
  const parts: string[] = [];
  const params: SqlValue[] = [];
  if (q.section) { parts.push('c.primary_section_id = ?'); params.push(q.section); }
  if (q.type) { parts.push('c.type = ?'); params.push(q.type); }
  if (q.author) { parts.push('exists (select 1 from content_authors a where a.content_id = c.id and a.person_id = ?)'); params.push(q.author); }
  return { sql: parts.length ? parts.join(' and ') : '1 = 1', params };
}

const isPg = (db: Db) => dialectOfDb(db) === 'postgres';
/** The content table aliased `c`: on SQLite through its covering index content_report_by_id (PostgreSQL has no INDEXED BY; its planner picks). */
const contentByIdIndex = (db: Db) => (isPg(db) ? 'content c' : 'content c indexed by content_report_by_id');

/** Daily rollups of one event type and dimension in the range, grouped by key. */
async function byKey(db: Db, q: ReportQuery, types: readonly string[], dim: string, keys?: readonly string[]): Promise<{ key: string; type: string; events: number; visitors: number }[]> {
  const t = tenantWhere('tenant_key', q);
  const keyWhere = keys ? 'and key in (select value from json_each(?))' : '';
  const params = [...t.params, dim, ...types, q.from, q.to, ...(keys ? [JSON.stringify(keys)] : [])];
  // One type is an equality and a grouping by key alone: SQLite then groups far faster than by (key, type).
  const one = types.length === 1;
  const rows = await rawOf(db).all<{ key: string; type?: string; events: number; visitors: number }>(
    `select key${one ? '' : ', type'}, sum(events) as events, sum(visitors) as visitors from event_rollups
     where ${t.sql} and grain = 'day' and dim = ? and ${one ? 'type = ?' : `type in (${types.map(() => '?').join(', ')})`} and day between ? and ? ${keyWhere}
     group by key${one ? '' : ', type'}`, params);
  return rows.map((r) => ({ key: r.key, type: r.type ?? types[0]!, events: n(r.events), visitors: n(r.visitors) }));
}

/** Daily totals (dimension 'all') of event types in the range, one entry per day and type. */
async function byDay(db: Db, q: ReportQuery, types: readonly string[], dim = 'all', keys?: readonly string[]): Promise<{ day: string; type: string; key: string; events: number; visitors: number }[]> {
  const t = tenantWhere('tenant_key', q);
  const keyWhere = keys ? 'and key in (select value from json_each(?))' : '';
  const rows = await rawOf(db).all<{ day: string; type: string; key: string; events: number; visitors: number }>(
    `select day, type, key, sum(events) as events, sum(visitors) as visitors from event_rollups
     where ${t.sql} and grain = 'day' and dim = ? and type in (${types.map(() => '?').join(', ')}) and day between ? and ? ${keyWhere}
     group by day, type, key`, [...t.params, dim, ...types, q.from, q.to, ...(keys ? [JSON.stringify(keys)] : [])]);
  return rows.map((r) => ({ day: r.day, type: r.type, key: r.key, events: n(r.events), visitors: n(r.visitors) }));
}

/** One series row per day of the range (days without data are zeros), filled by `fill`. */
function everyDay(q: ReportQuery, keys: readonly string[]): Map<string, ReportRow> {
  const out = new Map<string, ReportRow>();
  for (const day of daysBetween(q.from, q.to)) out.set(day, Object.fromEntries([['day', day], ...keys.map((k) => [k, 0])]));
  return out;
}
const add = (row: ReportRow | undefined, key: string, v: number) => { if (row) row[key] = n(row[key]) + v; };

interface ContentInfo { id: number; name: string; type: string; section: string; published: number | null }

/**
 * Names, types and sections of content ids, with the report's content filters applied (ids failing
 * them are left out). Read from the covering index content_report_by_id: the planner would take the
 * rowid and read each row up to its later columns, past the body's overflow pages.
 */
async function contentInfo(db: Db, q: ReportQuery, ids: readonly number[]): Promise<Map<number, ContentInfo>> {
  const out = new Map<number, ContentInfo>();
  if (!ids.length) return out;
  const w = contentWhere(q);
  const rows = await rawOf(db).all<{ id: number; name: string; type: string; section: string; published: number | null }>(isPg(db)
    ? `select c.id, c.name, c.type, s.name as section, c.published from content c left join website_sections s on s.id = c.primary_section_id
       where c.id in (select value from json_each(?)) and ${w.sql}`
    : `select c.id, c.name, c.type, s.name as section, c.published from json_each(?) j
     join content c indexed by content_report_by_id on c.id = j.value left join website_sections s on s.id = c.primary_section_id where ${w.sql}`,
  [JSON.stringify(ids), ...w.params]);
  for (const r of rows) out.set(Number(r.id), { ...r, id: Number(r.id) });
  return out;
}

const hasContentFilter = (q: ReportQuery) => !!(q.section || q.type || q.author);

/**
 * Reports of one content event (page views, favourites, gallery views): rows per item, series per
 * day. With a content filter, the series sums the filtered items' own daily rollups.
 */
function contentEventReport(type: string, value: string): Runner {
  return async (db, q) => {
    if (q.summaryOnly && !hasContentFilter(q)) {
      // The comparison period's totals from the daily totals alone (items per period would need the per-item scan).
      const daily = await byDay(db, q, [type]);
      return { summary: { [value]: daily.reduce((sum, d) => sum + d.events, 0), visitors: daily.reduce((sum, d) => sum + d.visitors, 0) }, series: [], rows: [] };
    }
    // Per item in one statement: the rollups grouped by item, joined to the items (covering index) with the filters.
    const t = tenantWhere('r.tenant_key', q);
    const w = contentWhere(q);
    const items = await rawOf(db).all<{ id: number; name: string; type: string; section: string | null; events: number; visitors: number }>(
      `select c.id, c.name, c.type, s.name as section, v.events, v.visitors from (
         select r.key, sum(r.events) as events, sum(r.visitors) as visitors from event_rollups r
         where ${t.sql} and r.grain = 'day' and r.dim = 'content' and r.type = ? and r.day between ? and ? group by r.key) v
       join ${contentByIdIndex(db)} on c.id = cast(v.key as integer)
       left join website_sections s on s.id = c.primary_section_id where ${w.sql}`, [...t.params, type, q.from, q.to, ...w.params]);
    const rows: ReportRow[] = [];
    const ids: string[] = [];
    let total = 0;
    let visitors = 0;
    for (const r of items) {
      const events = n(r.events);
      rows.push({ contentId: Number(r.id), title: r.name, type: r.type, section: r.section, [value]: events, visitors: n(r.visitors) });
      ids.push(String(r.id));
      total += events;
      visitors += n(r.visitors);
    }
    for (const r of rows) r.share = round2(ratio(n(r[value]), total) * 100) / 100;
    const series = everyDay(q, [value, 'visitors']);
    const daily = hasContentFilter(q)
      ? (await byDay(db, q, [type], 'content', ids))
      : await byDay(db, q, [type]);
    for (const d of daily) { add(series.get(d.day), value, d.events); add(series.get(d.day), 'visitors', d.visitors); }
    if (!hasContentFilter(q)) visitors = daily.reduce((s, d) => s + d.visitors, 0);
    return { summary: { [value]: total, visitors, items: rows.length, [`${value}PerItem`]: round2(ratio(total, rows.length)) }, series: [...series.values()], rows };
  };
}

const contentViews = contentEventReport('PageView', 'views');

const topContentByPubDate: Runner = async (db, q) => {
  const t = tenantWhere('c.tenant_key', q);
  const w = contentWhere(q);
  const items = await rawOf(db).all<{ id: number; name: string; published: number; section: string }>(
    `select c.id, c.name, c.published, s.name as section from content c left join website_sections s on s.id = c.primary_section_id
     where ${t.sql} and c.status = 1 and c.published >= ? and c.published < ? and ${w.sql}`,
    [...t.params, startMs(q.from), endMs(q.to), ...w.params]);
  const views = new Map((await byKey(db, q, ['PageView'], 'content', items.map((i) => String(i.id)))).map((r) => [Number(r.key), r]));
  const series = everyDay(q, ['published', 'views']);
  let total = 0;
  const rows = items.map((i) => {
    const v = views.get(Number(i.id));
    const day = new Date(Number(i.published)).toISOString().slice(0, 10);
    add(series.get(day), 'published', 1);
    add(series.get(day), 'views', v?.events ?? 0);
    total += v?.events ?? 0;
    return { contentId: Number(i.id), title: i.name, published: day, section: i.section, views: v?.events ?? 0, visitors: v?.visitors ?? 0 };
  });
  return {
    summary: { published: rows.length, views: total, viewsPerItem: round2(ratio(total, rows.length)), unread: rows.filter((r) => r.views === 0).length },
    series: [...series.values()], rows,
  };
};

/** Funnel steps in reading order; joining has two entry links. */
export const FUNNEL: readonly { label: string; steps: readonly string[] }[] = [
  { label: 'Clicked join', steps: ['click-join-header', 'click-join-footer'] },
  { label: 'Chose a membership', steps: ['choose-membership'] },
  { label: 'Submitted registration', steps: ['submit-registration'] },
  { label: 'Completed registration', steps: ['complete-registration'] },
  { label: 'Confirmed e-mail', steps: ['confirm-email'] },
];

const registrations: Runner = async (db, q) => {
  const steps = new Map((await byKey(db, q, ['Registration'], 'step')).map((r) => [r.key, r]));
  const count = (s: readonly string[], k: 'events' | 'visitors') => s.reduce((sum, step) => sum + (steps.get(step)?.[k] ?? 0), 0);
  let first = 0;
  let previous = 0;
  const rows = FUNNEL.map((f, i) => {
    const events = count(f.steps, 'events');
    if (i === 0) first = events;
    const row: ReportRow = {
      position: i + 1, label: f.label, events, visitors: count(f.steps, 'visitors'),
      ofFirst: round2(ratio(events, first) * 100) / 100, dropOff: i === 0 ? 0 : round2(ratio(Math.max(0, previous - events), previous) * 100) / 100,
    };
    previous = events;
    return row;
  });
  const joinClicks = n(rows[0]?.events);
  const completed = count(['complete-registration'], 'events');
  return {
    summary: { joinClicks, submitted: count(['submit-registration'], 'events'), completed, conversion: round2(ratio(completed, joinClicks) * 100) / 100 },
    series: rows.map((r) => ({ label: r.label ?? null, events: r.events ?? null })), rows,
  };
};

const stepSeries = async (db: Db, q: ReportQuery, keys: Record<string, readonly string[]>) => {
  const series = everyDay(q, [...Object.keys(keys), 'visitors']);
  const wanted = new Set(Object.values(keys).flat());
  for (const d of await byDay(db, q, ['Registration'], 'step', [...wanted])) {
    for (const [k, steps] of Object.entries(keys)) if (steps.includes(d.key)) add(series.get(d.day), k, d.events);
    if (keys.logins?.includes(d.key)) add(series.get(d.day), 'visitors', d.visitors);
  }
  return [...series.values()];
};

const incompleteRegistrations: Runner = async (db, q) => {
  const series = await stepSeries(db, q, { submitted: ['submit-registration'], completed: ['complete-registration'], reminders: ['reminder-1h', 'reminder-24h'] });
  let submitted = 0;
  let completed = 0;
  const rows = series.map((s) => {
    submitted += n(s.submitted);
    completed += n(s.completed);
    s.incomplete = Math.max(0, n(s.submitted) - n(s.completed));
    return { day: String(s.day), submitted: n(s.submitted), completed: n(s.completed), incomplete: s.incomplete, reminders: n(s.reminders) };
  });
  const incomplete = Math.max(0, submitted - completed);
  return { summary: { submitted, completed, incomplete, incompleteRate: round2(ratio(incomplete, submitted) * 100) / 100 }, series, rows };
};

const logins: Runner = async (db, q) => {
  const series = await stepSeries(db, q, { logins: ['login'], loginClicks: ['click-login-header'] });
  const sum = (k: string) => series.reduce((s, r) => s + n(r[k]), 0);
  const rows = series.map((s) => ({ day: String(s.day), logins: n(s.logins), visitors: n(s.visitors), loginClicks: n(s.loginClicks) }));
  return { summary: { logins: sum('logins'), visitors: sum('visitors'), loginClicks: sum('loginClicks'), perDay: round2(ratio(sum('logins'), series.length)) }, series, rows };
};

const newsletterSubscriptions: Runner = async (db, q) => {
  const keyed = await byKey(db, q, ['NewsletterSubscription'], 'newsletter');
  const names = new Map((await rawOf(db).all<{ id: number; title: string }>('select n.id, n.title from newsletters n where n.id in (select value from json_each(?))',
    [JSON.stringify(keyed.map((r) => Number(r.key)))])).map((r) => [Number(r.id), r.title]));
  const total = keyed.reduce((s, r) => s + r.events, 0);
  const rows = keyed.map((r) => ({ newsletterId: Number(r.key), newsletter: names.get(Number(r.key)) ?? `Newsletter ${r.key}`, subscriptions: r.events, visitors: r.visitors, share: round2(ratio(r.events, total) * 100) / 100 }));
  const series = everyDay(q, ['subscriptions', 'visitors']);
  for (const d of await byDay(db, q, ['NewsletterSubscription'])) { add(series.get(d.day), 'subscriptions', d.events); add(series.get(d.day), 'visitors', d.visitors); }
  const s = [...series.values()];
  return { summary: { subscriptions: total, visitors: s.reduce((a, r) => a + n(r.visitors), 0), newsletters: rows.length }, series: s, rows };
};

const menuLinkClicks: Runner = async (db, q) => {
  const keyed = await byKey(db, q, ['ClickMenu'], 'menu');
  const total = keyed.reduce((s, r) => s + r.events, 0);
  const rows = keyed.map((r) => {
    const cut = r.key.indexOf(':');
    return { menu: cut < 0 ? '' : r.key.slice(0, cut), label: cut < 0 ? r.key : r.key.slice(cut + 1), clicks: r.events, visitors: r.visitors, share: round2(ratio(r.events, total) * 100) / 100 };
  });
  const series = everyDay(q, ['clicks', 'visitors']);
  for (const d of await byDay(db, q, ['ClickMenu'])) { add(series.get(d.day), 'clicks', d.events); add(series.get(d.day), 'visitors', d.visitors); }
  const s = [...series.values()];
  return { summary: { clicks: total, visitors: s.reduce((a, r) => a + n(r.visitors), 0), links: rows.length }, series: s, rows };
};

const COMPANY_TYPES = { ClickCompanyWebsite: 'websiteClicks', ClickSocialCompany: 'socialClicks', ClickSponsoredSearchLogo: 'logoClicks' } as const;

const companyEngagement: Runner = async (db, q) => {
  const types = Object.keys(COMPANY_TYPES) as (keyof typeof COMPANY_TYPES)[];
  const keyed = await byKey(db, q, types, 'company');
  const byCompany = new Map<number, ReportRow>();
  for (const r of keyed) {
    const id = Number(r.key);
    const row = byCompany.get(id) ?? { companyId: id, company: '', websiteClicks: 0, socialClicks: 0, logoClicks: 0, interactions: 0 };
    add(row, COMPANY_TYPES[r.type as keyof typeof COMPANY_TYPES], r.events);
    add(row, 'interactions', r.events);
    byCompany.set(id, row);
  }
  const info = await contentInfo(db, { ...q, section: null, type: null, author: null }, [...byCompany.keys()]);
  for (const [id, row] of byCompany) row.company = info.get(id)?.name ?? `Company ${id}`;
  const rows = [...byCompany.values()];
  const series = everyDay(q, ['interactions']);
  for (const d of await byDay(db, q, types)) add(series.get(d.day), 'interactions', d.events);
  const sum = (k: string) => rows.reduce((s, r) => s + n(r[k]), 0);
  return { summary: { interactions: sum('interactions'), companies: rows.length, websiteClicks: sum('websiteClicks'), logoClicks: sum('logoClicks') }, series: [...series.values()], rows };
};

/** Published items in the range with the report's filters: id, name, section, published, body on demand. */
async function publishedItems(db: Db, q: ReportQuery, withBody: boolean): Promise<{ id: number; name: string; section: string; sectionId: number; published: number; body?: string }[]> {
  const t = tenantWhere('c.tenant_key', q);
  const w = contentWhere(q);
  return rawOf(db).all(
    `select c.id, c.name, s.name as section, c.primary_section_id as sectionId, c.published${withBody ? ', c.body' : ''}
     from content c left join website_sections s on s.id = c.primary_section_id
     where ${t.sql} and c.status = 1 and c.published >= ? and c.published < ? and ${w.sql}`,
    [...t.params, startMs(q.from), endMs(q.to), ...w.params]);
}

const contentVelocity: Runner = async (db, q) => {
  const items = await publishedItems(db, q, false);
  const days = daysBetween(q.from, q.to).length;
  const series = everyDay(q, ['published']);
  const bySection = new Map<string, number>();
  for (const i of items) {
    add(series.get(new Date(Number(i.published)).toISOString().slice(0, 10)), 'published', 1);
    bySection.set(i.section, (bySection.get(i.section) ?? 0) + 1);
  }
  const rows = [...bySection].map(([section, count]) => ({ section, published: count, perDay: round2(count / days), share: round2(ratio(count, items.length) * 100) / 100 }));
  const t = tenantWhere('c.tenant_key', q);
  const w = contentWhere(q);
  const [authors] = await rawOf(db).all<{ n: number }>(
    `select count(distinct a.person_id) as n from content c join content_authors a on a.content_id = c.id
     where ${t.sql} and c.status = 1 and c.published >= ? and c.published < ? and ${w.sql}`, [...t.params, startMs(q.from), endMs(q.to), ...w.params]);
  return { summary: { published: items.length, perDay: round2(items.length / days), sections: rows.length, authors: n(authors?.n) }, series: [...series.values()], rows };
};

/**
 * Words of an HTML body: runs of non-space text outside tags (a tag separates words, as
 * htmlToText's text would). One pass over the characters: the report counts thousands of bodies.
 */
export function wordCount(html: string): number {
  let words = 0;
  let inTag = false;
  let inWord = false;
  for (let i = 0; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (inTag) {
      if (c === 62) inTag = false;
    } else if (c === 60) {
      inTag = true;
      inWord = false;
    } else if (c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 160) {
      inWord = false;
    } else if (!inWord) {
      inWord = true;
      words++;
    }
  }
  return words;
}
export const LENGTH_BUCKETS: readonly { label: string; max: number }[] = [
  { label: 'Under 250', max: 249 }, { label: '250–499', max: 499 }, { label: '500–999', max: 999 },
  { label: '1,000–1,999', max: 1999 }, { label: '2,000 or more', max: Infinity },
];

const contentLength: Runner = async (db, q): Promise<ReportData> => {
  // The comparison period counts items only: word counts mean reading every body again.
  if (q.summaryOnly) return { summary: { items: (await publishedItems(db, q, false)).length }, series: [], rows: [] };
  const items = await publishedItems(db, q, true);
  const counts = LENGTH_BUCKETS.map(() => 0);
  const rows = items.map((i) => {
    const words = wordCount(i.body ?? '');
    counts[LENGTH_BUCKETS.findIndex((b) => words <= b.max)]! += 1;
    return { contentId: Number(i.id), title: i.name, section: i.section, published: new Date(Number(i.published)).toISOString().slice(0, 10), words };
  });
  const sorted = rows.map((r) => r.words).sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = !sorted.length ? 0 : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return {
    summary: { items: rows.length, medianWords: median, meanWords: Math.round(ratio(sorted.reduce((s, v) => s + v, 0), sorted.length)), longest: sorted.at(-1) ?? 0 },
    series: LENGTH_BUCKETS.map((b, i) => ({ bucket: b.label, items: counts[i]! })), rows,
  };
};

const editorialTracking: Runner = async (db, q) => {
  const t = tenantWhere('h.tenant_key', q);
  const where = `${t.sql} and h.entity_type = 'content' and h.created_at >= ? and h.created_at < ?`;
  const params = [...t.params, startMs(q.from), endMs(q.to)];
  const raw = rawOf(db);
  // Three aggregates over the covering index history_report: per person, action and day; per person (items, last change); items in all.
  const [perDay, perPerson, [all]] = await Promise.all([
    raw.all<{ actor_type: string; actor_id: number | null; action: string; day: string; n: number }>(
      `select h.actor_type, h.actor_id, h.action, ${isPg(db) ? "to_char(to_timestamp(h.created_at / 1000) at time zone 'UTC', 'YYYY-MM-DD')" : "strftime('%Y-%m-%d', h.created_at / 1000, 'unixepoch')"} as day, count(*) as n
       from history h where ${where} group by 1, 2, 3, 4`, params),
    raw.all<{ actor_type: string; actor_id: number | null; items: number; last: number }>(
      `select h.actor_type, h.actor_id, count(distinct h.entity_id) as items, max(h.created_at) as last from history h where ${where} group by 1, 2`, params),
    raw.all<{ items: number }>(`select count(distinct h.entity_id) as items from history h where ${where}`, params),
  ]);
  const ids = [...new Set(perPerson.map((p) => p.actor_id).filter((id): id is number => id !== null))];
  const names = new Map((await raw.all<{ id: number; username: string }>('select u.id, u.username from cms_users u where u.id in (select value from json_each(?))', [JSON.stringify(ids)])).map((u) => [Number(u.id), u.username]));
  const who = (type: string, id: number | null) => (id !== null ? names.get(Number(id)) : undefined) ?? (type === 'cli' ? 'Command line' : id !== null ? `${type} ${id}` : type);
  const series = everyDay(q, ['created', 'updated', 'deleted']);
  const people = new Map<string, ReportRow>();
  let changes = 0;
  for (const p of perPerson) {
    const name = who(p.actor_type, p.actor_id);
    people.set(`${p.actor_type}:${p.actor_id}`, { user: name, created: 0, updated: 0, deleted: 0, items: n(p.items), last: new Date(n(p.last)).toISOString().slice(0, 10) });
  }
  for (const r of perDay) {
    const action = r.action === 'create' ? 'created' : r.action === 'delete' ? 'deleted' : 'updated';
    add(people.get(`${r.actor_type}:${r.actor_id}`), action, n(r.n));
    add(series.get(r.day), action, n(r.n));
    changes += n(r.n);
  }
  return { summary: { changes, people: people.size, items: n(all?.items) }, series: [...series.values()], rows: [...people.values()] };
};

/**
 * RMI: the inquiries received in the range (one row each), per day for the chart, and how many
 * each item drew. Inquiries sent off content pages have no item (no Id, "Not about an item").
 */
const rmiInquiries: Runner = async (db, q) => {
  const t = tenantWhere('i.tenant_key', q);
  const rows = await rawOf(db).all<{ id: number; created_at: number; name: string; email: string; company: string; content_id: number | null; title: string | null; message: string }>(
    `select i.id, i.created_at, i.name, i.email, i.company, i.content_id, c.name as title, i.message from inquiries i
     left join content c on c.id = i.content_id and c.tenant_key = i.tenant_key
     where ${t.sql} and i.created_at >= ? and i.created_at < ? order by i.created_at desc, i.id desc`, [...t.params, startMs(q.from), endMs(q.to)]);
  const perItem = new Map<number, number>();
  for (const r of rows) if (r.content_id !== null) perItem.set(Number(r.content_id), (perItem.get(Number(r.content_id)) ?? 0) + 1);
  const series = everyDay(q, ['inquiries']);
  for (const r of rows) add(series.get(new Date(n(r.created_at)).toISOString().slice(0, 10)), 'inquiries', 1);
  const companies = new Set(rows.map((r) => r.company.trim().toLowerCase()).filter(Boolean));
  const days = daysBetween(q.from, q.to).length;
  return {
    summary: { inquiries: rows.length, items: perItem.size, companies: companies.size, perDay: round2(rows.length / days) },
    series: [...series.values()],
    rows: rows.map((r) => {
      const contentId = r.content_id === null ? null : Number(r.content_id);
      return {
        received: new Date(n(r.created_at)).toISOString().slice(0, 10), name: r.name, email: r.email, company: r.company,
        contentId, title: contentId === null ? 'Not about an item' : r.title ?? `Item ${contentId}`, itemInquiries: contentId === null ? null : perItem.get(contentId) ?? 0, message: r.message,
      };
    }),
  };
};

interface GridLike { rows?: { columns?: { blocks?: { type?: string }[] }[] }[] }

const layoutBlockUsage: Runner = async (db, q) => {
  const t = tenantWhere('l.tenant_key', q);
  const layouts = await rawOf(db).all<{ name: string; primary_grid: string; secondary_grid: string | null }>(
    `select l.name, l.primary_grid, l.secondary_grid from layouts l where ${t.sql}`, t.params);
  const byType = new Map<string, { blocks: number; layouts: Set<string> }>();
  let blocks = 0;
  for (const l of layouts) {
    for (const raw of [l.primary_grid, l.secondary_grid]) {
      if (!raw) continue;
      const grid = JSON.parse(raw) as GridLike;
      for (const row of grid.rows ?? []) for (const col of row.columns ?? []) for (const b of col.blocks ?? []) {
        const type = b.type ?? 'unknown';
        const e = byType.get(type) ?? { blocks: 0, layouts: new Set<string>() };
        e.blocks++;
        e.layouts.add(l.name);
        byType.set(type, e);
        blocks++;
      }
    }
  }
  const rows = [...byType].map(([blockType, e]) => ({ blockType, blocks: e.blocks, layouts: e.layouts.size, layoutNames: [...e.layouts].sort().join(', ') }));
  return { summary: { layouts: layouts.length, blocks, types: rows.length }, series: [...rows].sort((a, b) => b.blocks - a.blocks).map((r) => ({ blockType: r.blockType, blocks: r.blocks })), rows };
};

const STATUS_LABEL: Record<number, string> = { 0: 'Deleted', 1: 'Published', 2: 'Draft' };

const companyExport: Runner = async (db, q) => {
  const t = tenantWhere('c.tenant_key', q);
  const w = contentWhere({ ...q, type: null, author: null });
  const items = await rawOf(db).all<{ id: number; name: string; status: number; section: string; link_url: string | null; teaser: string; updated_at: number }>(
    `select c.id, c.name, c.status, s.name as section, c.link_url, c.teaser, c.updated_at from content c
     left join website_sections s on s.id = c.primary_section_id where ${t.sql} and c.type = 'Company' and c.status <> 0 and ${w.sql}`, [...t.params, ...w.params]);
  const rows = items.map((i) => ({
    contentId: Number(i.id), name: i.name, status: STATUS_LABEL[n(i.status)] ?? String(i.status), section: i.section, website: i.link_url ?? '',
    teaser: i.teaser, updated: new Date(n(i.updated_at)).toISOString().slice(0, 10),
  }));
  return { summary: { companies: rows.length, published: rows.filter((r) => r.status === 'Published').length }, series: [], rows };
};

const sponsoredLogoClicks: Runner = async (db, q) => {
  const keyed = await byKey(db, q, ['ClickSponsoredSearchLogo'], 'company');
  const info = await contentInfo(db, { ...q, section: null, type: null, author: null }, keyed.map((r) => Number(r.key)));
  const total = keyed.reduce((sum, r) => sum + r.events, 0);
  const rows = keyed.map((r) => ({
    companyId: Number(r.key), company: info.get(Number(r.key))?.name ?? `Company ${r.key}`, clicks: r.events, visitors: r.visitors, share: round2(ratio(r.events, total) * 100) / 100,
  }));
  const series = everyDay(q, ['clicks', 'visitors']);
  for (const d of await byDay(db, q, ['ClickSponsoredSearchLogo'])) { add(series.get(d.day), 'clicks', d.events); add(series.get(d.day), 'visitors', d.visitors); }
  const s = [...series.values()];
  return { summary: { clicks: total, visitors: s.reduce((a, r) => a + n(r.visitors), 0), companies: rows.length }, series: s, rows };
};

const contentDetail: Runner = async (db, q): Promise<ReportData> => {
  // The comparison period counts items only (from the covering index), not their fields.
  if (q.summaryOnly) return { summary: { items: (await publishedItems(db, q, false)).length }, series: [], rows: [] };
  const t = tenantWhere('c.tenant_key', q);
  const w = contentWhere(q);
  const items = await rawOf(db).all<{ id: number; name: string; type: string; status: number; section: string | null; authors: string | null; published: number; updated_at: number; slug: string; teaser: string }>(
    `select c.id, c.name, c.type, c.status, s.name as section, c.published, c.updated_at, c.slug, c.teaser,
       ${isPg(db)
    ? "(select string_agg(p.full_name, '; ' order by a.position) from content_authors a join persons p on p.id = a.person_id where a.content_id = c.id)"
    : "(select group_concat(p.full_name, '; ') from (select a.person_id from content_authors a where a.content_id = c.id order by a.position) x join persons p on p.id = x.person_id)"} as authors
     from content c left join website_sections s on s.id = c.primary_section_id
     where ${t.sql} and c.status = 1 and c.published >= ? and c.published < ? and ${w.sql}`, [...t.params, startMs(q.from), endMs(q.to), ...w.params]);
  const day = (ms: number) => new Date(n(ms)).toISOString().slice(0, 10);
  const rows = items.map((i) => ({
    contentId: Number(i.id), title: i.name, type: i.type, status: STATUS_LABEL[n(i.status)] ?? String(i.status), section: i.section, authors: i.authors ?? '',
    published: day(i.published), updated: day(i.updated_at), slug: i.slug, teaser: i.teaser,
  }));
  const authors = new Set(rows.flatMap((r) => (r.authors ? r.authors.split('; ') : [])));
  return { summary: { items: rows.length, authors: authors.size, sections: new Set(rows.map((r) => r.section)).size }, series: [], rows };
};

/** Recommendation events (engine/domain/recommend.ts): shown and clicked, counted by recommendation id (<provider>:<content id>) and by page. */
const REC_VIEW = 'ViewBlueConicRecommendation';
const REC_CLICK = 'ClickBlueConicRecommendation';
const REC_TYPES = [REC_VIEW, REC_CLICK] as const;
const ctrOf = (clicks: number, views: number) => round2(ratio(clicks, views) * 100) / 100;

/** Shown and clicked per day; with keys, only those keys of a dimension (a content filter's items). */
async function recommendationSeries(db: Db, q: ReportQuery, dim?: string, keys?: readonly string[]): Promise<ReportRow[]> {
  const series = everyDay(q, ['views', 'clicks']);
  for (const d of await byDay(db, q, REC_TYPES, dim, keys)) add(series.get(d.day), d.type === REC_CLICK ? 'clicks' : 'views', d.events);
  return [...series.values()];
}

const recommendations: Runner = async (db, q) => {
  const byRec = new Map<string, { provider: string; contentId: number; views: number; clicks: number }>();
  for (const r of await byKey(db, q, REC_TYPES, 'recommendation')) {
    const id = parseRecommendationId(r.key);
    if (!id) continue;
    const e = byRec.get(r.key) ?? { provider: id.provider, contentId: id.contentId, views: 0, clicks: 0 };
    if (r.type === REC_CLICK) e.clicks += r.events; else e.views += r.events;
    byRec.set(r.key, e);
  }
  const info = await contentInfo(db, q, [...new Set([...byRec.values()].map((e) => e.contentId))]);
  const rows: ReportRow[] = [];
  const keys: string[] = [];
  for (const [key, e] of byRec) {
    const c = info.get(e.contentId);
    if (!c && hasContentFilter(q)) continue;
    keys.push(key);
    rows.push({
      contentId: e.contentId, title: c?.name ?? `Item ${e.contentId}`, provider: PROVIDER_LABELS[e.provider as keyof typeof PROVIDER_LABELS] ?? e.provider,
      section: c?.section ?? null, views: e.views, clicks: e.clicks, ctr: ctrOf(e.clicks, e.views),
    });
  }
  const views = rows.reduce((s, r) => s + n(r.views), 0);
  const clicks = rows.reduce((s, r) => s + n(r.clicks), 0);
  const series = q.summaryOnly ? [] : hasContentFilter(q) ? await recommendationSeries(db, q, 'recommendation', keys) : await recommendationSeries(db, q);
  return { summary: { views, clicks, ctr: ctrOf(clicks, views), items: new Set(rows.map((r) => r.contentId)).size }, series, rows };
};

const recommendationPageViews: Runner = async (db, q) => {
  const byPage = new Map<number, { views: number; clicks: number }>();
  for (const r of await byKey(db, q, REC_TYPES, 'content')) {
    const id = Number(r.key);
    const e = byPage.get(id) ?? { views: 0, clicks: 0 };
    if (r.type === REC_CLICK) e.clicks += r.events; else e.views += r.events;
    byPage.set(id, e);
  }
  const ids = [...byPage.keys()];
  const info = await contentInfo(db, q, ids);
  const kept = hasContentFilter(q) ? ids.filter((id) => info.has(id)) : ids;
  const pageViews = new Map((await byKey(db, q, ['PageView'], 'content', kept.map(String))).map((r) => [Number(r.key), r.events]));
  const rows: ReportRow[] = kept.map((id) => {
    const e = byPage.get(id)!;
    const c = info.get(id);
    return { contentId: id, title: c?.name ?? `Item ${id}`, section: c?.section ?? null, pageViews: pageViews.get(id) ?? 0, views: e.views, clicks: e.clicks, ctr: ctrOf(e.clicks, e.views) };
  });
  const sum = (k: string) => rows.reduce((s, r) => s + n(r[k]), 0);
  const series = q.summaryOnly ? [] : hasContentFilter(q) ? await recommendationSeries(db, q, 'content', kept.map(String)) : await recommendationSeries(db, q);
  return { summary: { pages: rows.length, pageViews: sum('pageViews'), views: sum('views'), clicks: sum('clicks') }, series, rows };
};

const recommendationClients: Runner = async (db, q) => {
  const byProvider = new Map<string, { items: Set<number>; views: number; clicks: number }>();
  for (const r of await byKey(db, q, REC_TYPES, 'recommendation')) {
    const id = parseRecommendationId(r.key);
    const provider = id?.provider ?? 'other';
    const e = byProvider.get(provider) ?? { items: new Set<number>(), views: 0, clicks: 0 };
    if (id) e.items.add(id.contentId);
    if (r.type === REC_CLICK) e.clicks += r.events; else e.views += r.events;
    byProvider.set(provider, e);
  }
  const rows: ReportRow[] = [...byProvider].map(([p, e]) => ({
    provider: PROVIDER_LABELS[p as keyof typeof PROVIDER_LABELS] ?? 'Other', items: e.items.size, views: e.views, clicks: e.clicks, ctr: ctrOf(e.clicks, e.views),
  }));
  const views = rows.reduce((s, r) => s + n(r.views), 0);
  const clicks = rows.reduce((s, r) => s + n(r.clicks), 0);
  return { summary: { providers: rows.length, views, clicks, ctr: ctrOf(clicks, views) }, series: q.summaryOnly ? [] : await recommendationSeries(db, q), rows };
};

/** The tenants a report covers: its keys, or every tenant's for null. */
async function tenantKeysOf(db: Db, q: ReportQuery): Promise<string[]> {
  if (q.tenantKeys !== null) return [...q.tenantKeys];
  return (await rawOf(db).all<{ tenant_key: string }>('select tenant_key from tenants order by tenant_key')).map((r) => r.tenant_key);
}

const LAYOUT_JSON = ['aliases', 'contentTypes', 'contentIds', 'sectionIds', 'excludeAds', 'primaryGrid', 'secondaryGrid'];
const LAYOUT_BOOL = ['propagate', 'isGlobal', 'hideHeader', 'hideFooter'];

/** A tenant's stored layouts as the build reads them (validated; a layout that does not parse is left out, as the build skips it). */
async function tenantLayouts(db: Db, tenantKey: string): Promise<Layout[]> {
  const rows = await rawOf(db).all<Record<string, unknown>>(
    `select id, name, type, key, aliases, propagate, page_type as pageType, content_types as contentTypes, content_ids as contentIds,
       section_ids as sectionIds, gating_requirements as gatingRequirements, is_global as isGlobal, hide_header as hideHeader,
       hide_footer as hideFooter, load_more_type as loadMoreType, exclude_ads as excludeAds, primary_grid as primaryGrid, secondary_grid as secondaryGrid
     from layouts where tenant_key = ? order by id`, [tenantKey]);
  const out: Layout[] = [];
  for (const row of rows) {
    const clean: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) {
      if (v === null) continue;
      clean[k] = LAYOUT_JSON.includes(k) ? JSON.parse(String(v)) : LAYOUT_BOOL.includes(k) ? !!v : v;
    }
    const parsed = layoutSchema.safeParse(clean);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

export const LAYOUT_REASON_LABELS: Record<LayoutReason, string> = {
  'url-override': 'URL override', 'content-override': 'Content override', 'type-override': 'Content type override', section: 'Section layout', default: 'Default',
};

/**
 * Layout analysis: every page the build makes (home, sections, published items) with the layout it
 * resolves to and the rule that chose it, through the build's own resolution (engine/domain/layout-resolution).
 */
const layoutAnalysis: Runner = async (db, q) => {
  const rows: ReportRow[] = [];
  const raw = rawOf(db);
  for (const tenant of await tenantKeysOf(db, q)) {
    const lookup = buildLayoutLookup(await tenantLayouts(db, tenant));
    const [sections, items] = await Promise.all([
      raw.all<{ id: number; name: string; alias: string }>('select id, name, alias from website_sections where tenant_key = ? and status = 1 order by id', [tenant]),
      raw.all<{ id: number; name: string; type: string; slug: string | null; alias: string | null }>(
        `select c.id, c.name, c.type, c.slug, s.alias from ${contentByIdIndex(db)} left join website_sections s on s.id = c.primary_section_id
         where c.tenant_key = ? and c.status = 1`, [tenant]),
    ]);
    const push = (kind: string, page: string, path: string, choice: LayoutChoice) => rows.push({
      site: tenant, kind, page, path, layout: choice.layout.name, reason: LAYOUT_REASON_LABELS[choice.reason],
    });
    push('Home', 'Home page', '/', explainHomeLayout(lookup));
    for (const sec of sections) {
      const path = sectionPath(sec.alias);
      push('Section', sec.name, path, explainSectionLayout(lookup, Number(sec.id), path));
    }
    for (const c of items) {
      const path = contentPath({ id: Number(c.id), slug: c.slug, name: c.name, sectionAlias: c.alias });
      push('Content', c.name, path, explainContentLayout(lookup, { id: Number(c.id), type: c.type as ContentType, path }));
    }
  }
  const byReason = new Map<string, number>();
  for (const r of rows) byReason.set(String(r.reason), (byReason.get(String(r.reason)) ?? 0) + 1);
  return {
    summary: {
      pages: rows.length, layouts: new Set(rows.map((r) => `${r.site}:${r.layout}`)).size,
      overridden: rows.filter((r) => r.reason !== LAYOUT_REASON_LABELS.default && r.reason !== LAYOUT_REASON_LABELS.section).length,
      defaults: byReason.get(LAYOUT_REASON_LABELS.default) ?? 0,
    },
    series: Object.values(LAYOUT_REASON_LABELS).map((reason) => ({ reason, pages: byReason.get(reason) ?? 0 })),
    rows,
  };
};

/** A setting's value as table text: strings as they are, anything else as JSON, cut at 120 characters. */
function optionText(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v) ?? 'null';
  return s.length > 120 ? `${s.slice(0, 119)}…` : s;
}

/**
 * Layout block option usage: for every block type, each setting (settings.*) and data field (data.*)
 * and each value it takes across the tenant's layouts, how many blocks and layouts use it.
 */
const layoutBlockOptionUsage: Runner = async (db, q) => {
  const t = tenantWhere('l.tenant_key', q);
  const layouts = await rawOf(db).all<{ name: string; primary_grid: string; secondary_grid: string | null }>(
    `select l.name, l.primary_grid, l.secondary_grid from layouts l where ${t.sql}`, t.params);
  const uses = new Map<string, { blockType: string; option: string; value: string; blocks: number; layouts: Set<string> }>();
  const blockTypes = new Set<string>();
  let blocks = 0;
  for (const l of layouts) {
    for (const rawGrid of [l.primary_grid, l.secondary_grid]) {
      if (!rawGrid) continue;
      const grid = JSON.parse(rawGrid) as { rows?: { columns?: { blocks?: { type?: string; settings?: Record<string, unknown>; data?: Record<string, unknown> }[] }[] }[] };
      for (const row of grid.rows ?? []) for (const col of row.columns ?? []) for (const b of col.blocks ?? []) {
        const blockType = b.type ?? 'unknown';
        blockTypes.add(blockType);
        blocks++;
        for (const [part, fields] of [['settings', b.settings], ['data', b.data]] as const) {
          for (const [k, v] of Object.entries(fields ?? {})) {
            if (v === undefined) continue;
            const option = `${part}.${k}`;
            const value = optionText(v);
            const id = `${blockType}\u0000${option}\u0000${value}`;
            const e = uses.get(id) ?? { blockType, option, value, blocks: 0, layouts: new Set<string>() };
            e.blocks++;
            e.layouts.add(l.name);
            uses.set(id, e);
          }
        }
      }
    }
  }
  const rows = [...uses.values()].map((e) => ({ blockType: e.blockType, option: e.option, value: e.value, blocks: e.blocks, layouts: e.layouts.size, layoutNames: [...e.layouts].sort().join(', ') }));
  const perOption = new Map<string, number>();
  for (const r of rows) perOption.set(`${r.blockType} ${r.option}`, (perOption.get(`${r.blockType} ${r.option}`) ?? 0) + 1);
  return {
    summary: { blocks, blockTypes: blockTypes.size, options: perOption.size, values: rows.length },
    series: [...perOption].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([option, values]) => ({ option, values })),
    rows,
  };
};

/**
 * Newsletter block analysis: the blocks of campaigns sent (or, unsent, scheduled or created) in the
 * range, per block type: how many blocks, in how many campaigns, of which newsletters.
 */
const newsletterBlockAnalysis: Runner = async (db, q) => {
  const t = tenantWhere('c.tenant_key', q);
  const campaigns = await rawOf(db).all<{ id: number; grid: string; newsletter: string | null }>(
    `select c.id, c.grid, n.title as newsletter from newsletter_campaigns c join newsletter_templates t on t.id = c.template_id
     left join newsletters n on n.id = t.newsletter_id
     where ${t.sql} and coalesce(c.sent_at, c.deployment_date, c.created_at) >= ? and coalesce(c.sent_at, c.deployment_date, c.created_at) < ?`,
    [...t.params, startMs(q.from), endMs(q.to)]);
  const byType = new Map<string, { blocks: number; campaigns: Set<number>; newsletters: Set<string> }>();
  let blocks = 0;
  for (const c of campaigns) {
    const grid = JSON.parse(c.grid) as { rows?: { columns?: { blocks?: { type?: string }[] }[] }[] };
    for (const row of grid.rows ?? []) for (const col of row.columns ?? []) for (const b of col.blocks ?? []) {
      const type = b.type ?? 'unknown';
      const e = byType.get(type) ?? { blocks: 0, campaigns: new Set<number>(), newsletters: new Set<string>() };
      e.blocks++;
      e.campaigns.add(Number(c.id));
      e.newsletters.add(c.newsletter ?? 'No newsletter');
      byType.set(type, e);
      blocks++;
    }
  }
  const rows = [...byType].map(([blockType, e]) => ({
    blockType, blocks: e.blocks, campaigns: e.campaigns.size, ofCampaigns: round2(ratio(e.campaigns.size, campaigns.length) * 100) / 100,
    perCampaign: round2(ratio(e.blocks, e.campaigns.size)), newsletters: [...e.newsletters].sort().join(', '),
  }));
  return {
    summary: { campaigns: campaigns.length, blocks, types: rows.length, perCampaign: round2(ratio(blocks, campaigns.length)) },
    series: [...rows].sort((a, b) => b.blocks - a.blocks).map((r) => ({ blockType: r.blockType, blocks: r.blocks })),
    rows,
  };
};

/** A settings object flattened to dotted paths of its leaf values (arrays are leaves). */
export function flattenSettings(v: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, child] of Object.entries(v)) flattenSettings(child, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) out.set(prefix, v);
  return out;
}

/**
 * Site-settings analysis: every setting of the sites counted, how many sites set it, how many
 * different values it takes and each site's value, so the settings where sites differ stand out.
 * The summary counts the global staff users too (they see every site).
 */
const siteSettingsAnalysis: Runner = async (db, q) => {
  const t = tenantWhere('tenant_key', q);
  const raw = rawOf(db);
  const [tenants, [global]] = await Promise.all([
    raw.all<{ tenant_key: string; settings: string }>(`select tenant_key, settings from tenants where ${t.sql} order by tenant_key`, t.params),
    raw.all<{ n: number }>('select count(*) as n from cms_users where is_global = true and status = 1'),
  ]);
  const perSite = tenants.map((s) => ({ key: s.tenant_key, values: flattenSettings(JSON.parse(s.settings)) }));
  const paths = new Set(perSite.flatMap((s) => [...s.values.keys()]));
  const rows: ReportRow[] = [...paths].map((setting) => {
    const values = perSite.map((s) => ({ key: s.key, text: s.values.has(setting) ? optionText(s.values.get(setting)) : null }));
    const set = values.filter((v) => v.text !== null);
    const counts = new Map<string, number>();
    for (const v of set) counts.set(v.text!, (counts.get(v.text!) ?? 0) + 1);
    const common = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    const distinct = counts.size + (set.length < values.length ? 1 : 0);
    return {
      setting, sites: set.length, distinct, differs: distinct > 1 ? 'Yes' : 'No', common: (common?.[0] ?? null) as Cell,
      values: values.map((v) => `${v.key}: ${v.text ?? '(not set)'}`).join('; '),
    };
  });
  const differing = rows.filter((r) => r.differs === 'Yes');
  const bySection = new Map<string, number>();
  for (const r of differing) { const top = String(r.setting).split('.')[0]!; bySection.set(top, (bySection.get(top) ?? 0) + 1); }
  return {
    summary: { sites: tenants.length, settings: rows.length, differing: differing.length, globalUsers: n(global?.n) },
    series: [...bySection].sort((a, b) => b[1] - a[1]).map(([group, settings]) => ({ group, settings })),
    rows,
  };
};

/** The taxonomy export: every term of the sites counted, with its parent and how many items carry it. */
const taxonomyExport: Runner = async (db, q) => {
  const t = tenantWhere('x.tenant_key', q);
  const terms = await rawOf(db).all<{ tenant_key: string; id: number; type: string; name: string; full_name: string; parent_id: number | null; items: number }>(
    `select x.tenant_key, x.id, x.type, x.name, x.full_name, x.parent_id,
       (select count(*) from content_taxonomy ct join content c on c.id = ct.content_id where ct.taxonomy_id = x.id and c.tenant_key = x.tenant_key) as items
     from taxonomy x where ${t.sql}`, t.params);
  const rows = terms.map((r) => ({ id: Number(r.id), type: r.type, name: r.name, fullName: r.full_name, parentId: r.parent_id === null ? null : Number(r.parent_id), contentCount: n(r.items) }));
  const byType = new Map<string, number>();
  for (const r of rows) byType.set(r.type, (byType.get(r.type) ?? 0) + 1);
  const used = rows.filter((r) => r.contentCount > 0).length;
  return {
    summary: { terms: rows.length, types: byType.size, used, unused: rows.length - used },
    series: [...byType].sort((a, b) => b[1] - a[1]).map(([type, count]) => ({ type, terms: count })), rows,
  };
};

/** Cross-site reports: each site's headline figures for the period side by side (global staff; every site). */
const crossSiteReports: Runner = async (db, q) => {
  const raw = rawOf(db);
  const t = tenantWhere('tenant_key', q);
  const [sites, totals, steps, published] = await Promise.all([
    raw.all<{ tenant_key: string; name: string }>(`select tenant_key, name from tenants where ${t.sql} order by tenant_key`, t.params),
    raw.all<{ tenant_key: string; type: string; events: number; visitors: number }>(
      `select tenant_key, type, sum(events) as events, sum(visitors) as visitors from event_rollups
       where ${t.sql} and grain = 'day' and dim = 'all' and type in ('PageView', 'NewsletterSubscription') and day between ? and ? group by tenant_key, type`, [...t.params, q.from, q.to]),
    raw.all<{ tenant_key: string; key: string; events: number }>(
      `select tenant_key, key, sum(events) as events from event_rollups
       where ${t.sql} and grain = 'day' and dim = 'step' and type = 'Registration' and key in ('complete-registration', 'login') and day between ? and ? group by tenant_key, key`, [...t.params, q.from, q.to]),
    raw.all<{ tenant_key: string; n: number }>(
      `select tenant_key, count(*) as n from content where ${t.sql} and status = 1 and published >= ? and published < ? group by tenant_key`, [...t.params, startMs(q.from), endMs(q.to)]),
  ]);
  const rows = new Map<string, ReportRow>(sites.map((s) => [s.tenant_key, { site: s.tenant_key, name: s.name, views: 0, visitors: 0, published: 0, registrations: 0, logins: 0, subscriptions: 0, share: 0 }]));
  for (const r of totals) {
    const row = rows.get(r.tenant_key);
    if (r.type === 'PageView') { add(row, 'views', n(r.events)); add(row, 'visitors', n(r.visitors)); } else add(row, 'subscriptions', n(r.events));
  }
  for (const r of steps) add(rows.get(r.tenant_key), r.key === 'login' ? 'logins' : 'registrations', n(r.events));
  for (const r of published) add(rows.get(r.tenant_key), 'published', n(r.n));
  const list = [...rows.values()];
  const sum = (k: string) => list.reduce((a, r) => a + n(r[k]), 0);
  const views = sum('views');
  for (const r of list) r.share = round2(ratio(n(r.views), views) * 100) / 100;
  return {
    summary: { sites: list.length, views, published: sum('published'), registrations: sum('registrations') },
    series: list.map((r) => ({ site: r.site ?? null, views: r.views ?? null })), rows: list,
  };
};

/** Cross-site exports: every item published on any site in the period, with its site and address. */
const crossSiteExports: Runner = async (db, q) => {
  const t = tenantWhere('c.tenant_key', q);
  const w = contentWhere({ ...q, section: null, author: null });
  const [[count], items] = await Promise.all([
    rawOf(db).all<{ n: number; sites: number; types: number }>(
      `select count(*) as n, count(distinct c.tenant_key) as sites, count(distinct c.type) as types from content c
       where ${t.sql} and c.status = 1 and c.published >= ? and c.published < ? and ${w.sql}`, [...t.params, startMs(q.from), endMs(q.to), ...w.params]),
    q.summaryOnly ? Promise.resolve([]) : rawOf(db).all<{ tenant_key: string; id: number; name: string; type: string; slug: string | null; section: string | null; alias: string | null; published: number }>(
      `select c.tenant_key, c.id, c.name, c.type, c.slug, s.name as section, s.alias, c.published from content c
       left join website_sections s on s.id = c.primary_section_id
       where ${t.sql} and c.status = 1 and c.published >= ? and c.published < ? and ${w.sql}`, [...t.params, startMs(q.from), endMs(q.to), ...w.params]),
  ]);
  const rows = items.map((i) => ({
    site: i.tenant_key, contentId: Number(i.id), title: i.name, type: i.type, section: i.section, published: new Date(n(i.published)).toISOString().slice(0, 10),
    path: contentPath({ id: Number(i.id), slug: i.slug, name: i.name, sectionAlias: i.alias }),
  }));
  const perSite = new Map<string, number>();
  for (const r of rows) perSite.set(r.site, (perSite.get(r.site) ?? 0) + 1);
  return {
    summary: { items: n(count?.n), sites: n(count?.sites), types: n(count?.types) },
    series: [...perSite].sort((a, b) => a[0].localeCompare(b[0])).map(([site, items]) => ({ site, items })), rows,
  };
};

/**
 * Site-license company page views: page views rolled up by the reader's network (/24 or /48, cut at
 * ingest), each network matched to the site-license company whose IP range overlaps it (the lowest
 * company id when several do). A range narrower than a network counts the whole network's views.
 */
const siteLicenseCompanyPageViews: Runner = async (db, q) => {
  const raw = rawOf(db);
  const t = tenantWhere('tenant_key', q);
  const r = tenantWhere('r.tenant_key', q);
  const [nets, ranges, all] = await Promise.all([
    raw.all<{ tenant_key: string; day: string; key: string; events: number; visitors: number }>(
      `select tenant_key, day, key, sum(events) as events, sum(visitors) as visitors from event_rollups
       where ${t.sql} and grain = 'day' and dim = 'net' and type = 'PageView' and day between ? and ? group by tenant_key, day, key`, [...t.params, q.from, q.to]),
    raw.all<{ tenant_key: string; company_id: number; name: string; start_key: string; end_key: string }>(
      `select r.tenant_key, r.company_id, c.name, r.start_key, r.end_key from site_license_ip_ranges r join site_license_companies c on c.id = r.company_id
       where ${r.sql} order by r.company_id`, r.params),
    byDay(db, q, ['PageView']),
  ]);
  const companyOf = new Map<string, { id: number; name: string } | null>();
  const match = (tenant: string, net: string) => {
    const id = `${tenant} ${net}`;
    if (!companyOf.has(id)) {
      const range = parseCidr(net);
      const hit = range ? ranges.find((x) => x.tenant_key === tenant && x.start_key <= range.end && x.end_key >= range.start) : undefined;
      companyOf.set(id, hit ? { id: Number(hit.company_id), name: hit.name } : null);
    }
    return companyOf.get(id)!;
  };
  const byCompany = new Map<number, { row: ReportRow; nets: Set<string> }>();
  const series = everyDay(q, ['views', 'visitors']);
  for (const x of nets) {
    const company = match(x.tenant_key, x.key);
    if (!company) continue;
    const e = byCompany.get(company.id) ?? { row: { companyId: company.id, company: company.name, views: 0, visitors: 0, networks: 0, share: 0 }, nets: new Set<string>() };
    add(e.row, 'views', n(x.events));
    add(e.row, 'visitors', n(x.visitors));
    e.nets.add(`${x.tenant_key} ${x.key}`);
    byCompany.set(company.id, e);
    add(series.get(x.day), 'views', n(x.events));
    add(series.get(x.day), 'visitors', n(x.visitors));
  }
  const rows: ReportRow[] = [...byCompany.values()].map((e) => ({ ...e.row, networks: e.nets.size }));
  const views = rows.reduce((s, x) => s + n(x.views), 0);
  for (const row of rows) row.share = round2(ratio(n(row.views), views) * 100) / 100;
  const allViews = all.reduce((s, d) => s + d.events, 0);
  return {
    summary: { views, visitors: rows.reduce((s, x) => s + n(x.visitors), 0), companies: rows.length, licensedShare: round2(ratio(views, allViews) * 100) / 100 },
    series: [...series.values()], rows,
  };
};

/** The ad-unit settings report (the Ads issue's rows, engine/domain/ads.ts) per site counted. */
const adUnitSettings: Runner = async (db, q) => {
  const rows: ReportRow[] = [];
  for (const tenant of await tenantKeysOf(db, q)) {
    const [units, layouts] = await Promise.all([listAdUnits(db, tenant), listAllLayouts(db, tenant)]);
    const report = adUnitSettingsReport(units, layouts.map((l) => ({ name: l.name, excludeAds: l.excludeAds, grids: [l.primaryGrid, ...(l.secondaryGrid ? [l.secondaryGrid] : [])] })));
    for (const r of report) {
      rows.push({
        key: r.key, type: AD_TYPE_LABELS[r.type] ?? r.type, placedIn: r.placedIn.join(', ') || 'Not placed', excludePageTypes: r.excludePageTypes.join(', '),
        excludedBy: r.excludedBy.join(', '), sizes: r.sizes.map(([w, h]) => `${w}×${h}`).join(', ') || 'Fluid', refreshRate: r.refreshRate,
      });
    }
  }
  const byType = new Map<string, number>();
  for (const r of rows) byType.set(String(r.type), (byType.get(String(r.type)) ?? 0) + 1);
  const unplaced = rows.filter((r) => r.placedIn === 'Not placed').length;
  return {
    summary: { units: rows.length, placed: rows.length - unplaced, unplaced, excluded: rows.filter((r) => r.excludePageTypes || r.excludedBy).length },
    series: [...byType].sort((a, b) => b[1] - a[1]).map(([type, units]) => ({ type, units })), rows,
  };
};

/**
 * Site performance: Masthead's own timings (site_metrics, recorded by the rebuild queue and the API)
 * per day — build durations, edit→live latency, API latency — with medians and 95th percentiles
 * from the merged latency histograms (so they are bucket upper bounds, capped at the slowest sample).
 */
const sitePerformance: Runner = async (db, q) => {
  const metrics = await readSiteMetrics(db, q.tenantKeys, q.from, q.to);
  const perDay = new Map<string, Record<SiteMetric, LatencySummary>>();
  const total: Record<SiteMetric, LatencySummary> = { build: emptySummary(), 'edit-live': emptySummary(), api: emptySummary() };
  for (const m of metrics) {
    const d = perDay.get(m.day) ?? { build: emptySummary(), 'edit-live': emptySummary(), api: emptySummary() };
    d[m.metric] = mergeSummaries(d[m.metric], m);
    total[m.metric] = mergeSummaries(total[m.metric], m);
    perDay.set(m.day, d);
  }
  const s = (v: number) => round2(v / 1000);
  const rows: ReportRow[] = [];
  const series = everyDay(q, ['buildP95', 'editLiveP95']);
  for (const [day, d] of perDay) {
    const row = {
      day, builds: d.build.n, buildMedian: s(quantileMs(d.build, 0.5)), buildP95: s(quantileMs(d.build, 0.95)),
      edits: d['edit-live'].n, editLiveMedian: s(quantileMs(d['edit-live'], 0.5)), editLiveP95: s(quantileMs(d['edit-live'], 0.95)),
      apiRequests: d.api.n, apiMedian: quantileMs(d.api, 0.5), apiP95: quantileMs(d.api, 0.95),
    };
    rows.push(row);
    const point = series.get(day);
    if (point) { point.buildP95 = row.buildP95; point.editLiveP95 = row.editLiveP95; }
  }
  return {
    summary: { builds: total.build.n, buildP95: s(quantileMs(total.build, 0.95)), editLiveP95: s(quantileMs(total['edit-live'], 0.95)), apiP95: quantileMs(total.api, 0.95) },
    series: [...series.values()], rows,
  };
};

export const REPORT_QUERIES: Record<ReportId, Runner> = {
  'sponsored-search-logo-clicks': sponsoredLogoClicks,
  'content-detail': contentDetail,
  'content-views': contentViews,
  'top-content-by-pub-date': topContentByPubDate,
  'content-favorites': contentEventReport('FavoriteContent', 'favorites'),
  registrations,
  'incomplete-registrations': incompleteRegistrations,
  logins,
  'newsletter-subscriptions': newsletterSubscriptions,
  'menu-link-clicks': menuLinkClicks,
  'media-gallery': contentEventReport('ViewMediaGallery', 'views'),
  'company-engagement': companyEngagement,
  'content-velocity': contentVelocity,
  'content-length': contentLength,
  'editorial-tracking': editorialTracking,
  rmi: rmiInquiries,
  'layout-block-usage': layoutBlockUsage,
  'company-export': companyExport,
  recommendations,
  'recommendation-page-views': recommendationPageViews,
  'recommendation-clients': recommendationClients,
  'layout-analysis': layoutAnalysis,
  'layout-block-option-usage': layoutBlockOptionUsage,
  'newsletter-block-analysis': newsletterBlockAnalysis,
  'site-settings-analysis': siteSettingsAnalysis,
  'taxonomy-export': taxonomyExport,
  'cross-site-reports': crossSiteReports,
  'cross-site-exports': crossSiteExports,
  'site-license-company-page-views': siteLicenseCompanyPageViews,
  'ad-unit-settings': adUnitSettings,
  'site-performance': sitePerformance,
};

/** Runs a report's query. */
export function runReportQuery(db: Db, id: ReportId, q: ReportQuery): Promise<ReportData> {
  return REPORT_QUERIES[id](db, q);
}
