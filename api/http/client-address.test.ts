import { describe, expect, it } from 'vitest';
import { parseTrustedProxies, trustProxyFor } from './client-address';

describe('the trusted-proxy setting', () => {
  it('believes no proxy when the setting is missing or empty', () => {
    expect(trustProxyFor(undefined)).toBe(false);
    expect(trustProxyFor([])).toBe(false);
    expect(parseTrustedProxies(undefined)).toEqual([]);
    expect(parseTrustedProxies('  ')).toEqual([]);
  });

  it('takes IPv4 and IPv6 addresses and CIDR ranges, comma- or space-separated in the environment form', () => {
    expect(trustProxyFor([' 10.0.0.0/8', '127.0.0.1', 'fd00::/8', '::1', '127.0.0.1'])).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8', '::1']);
    expect(parseTrustedProxies('10.0.0.0/8, 127.0.0.1 ::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
  });

  it('refuses anything else with an error naming the entry', () => {
    expect(() => trustProxyFor(['127.0.0.1', 'proxy.internal'])).toThrow('trustedProxies[1]: "proxy.internal" is not an IP address or a CIDR range');
    expect(() => trustProxyFor(['10.0.0.0/33'])).toThrow('trustedProxies[0]');
    expect(() => trustProxyFor([''])).toThrow('trustedProxies[0]');
    expect(() => parseTrustedProxies('127.0.0.1,*')).toThrow('MASTHEAD_TRUSTED_PROXIES[1]: "*"');
  });
});
