// Published content as the public reads see it — an item's row and links (authors, images,
// taxonomy, schedules, required memberships, related items), its sanitised body, and each tenant's
// active memberships — kept in memory between requests, the way SiteCache keeps the site's
// structure. getContent and getGatedContent read items through it; only facts of the content are
// kept: a reader's own session, memberships, licence and meter are read on every request.
// An entry lives `ttlMs` and the tenant's entries are dropped at once when this process (or,
// through the shared state, another instance) commits a change; a change made by another process
// without shared state shows after at most `ttlMs`. Bounded in items; the oldest go first.
import { sanitizeBody } from '../../html/sanitize';
import { sanitizedSidebars } from '../../html/sidebars';
import type { Store } from '../../store/connection';
import * as q from '../../store/queries/content';
import { activeMemberships, type MembershipRecord } from '../../store/queries/memberships';

export interface CachedItem {
  row: q.ContentRecord;
  links: q.ContentLinks;
  /** The primary section first, then the scheduled ones (the meter's section rule). */
  sectionIds: number[];
  /** The body through the sanitiser, computed on first use. */
  body(): string;
  /** The item's content sidebars through the sanitiser (metadata.sidebars), computed on first use. */
  sidebars(): string[];
}

interface TenantEntry {
  at: number;
  memberships?: Promise<MembershipRecord[]>;
  items: Map<number, Promise<CachedItem | null>>;
}

export class ContentCache {
  readonly #tenants = new Map<string, TenantEntry>();
  readonly #store: Store;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #maxItems: number;
  #items = 0;

  constructor(store: Store, ttlMs: number, now: () => number, maxItems = 2000) {
    this.#store = store;
    this.#ttlMs = ttlMs;
    this.#now = now;
    this.#maxItems = maxItems;
  }

  invalidate(tenantKey?: string): void {
    if (tenantKey === undefined) {
      this.#tenants.clear();
      this.#items = 0;
      return;
    }
    const e = this.#tenants.get(tenantKey);
    if (!e) return;
    this.#items -= e.items.size;
    this.#tenants.delete(tenantKey);
  }

  /** The tenant's active memberships (free ones first), as activeMemberships answers them. */
  memberships(tenantKey: string): Promise<MembershipRecord[]> {
    if (this.#ttlMs <= 0) return activeMemberships(this.#store.db, tenantKey);
    const e = this.#entry(tenantKey);
    if (!e.memberships) {
      const p = activeMemberships(this.#store.db, tenantKey);
      e.memberships = p;
      p.catch(() => { if (e.memberships === p) e.memberships = undefined; });
    }
    return e.memberships;
  }

  /** The item within the tenant (any status: callers apply their own rule), or null when the tenant has none. */
  item(tenantKey: string, id: number): Promise<CachedItem | null> {
    if (this.#ttlMs <= 0) return this.#load(tenantKey, id);
    const e = this.#entry(tenantKey);
    const hit = e.items.get(id);
    if (hit) return hit;
    while (this.#items >= this.#maxItems && this.#dropOldest());
    const p = this.#load(tenantKey, id);
    // A failed read is not kept: the next request tries again.
    p.catch(() => { if (e.items.get(id) === p && e.items.delete(id)) this.#items -= 1; });
    e.items.set(id, p);
    this.#items += 1;
    return p;
  }

  get size(): number {
    return this.#items;
  }

  #entry(tenantKey: string): TenantEntry {
    const e = this.#tenants.get(tenantKey);
    if (e && this.#now() - e.at < this.#ttlMs) return e;
    if (e) this.invalidate(tenantKey);
    const fresh: TenantEntry = { at: this.#now(), items: new Map() };
    this.#tenants.set(tenantKey, fresh);
    return fresh;
  }

  #dropOldest(): boolean {
    for (const e of this.#tenants.values()) {
      const oldest = e.items.keys().next();
      if (!oldest.done) {
        e.items.delete(oldest.value);
        this.#items -= 1;
        return true;
      }
    }
    return false;
  }

  async #load(tenantKey: string, id: number): Promise<CachedItem | null> {
    const [[row], links] = await Promise.all([q.contentByIds(this.#store.db, tenantKey, [id]), q.linksOf(this.#store, [id])]);
    if (!row) return null;
    const l = links.get(id) ?? { authors: [], images: [], taxonomy: [], schedules: [], membershipIds: [], relatedIds: [] };
    let body: string | undefined;
    let sidebars: string[] | undefined;
    return {
      row,
      links: l,
      sectionIds: [row.primarySectionId, ...l.schedules.map((s) => s.sectionId)],
      body: () => (body ??= sanitizeBody(row.body)),
      sidebars: () => (sidebars ??= sanitizedSidebars(row.metadata.sidebars)),
    };
  }
}
