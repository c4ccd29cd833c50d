// Editorial report queries (issue #20): what was published and how — velocity, length, editorial
// tracking, RMI inquiries, company and content exports, the taxonomy export and the cross-site reports.
import { contentPath } from '../../domain/paths';
import { daysBetween, type ReportData, type ReportRow } from '../../domain/reports';
import { rawOf, type Db } from '../connection';
import { n, ratio, round2, startMs, endMs, tenantWhere, contentWhere, isPg, everyDay, add, type ReportQuery, type Runner } from './reports-common';

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

export const contentVelocity: Runner = async (db, q) => {
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

export const contentLength: Runner = async (db, q): Promise<ReportData> => {
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

export const editorialTracking: Runner = async (db, q) => {
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
export const rmiInquiries: Runner = async (db, q) => {
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

const STATUS_LABEL: Record<number, string> = { 0: 'Deleted', 1: 'Published', 2: 'Draft' };

export const companyExport: Runner = async (db, q) => {
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

export const contentDetail: Runner = async (db, q): Promise<ReportData> => {
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

/** The taxonomy export: every term of the sites counted, with its parent and how many items carry it. */
export const taxonomyExport: Runner = async (db, q) => {
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
export const crossSiteReports: Runner = async (db, q) => {
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
export const crossSiteExports: Runner = async (db, q) => {
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
