// The event store's writes and reads (issue #18): append a batch, count drops, the day's salt,
// rollups and retention. Appends are one multi-row INSERT per batch inside the caller's transaction.
import { randomBytes } from 'node:crypto';
import { rawOf, type Db, type SqlValue } from '../connection';

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
const PER_STATEMENT = Math.floor(999 / COLS.length);

/** Appends events (through the transaction's handle). */
export async function appendEvents(tx: Db, rows: readonly EventRow[]): Promise<void> {
  const raw = rawOf(tx);
  for (let i = 0; i < rows.length; i += PER_STATEMENT) {
    const chunk = rows.slice(i, i + PER_STATEMENT);
    const params: SqlValue[] = [];
    for (const r of chunk) {
      params.push(r.tenantKey, r.day, r.at, r.type, r.visitor, r.siteUserId, r.net, r.contentId, r.sectionId, r.companyId, r.newsletterId, r.pageId, r.target, r.data);
    }
    const one = `(${COLS.map(() => '?').join(',')})`;
    await raw.run(`insert into events (${COLS.join(',')}) values ${chunk.map(() => one).join(',')}`, params);
  }
}

/** Adds to the refused-event counters of a tenant and day. */
export async function countDrops(tx: Db, tenantKey: string, day: string, drops: Record<string, number>): Promise<void> {
  const raw = rawOf(tx);
  for (const [reason, n] of Object.entries(drops)) {
    if (n > 0) {
      await raw.run(`insert into event_drops (tenant_key, day, reason, count) values (?, ?, ?, ?)
        on conflict (tenant_key, day, reason) do update set count = count + excluded.count`, [tenantKey, day, reason, n]);
    }
  }
}

export async function readDrops(db: Db, tenantKey: string): Promise<Record<string, number>> {
  const rows = await rawOf(db).all<{ reason: string; n: number }>('select reason, sum(count) as n from event_drops where tenant_key = ? group by reason', [tenantKey]);
  return Object.fromEntries(rows.map((r) => [r.reason, Number(r.n)]));
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
const DIMENSIONS: { dim: string; key: string; where: string }[] = [
  { dim: 'all', key: "''", where: '1' },
  { dim: 'content', key: 'content_id', where: 'content_id is not null' },
  { dim: 'section', key: 'section_id', where: 'section_id is not null' },
  { dim: 'company', key: 'company_id', where: 'company_id is not null' },
  { dim: 'newsletter', key: 'newsletter_id', where: 'newsletter_id is not null' },
  { dim: 'menu', key: 'target', where: "type = 'ClickMenu'" },
];

export interface RollupResult { tenants: number; days: number; events: number }

/**
 * Aggregates new events into hourly and daily counters: for every tenant, each day that received
 * events since the last rollup is recomputed whole (so unique visitors stay exact), in one transaction.
 */
export async function rollupEvents(store: { transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> }, now: number, tenantKey?: string): Promise<RollupResult> {
  return store.transaction(async (tx) => {
    const raw = rawOf(tx);
    const tenantRows = await raw.all<{ tenant_key: string; last: number; max_id: number }>(
      `select e.tenant_key, coalesce(s.last_event_id, 0) as last, max(e.id) as max_id from events e
       left join event_rollup_state s on s.tenant_key = e.tenant_key
       where e.id > coalesce(s.last_event_id, 0) ${tenantKey ? 'and e.tenant_key = ?' : ''} group by e.tenant_key`,
      tenantKey ? [tenantKey] : [],
    );
    const result: RollupResult = { tenants: 0, days: 0, events: 0 };
    for (const t of tenantRows) {
      const days = (await raw.all<{ day: string }>('select distinct day from events where tenant_key = ? and id > ? and id <= ?', [t.tenant_key, t.last, t.max_id])).map((d) => d.day);
      for (const day of days) {
        await raw.run('delete from event_rollups where tenant_key = ? and day = ?', [t.tenant_key, day]);
        // One read of the day's rows into a temporary table; every grouping reads that copy.
        await raw.exec('drop table if exists temp.rollup_day');
        await raw.run(`create temp table rollup_day as select strftime('%Y-%m-%dT%H', at / 1000, 'unixepoch') as hour, type, visitor,
          content_id, section_id, company_id, newsletter_id, target from events where tenant_key = ? and day = ? and id <= ?`, [t.tenant_key, day, t.max_id]);
        for (const d of DIMENSIONS) {
          for (const [grain, bucket] of [['day', '?'], ['hour', 'hour']] as const) {
            await raw.run(
              `insert into event_rollups (tenant_key, grain, bucket, day, type, dim, key, events, visitors)
               select ?, '${grain}', ${bucket}, ?, type, '${d.dim}', cast(${d.key} as text), count(*), count(distinct visitor)
               from rollup_day where ${d.where}
               group by ${grain === 'day' ? '' : 'hour, '}type, ${d.key}`,
              grain === 'day' ? [t.tenant_key, day, day] : [t.tenant_key, day],
            );
          }
        }
        await raw.exec('drop table temp.rollup_day');
      }
      const [n] = await raw.all<{ n: number }>('select count(*) as n from events where tenant_key = ? and id > ? and id <= ?', [t.tenant_key, t.last, t.max_id]);
      await raw.run(`insert into event_rollup_state (tenant_key, last_event_id, rolled_at) values (?, ?, ?)
        on conflict (tenant_key) do update set last_event_id = excluded.last_event_id, rolled_at = excluded.rolled_at`, [t.tenant_key, t.max_id, now]);
      result.tenants++;
      result.days += days.length;
      result.events += Number(n?.n ?? 0);
    }
    return result;
  });
}

/** Deletes raw events of days before `keepFromDay` (rollups are kept). */
export async function pruneEvents(store: { transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> }, keepFromDay: string): Promise<number> {
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
export async function runEventJob(store: { transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> }, o: { now: number; retentionDays: number; tenantKey?: string }): Promise<RollupResult & { pruned: number }> {
  const rolled = await rollupEvents(store, o.now, o.tenantKey);
  const keepFrom = new Date(o.now - o.retentionDays * 86_400_000).toISOString().slice(0, 10);
  const pruned = o.tenantKey ? 0 : await pruneEvents(store, keepFrom);
  return { ...rolled, pruned };
}
