// Event ingestion (issue #18): the one path every event takes, from the 21 GraphQL mutations and
// from the site's batched beacon (POST /api/events). Per request: each event is validated
// (engine/domain/events.ts: type, fields, bounds) and its ids are checked against the tenant, bots
// are dropped (the user-agent list, and any request claiming a search engine's crawler, verified or
// not: api/crawlers), then, so that one client cannot inflate the reports (issue 41), the limits of
// engine/services/kernel/rate-limit.ts through the shared limiters: events per client address (engine/services/kernel/rate-limit.ts
// clientKey, within the tenant), events per visitor (the server's visitor, ./visitor.ts, never the
// client's session id; more is implausible) and one page view per visitor and item per window
// (more are duplicates). What a limit drops is counted per reason, not refused. The accepted events
// are appended in one transaction. Nothing identifying is stored: the address is truncated to /24
// (IPv4) or /48 (IPv6), the visitor is hashed with the day's salt, a member is referenced by id only.
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { claimedEngine } from '../../domain/crawlers';
import { ID_REFERENCES, isBotAgent, SESSION_ID_MAX, validateEvent, type EventType, type FieldError, type IdField, type ValidEvent } from '../../domain/events';
import { appendEvents, countDrops, daySalt, type EventRow } from '../../store/queries/events';
import { idsNotInTenant } from '../../store/queries/ownership';
import { inTenant } from '../../store/tenant-scope';
import { plainAddress } from '../crawlers';
import { clientKey, type LimitRule } from '../kernel/rate-limit';
import type { Services } from '../kernel/services';
import type { Limiter } from '../kernel/shared-state';
import { visitorOf, visitorKey, type Visitor, type VisitorRequest } from './visitor';

export interface EventOptions {
  /** Events one client address (engine/services/kernel/rate-limit.ts clientKey) may send per tenant in the window; more are dropped as rate-limit. Default 600 a minute. */
  rateLimit?: LimitRule;
  /** Events one visitor may send in the window; more are dropped as implausible. Default 60 a minute. */
  perVisitor?: LimitRule;
  /** A visitor's page views of one item within this many ms count once; the others are dropped as duplicates (0: off). Default 30 minutes. */
  viewWindowMs?: number;
  /** New visitor cookies one client address may be given per tenant in the window (then it counts cookie-less). Default 20 an hour. */
  visitorCookies?: LimitRule;
  /** Days raw events are kept (rollups are kept). Default 90. */
  retentionDays?: number;
}

export const EVENT_DEFAULTS = {
  rateLimit: { max: 600, windowMs: 60_000 },
  perVisitor: { max: 60, windowMs: 60_000 },
  viewWindowMs: 30 * 60_000,
  visitorCookies: { max: 20, windowMs: 60 * 60_000 },
  retentionDays: 90,
} as const;

export interface EventClient {
  tenantKey: string;
  ip: string;
  userAgent: string;
  /** The session id the client sent: checked for shape (the spec's operations take one), trusted for nothing. */
  sessionId: unknown;
  siteUserId: number | null;
  /** The request's consent and visitor cookies (./visitor.ts visitorRequest); absent: no cookies, no consent. */
  cookies?: Pick<VisitorRequest, 'consentCookie' | 'visitorCookie' | 'consented'>;
}

export interface Drops { bot: number; crawler: number; 'rate-limit': number; invalid: number; implausible: number; duplicate: number }
/** The reasons a report's note counts: what a client sent too much or too often of. */
export const EXCESS_REASONS = ['rate-limit', 'implausible', 'duplicate'] as const;
export interface IngestResult {
  accepted: number;
  dropped: Drops;
  /** Field errors of refused events: `events[<index>].input.<field>`. */
  errors: FieldError[];
  /** The visitor cookie to set or clear on the answer (./visitor.ts), or null. */
  cookie: Visitor['cookie'];
}

/** What a page view counts once per visitor and window: its item, else its page. */
function viewTarget(event: ValidEvent): string {
  const contentId = event.input.contentId;
  return typeof contentId === 'number' ? `content:${contentId}` : `page:${String(event.input.pageId)}`;
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

/** A request's accepted events and its drop counts, waiting for the next write. */
interface PendingAppend {
  tenantKey: string;
  day: string;
  rows: EventRow[];
  drops: Drops | null;
  ok: () => void;
  fail: (error: unknown) => void;
}

export class EventIngestor {
  readonly options: Required<EventOptions>;
  readonly #limits: { address: Limiter; visitor: Limiter; views: Limiter; cookies: Limiter };
  readonly #salts = new Map<string, Promise<string>>();
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
    const d = EVENT_DEFAULTS;
    this.options = {
      rateLimit: options.rateLimit ?? d.rateLimit, perVisitor: options.perVisitor ?? d.perVisitor, viewWindowMs: options.viewWindowMs ?? d.viewWindowMs,
      visitorCookies: options.visitorCookies ?? d.visitorCookies, retentionDays: options.retentionDays ?? d.retentionDays,
    };
    const o = this.options;
    // Readers' events never fail because the shared counters (Redis) are away: they go through uncounted.
    const limiter = (name: string, rule: LimitRule) => services.shared.limiter(name, { ...rule, onOutage: 'open' }, services.now);
    this.#limits = {
      address: limiter('events-ip', o.rateLimit),
      visitor: limiter('events-visitor', o.perVisitor),
      views: limiter('events-view', { max: 1, windowMs: Math.max(1, o.viewWindowMs) }),
      cookies: limiter('events-visitor-cookie-ip', o.visitorCookies),
    };
  }

  /** The day's salt (made on first use; only today's is kept in memory). */
  #salt(day: string): Promise<string> {
    let p = this.#salts.get(day);
    if (!p) {
      p = daySalt(this.services.store.db, day, dayOf(Date.parse(day) - 86_400_000));
      p.catch(() => this.#salts.delete(day));
      this.#salts.clear();
      this.#salts.set(day, p);
    }
    return p;
  }

  /**
   * The limits against inflating the counts, in order: events per client address (rate-limit),
   * per visitor (implausible), one page view per visitor and item per window (duplicate). Answers
   * the events kept and sets the drop counts.
   */
  async #limit<T extends { event: ValidEvent }>(client: EventClient, visitor: string, kept: T[], dropped: Drops): Promise<T[]> {
    const tenant = client.tenantKey;
    const allowed = await this.#limits.address.take(`${tenant}|${clientKey(client.ip)}`, kept.length);
    dropped['rate-limit'] = kept.length - allowed;
    const plausible = allowed ? await this.#limits.visitor.take(`${tenant}|${visitor}`, allowed) : 0;
    dropped.implausible = allowed - plausible;
    const take = kept.slice(0, plausible);
    if (this.options.viewWindowMs <= 0) return take;
    const waits = await Promise.all(take.map(({ event }) => (event.type === 'PageView' ? this.#limits.views.attempt(`${tenant}|${visitor}|${viewTarget(event)}`) : 0)));
    const fresh = take.filter((_, i) => waits[i] === 0);
    dropped.duplicate = take.length - fresh.length;
    return fresh;
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
    const dropped: Drops = { bot: 0, crawler: 0, 'rate-limit': 0, invalid: 0, implausible: 0, duplicate: 0 };
    const errors: FieldError[] = [];
    const now = this.services.now();
    const day = dayOf(now);
    const prefixOf = (i: number) => (strict ? '' : `events[${i}].`);

    const sessionId = client.sessionId;
    if (typeof sessionId !== 'string' || sessionId.length === 0 || sessionId.length > SESSION_ID_MAX || /[^\w.:-]/.test(sessionId)) {
      errors.push({ field: 'sessionId', message: `Required: up to ${SESSION_ID_MAX} letters, digits, '.', ':', '_' or '-'` });
      return { accepted: 0, dropped: { ...dropped, invalid: items.length }, errors, cookie: null };
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
    if (strict && errors.length) return { accepted: 0, dropped, errors, cookie: null };

    const reason = await this.botReason(client);
    if (reason) {
      dropped[reason] = kept.length;
      await this.#append({ tenantKey: client.tenantKey, day, drops: { ...dropped }, rows: [] });
      return { accepted: 0, dropped, errors, cookie: null };
    }
    const salt = await this.#salt(day);
    const c = client.cookies ?? { consentCookie: undefined, visitorCookie: undefined, consented: false };
    const visitor = await visitorOf({ tenantKey: client.tenantKey, ip: client.ip, userAgent: client.userAgent, ...c }, {
      key: await visitorKey(this.services), salt, now,
      mayIssue: async () => (await this.#limits.cookies.attempt(`${client.tenantKey}|${clientKey(client.ip)}`)) === 0,
    });
    const take = await this.#limit(client, visitor.key, kept, dropped);

    const net = truncateAddress(client.ip);
    const drops = dropped.invalid || dropped['rate-limit'] || dropped.implausible || dropped.duplicate ? { ...dropped } : null;
    if (take.length || drops) {
      const stored = createHash('sha256').update(`${salt}\u0000${client.tenantKey}\u0000${visitor.key}`).digest('base64url').slice(0, 22);
      await this.#append({
        tenantKey: client.tenantKey, day, drops,
        rows: take.map(({ event }) => rowOf(client, event, { day, at: now, visitor: stored, net })),
      });
    }
    return { accepted: take.length, dropped, errors, cookie: visitor.cookie };
  }

  /**
   * Group commit: a request's rows wait for the write that is running, then go in the next
   * transaction together with every other request of its tenant that arrived meanwhile (one multi-row INSERT,
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
        // One transaction per tenant of the group, acting for that tenant (on PostgreSQL, row-level
        // security holds each to its tenant's rows): requests of one tenant still share a commit.
        const group = this.#pending.splice(0, GROUP_MAX);
        const tenants = [...new Set(group.map((p) => p.tenantKey))];
        if (tenants.length > 1) this.#pending.unshift(...group.filter((p) => p.tenantKey !== tenants[0]));
        await this.#commit(group.filter((p) => p.tenantKey === tenants[0]));
      }
    } finally {
      this.#writing = false;
    }
  }

  /** Appends one tenant's waiting requests in one transaction acting for that tenant; settles each. */
  async #commit(group: PendingAppend[]): Promise<void> {
    try {
      await inTenant(group[0]!.tenantKey, () => this.services.store.transaction(async (tx) => {
        const rows: EventRow[] = [];
        const drops = new Map<string, { tenantKey: string; day: string; counts: Record<string, number> }>();
        for (const p of group) {
          for (const r of p.rows) rows.push(r);
          if (p.drops) {
            const key = `${p.tenantKey}\u0000${p.day}`;
            const d = drops.get(key) ?? drops.set(key, { tenantKey: p.tenantKey, day: p.day, counts: {} }).get(key)!;
            for (const [reason, n] of Object.entries(p.drops)) d.counts[reason] = (d.counts[reason] ?? 0) + n;
          }
        }
        if (rows.length) await appendEvents(tx, rows);
        for (const d of drops.values()) await countDrops(tx, d.tenantKey, d.day, d.counts);
      }));
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
