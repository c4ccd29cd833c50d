import { describe, expect, it } from 'vitest';
import { formatKey, ipKey, parseCidr, rangeContains } from './ip-range';

describe('ipKey', () => {
  it('maps IPv4 into the IPv4-mapped IPv6 space', () => {
    expect(ipKey('203.0.113.7')).toBe('00000000000000000000ffffcb007107');
    expect(ipKey('::ffff:203.0.113.7')).toBe(ipKey('203.0.113.7'));
  });
  it('expands compressed IPv6', () => {
    expect(ipKey('2001:db8::1')).toBe('20010db8000000000000000000000001');
    expect(ipKey('::')).toBe('0'.repeat(32));
  });
  it('refuses what is not an address', () => {
    for (const bad of ['', '256.1.1.1', '1.2.3', '01.2.3.4', '1:2:3:4:5:6:7:8:9', '2001:db8:::1', 'fe80::1%eth0', 'example.com', null]) {
      expect(ipKey(bad), String(bad)).toBeNull();
    }
  });
});

describe('parseCidr', () => {
  it('parses an IPv4 range, dropping host bits', () => {
    const r = parseCidr('203.0.113.77/24')!;
    expect(r.cidr).toBe('203.0.113.0/24');
    expect(rangeContains(r, ipKey('203.0.113.0')!)).toBe(true);
    expect(rangeContains(r, ipKey('203.0.113.255')!)).toBe(true);
    expect(rangeContains(r, ipKey('203.0.114.0')!)).toBe(false);
    expect(rangeContains(r, ipKey('203.0.112.255')!)).toBe(false);
  });
  it('treats a bare address as a single-host range', () => {
    const r = parseCidr('198.51.100.4')!;
    expect(r.cidr).toBe('198.51.100.4/32');
    expect(rangeContains(r, ipKey('198.51.100.4')!)).toBe(true);
    expect(rangeContains(r, ipKey('198.51.100.5')!)).toBe(false);
  });
  it('parses IPv6 ranges', () => {
    const r = parseCidr('2001:db8:abcd::/48')!;
    expect(r.cidr).toBe('2001:db8:abcd::/48');
    expect(rangeContains(r, ipKey('2001:db8:abcd:ffff::1')!)).toBe(true);
    expect(rangeContains(r, ipKey('2001:db8:abce::1')!)).toBe(false);
  });
  it('handles the /0 ends', () => {
    const all4 = parseCidr('0.0.0.0/0')!;
    expect(rangeContains(all4, ipKey('255.255.255.255')!)).toBe(true);
    expect(rangeContains(all4, ipKey('2001:db8::1')!)).toBe(false);
  });
  it('refuses bad prefixes and bad addresses', () => {
    for (const bad of ['10.0.0.0/33', '10.0.0.0/08', '2001:db8::/129', '10.0.0/8', '10.0.0.0/', 'x/8', ' ', '10.0.0.0/8/8']) {
      expect(parseCidr(bad), bad).toBeNull();
    }
  });
});

describe('formatKey', () => {
  it('writes a key back as IPv4 or compressed IPv6', () => {
    expect(formatKey(ipKey('10.1.2.3')!, true)).toBe('10.1.2.3');
    expect(formatKey(ipKey('2001:db8:0:0:1:0:0:1')!, false)).toBe('2001:db8::1:0:0:1');
    expect(formatKey(ipKey('1:2:3:4:5:6:7:8')!, false)).toBe('1:2:3:4:5:6:7:8');
  });
});
