// Masthead's own timings per tenant and day (engine/domain/site-metrics.ts): recorded by the
// rebuild queue (builds, edit→live) and the API (request latency, flushed in batches); read by the
// site performance report.
import { addSamples, emptySummary, mergeSummaries, type LatencySummary, type SiteMetric } from '../../domain/site-metrics';
import { rawOf, type Db, type SqlValue } from '../connection';

type Transactional = { transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> };

export interface SiteMetricRow extends LatencySummary { tenantKey: string; metric: SiteMetric; day: string }

const parseBuckets = (v: string): number[] => {
  const b = JSON.parse(v) as number[];
  return emptySummary().buckets.map((_, i) => Number(b[i] ?? 0));
};

/** Adds a summary (or raw samples, ms) to a tenant's day of a metric. */
export async function recordSiteMetric(store: Transactional, tenantKey: string, metric: SiteMetric, day: string, add: LatencySummary | readonly number[]): Promise<void> {
  const more = Array.isArray(add) ? addSamples(emptySummary(), add) : (add as LatencySummary);
  if (!more.n) return;
  await store.transaction(async (tx) => {
    const raw = rawOf(tx);
    const [row] = await raw.all<{ n: number; total_ms: number; max_ms: number; buckets: string }>(
      'select n, total_ms, max_ms, buckets from site_metrics where tenant_key = ? and metric = ? and day = ?', [tenantKey, metric, day]);
    const was = row ? { n: Number(row.n), totalMs: Number(row.total_ms), maxMs: Number(row.max_ms), buckets: parseBuckets(row.buckets) } : emptySummary();
    const s = mergeSummaries(was, more);
    await raw.run(`insert into site_metrics (tenant_key, metric, day, n, total_ms, max_ms, buckets) values (?, ?, ?, ?, ?, ?, ?)
      on conflict (tenant_key, metric, day) do update set n = excluded.n, total_ms = excluded.total_ms, max_ms = excluded.max_ms, buckets = excluded.buckets`,
    [tenantKey, metric, day, s.n, s.totalMs, s.maxMs, JSON.stringify(s.buckets)]);
  });
}

/** The rows of the tenants (null: every tenant) for days in [from, to]. */
export async function readSiteMetrics(db: Db, tenantKeys: readonly string[] | null, from: string, to: string): Promise<SiteMetricRow[]> {
  const params: SqlValue[] = [];
  let where = '1 = 1';
  if (tenantKeys !== null) {
    where = tenantKeys.length ? `tenant_key in (${tenantKeys.map(() => '?').join(', ')})` : '1 = 0';
    params.push(...tenantKeys);
  }
  const rows = await rawOf(db).all<{ tenant_key: string; metric: SiteMetric; day: string; n: number; total_ms: number; max_ms: number; buckets: string }>(
    `select tenant_key, metric, day, n, total_ms, max_ms, buckets from site_metrics where ${where} and day between ? and ?`, [...params, from, to]);
  return rows.map((r) => ({ tenantKey: r.tenant_key, metric: r.metric, day: r.day, n: Number(r.n), totalMs: Number(r.total_ms), maxMs: Number(r.max_ms), buckets: parseBuckets(r.buckets) }));
}
