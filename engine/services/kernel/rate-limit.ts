// Attempt limiter: a sliding window of attempt times per key, in memory. An attempt is counted
// before the password is checked (so concurrent requests cannot race past the limit) and forgiven
// on success; `take` counts a batch (events) at once. One process holds the counts: the memory side
// of engine/services/kernel/shared-state.ts, whose Redis side several API instances share.
// Keys name who is counted: `clientKey` turns a client address into the key every per-address limit
// uses (IPv4 whole, IPv6 by its /64), so a second address of one IPv6 customer network shares the
// count; limits of anonymous forms also count per target (docs/security.md "Rate limits").
import { formatKey, ipKey } from '../../domain/ip-range';

export interface LimitRule {
  max: number;
  windowMs: number;
  /**
   * When the shared limit store (Redis) does not answer: 'closed' (default) refuses with 503
   * SERVICE_UNAVAILABLE — sign-ins, links and forms are never let through unchecked; 'open' lets
   * the request through uncounted — readers' events must not fail because a counter is away.
   */
  onOutage?: 'open' | 'closed';
}

/** Attempts at one instant (or, from `take`, within a hundredth of the window of it). */
interface Hits { t: number; n: number }

const MAPPED_V4 = '00000000000000000000ffff';

/**
 * The key a client address is limited by: an IPv4 address whole (also when IPv4-mapped), an IPv6
 * address by its /64, the network one customer or device gets (RFC 6177), within which it may pick
 * any address; 'unknown' for anything else.
 */
export function clientKey(ip: string | null | undefined): string {
  const key = ipKey(ip);
  if (!key) return 'unknown';
  if (key.startsWith(MAPPED_V4)) return formatKey(key, true);
  return `${formatKey(key.slice(0, 16) + '0'.repeat(16), false)}/64`;
}

export class AttemptLimiter {
  readonly #hits = new Map<string, Hits[]>();
  readonly #rule: LimitRule;
  readonly #now: () => number;
  readonly #maxKeys: number;

  constructor(rule: LimitRule, now: () => number = Date.now, maxKeys = 100_000) {
    this.#rule = rule;
    this.#now = now;
    this.#maxKeys = maxKeys;
  }

  #live(key: string): Hits[] {
    const cutoff = this.#now() - this.#rule.windowMs;
    const list = (this.#hits.get(key) ?? []).filter((h) => h.t > cutoff);
    if (list.length) this.#hits.set(key, list);
    else this.#hits.delete(key);
    return list;
  }

  #store(key: string, list: Hits[]): void {
    if (this.#hits.size >= this.#maxKeys && !this.#hits.has(key)) this.#sweep();
    // Only the newest `max` attempts matter for the wait.
    let sum = list.reduce((s, h) => s + h.n, 0);
    while (list.length > 1 && sum - list[0]!.n >= this.#rule.max) sum -= list.shift()!.n;
    if (sum > this.#rule.max && list[0]) list[0] = { t: list[0].t, n: list[0].n - (sum - this.#rule.max) };
    this.#hits.set(key, list);
  }

  /** Milliseconds until another attempt is allowed, or 0 when one is allowed now. */
  retryAfterMs(key: string): number {
    const list = this.#live(key);
    const sum = list.reduce((s, h) => s + h.n, 0);
    if (sum < this.#rule.max) return 0;
    let gone = 0;
    for (const h of list) {
      gone += h.n;
      if (sum - gone < this.#rule.max) return Math.max(1, h.t + this.#rule.windowMs - this.#now());
    }
    return 1;
  }

  /** Counts one attempt. */
  hit(key: string): void {
    const list = this.#live(key);
    list.push({ t: this.#now(), n: 1 });
    this.#store(key, list);
  }

  /** Counts up to `n` attempts, as many as the window still allows, and answers how many that was. */
  take(key: string, n: number): number {
    const list = this.#live(key);
    const sum = list.reduce((s, h) => s + h.n, 0);
    const allowed = Math.max(0, Math.min(n, this.#rule.max - sum));
    if (allowed === 0) return 0;
    const now = this.#now();
    const last = list.at(-1);
    // Batches close together share one entry (it expires up to 1% of the window early), so a key
    // sending many batches keeps at most about a hundred entries.
    if (last && now - last.t < this.#rule.windowMs / 100) list[list.length - 1] = { t: last.t, n: last.n + allowed };
    else list.push({ t: now, n: allowed });
    this.#store(key, list);
    return allowed;
  }

  /** Forgets the most recent attempt (a success should not count against the key). */
  forgive(key: string): void {
    const list = this.#live(key);
    const last = list.pop();
    if (last && last.n > 1) list.push({ t: last.t, n: last.n - 1 });
    if (list.length) this.#hits.set(key, list);
    else this.#hits.delete(key);
  }

  /** Keys currently tracked. */
  get size(): number {
    return this.#hits.size;
  }

  clear(key: string): void {
    this.#hits.delete(key);
  }

  #sweep(): void {
    for (const key of [...this.#hits.keys()]) this.#live(key);
    // Still full of live keys: drop the oldest tenth rather than grow without bound.
    if (this.#hits.size >= this.#maxKeys) {
      const drop = Math.ceil(this.#maxKeys / 10);
      for (const key of [...this.#hits.keys()].slice(0, drop)) this.#hits.delete(key);
    }
  }
}
