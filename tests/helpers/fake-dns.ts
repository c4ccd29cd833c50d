// A DNS resolver with recorded answers for crawler verification (the node:dns/promises Resolver
// methods engine/services/crawlers/verify.ts uses). An address or name without a record fails as the real
// resolver does (ENOTFOUND); `fail` makes a lookup fail with another code, `hang` never answers.
// Every call is logged so tests can see what was looked up and how often.
import type { CrawlerResolver } from '../../engine/services/crawlers/verify';

export interface DnsRecords {
  ptr?: Record<string, string[]>;
  a?: Record<string, string[]>;
  aaaa?: Record<string, string[]>;
}

export interface FakeDns extends CrawlerResolver {
  calls: string[];
  /** Lookups (e.g. "reverse 66.249.66.1") that fail with the given code. */
  fail: Map<string, string>;
  /** Lookups that never answer. */
  hang: Set<string>;
  /** Delay of every answer, ms. */
  delayMs: number;
}

const dnsError = (code: string, what: string) => Object.assign(new Error(`${code} ${what}`), { code });

export function fakeDns(records: DnsRecords): FakeDns {
  const dns: FakeDns = {
    calls: [], fail: new Map(), hang: new Set(), delayMs: 0,
    reverse: (ip) => answer(`reverse ${ip}`, records.ptr?.[ip]),
    resolve4: (host) => answer(`resolve4 ${host}`, records.a?.[host]),
    resolve6: (host) => answer(`resolve6 ${host}`, records.aaaa?.[host]),
  };
  async function answer(what: string, value: string[] | undefined): Promise<string[]> {
    dns.calls.push(what);
    if (dns.hang.has(what)) return new Promise<string[]>(() => {});
    if (dns.delayMs) await new Promise((ok) => setTimeout(ok, dns.delayMs));
    const code = dns.fail.get(what);
    if (code) throw dnsError(code, what);
    if (!value) throw dnsError('ENOTFOUND', what);
    return [...value];
  }
  return dns;
}

/** Google's documented example crawler (developers.google.com, "Verifying Googlebot"). */
export const GOOGLEBOT_IP = '66.249.66.1';
export const GOOGLEBOT_HOST = 'crawl-66-249-66-1.googlebot.com';
export const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Records of the real Googlebot above, nothing else. */
export function googlebotDns(): FakeDns {
  return fakeDns({ ptr: { [GOOGLEBOT_IP]: [GOOGLEBOT_HOST] }, a: { [GOOGLEBOT_HOST]: [GOOGLEBOT_IP] } });
}
