import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './rate-limit';

describe('AttemptLimiter', () => {
  it('allows max attempts per window, then names the wait until the oldest expires', () => {
    let now = 1_000_000;
    const l = new AttemptLimiter({ max: 3, windowMs: 60_000 }, () => now);
    for (let i = 0; i < 3; i++) { expect(l.retryAfterMs('k')).toBe(0); l.hit('k'); now += 1000; }
    expect(l.retryAfterMs('k')).toBe(57_000);
    expect(l.retryAfterMs('other')).toBe(0);
    now += 57_000;
    expect(l.retryAfterMs('k')).toBe(0);
  });

  it('forgives the last attempt and clears a key', () => {
    const l = new AttemptLimiter({ max: 1, windowMs: 60_000 }, () => 5);
    l.hit('k');
    l.forgive('k');
    expect(l.retryAfterMs('k')).toBe(0);
    l.hit('k');
    l.clear('k');
    expect(l.retryAfterMs('k')).toBe(0);
  });

  it('stays bounded when flooded with keys', () => {
    const l = new AttemptLimiter({ max: 5, windowMs: 60_000 }, () => 0, 100);
    for (let i = 0; i < 1000; i++) l.hit(`k${i}`);
    expect(l.size).toBeLessThanOrEqual(100);
    l.hit('k999');
    expect(l.size).toBeLessThanOrEqual(100);
  });
});
