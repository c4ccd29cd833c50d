// What a gated read needs to know about a signed-in member — is the session live, whose is it,
// which memberships does that member hold — kept in memory for `ttlMs`, so a member's reads do not
// each cost two database reads (issue #25: they were half the CPU of getGatedContent).
//
// Only the facts the rule checks are kept (the session's tenant, expiry, revocation and user
// status; memberships with their expiry), and the rule is applied at every read, so a session or
// a holding that expires stops counting at once. A tenant's entries are dropped when this process
// commits any change of that tenant (staff edits of members and memberships go through commit),
// when a member's own write ends sessions (Services.memberSessionsChanged: logout, password
// change or reset, simulation hand-off), and when another instance reports either through the
// shared state. A write by another process without shared state (the CLI, SQL) shows after at
// most `ttlMs`, as for the content cache. Bounded in entries; the oldest go first.
import type { Store } from '../../store/connection';
import { findSiteUserSessionWithUser } from '../../store/queries/member-sessions';
import { heldMemberships } from '../../store/queries/members';

/** The entity of an invalidation that drops only member facts (a member's own write; no content changed). */
export const MEMBER_SESSIONS_ENTITY = 'member-session';

/** A session row reduced to what decides whether it is live. */
export interface SessionFacts {
  sessionId: number;
  tenantKey: string;
  userId: number;
  userTenantKey: string;
  userStatus: number;
  revokedAt: number | null;
  expiresAt: number;
}

interface TenantEntry {
  at: number;
  /** By token digest; null when no session has that digest. */
  sessions: Map<string, Promise<SessionFacts | null>>;
  /** By user id. */
  held: Map<number, Promise<{ id: number; expiresAt: number | null }[]>>;
}

/** The rule of memberByToken (session.ts): the session belongs to `tenantKey`, is neither revoked nor expired, and its user is active. */
export function sessionIsLive(s: SessionFacts, tenantKey: string, now: number): boolean {
  return s.tenantKey === tenantKey && s.userTenantKey === tenantKey && s.revokedAt === null && s.expiresAt > now && s.userStatus === 1;
}

export class MemberCache {
  readonly #tenants = new Map<string, TenantEntry>();
  readonly #store: Store;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #maxEntries: number;

  constructor(store: Store, ttlMs: number, now: () => number, maxEntries = 10_000) {
    this.#store = store;
    this.#ttlMs = ttlMs;
    this.#now = now;
    this.#maxEntries = maxEntries;
  }

  invalidate(tenantKey?: string): void {
    if (tenantKey === undefined) this.#tenants.clear();
    else this.#tenants.delete(tenantKey);
  }

  /** The session with this token digest as presented to `tenantKey` (the caller applies sessionIsLive). */
  session(tenantKey: string, tokenHash: string): Promise<SessionFacts | null> {
    if (this.#ttlMs <= 0) return this.#loadSession(tokenHash);
    return this.#kept(this.#entry(tenantKey).sessions, tokenHash, () => this.#loadSession(tokenHash));
  }

  /** The ids of the memberships the user holds at `now` (activeMembershipIds' rule). */
  async activeMembershipIds(tenantKey: string, userId: number, now: number): Promise<number[]> {
    const held = this.#ttlMs <= 0
      ? await heldMemberships(this.#store.db, userId)
      : await this.#kept(this.#entry(tenantKey).held, userId, () => heldMemberships(this.#store.db, userId));
    return held.filter((m) => m.expiresAt === null || m.expiresAt > now).map((m) => m.id);
  }

  async #loadSession(tokenHash: string): Promise<SessionFacts | null> {
    const s = await findSiteUserSessionWithUser(this.#store.db, tokenHash);
    if (!s) return null;
    return {
      sessionId: s.id, tenantKey: s.tenantKey, userId: s.user.id, userTenantKey: s.user.tenantKey, userStatus: s.user.status, revokedAt: s.revokedAt, expiresAt: s.expiresAt,
    };
  }

  /** A kept read; a failed one is not kept, so the next request tries again. */
  #kept<K, V>(map: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
    const hit = map.get(key);
    if (hit) return hit;
    if (map.size >= this.#maxEntries) map.delete(map.keys().next().value as K);
    const p = load();
    p.catch(() => { if (map.get(key) === p) map.delete(key); });
    map.set(key, p);
    return p;
  }

  #entry(tenantKey: string): TenantEntry {
    const e = this.#tenants.get(tenantKey);
    if (e && this.#now() - e.at < this.#ttlMs) return e;
    const fresh: TenantEntry = { at: this.#now(), sessions: new Map(), held: new Map() };
    this.#tenants.set(tenantKey, fresh);
    return fresh;
  }
}
