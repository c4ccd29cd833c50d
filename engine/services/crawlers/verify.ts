// Verified search-engine crawlers (issue 15, "The paywall must not trust a header"): a request counts
// as a crawler only when its User-Agent claims an engine of engine/domain/crawlers.ts AND the client
// address passes forward-confirmed reverse DNS for that engine — the PTR name lies in the engine's
// domains and that name's A/AAAA records hold the same address. A request that claims no engine
// costs no lookup.
//
// Contracts:
// - The resolver is injected (the node:dns/promises Resolver interface: reverse, resolve4, resolve6);
//   the default is a Resolver with its own timeout and one retry.
// - One verification is bounded by `timeoutMs` (default 1,500 ms); a timeout or any DNS failure
//   counts as not verified.
// - Answers are cached per engine and address: verified for `positiveTtlMs` (default 24 h), refused
//   (no PTR, a name outside the domains, a forward lookup that does not confirm) for `negativeTtlMs`
//   (default 1 h), a DNS failure or timeout for `errorTtlMs` (default 5 min, so a resolver outage
//   heals quickly). The cache holds at most `maxEntries` (default 10,000), least recently used out
//   first, and concurrent verifications of one address share one lookup.
import { Resolver } from 'node:dns/promises';
import { isIPv4, isIPv6 } from 'node:net';
import { claimedEngine, hostInEngineDomains, type SearchEngine } from '../../domain/crawlers';
import { ipKey } from '../../domain/ip-range';

export interface CrawlerResolver {
  reverse(ip: string): Promise<string[]>;
  resolve4(hostname: string): Promise<string[]>;
  resolve6(hostname: string): Promise<string[]>;
}

export interface CrawlerVerifierOptions {
  resolver?: CrawlerResolver;
  now?: () => number;
  timeoutMs?: number;
  positiveTtlMs?: number;
  negativeTtlMs?: number;
  errorTtlMs?: number;
  maxEntries?: number;
}

export type CrawlerOutcome = 'verified' | 'refused' | 'failed';

export interface CrawlerVerdict {
  /** The engine the client is verified for, or null. */
  engine: SearchEngine['key'] | null;
  outcome: CrawlerOutcome | 'no-claim';
}

export const CRAWLER_DEFAULTS = {
  timeoutMs: 1_500,
  positiveTtlMs: 24 * 3_600_000,
  negativeTtlMs: 3_600_000,
  errorTtlMs: 5 * 60_000,
  maxEntries: 10_000,
} as const;

/** PTR names checked per address; a real crawler has one, a hostile PTR set may have many. */
const MAX_NAMES = 5;
/** Answers of the resolver that mean "no such record" (a refusal, not a failure). */
const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA', 'NOTFOUND', 'NODATA']);

interface Entry { outcome: CrawlerOutcome; until: number }

/** The address as the family it really is: IPv4-mapped IPv6 ("::ffff:1.2.3.4") is IPv4. */
export function plainAddress(ip: string): string {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip.trim());
  return m ? m[1]! : ip.trim();
}

function defaultResolver(timeoutMs: number): CrawlerResolver {
  return new Resolver({ timeout: Math.max(1, Math.floor(timeoutMs / 2)), tries: 1 });
}

export class CrawlerVerifier {
  private readonly cache = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<CrawlerOutcome>>();
  private readonly o: Required<Omit<CrawlerVerifierOptions, 'resolver'>>;
  private resolverInstance: CrawlerResolver | undefined;

  constructor(private readonly options: CrawlerVerifierOptions = {}) {
    this.o = {
      now: options.now ?? Date.now,
      timeoutMs: options.timeoutMs ?? CRAWLER_DEFAULTS.timeoutMs,
      positiveTtlMs: options.positiveTtlMs ?? CRAWLER_DEFAULTS.positiveTtlMs,
      negativeTtlMs: options.negativeTtlMs ?? CRAWLER_DEFAULTS.negativeTtlMs,
      errorTtlMs: options.errorTtlMs ?? CRAWLER_DEFAULTS.errorTtlMs,
      maxEntries: Math.max(1, options.maxEntries ?? CRAWLER_DEFAULTS.maxEntries),
    };
  }

  private get resolver(): CrawlerResolver {
    return (this.resolverInstance ??= this.options.resolver ?? defaultResolver(this.o.timeoutMs));
  }

  /** Entries held now (for tests and the admin's status). */
  get size(): number {
    return this.cache.size;
  }

  /** The engine the request is a verified crawler of, or null (no claim, refused, failed). */
  async verify(ip: string | null | undefined, userAgent: string | null | undefined): Promise<CrawlerVerdict> {
    const engine = claimedEngine(userAgent);
    if (!engine) return { engine: null, outcome: 'no-claim' };
    const address = typeof ip === 'string' ? plainAddress(ip) : '';
    const key = ipKey(address);
    if (!key || !(isIPv4(address) || isIPv6(address))) return { engine: null, outcome: 'refused' };
    const cacheKey = `${engine.key}\u0000${key}`;
    const outcome = this.cached(cacheKey) ?? (await this.lookupOnce(cacheKey, engine, address, key));
    return { engine: outcome === 'verified' ? engine.key : null, outcome };
  }

  private cached(cacheKey: string): CrawlerOutcome | null {
    const hit = this.cache.get(cacheKey);
    if (!hit) return null;
    this.cache.delete(cacheKey);
    if (hit.until <= this.o.now()) return null;
    this.cache.set(cacheKey, hit);
    return hit.outcome;
  }

  private lookupOnce(cacheKey: string, engine: SearchEngine, address: string, key: string): Promise<CrawlerOutcome> {
    let p = this.pending.get(cacheKey);
    if (!p) {
      p = this.bounded(engine, address, key).then((outcome) => {
        this.remember(cacheKey, outcome);
        return outcome;
      }).finally(() => this.pending.delete(cacheKey));
      this.pending.set(cacheKey, p);
    }
    return p;
  }

  private remember(cacheKey: string, outcome: CrawlerOutcome): void {
    const ttl = outcome === 'verified' ? this.o.positiveTtlMs : outcome === 'refused' ? this.o.negativeTtlMs : this.o.errorTtlMs;
    this.cache.delete(cacheKey);
    while (this.cache.size >= this.o.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
    this.cache.set(cacheKey, { outcome, until: this.o.now() + ttl });
  }

  private bounded(engine: SearchEngine, address: string, key: string): Promise<CrawlerOutcome> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<CrawlerOutcome>((done) => {
      timer = setTimeout(() => done('failed'), this.o.timeoutMs);
      timer.unref?.();
    });
    const lookup = this.lookup(engine, address, key).catch(() => 'failed' as const);
    return Promise.race([lookup, timeout]).finally(() => clearTimeout(timer));
  }

  private async lookup(engine: SearchEngine, address: string, key: string): Promise<CrawlerOutcome> {
    let names: string[];
    try {
      names = await this.resolver.reverse(address);
    } catch (error) {
      return NO_RECORD.has((error as { code?: string }).code ?? '') ? 'refused' : 'failed';
    }
    const candidates = names.filter((n) => typeof n === 'string' && hostInEngineDomains(engine, n)).slice(0, MAX_NAMES);
    let failed = false;
    for (const name of candidates) {
      const host = name.trim().replace(/\.$/, '');
      try {
        const forward = isIPv4(address) ? await this.resolver.resolve4(host) : await this.resolver.resolve6(host);
        if (forward.some((a) => ipKey(plainAddress(a)) === key)) return 'verified';
      } catch (error) {
        if (!NO_RECORD.has((error as { code?: string }).code ?? '')) failed = true;
      }
    }
    return failed ? 'failed' : 'refused';
  }
}
