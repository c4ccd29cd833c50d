// State that several API instances must agree on (issue #23): attempt limits (login lockouts,
// reset, link and form limits), the site-license lookup cache, and the invalidation of each
// instance's own caches (anonymous answers, site structure, tenants) when any instance commits a
// change. One small interface with two implementations:
//   - memory (the default): one process, exactly today's behaviour;
//   - Redis (MASTHEAD_REDIS_URL): counters in Redis through rate-limiter-flexible, the license
//     cache as one Redis hash per tenant, and invalidations published on a Redis channel that every
//     instance subscribes to.
// One SharedState per instance (per app): an instance ignores its own published invalidations,
// having applied them already.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { AppError } from '../../domain/errors';
import { AttemptLimiter, type LimitRule } from './rate-limit';

/** A failed-attempt limiter whose count may live outside the process. */
export interface Limiter {
  /**
   * Counts one attempt under `key` and answers 0, or, when the key is at its limit, answers the
   * milliseconds until another attempt is allowed (and does not count it). Check and count are one
   * step, so concurrent requests cannot race past the limit.
   */
  attempt(key: string): Promise<number>;
  /** Counts up to `n` attempts under `key`, as many as the limit still allows, and answers how many (a batch of events). */
  take(key: string, n: number): Promise<number>;
  /** Forgets the most recent attempt (a success should not count against the key). */
  forgive(key: string): Promise<void>;
  /** Forgets every attempt of the key. */
  clear(key: string): Promise<void>;
}

/**
 * Counts one attempt on every limiter, or none: when any refuses, the ones that counted forgive it
 * and the caller is told how long to wait.
 */
export async function throttle(pairs: [Limiter, string][]): Promise<void> {
  const waits = await Promise.all(pairs.map(([l, key]) => l.attempt(key)));
  const wait = Math.max(0, ...waits);
  if (wait === 0) return;
  await Promise.all(pairs.map(([l, key], i) => (waits[i] === 0 ? l.forgive(key) : undefined)));
  throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(wait / 1000) });
}

export interface LicenseHit { company: { id: number; name: string } | null; until: number }

/** The site-license lookup cache: tenant and address key → company (or null) until an instant. */
export interface LicenseCache {
  get(tenantKey: string, ip: string): Promise<LicenseHit | undefined>;
  set(tenantKey: string, ip: string, hit: LicenseHit): Promise<void>;
  /** Forgets every lookup of the tenant. */
  clear(tenantKey: string): Promise<void>;
}

/** What one instance tells the others to drop after it committed a change. */
export interface Invalidation { tenantKey: string; entity: string }

export interface SharedState {
  readonly kind: 'memory' | 'redis';
  /** A limiter named `name` (its counts are shared by every instance asking for the same name). */
  limiter(name: string, rule: LimitRule, now: () => number): Limiter;
  readonly licenses: LicenseCache;
  /** Tells the other instances; resolves once sent (memory: nothing to tell). */
  publish(message: Invalidation): Promise<void>;
  /** Calls `handler` for every other instance's invalidation; returns the unsubscribe function. */
  onInvalidate(handler: (message: Invalidation) => void): () => void;
  close(): Promise<void>;
}

const MAX_LICENSE_ENTRIES = 50_000;

/** One process: the in-memory sliding-window limiter and a bounded map. */
export function memorySharedState(): SharedState {
  const licenses = new Map<string, LicenseHit>();
  const sep = '\u0000';
  return {
    kind: 'memory',
    limiter(_name, rule, now) {
      const l = new AttemptLimiter(rule, now);
      return {
        attempt: (key) => {
          const wait = l.retryAfterMs(key);
          if (wait === 0) l.hit(key);
          return Promise.resolve(wait);
        },
        take: (key, n) => Promise.resolve(l.take(key, n)),
        forgive: (key) => Promise.resolve(l.forgive(key)),
        clear: (key) => Promise.resolve(l.clear(key)),
      };
    },
    licenses: {
      get: (tenantKey, ip) => Promise.resolve(licenses.get(`${tenantKey}${sep}${ip}`)),
      set(tenantKey, ip, hit) {
        if (licenses.size >= MAX_LICENSE_ENTRIES) {
          const now = Date.now();
          for (const [k, v] of licenses) if (v.until <= now) licenses.delete(k);
          if (licenses.size >= MAX_LICENSE_ENTRIES) licenses.clear();
        }
        licenses.set(`${tenantKey}${sep}${ip}`, hit);
        return Promise.resolve();
      },
      clear(tenantKey) {
        for (const k of [...licenses.keys()]) if (k.startsWith(`${tenantKey}${sep}`)) licenses.delete(k);
        return Promise.resolve();
      },
    },
    publish: () => Promise.resolve(),
    onInvalidate: () => () => {},
    close: () => Promise.resolve(),
  };
}

export interface RedisSharedOptions {
  /** redis://host:port/db */
  url: string;
  /** Prefix of every key and of the channel (default "masthead:"); tests use a unique one. */
  prefix?: string;
  /** Where connection errors after the start are reported (ioredis reconnects by itself). */
  onError?: (error: Error) => void;
}

/**
 * Redis: counters through rate-limiter-flexible (a fixed window from the key's first attempt, of
 * the rule's length rounded up to a second, where memory keeps a sliding window), the license
 * cache in one hash per tenant, invalidations on a pub/sub channel. Resolves once subscribed.
 */
export async function redisSharedState(o: RedisSharedOptions): Promise<SharedState> {
  const prefix = o.prefix ?? 'masthead:';
  const channel = `${prefix}invalidate`;
  const origin = randomUUID();
  const client = new Redis(o.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(o.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  let started = false;
  const report = (error: Error) => { if (started) o.onError?.(error); };
  client.on('error', report);
  subscriber.on('error', report);
  try {
    await client.connect();
    await subscriber.connect();
    await subscriber.subscribe(channel);
  } catch (error) {
    client.disconnect();
    subscriber.disconnect();
    throw new Error(`Redis at ${redact(o.url)} did not answer: ${(error as Error).message}`, { cause: error });
  }
  started = true;
  const handlers = new Set<(m: Invalidation) => void>();
  subscriber.on('message', (ch: string, text: string) => {
    if (ch !== channel) return;
    let m: { from?: unknown; tenantKey?: unknown; entity?: unknown };
    try { m = JSON.parse(text) as typeof m; } catch { return; }
    if (m.from === origin || typeof m.tenantKey !== 'string' || typeof m.entity !== 'string') return;
    for (const h of handlers) h({ tenantKey: m.tenantKey, entity: m.entity });
  });
  const licenseKey = (tenantKey: string) => `${prefix}license:${tenantKey}`;
  return {
    kind: 'redis',
    limiter(name, rule) {
      const points = rule.max;
      const rl = new RateLimiterRedis({ storeClient: client, keyPrefix: `${prefix}limit:${name}`, points, duration: Math.max(1, Math.ceil(rule.windowMs / 1000)) });
      // Redis away (ioredis gives up on a command after its retries): closed limits refuse, open ones let through.
      const outage = <T>(whenOpen: T) => (error: unknown): T => {
        report(error instanceof Error ? error : new Error(String(error)));
        if (rule.onOutage === 'open') return whenOpen;
        throw new AppError('SERVICE_UNAVAILABLE', { retryAfterSeconds: 5 });
      };
      return {
        async attempt(key) {
          try {
            const r = await rl.penalty(key, 1);
            if (r.consumedPoints <= points) return 0;
            await rl.reward(key, 1);
            return Math.max(1, r.msBeforeNext);
          } catch (e) {
            if (e instanceof AppError) throw e;
            return outage(0)(e);
          }
        },
        async take(key, n) {
          if (n <= 0) return 0;
          try {
            const r = await rl.penalty(key, n);
            const over = Math.min(n, Math.max(0, r.consumedPoints - points));
            if (over > 0) await rl.reward(key, over);
            return n - over;
          } catch (e) {
            return outage(n)(e);
          }
        },
        async forgive(key) { await rl.reward(key, 1).catch(report); },
        async clear(key) { await rl.delete(key).catch(report); },
      };
    },
    licenses: {
      async get(tenantKey, ip) {
        // Redis away: a miss (the lookup reads the database instead).
        const text = await client.hget(licenseKey(tenantKey), ip).catch((e: Error) => { report(e); return null; });
        if (!text) return undefined;
        try { return JSON.parse(text) as LicenseHit; } catch { return undefined; }
      },
      async set(tenantKey, ip, hit) {
        const key = licenseKey(tenantKey);
        // The hash lives as long as its longest entry may; entries past `until` are ignored by readers.
        const ttl = Math.max(1, hit.until - Date.now());
        await client.multi().hset(key, ip, JSON.stringify(hit)).pexpire(key, ttl, 'NX').pexpire(key, ttl, 'GT').exec().catch(report);
      },
      async clear(tenantKey) { await client.del(licenseKey(tenantKey)).catch(report); },
    },
    async publish(m) {
      // Redis away: the change is committed all the same; other instances keep their cached answers until they expire.
      await client.publish(channel, JSON.stringify({ from: origin, tenantKey: m.tenantKey, entity: m.entity })).catch(report);
    },
    onInvalidate(handler) {
      handlers.add(handler);
      return () => { handlers.delete(handler); };
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([subscriber.quit(), client.quit()]);
    },
  };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the configured URL';
  }
}

/** MASTHEAD_REDIS_URL set: Redis; otherwise memory. */
export async function sharedStateFor(redisUrl: string | undefined, o: Omit<RedisSharedOptions, 'url'> = {}): Promise<SharedState> {
  return redisUrl ? redisSharedState({ ...o, url: redisUrl }) : memorySharedState();
}
