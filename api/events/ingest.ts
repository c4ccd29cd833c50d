// Event ingestion (issue #18): the one path every event takes, from the 21 GraphQL mutations and
// from the site's batched beacon (POST /api/events). Per request: bots are dropped (the user-agent
// list, and any request claiming a search engine's crawler, verified or not: api/crawlers), the
// client (its address, api/http/client-address.ts, within the tenant) is rate-limited per event,
// each event is validated (engine/domain/events.ts: type, fields, bounds) and its ids are checked
// against the tenant, then the accepted events are appended in one transaction. Nothing identifying
// is stored: the address is truncated to /24 (IPv4) or /48 (IPv6), the session id is hashed with the
// day's salt, a member is referenced by id only.
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { claimedEngine } from '../../engine/domain/crawlers';
import { ID_REFERENCES, isBotAgent, SESSION_ID_MAX, validateEvent, type EventType, type FieldError, type IdField, type ValidEvent } from '../../engine/domain/events';
import { dialectOf } from '../../engine/store/connection';
import { appendEvents, countDrops, daySalt, type EventRow } from '../../engine/store/queries/events';
import { inTenant } from '../../engine/store/tenant-scope';
import { idsNotInTenant } from '../../engine/store/queries/ownership';
import { plainAddress } from '../crawlers/verify';
import type { Services } from '../services';

export interface EventOptions {
  /** Events one client address may send per tenant in the window; more are dropped and counted. Default 600 a minute. */
  rateLimit?: { max: number; windowMs: number };
  /** Days raw events are kept (rollups are kept). Default 90. */
  retentionDays?: number;
}

export const EVENT_DEFAULTS = { rateLimit: { max: 600, windowMs: 60_000 }, retentionDays: 90 } as const;

export interface EventClient {
  tenantKey: string;
  ip: string;
  userAgent: string;
  sessionId: unknown;
  siteUserId: number | null;
}

export interface Drops { bot: number; crawler: number; 'rate-limit': number; invalid: number }
export interface IngestResult {
  accepted: number;
  dropped: Drops;
  /** Field errors of refused events: `events[<index>].input.<field>`. */
  errors: FieldError[];
}

/** Counts events per client in fixed windows; forgets old windows as it goes. */
class EventLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();
  constructor(readonly rule: { max: number; windowMs: number }, readonly now: () => number) {}

  /** How many of `n` events the key may send now (and counts them). */
  take(key: string, n: number): number {
    const now = this.now();
    let w = this.#windows.get(key);
    if (!w || now - w.start >= this.rule.windowMs) {
      if (this.#windows.size > 100_000) this.#sweep(now);
      w = { start: now, count: 0 };
      this.#windows.set(key, w);
    }
    const allowed = Math.max(0, Math.min(n, this.rule.max - w.count));
    w.count += allowed;
    return allowed;
  }

  #sweep(now: number): void {
    for (const [k, w] of this.#windows) if (now - w.start >= this.rule.windowMs) this.#windows.delete(k);
  }
}

/** The address with its host part removed: /24 for IPv4, /48 for IPv6. */
export function truncateAddress(ip: string): string | null {
  const a = plainAddress(ip);
  if (isIPv4(a)) return `${a.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(a)) {
    const [head = '', tail = ''] = a.split('::');
    const groups = [...head.split(':').filter(Boolean), ...(a.includes('::') ? Array(8 - head.split(':').filter(Boolean).length - tail.split(':').filter(Boolean).length).fill('0') : []), ...tail.split(':').filter(Boolean)];
    return `${groups.slice(0, 3).join(':')}::/48`;
  }
  return null;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Most requests one group-commit transaction takes (100 events each at most). */
const GROUP_MAX = 64;

/** A request's accepted events (built once the day's salt is known) and its drop counts, waiting for the next write. */
interface PendingAppend {
  tenantKey: string;
  day: string;
  rows: (salt: string) => EventRow[];
  drops: Drops | null;
  ok: () => void;
  fail: (error: unknown) => void;
}

export class EventIngestor {
  readonly options: { rateLimit: { max: number; windowMs: number }; retentionDays: number };
  readonly #limiter: EventLimiter;
  readonly #salts = new Map<string, string>();
  readonly #pending: PendingAppend[] = [];
  #writing = false;
  /** Ids found in their tenant lately (a minute), so a busy page's events need no lookup. */
  readonly #known = new Map<string, number>();

  #knownId(tenantKey: string, kind: string, id: number, now: number): boolean {
    const until = this.#known.get(`${tenantKey}\u0000${kind}\u0000${id}`);
    return until !== undefined && until > now;
  }

  #rememberId(tenantKey: string, kind: string, id: number, now: number): void {
    if (this.#known.size >= 50_000) this.#known.clear();
    this.#known.set(`${tenantKey}\u0000${kind}\u0000${id}`, now + 60_000);
  }

  constructor(readonly services: Services, options: EventOptions = {}) {
    this.options = { rateLimit: options.rateLimit ?? EVENT_DEFAULTS.rateLimit, retentionDays: options.retentionDays ?? EVENT_DEFAULTS.retentionDays };
    this.#limiter = new EventLimiter(this.options.rateLimit, services.now);
  }

  /** Why a client's events are not counted at all, or null. */
  async botReason(client: EventClient): Promise<'bot' | 'crawler' | null> {
    if (claimedEngine(client.userAgent)) {
      const verdict = await this.services.crawlers.verify(client.ip, client.userAgent);
      return verdict.engine ? 'crawler' : 'bot';
    }
    return isBotAgent(client.userAgent) ? 'bot' : null;
  }

  /**
   * Validates and appends a batch. `strict`: one invalid event refuses the whole batch (the single
   * GraphQL operations); otherwise the valid events are kept and the others reported.
   */
  async ingest(client: EventClient, items: readonly { type: unknown; input: unknown }[], strict = false): Promise<IngestResult> {
    const dropped: Drops = { bot: 0, crawler: 0, 'rate-limit': 0, invalid: 0 };
    const errors: FieldError[] = [];
    const now = this.services.now();
    const day = dayOf(now);
    const prefixOf = (i: number) => (strict ? '' : `events[${i}].`);

    const sessionId = client.sessionId;
    if (typeof sessionId !== 'string' || sessionId.length === 0 || sessionId.length > SESSION_ID_MAX || /[^\w.:-]/.test(sessionId)) {
      errors.push({ field: 'sessionId', message: `Required: up to ${SESSION_ID_MAX} letters, digits, '.', ':', '_' or '-'` });
      return { accepted: 0, dropped: { ...dropped, invalid: items.length }, errors };
    }

    const valid: { index: number; event: ValidEvent }[] = [];
    for (const [index, item] of items.entries()) {
      const r = validateEvent(item?.type, item?.input, prefixOf(index));
      if (r.ok) valid.push({ index, event: r.event });
      else errors.push(...r.errors);
    }
    // Ids must be rows of this tenant.
    const wanted = new Map<string, Set<number>>();
    for (const { event } of valid) {
      for (const [field, kind] of Object.entries(ID_REFERENCES)) {
        const v = event.input[field];
        if (typeof v === 'number') (wanted.get(kind) ?? wanted.set(kind, new Set()).get(kind)!).add(v);
      }
    }
    const missing = new Map<string, Set<number>>();
    for (const [kind, ids] of wanted) {
      const unknown = [...ids].filter((id) => !this.#knownId(client.tenantKey, kind, id, now));
      if (!unknown.length) continue;
      const bad = new Set(await idsNotInTenant(this.services.store.db, kind as never, client.tenantKey, unknown));
      for (const id of unknown) if (!bad.has(id)) this.#rememberId(client.tenantKey, kind, id, now);
      if (bad.size) missing.set(kind, bad);
    }
    const kept = valid.filter(({ index, event }) => {
      let ok = true;
      for (const [field, kind] of Object.entries(ID_REFERENCES) as [IdField, string][]) {
        const v = event.input[field];
        if (typeof v === 'number' && missing.get(kind)?.has(v)) {
          errors.push({ field: `${prefixOf(index)}input.${field}`, message: `No ${kind} ${v} on this site` });
          ok = false;
        }
      }
      return ok;
    });
    dropped.invalid = items.length - kept.length;
    if (strict && errors.length) return { accepted: 0, dropped, errors };

    const reason = await this.botReason(client);
    if (reason) {
      dropped[reason] = kept.length;
      await this.#append({ tenantKey: client.tenantKey, day, drops: { ...dropped }, rows: () => [] });
      return { accepted: 0, dropped, errors };
    }
    const allowed = this.#limiter.take(`${client.tenantKey}\u0000${plainAddress(client.ip)}`, kept.length);
    dropped['rate-limit'] = kept.length - allowed;
    const take = kept.slice(0, allowed);

    const net = truncateAddress(client.ip);
    const drops = dropped.invalid || dropped['rate-limit'] ? { ...dropped } : null;
    if (take.length || drops) {
      await this.#append({
        tenantKey: client.tenantKey, day, drops,
        rows: (salt) => {
          const visitor = createHash('sha256').update(`${salt}\u0000${client.tenantKey}\u0000${sessionId}`).digest('base64url').slice(0, 22);
          return take.map(({ event }) => rowOf(client, event, { day, at: now, visitor, net }));
        },
      });
    }
    return { accepted: take.length, dropped, errors };
  }

  /**
   * Group commit: a request's rows wait for the write that is running, then go in the next
   * transaction together with every other request's that arrived meanwhile (one multi-row INSERT,
   * one COMMIT). Each request's promise settles with its group's transaction, so a request answers
   * only once its events are stored, and a failed transaction fails every request in it.
   */
  #append(p: Omit<PendingAppend, 'ok' | 'fail'>): Promise<void> {
    return new Promise((ok, fail) => {
      this.#pending.push({ ...p, ok, fail });
      if (!this.#writing) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#writing = true;
    try {
      while (this.#pending.length) {
        const taken = this.#pending.splice(0, GROUP_MAX);
        // PostgreSQL: one transaction per tenant, acting for it (row-level security accepts one
        // tenant's rows per transaction, and the drain runs in whichever request started it).
        if (dialectOf(this.services.store) !== 'postgres') {
          await this.#write(taken);
          continue;
        }
        const byTenant = new Map<string, PendingAppend[]>();
        for (const p of taken) byTenant.set(p.tenantKey, [...(byTenant.get(p.tenantKey) ?? []), p]);
        for (const [tenantKey, group] of byTenant) await inTenant(tenantKey, () => this.#write(group));
      }
    } finally {
      this.#writing = false;
    }
  }

  /** One group's rows and drop counts in one transaction; each request's promise settles with it. */
  async #write(group: PendingAppend[]): Promise<void> {
    try {
      await this.services.store.transaction(async (tx) => {
        const rows: EventRow[] = [];
        const drops = new Map<string, { tenantKey: string; day: string; counts: Record<string, number> }>();
        for (const p of group) {
          let salt = this.#salts.get(p.day);
          if (!salt) {
            salt = await daySalt(tx, p.day, dayOf(Date.parse(p.day) - 86_400_000));
            this.#salts.clear(); // only today's salt is kept in memory
            this.#salts.set(p.day, salt);
          }
          for (const r of p.rows(salt)) rows.push(r);
          if (p.drops) {
            const key = `${p.tenantKey}\u0000${p.day}`;
            const d = drops.get(key) ?? drops.set(key, { tenantKey: p.tenantKey, day: p.day, counts: {} }).get(key)!;
            for (const [reason, n] of Object.entries(p.drops)) d.counts[reason] = (d.counts[reason] ?? 0) + n;
          }
        }
        if (rows.length) await appendEvents(tx, rows);
        for (const d of drops.values()) await countDrops(tx, d.tenantKey, d.day, d.counts);
      });
      for (const p of group) p.ok();
    } catch (error) {
      for (const p of group) p.fail(error);
    }
  }
}

function rowOf(client: EventClient, event: ValidEvent, at: { day: string; at: number; visitor: string; net: string | null }): EventRow {
  const i = event.input;
  const num = (k: string) => (typeof i[k] === 'number' ? (i[k] as number) : null);
  const str = (k: string) => (typeof i[k] === 'string' ? (i[k] as string) : null);
  const type: EventType = event.type;
  const target = type === 'ClickMenu' ? `${str('menu')}:${str('label')}`
    : type === 'ViewHouseAd' || type === 'ClickHouseAd' ? `houseAd:${num('adId')}`
    : str('network') ?? str('step') ?? str('recommendationId') ?? str('blockId') ?? str('url');
  return {
    tenantKey: client.tenantKey, day: at.day, at: at.at, type, visitor: at.visitor, siteUserId: client.siteUserId, net: at.net,
    contentId: num('contentId'), sectionId: num('sectionId'), companyId: num('companyId'), newsletterId: num('newsletterId'),
    pageId: str('pageId'), target, data: JSON.stringify(i),
  };
}

const ingestors = new WeakMap<Services, EventIngestor>();

export function configureEvents(services: Services, options?: EventOptions): EventIngestor {
  const e = new EventIngestor(services, options);
  ingestors.set(services, e);
  return e;
}

export function eventsOf(services: Services): EventIngestor {
  let e = ingestors.get(services);
  if (!e) { e = new EventIngestor(services); ingestors.set(services, e); }
  return e;
}
