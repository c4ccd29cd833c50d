import { describe, expect, it } from 'vitest';
import { AttemptLimiter, clientKey } from './rate-limit';

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

describe('clientKey', () => {
  it('keys IPv4 by the single address (also IPv4-mapped) and IPv6 by its /64', () => {
    expect(clientKey('127.0.0.1')).toBe('127.0.0.1');
    expect(clientKey('127.0.0.2')).not.toBe(clientKey('127.0.0.1'));
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:abcd:1234:5678')).toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('not an address')).toBe('unknown');
  });
});

describe('AttemptLimiter.take', () => {
  it('counts a batch up to the limit and answers how many it took; the window frees them again', () => {
    let now = 0;
    const l = new AttemptLimiter({ max: 150, windowMs: 60_000 }, () => now);
    expect([l.take('k', 100), l.take('k', 100), l.take('k', 100)]).toEqual([100, 50, 0]);
    expect(l.retryAfterMs('k')).toBe(60_000);
    now = 60_000;
    expect(l.take('k', 100)).toBe(100);
  });
});
