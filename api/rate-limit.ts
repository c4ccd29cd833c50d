// Failed-attempt limiter: a sliding window of attempt times per key, in memory. An attempt is
// counted before the password is checked (so concurrent requests cannot race past the limit) and
// forgiven on success. One process holds the counts: the memory side of api/shared-state.ts, whose
// Redis side several API instances share.

export interface LimitRule { max: number; windowMs: number }

export class AttemptLimiter {
  readonly #hits = new Map<string, number[]>();
  readonly #rule: LimitRule;
  readonly #now: () => number;
  readonly #maxKeys: number;

  constructor(rule: LimitRule, now: () => number = Date.now, maxKeys = 100_000) {
    this.#rule = rule;
    this.#now = now;
    this.#maxKeys = maxKeys;
  }

  #live(key: string): number[] {
    const cutoff = this.#now() - this.#rule.windowMs;
    const list = (this.#hits.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.#hits.set(key, list);
    else this.#hits.delete(key);
    return list;
  }

  /** Milliseconds until another attempt is allowed, or 0 when one is allowed now. */
  retryAfterMs(key: string): number {
    const list = this.#live(key);
    if (list.length < this.#rule.max) return 0;
    const oldest = list[list.length - this.#rule.max]!;
    return Math.max(1, oldest + this.#rule.windowMs - this.#now());
  }

  /** Counts one attempt. */
  hit(key: string): void {
    if (this.#hits.size >= this.#maxKeys && !this.#hits.has(key)) this.#sweep();
    const list = this.#live(key);
    list.push(this.#now());
    this.#hits.set(key, list.slice(-this.#rule.max));
  }

  /** Forgets the most recent attempt (a success should not count against the key). */
  forgive(key: string): void {
    const list = this.#live(key);
    list.pop();
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
