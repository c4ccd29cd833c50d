// Masthead's own timings (the site performance report, issue #20): build durations, edit→live
// latency (an API change enqueued to the build that includes it going live) and API request
// latency, kept per tenant and UTC day as a count, a total, a maximum and a histogram over fixed
// latency buckets, so days merge by addition and percentiles come from the merged histogram.
// Pure and browser-safe.

export const SITE_METRICS = ['build', 'edit-live', 'api'] as const;
export type SiteMetric = (typeof SITE_METRICS)[number];

/** Upper bounds (ms) of the latency buckets; one more bucket holds anything longer. */
export const LATENCY_BOUNDS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 30_000, 60_000, 120_000, 300_000, 600_000] as const;

export interface LatencySummary { n: number; totalMs: number; maxMs: number; buckets: number[] }

export const emptySummary = (): LatencySummary => ({ n: 0, totalMs: 0, maxMs: 0, buckets: LATENCY_BOUNDS_MS.map(() => 0).concat(0) });

/** The bucket a latency falls in. */
export function bucketOf(ms: number): number {
  const i = LATENCY_BOUNDS_MS.findIndex((b) => ms <= b);
  return i < 0 ? LATENCY_BOUNDS_MS.length : i;
}

/** Adds samples (ms, rounded) to a summary, in place; returns it. */
export function addSamples(s: LatencySummary, samples: readonly number[]): LatencySummary {
  for (const raw of samples) {
    const ms = Math.max(0, Math.round(raw));
    s.n++;
    s.totalMs += ms;
    s.maxMs = Math.max(s.maxMs, ms);
    s.buckets[bucketOf(ms)]! += 1;
  }
  return s;
}

/** The sum of two summaries (a new one). */
export function mergeSummaries(a: LatencySummary, b: LatencySummary): LatencySummary {
  const out = emptySummary();
  out.n = a.n + b.n;
  out.totalMs = a.totalMs + b.totalMs;
  out.maxMs = Math.max(a.maxMs, b.maxMs);
  out.buckets = out.buckets.map((_, i) => (a.buckets[i] ?? 0) + (b.buckets[i] ?? 0));
  return out;
}

/**
 * The q-quantile (0–1) of a summary's samples, as the upper bound of the bucket it falls in (never
 * above the largest sample); 0 without samples.
 */
export function quantileMs(s: LatencySummary, q: number): number {
  if (!s.n) return 0;
  const rank = Math.max(1, Math.ceil(q * s.n));
  let seen = 0;
  for (let i = 0; i < s.buckets.length; i++) {
    seen += s.buckets[i] ?? 0;
    if (seen >= rank) return Math.min(LATENCY_BOUNDS_MS[i] ?? s.maxMs, s.maxMs);
  }
  return s.maxMs;
}
