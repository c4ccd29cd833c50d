// The queries behind the report definitions (engine/domain/reports.ts, issue #20): one function per
// report, each answering summary figures, a chart series and table rows for a set of tenants (null:
// every tenant) and a range of UTC days. Analytics reports read the event rollups (daily grain),
// never raw events; editorial reports read content and history; analyses read layouts.
import { daysBetween, type Day, type ReportData, type ReportId, type ReportRow } from '../../domain/reports';
import { rawOf, type Db, type SqlValue } from '../connection';

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
  if (q.tenantKeys === null) return { sql: '1', params: [] };
  if (!q.tenantKeys.length) return { sql: '0', params: [] };
  return { sql: `${col} in (${q.tenantKeys.map(() => '?').join(', ')})`, params: [...q.tenantKeys] };
}

/** Content filters of a report (section, type, author) on the content table aliased `c`. */
function contentWhere(q: ReportQuery): { sql: string; params: SqlValue[] } {
  const parts: string[] = [];
  const params: SqlValue[] = [];
  if (q.section) { parts.push('c.primary_section_id = ?'); params.push(q.section); }
  if (q.type) { parts.push('c.type = ?'); params.push(q.type); }
  if (q.author) { parts.push('exists (select 1 from content_authors a where a.content_id = c.id and a.person_id = ?)'); params.push(q.author); }
  return { sql: parts.length ? parts.join(' and ') : '1', params };
}

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
  const rows = await rawOf(db).all<{ id: number; name: string; type: string; section: string; published: number | null }>(
    `select c.id, c.name, c.type, s.name as section, c.published from json_each(?) j
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
       join content c indexed by content_report_by_id on c.id = cast(v.key as integer)
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
  const names = new Map((await rawOf(db).all<{ id: number; title: string }>('select n.id, n.title from json_each(?) j join newsletters n on n.id = j.value',
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
      `select h.actor_type, h.actor_id, h.action, strftime('%Y-%m-%d', h.created_at / 1000, 'unixepoch') as day, count(*) as n from history h where ${where} group by 1, 2, 3, 4`, params),
    raw.all<{ actor_type: string; actor_id: number | null; items: number; last: number }>(
      `select h.actor_type, h.actor_id, count(distinct h.entity_id) as items, max(h.created_at) as last from history h where ${where} group by 1, 2`, params),
    raw.all<{ items: number }>(`select count(distinct h.entity_id) as items from history h where ${where}`, params),
  ]);
  const ids = [...new Set(perPerson.map((p) => p.actor_id).filter((id): id is number => id !== null))];
  const names = new Map((await raw.all<{ id: number; username: string }>('select u.id, u.username from json_each(?) j join cms_users u on u.id = j.value', [JSON.stringify(ids)])).map((u) => [Number(u.id), u.username]));
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
       (select group_concat(p.full_name, '; ') from (select a.person_id from content_authors a where a.content_id = c.id order by a.position) x join persons p on p.id = x.person_id) as authors
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
};

/** Runs a report's query. */
export function runReportQuery(db: Db, id: ReportId, q: ReportQuery): Promise<ReportData> {
  return REPORT_QUERIES[id](db, q);
}
