// API request latency for the site performance report (issue #20): each /graphql and /api/ request's
// time to response (Fastify's elapsedTime) is added to its tenant's summary of the day in memory,
// and the summaries are written to site_metrics every flush interval and on close, so requests
// never wait for a write.
import { addSamples, emptySummary, type LatencySummary } from '../../engine/domain/site-metrics';
import type { Store } from '../../engine/store/connection';
import { recordSiteMetric } from '../../engine/store/queries/site-metrics';
import { inTenant } from '../../engine/store/tenant-scope';
import type { TenantDirectory } from '../../engine/services/kernel/tenancy';

export const LATENCY_FLUSH_MS = 30_000;
const MEASURED = /^\/(graphql|api\/)/;

export class ApiLatencyRecorder {
  #pending = new Map<string, LatencySummary>();
  /** Tenant look-ups still running: a flush waits for them. */
  #resolving = new Set<Promise<void>>();
  #timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly store: Store, private readonly tenants: TenantDirectory, private readonly onError: (e: unknown) => void, flushMs = LATENCY_FLUSH_MS) {
    if (flushMs > 0) {
      this.#timer = setInterval(() => { void this.flush(); }, flushMs);
      this.#timer.unref();
    }
  }

  /** Counts a finished request (url, tenant headers, milliseconds) for the tenant it names; requests naming none are not counted. */
  add(url: string, headers: { tenantKey?: string | undefined; domain?: string | undefined; host?: string | undefined }, ms: number, at = Date.now()): void {
    if (!MEASURED.test(url)) return;
    const day = new Date(at).toISOString().slice(0, 10);
    const p: Promise<void> = this.tenants.resolve(headers).then((t) => {
      if (!t) return;
      const key = `${t.tenantKey} ${day}`;
      addSamples(this.#pending.get(key) ?? this.#pending.set(key, emptySummary()).get(key)!, [ms]);
    }, () => undefined).finally(() => { this.#resolving.delete(p); });
    this.#resolving.add(p);
  }

  /** Writes what was counted since the last flush. */
  async flush(): Promise<void> {
    await Promise.all(this.#resolving);
    const pending = this.#pending;
    this.#pending = new Map();
    for (const [key, s] of pending) {
      const [tenantKey, day] = key.split(' ') as [string, string];
      // Written acting for the tenant measured (flushes run outside any request).
      await inTenant(tenantKey, () => recordSiteMetric(this.store, tenantKey, 'api', day, s)).catch(this.onError);
    }
  }

  async close(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.flush();
  }
}
