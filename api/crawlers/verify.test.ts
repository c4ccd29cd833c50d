// Crawler verification against recorded DNS answers: the forward-confirmed reverse lookup each
// engine documents, the cache (positive, negative and failure TTLs, size bound, shared lookups) and
// the time bound.
import { describe, expect, it, vi } from 'vitest';
import { fakeDns, GOOGLEBOT_HOST, GOOGLEBOT_IP, GOOGLEBOT_UA, googlebotDns } from '../../tests/helpers/fake-dns';
import { CRAWLER_DEFAULTS, CrawlerVerifier } from '../../engine/services/crawlers/verify';

const BINGBOT_UA = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const BINGBOT_IP = '157.55.33.18';
const BINGBOT_HOST = 'msnbot-157-55-33-18.search.msn.com';
const GOOGLE_V6 = '2001:4860:4801:10::1';
const GOOGLE_V6_HOST = 'crawl-2001-4860-4801-10--1.googlebot.com';

function world() {
  return fakeDns({
    ptr: {
      [GOOGLEBOT_IP]: [`${GOOGLEBOT_HOST}.`],
      [BINGBOT_IP]: [BINGBOT_HOST],
      [GOOGLE_V6]: [GOOGLE_V6_HOST],
      // An attacker's own address with a PTR they control, naming Google's real crawler.
      '203.0.113.5': [GOOGLEBOT_HOST],
      // Names that only look like Google's domains, and a rented Google Cloud machine.
      '203.0.113.6': ['crawl.googlebot.com.evil.example', 'evilgooglebot.com'],
      '34.1.2.3': ['3.2.1.34.bc.googleusercontent.com'],
    },
    a: {
      [GOOGLEBOT_HOST]: [GOOGLEBOT_IP],
      [BINGBOT_HOST]: [BINGBOT_IP],
      'crawl.googlebot.com.evil.example': ['203.0.113.6'],
      'evilgooglebot.com': ['203.0.113.6'],
      '3.2.1.34.bc.googleusercontent.com': ['34.1.2.3'],
    },
    aaaa: { [GOOGLE_V6_HOST]: ['2001:4860:4801:0010:0:0:0:1'] },
  });
}

describe('forward-confirmed reverse DNS', () => {
  it('verifies Googlebot and Bingbot at the addresses their engines resolve, IPv4, IPv4-mapped and IPv6', async () => {
    const v = new CrawlerVerifier({ resolver: world() });
    expect(await v.verify(GOOGLEBOT_IP, GOOGLEBOT_UA)).toEqual({ engine: 'google', outcome: 'verified' });
    expect(await v.verify(`::ffff:${GOOGLEBOT_IP}`, GOOGLEBOT_UA)).toEqual({ engine: 'google', outcome: 'verified' });
    expect(await v.verify(BINGBOT_IP, BINGBOT_UA)).toEqual({ engine: 'bing', outcome: 'verified' });
    expect(await v.verify(GOOGLE_V6, GOOGLEBOT_UA)).toEqual({ engine: 'google', outcome: 'verified' });
  });

  it('looks nothing up for a request that claims no engine', async () => {
    const dns = world();
    const v = new CrawlerVerifier({ resolver: dns });
    expect(await v.verify(GOOGLEBOT_IP, 'Mozilla/5.0 Firefox/140')).toEqual({ engine: null, outcome: 'no-claim' });
    expect(dns.calls).toEqual([]);
  });

  it('refuses a Googlebot User-Agent from loopback, which has no Google PTR', async () => {
    const dns = world();
    expect(await new CrawlerVerifier({ resolver: dns }).verify('127.0.0.1', GOOGLEBOT_UA)).toEqual({ engine: null, outcome: 'refused' });
    expect(dns.calls).toEqual(['reverse 127.0.0.1']);
  });

  it('refuses a PTR naming Google when the name does not resolve back to the address', async () => {
    const dns = world();
    expect((await new CrawlerVerifier({ resolver: dns }).verify('203.0.113.5', GOOGLEBOT_UA)).engine).toBeNull();
    expect(dns.calls).toEqual(['reverse 203.0.113.5', `resolve4 ${GOOGLEBOT_HOST}`]);
  });

  it('refuses look-alike names and Google Cloud customer machines without a forward lookup', async () => {
    const dns = world();
    const v = new CrawlerVerifier({ resolver: dns });
    expect(await v.verify('203.0.113.6', GOOGLEBOT_UA)).toEqual({ engine: null, outcome: 'refused' });
    expect(await v.verify('34.1.2.3', GOOGLEBOT_UA)).toEqual({ engine: null, outcome: 'refused' });
    expect(dns.calls.filter((c) => c.startsWith('resolve'))).toEqual([]);
  });

  it("checks the claimed engine's own domains: a Bing claim from Google's crawler is refused", async () => {
    expect((await new CrawlerVerifier({ resolver: world() }).verify(GOOGLEBOT_IP, BINGBOT_UA)).engine).toBeNull();
  });

  it('counts DNS failures and a missing or malformed address as not verified', async () => {
    const dns = world();
    dns.fail.set(`reverse ${GOOGLEBOT_IP}`, 'ESERVFAIL');
    const v = new CrawlerVerifier({ resolver: dns });
    expect(await v.verify(GOOGLEBOT_IP, GOOGLEBOT_UA)).toEqual({ engine: null, outcome: 'failed' });
    expect(await v.verify(undefined, GOOGLEBOT_UA)).toEqual({ engine: null, outcome: 'refused' });
    expect(await v.verify('not an address', GOOGLEBOT_UA)).toEqual({ engine: null, outcome: 'refused' });
  });

  it('gives up after the time bound (1.5 s by default) and counts it as not verified', async () => {
    expect(CRAWLER_DEFAULTS.timeoutMs).toBe(1_500);
    const dns = world();
    dns.hang.add(`resolve4 ${GOOGLEBOT_HOST}`);
    vi.useFakeTimers();
    try {
      const v = new CrawlerVerifier({ resolver: dns, timeoutMs: 40 });
      let answer: unknown;
      const pending = v.verify(GOOGLEBOT_IP, GOOGLEBOT_UA).then((a) => { answer = a; });
      // The lookup hangs: nothing is answered before the bound, and the answer comes at it.
      await vi.advanceTimersByTimeAsync(39);
      expect(answer).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await pending;
      expect(answer).toEqual({ engine: null, outcome: 'failed' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the verification cache', () => {
  const clocked = (dns = googlebotDns(), o: { maxEntries?: number } = {}) => {
    const clock = { now: 1_000_000 };
    return { dns, clock, v: new CrawlerVerifier({ resolver: dns, now: () => clock.now, ...o }) };
  };

  it('answers a verified address from the cache for 24 h, then looks again', async () => {
    const { dns, clock, v } = clocked();
    await v.verify(GOOGLEBOT_IP, GOOGLEBOT_UA);
    const first = dns.calls.length;
    clock.now += CRAWLER_DEFAULTS.positiveTtlMs - 1;
    expect((await v.verify(GOOGLEBOT_IP, GOOGLEBOT_UA)).engine).toBe('google');
    expect(dns.calls.length).toBe(first);
    clock.now += 2;
    expect((await v.verify(GOOGLEBOT_IP, GOOGLEBOT_UA)).engine).toBe('google');
    expect(dns.calls.length).toBe(first * 2);
  });

  it('remembers a refusal for 1 h and a DNS failure for 5 min', async () => {
    const { dns, clock, v } = clocked();
    dns.fail.set('reverse 198.51.100.7', 'ETIMEOUT');
    expect((await v.verify('127.0.0.1', GOOGLEBOT_UA)).outcome).toBe('refused');
    expect((await v.verify('198.51.100.7', GOOGLEBOT_UA)).outcome).toBe('failed');
    clock.now += CRAWLER_DEFAULTS.errorTtlMs + 1;
    await v.verify('127.0.0.1', GOOGLEBOT_UA);
    await v.verify('198.51.100.7', GOOGLEBOT_UA);
    expect(dns.calls).toEqual(['reverse 127.0.0.1', 'reverse 198.51.100.7', 'reverse 198.51.100.7']);
    clock.now += CRAWLER_DEFAULTS.negativeTtlMs;
    await v.verify('127.0.0.1', GOOGLEBOT_UA);
    expect(dns.calls.filter((c) => c === 'reverse 127.0.0.1')).toHaveLength(2);
  });

  it('shares one lookup between concurrent verifications of one address', async () => {
    const { dns, v } = clocked();
    dns.delayMs = 20;
    const verdicts = await Promise.all(Array.from({ length: 5 }, () => v.verify(GOOGLEBOT_IP, GOOGLEBOT_UA)));
    expect(verdicts.map((x) => x.engine)).toEqual(['google', 'google', 'google', 'google', 'google']);
    expect(dns.calls).toEqual([`reverse ${GOOGLEBOT_IP}`, `resolve4 ${GOOGLEBOT_HOST}`]);
  });

  it('holds at most maxEntries addresses, dropping the least recently used', async () => {
    const { dns, v } = clocked(googlebotDns(), { maxEntries: 2 });
    for (const ip of ['192.0.2.1', '192.0.2.2']) await v.verify(ip, GOOGLEBOT_UA);
    await v.verify('192.0.2.1', GOOGLEBOT_UA);
    await v.verify('192.0.2.3', GOOGLEBOT_UA);
    expect(v.size).toBe(2);
    await v.verify('192.0.2.1', GOOGLEBOT_UA);
    await v.verify('192.0.2.2', GOOGLEBOT_UA);
    expect(dns.calls).toEqual(['reverse 192.0.2.1', 'reverse 192.0.2.2', 'reverse 192.0.2.3', 'reverse 192.0.2.2']);
  });
});
