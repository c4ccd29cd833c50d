// The event store's writes and reads (issue #18): append a batch, count drops, the day's salt,
// rollups and retention. Appends are one INSERT … SELECT FROM json_each(?) per batch inside the caller's transaction.
//
// The same functions serve PostgreSQL (the store knows its dialect, dialectOfDb): the JSON batch is
// unpacked by json_array_elements, scalar max() is greatest(), the hour bucket is to_char of
// to_timestamp; events and event_rollups are partitioned by day there (pg/partitions.ts), and an
// append first makes sure its days have their partitions (rows of a day without one would land in
// the default partition, which `masthead db partitions` empties later).
import { randomBytes } from 'node:crypto';
import { dialectOfDb, openReader, rawOf, type Db, type RawSql, type SqlValue, type Store } from '../connection';
import { inTenant } from '../tenant-scope';

export interface EventRow {
  tenantKey: string;
  day: string;
  at: number;
  type: string;
  visitor: string;
  siteUserId: number | null;
  net: string | null;
  contentId: number | null;
  sectionId: number | null;
  companyId: number | null;
  newsletterId: number | null;
  pageId: string | null;
  target: string | null;
  data: string;
}

const COLS = ['tenant_key', 'day', 'at', 'type', 'visitor', 'site_user_id', 'net', 'content_id', 'section_id', 'company_id', 'newsletter_id', 'page_id', 'target', 'data'];
/**
 * One statement and one parameter for any number of rows: the rows go as one JSON array of arrays
 * and SQLite unpacks them (json_each). Binding 14 parameters per row costs the Node thread more
 * than the whole insert; the JSON is made in one JSON.stringify and parsed on SQLite's thread.
 */
const INSERT = `insert into events (${COLS.join(', ')}) select ${COLS.map((_, i) => `value ->> ${i}`).join(', ')} from json_each(?)`;
/** PostgreSQL's: the array's elements in order (WITH ORDINALITY), each value cast to its column's type. */
const PG_BIGINT = new Set(['at', 'site_user_id', 'content_id', 'section_id', 'company_id', 'newsletter_id']);
const PG_INSERT = `insert into events (${COLS.join(', ')}) select ${COLS.map((c, i) => (PG_BIGINT.has(c) ? `cast(value ->> ${i} as bigint)` : `value ->> ${i}`)).join(', ')}
  from json_array_elements(cast(? as json)) with ordinality as je(value, n) order by n`;

/** Appends events, in order (through the transaction's handle). */
export async function appendEvents(tx: Db, rows: readonly EventRow[]): Promise<void> {
  if (!rows.length) return;
  const json = JSON.stringify(rows.map((r) => [r.tenantKey, r.day, r.at, r.type, r.visitor, r.siteUserId, r.net, r.contentId, r.sectionId, r.companyId, r.newsletterId, r.pageId, r.target, r.data]));
  if (dialectOfDb(tx) === 'postgres') {
    await ensurePartitionsOf(rawOf(tx), [...new Set(rows.map((r) => r.day))]);
    await rawOf(tx).run(PG_INSERT, [json]);
  } else await rawOf(tx).run(INSERT, [json]);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * PostgreSQL: creates the day partitions of events and event_rollups that `days` lack (in a
 * savepoint, so a role that may not create them leaves the transaction usable: its rows then wait
 * in the default partition). Returns the days left without a partition.
 */
async function ensurePartitionsOf(raw: RawSql, days: string[]): Promise<string[]> {
  const wanted = days.filter((d) => DAY.test(d));
  if (!wanted.length) return [];
  const missing = (await raw.all<{ day: string }>(
    `select d.day from json_array_elements_text(cast(? as json)) as d(day)
     where to_regclass('events_p' || replace(d.day, '-', '')) is null or to_regclass('event_rollups_p' || replace(d.day, '-', '')) is null`,
    [JSON.stringify(wanted)])).map((r) => r.day);
  const left: string[] = [];
  for (const day of missing) {
    await raw.exec('savepoint masthead_partition');
    try {
      await raw.all("select masthead_ensure_day_partitions('events', cast(? as date), 1) union all select masthead_ensure_day_partitions('event_rollups', cast(? as date), 1)", [day, day]);
      await raw.exec('release savepoint masthead_partition');
    } catch {
      await raw.exec('rollback to savepoint masthead_partition; release savepoint masthead_partition');
      left.push(day);
    }
  }
  return left;
}

/** Adds to the refused-event counters of a tenant and day. */
export async function countDrops(tx: Db, tenantKey: string, day: string, drops: Record<string, number>): Promise<void> {
  const raw = rawOf(tx);
  for (const [reason, n] of Object.entries(drops)) {
    if (n > 0) {
      // The table's name qualifies the existing row's count (PostgreSQL finds a bare name ambiguous).
      await raw.run(`insert into event_drops (tenant_key, day, reason, count) values (?, ?, ?, ?)
        on conflict (tenant_key, day, reason) do update set count = event_drops.count + excluded.count`, [tenantKey, day, reason, n]);
    }
  }
}

export async function readDrops(db: Db, tenantKey: string): Promise<Record<string, number>> {
  const rows = await rawOf(db).all<{ reason: string; n: number }>('select reason, sum(count) as n from event_drops where tenant_key = ? group by reason', [tenantKey]);
  return Object.fromEntries(rows.map((r) => [r.reason, Number(r.n)]));
}

/** Events of the tenants (null: every tenant) and days dropped for one of `reasons`. */
export async function countDropsBetween(db: Db, tenantKeys: string[] | null, fromDay: string, toDay: string, reasons: readonly string[]): Promise<number> {
  const tenants = tenantKeys ? `and tenant_key in (${tenantKeys.map(() => '?').join(', ')})` : '';
  const [row] = await rawOf(db).all<{ n: number | null }>(
    `select sum(count) as n from event_drops where day between ? and ? and reason in (${reasons.map(() => '?').join(', ')}) ${tenants}`,
    [fromDay, toDay, ...reasons, ...(tenantKeys ?? [])]);
  return Number(row?.n ?? 0);
}

/** The salt of a day, made on first use; salts older than the day before are deleted. */
export async function daySalt(tx: Db, day: string, previousDay: string): Promise<string> {
  const raw = rawOf(tx);
  const [hit] = await raw.all<{ salt: string }>('select salt from event_salts where day = ?', [day]);
  if (hit) return hit.salt;
  const salt = randomBytes(32).toString('base64url');
  await raw.run('insert into event_salts (day, salt) values (?, ?) on conflict (day) do nothing', [day, salt]);
  await raw.run('delete from event_salts where day < ?', [previousDay]);
  const [row] = await raw.all<{ salt: string }>('select salt from event_salts where day = ?', [day]);
  return row!.salt;
}

/** The dimensions rollups count by: the column (or expression) that holds the key, and which rows have one. */
const DIMENSIONS: { dim: string; key: string; where: string; dayOnly?: boolean }[] = [
  { dim: 'all', key: "''", where: '1 = 1' },
  { dim: 'content', key: 'content_id', where: 'content_id is not null' },
  { dim: 'section', key: 'section_id', where: 'section_id is not null' },
  { dim: 'company', key: 'company_id', where: 'company_id is not null' },
  { dim: 'newsletter', key: 'newsletter_id', where: 'newsletter_id is not null' },
  { dim: 'menu', key: 'target', where: "type = 'ClickMenu'" },
  // The registration funnel's step (public §3): what the registrations reports count by.
  { dim: 'step', key: 'target', where: "type = 'Registration'" },
  // The recommendation shown or clicked (<provider>:<content id>): what the recommendation reports count by.
  { dim: 'recommendation', key: 'target', where: "type in ('ViewBlueConicRecommendation', 'ClickBlueConicRecommendation')" },
  // Page views by the reader's network (the address cut to /24 or /48 at ingest): the site-license
  // company page views report matches them to the companies' IP ranges.
  // Daily only: no report asks for networks by the hour.
  { dim: 'net', key: 'net', where: "type = 'PageView' and net is not null", dayOnly: true },
];

export interface RollupResult { tenants: number; days: number; events: number }

/** The state row holding the id up to which every tenant's events are rolled up (not a tenant key). */
const ALL_TENANTS = '*';

type Transactional = { transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> };
/** `all` (a Store's): on PostgreSQL the days are read on pooled connections outside the write transaction. */
type RollupStore = Transactional & Pick<Store, 'path'> & Partial<Pick<Store, 'all' | 'dialect'>>;

/** Days recomputed at once: each on its own read connection (another of libuv's threads, another core). */
const PARALLEL_DAYS = 2;

/**
 * Aggregates new events into hourly and daily counters: for every tenant, each day that received
 * events since the last rollup (its watermark, `event_rollup_state`) is recomputed whole, so unique
 * visitors stay exact. Only events after the watermarks are scanned to find those days. A day's
 * counters are computed on a read connection of its own (two days at a time) and written in one
 * transaction per day (ingestion waits for one day's write, not for the whole run); the watermarks
 * move last, so a run that stops half way recomputes the same days next time.
 */
export async function rollupEvents(store: RollupStore, now: number, tenantKey?: string): Promise<RollupResult> {
  const plan = await store.transaction(async (tx) => {
    const raw = rawOf(tx);
    // One tenant's run starts from the later of the all-tenants watermark and its own.
    const [top] = await raw.all<{ max_id: number | null; all_last: number | null }>(
      `select (select max(id) from events) as max_id, (select max(last_event_id) from event_rollup_state where tenant_key in (?, ?)) as all_last`, [ALL_TENANTS, tenantKey ?? ALL_TENANTS]);
    const maxId = Number(top?.max_id ?? 0);
    const floor = Number(top?.all_last ?? 0);
    const tenants = await raw.all<{ tenant_key: string; last: number; max_id: number; n: number }>(
      `select e.tenant_key, coalesce(s.last_event_id, 0) as last, max(e.id) as max_id, count(*) as n from events e
       left join event_rollup_state s on s.tenant_key = e.tenant_key
       where e.id > ? and e.id <= ? and e.id > coalesce(s.last_event_id, 0) ${tenantKey ? 'and e.tenant_key = ?' : ''} group by e.tenant_key, s.last_event_id`,
      tenantKey ? [floor, maxId, tenantKey] : [floor, maxId],
    );
    const out: { tenantKey: string; maxId: number; events: number; days: string[] }[] = [];
    for (const t of tenants) {
      t.last = Number(t.last);
      t.max_id = Number(t.max_id);
      const days = (await raw.all<{ day: string }>('select distinct day from events where id > ? and id <= ? and tenant_key = ?', [t.last, t.max_id, t.tenant_key])).map((d) => d.day);
      out.push({ tenantKey: t.tenant_key, maxId: t.max_id, events: Number(t.n), days });
    }
    return { maxId, tenants: out };
  });
  const tasks = plan.tenants.flatMap((t) => t.days.map((day) => ({ tenantKey: t.tenantKey, day, maxId: t.maxId })));
  const pg = store.dialect === 'postgres';
  const sql = pg ? DAY_ROLLUP_SQL_PG : DAY_ROLLUP_SQL;
  let next = 0;
  const worker = async () => {
    // PostgreSQL: the store's own pooled connections read (outside the write transaction, acting
    // for the current tenant scope); SQLite: a read-only connection of the worker's own.
    const reader = pg && store.all ? { all: store.all, close: async () => undefined } : pg ? null : await openReader(store);
    try {
      while (next < tasks.length) {
        const t = tasks[next++]!;
        // Without a reader (an in-memory store), the day is computed inside its write transaction.
        const rows = reader ? await reader.all<DayRollupRow>(sql, [t.tenantKey, t.day, t.maxId, t.day]) : null;
        await store.transaction(async (tx) => writeDay(tx, t.tenantKey, t.day, rows ?? await rawOf(tx).all<DayRollupRow>(sql, [t.tenantKey, t.day, t.maxId, t.day])));
      }
    } finally {
      await reader?.close();
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_DAYS, tasks.length) }, worker));
  const result: RollupResult = { tenants: 0, days: 0, events: 0 };
  for (const t of plan.tenants) {
    await store.transaction((tx) => setWatermark(tx, t.tenantKey, t.maxId, now));
    result.tenants++;
    result.days += t.days.length;
    result.events += t.events;
  }
  if (!tenantKey && plan.maxId > 0) await store.transaction((tx) => setWatermark(tx, ALL_TENANTS, plan.maxId, now));
  return result;
}

async function setWatermark(tx: Db, tenantKey: string, lastEventId: number, now: number): Promise<void> {
  // SQLite's two-argument max() is PostgreSQL's greatest().
  const max = dialectOfDb(tx) === 'postgres' ? 'greatest' : 'max';
  await rawOf(tx).run(`insert into event_rollup_state (tenant_key, last_event_id, rolled_at) values (?, ?, ?)
    on conflict (tenant_key) do update set last_event_id = ${max}(event_rollup_state.last_event_id, excluded.last_event_id), rolled_at = excluded.rolled_at`, [tenantKey, lastEventId, now]);
}

interface DayRollupRow { grain: string; bucket: string; type: string; dim: string; key: string; events: number; visitors: number }

/**
 * One tenant's day (events up to an id), every dimension, hourly and daily, in one statement: the
 * day's rows are read once (a materialised CTE) and grouped once per dimension and grain. The hour
 * is a number (hours since 1970): grouping by it is cheaper than by text; the bucket text is made
 * for the output rows only. Parameters: tenant, day, max id, day.
 */
const daySql = (hourText: string, groupKey: (key: string) => string) => `with d as materialized (
    select at / 3600000 as hour, type, visitor, net, content_id, section_id, company_id, newsletter_id, target
    from events where tenant_key = ?1 and day = ?2 and id <= ?3)
  ${DIMENSIONS.flatMap((dim) => [
    `select 'day' as grain, cast(?4 as text) as bucket, type, '${dim.dim}' as dim, cast(${dim.key} as text) as key, count(*) as events, count(distinct visitor) as visitors
     from d where ${dim.where} group by type${groupKey(dim.key)}`,
    ...(dim.dayOnly ? [] : [`select 'hour', ${hourText}, type, '${dim.dim}', cast(${dim.key} as text), count(*), count(distinct visitor)
     from d where ${dim.where} group by hour, type${groupKey(dim.key)}`]),
  ]).join('\n  union all\n  ')}`;
const DAY_ROLLUP_SQL = daySql("strftime('%Y-%m-%dT%H', hour * 3600, 'unixepoch')", (key) => `, ${key}`);
/** PostgreSQL's: the hour's text from to_timestamp in UTC; a constant key is not grouped by (PostgreSQL refuses a text constant in GROUP BY). */
const DAY_ROLLUP_SQL_PG = daySql(`to_char(to_timestamp(hour * 3600) at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`, (key) => (key.startsWith("'") ? '' : `, ${key}`));

/** Replaces a tenant's day of rollups with `rows`. */
async function writeDay(tx: Db, tenantKey: string, day: string, rows: DayRollupRow[]): Promise<void> {
  const raw = rawOf(tx);
  await raw.run('delete from event_rollups where tenant_key = ? and day = ?', [tenantKey, day]);
  if (!rows.length) return;
  const json = JSON.stringify(rows.map((r) => [r.grain, r.bucket, r.type, r.dim, r.key, Number(r.events), Number(r.visitors)]));
  if (dialectOfDb(tx) === 'postgres') {
    await ensurePartitionsOf(raw, [day]);
    await raw.run(`insert into event_rollups (tenant_key, grain, bucket, day, type, dim, key, events, visitors)
      select cast(? as text), value ->> 0, value ->> 1, cast(? as text), value ->> 2, value ->> 3, value ->> 4, cast(value ->> 5 as bigint), cast(value ->> 6 as bigint)
      from json_array_elements(cast(? as json)) as je(value)`, [tenantKey, day, json]);
    return;
  }
  await raw.run(`insert into event_rollups (tenant_key, grain, bucket, day, type, dim, key, events, visitors)
    select ?, value ->> 0, value ->> 1, ?, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6 from json_each(?)`,
  [tenantKey, day, json]);
}

/** Deletes raw events of days before `keepFromDay` (rollups are kept). */
export async function pruneEvents(store: Transactional, keepFromDay: string): Promise<number> {
  return store.transaction(async (tx) => (await rawOf(tx).run('delete from events where day < ?', [keepFromDay])).changes);
}

export interface RollupRow { grain: string; bucket: string; type: string; dim: string; key: string; events: number; visitors: number }

/** Rollup counters of a tenant (what reports read). */
export async function readRollups(db: Db, tenantKey: string, filter: { grain?: 'hour' | 'day'; type?: string; dim?: string; fromDay?: string; toDay?: string } = {}): Promise<RollupRow[]> {
  const where = ['tenant_key = ?'];
  const params: SqlValue[] = [tenantKey];
  if (filter.grain) { where.push('grain = ?'); params.push(filter.grain); }
  if (filter.type) { where.push('type = ?'); params.push(filter.type); }
  if (filter.dim) { where.push('dim = ?'); params.push(filter.dim); }
  if (filter.fromDay) { where.push('day >= ?'); params.push(filter.fromDay); }
  if (filter.toDay) { where.push('day <= ?'); params.push(filter.toDay); }
  const rows = await rawOf(db).all<RollupRow>(`select grain, bucket, type, dim, key, events, visitors from event_rollups where ${where.join(' and ')} order by bucket, type, dim, key`, params);
  return rows.map((r) => ({ ...r, events: Number(r.events), visitors: Number(r.visitors) }));
}

/** The rollup job: rolls up new events, then deletes raw events older than the retention (after they were rolled up). */
export async function runEventJob(store: RollupStore, o: { now: number; retentionDays: number; tenantKey?: string }): Promise<RollupResult & { pruned: number; droppedPartitions?: string[] }> {
  const keepFrom = new Date(o.now - o.retentionDays * 86_400_000).toISOString().slice(0, 10);
  if (!o.tenantKey && store.dialect === 'postgres' && store.all) {
    // PostgreSQL: the app's role sees one tenant's rows at a time (row-level security), so every
    // tenant is rolled up and pruned in a scope of its own (the tenant registry is global).
    const total: RollupResult & { pruned: number; droppedPartitions?: string[] } = { tenants: 0, days: 0, events: 0, pruned: 0 };
    const keys = (await store.all<{ tenant_key: string }>('select tenant_key from tenants order by tenant_key')).map((r) => r.tenant_key);
    for (const key of keys) {
      const r = await inTenant(key, () => rollupEvents(store, o.now, key));
      total.tenants += r.tenants;
      total.days += r.days;
      total.events += r.events;
    }
    // Every tenant is rolled up: the day partitions past the retention go whole (DETACH, DROP; no
    // row-by-row DELETE in the way of ingestion), then what the default partition holds of those days.
    const dropped = await store.all<{ name: string; rows: number }>('select name, rows from masthead_drop_event_partitions(cast(? as date))', [keepFrom]);
    if (dropped.length) total.droppedPartitions = dropped.map((r) => r.name);
    total.pruned += dropped.reduce((n, r) => n + Number(r.rows), 0);
    for (const key of keys) total.pruned += await inTenant(key, () => pruneEvents(store, keepFrom));
    return total;
  }
  const rolled = await rollupEvents(store, o.now, o.tenantKey);
  const pruned = o.tenantKey ? 0 : await pruneEvents(store, keepFrom);
  return { ...rolled, pruned };
}

/** The generation report answers are cached for: the build epoch and the last rollup (engine/services/reports/run.ts). */
export async function reportGeneration(db: Db): Promise<string> {
  const [row] = await rawOf(db).all<{ epoch: number | null; rolled: number | null }>(
    'select (select n from build_epoch where id = 1) as epoch, (select max(rolled_at) from event_rollup_state) as rolled');
  return `${row?.epoch ?? 0}:${row?.rolled ?? 0}`;
}
