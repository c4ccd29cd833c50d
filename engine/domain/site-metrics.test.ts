import { describe, expect, it } from 'vitest';
import { addSamples, bucketOf, emptySummary, LATENCY_BOUNDS_MS, mergeSummaries, quantileMs } from './site-metrics';

describe('latency summaries (site performance report)', () => {
  it('puts a sample in the first bucket whose bound holds it, longer ones in the last', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(5)).toBe(0);
    expect(bucketOf(6)).toBe(1);
    expect(bucketOf(600_001)).toBe(LATENCY_BOUNDS_MS.length);
  });

  it('counts, totals and maxima add up; quantiles come from the histogram, never above the slowest sample', () => {
    const a = addSamples(emptySummary(), [40, 90, 90, 240]);
    const b = addSamples(emptySummary(), [1200]);
    const s = mergeSummaries(a, b);
    expect(s).toMatchObject({ n: 5, totalMs: 1660, maxMs: 1200 });
    // Sorted: 40 90 90 240 1200 -> the median (3rd) is in the 100 ms bucket, the p95 (5th) in the 2500 ms one, capped at 1200.
    expect(quantileMs(s, 0.5)).toBe(100);
    expect(quantileMs(s, 0.95)).toBe(1200);
    expect(quantileMs(emptySummary(), 0.95)).toBe(0);
  });
});
