// Shared by the report queries (reports.ts and its reports-*.ts parts, issue #20): the query a report
// answers, the tenant and content filters, the rollup readers and small number helpers.
// The same SQL serves both stores (pg/sqlite-wire.ts turns `col in (select value from json_each(?))`
// into PostgreSQL's); where the dialects differ the query branches on dialectOfDb.
import { daysBetween, type Day, type ReportData, type ReportRow } from '../../domain/reports';
import { dialectOfDb, rawOf, type Db, type SqlValue } from '../connection';

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

export type Runner = (db: Db, q: ReportQuery) => Promise<ReportData>;

export const n = (v: unknown): number => Number(v ?? 0);
export const ratio = (a: number, b: number): number => (b ? a / b : 0);
export const round2 = (v: number): number => Math.round(v * 100) / 100;
export const startMs = (d: Day) => Date.parse(`${d}T00:00:00Z`);
export const endMs = (d: Day) => startMs(d) + 86_400_000;

/** `alias.tenant_key in (…)`, or nothing for every tenant. */
export function tenantWhere(col: string, q: ReportQuery): { sql: string; params: SqlValue[] } {
  // 1 = 1 and 1 = 0 rather than 1 and 0: PostgreSQL wants a boolean.
  if (q.tenantKeys === null) return { sql: '1 = 1', params: [] };
  if (!q.tenantKeys.length) return { sql: '1 = 0', params: [] };
  return { sql: `${col} in (${q.tenantKeys.map(() => '?').join(', ')})`, params: [...q.tenantKeys] };
}

/** Content filters of a report (section, type, author) on the content table aliased `c`. */
export function contentWhere(q: ReportQuery): { sql: string; params: SqlValue[] } {
  const parts: string[] = [];
  const params: SqlValue[] = [];
  if (q.section) { parts.push('c.primary_section_id = ?'); params.push(q.section); }
  if (q.type) { parts.push('c.type = ?'); params.push(q.type); }
  if (q.author) { parts.push('exists (select 1 from content_authors a where a.content_id = c.id and a.person_id = ?)'); params.push(q.author); }
  return { sql: parts.length ? parts.join(' and ') : '1 = 1', params };
}

export const isPg = (db: Db) => dialectOfDb(db) === 'postgres';
/** The content table aliased `c`: on SQLite through its covering index content_report_by_id (PostgreSQL has no INDEXED BY; its planner picks). */
export const contentByIdIndex = (db: Db) => (isPg(db) ? 'content c' : 'content c indexed by content_report_by_id');

/** Daily rollups of one event type and dimension in the range, grouped by key. */
export async function byKey(db: Db, q: ReportQuery, types: readonly string[], dim: string, keys?: readonly string[]): Promise<{ key: string; type: string; events: number; visitors: number }[]> {
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
export async function byDay(db: Db, q: ReportQuery, types: readonly string[], dim = 'all', keys?: readonly string[]): Promise<{ day: string; type: string; key: string; events: number; visitors: number }[]> {
  const t = tenantWhere('tenant_key', q);
  const keyWhere = keys ? 'and key in (select value from json_each(?))' : '';
  const rows = await rawOf(db).all<{ day: string; type: string; key: string; events: number; visitors: number }>(
    `select day, type, key, sum(events) as events, sum(visitors) as visitors from event_rollups
     where ${t.sql} and grain = 'day' and dim = ? and type in (${types.map(() => '?').join(', ')}) and day between ? and ? ${keyWhere}
     group by day, type, key`, [...t.params, dim, ...types, q.from, q.to, ...(keys ? [JSON.stringify(keys)] : [])]);
  return rows.map((r) => ({ day: r.day, type: r.type, key: r.key, events: n(r.events), visitors: n(r.visitors) }));
}

/** One series row per day of the range (days without data are zeros), filled by `fill`. */
export function everyDay(q: ReportQuery, keys: readonly string[]): Map<string, ReportRow> {
  const out = new Map<string, ReportRow>();
  for (const day of daysBetween(q.from, q.to)) out.set(day, Object.fromEntries([['day', day], ...keys.map((k) => [k, 0])]));
  return out;
}
export const add = (row: ReportRow | undefined, key: string, v: number) => { if (row) row[key] = n(row[key]) + v; };

export interface ContentInfo { id: number; name: string; type: string; section: string; published: number | null }

/**
 * Names, types and sections of content ids, with the report's content filters applied (ids failing
 * them are left out). Read from the covering index content_report_by_id: the planner would take the
 * rowid and read each row up to its later columns, past the body's overflow pages.
 */
export async function contentInfo(db: Db, q: ReportQuery, ids: readonly number[]): Promise<Map<number, ContentInfo>> {
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

export const hasContentFilter = (q: ReportQuery) => !!(q.section || q.type || q.author);

/** The tenants a report covers: its keys, or every tenant's for null. */
export async function tenantKeysOf(db: Db, q: ReportQuery): Promise<string[]> {
  if (q.tenantKeys !== null) return [...q.tenantKeys];
  return (await rawOf(db).all<{ tenant_key: string }>('select tenant_key from tenants order by tenant_key')).map((r) => r.tenant_key);
}
