// Per-request batch loaders: every load() in one tick becomes one query, so a stream of 100 items
// with authors and images costs a query per link kind, not one per item.
import * as q from '../engine/store/queries/content';
import { assetsByIds, type AssetRecord, type PersonRecord, type TaxonomyRecord } from '../engine/store/queries/catalog';
import type { Services } from '../engine/services/kernel/services';
import type { TenantRow } from '../engine/services/kernel/tenancy';

export interface Loader<K, V> {
  load(key: K): Promise<V>;
  /**
   * The value of `key` when it is already at hand (primed), else undefined: a resolver that
   * answers without a promise costs GraphQL execution far less than one that awaits (issue #25).
   */
  peek(key: K): V | undefined;
}
export interface PrimableLoader<K, V> extends Loader<K, V> {
  /** Answers `key` with `value` from now on in this request (a value read elsewhere, e.g. a cache). */
  prime(key: K, value: V): void;
}

// Classes rather than closures: every request makes its loaders, and per-request closures were a
// measurable share of its CPU and garbage (issue #25).
class BatchLoader<K, V> implements PrimableLoader<K, V> {
  readonly #cache = new Map<K, Promise<V>>();
  readonly #primed = new Map<K, V>();
  #queue: { key: K; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];

  constructor(private readonly fetch: (keys: K[]) => Promise<Map<K, V>>, private readonly missing: V) {}

  prime(key: K, value: V): void {
    if (!this.#cache.has(key) && !this.#primed.has(key)) this.#primed.set(key, value);
  }

  peek(key: K): V | undefined {
    return this.#primed.get(key);
  }

  load(key: K): Promise<V> {
    const hit = this.#cache.get(key);
    if (hit) return hit;
    const p = this.#primed.has(key) ? Promise.resolve(this.#primed.get(key)!) : new Promise<V>((resolve, reject) => {
      this.#queue.push({ key, resolve, reject });
      // After the current promise jobs, so sibling fields resolving in this pass join the batch.
      if (this.#queue.length === 1) void Promise.resolve().then(() => process.nextTick(() => this.#dispatch()));
    });
    this.#cache.set(key, p);
    return p;
  }

  #dispatch(): void {
    const batch = this.#queue;
    this.#queue = [];
    this.fetch([...new Set(batch.map((b) => b.key))]).then(
      (found) => { for (const b of batch) b.resolve(found.get(b.key) ?? this.missing); },
      (error: unknown) => { for (const b of batch) b.reject(error); },
    );
  }
}

export function batchLoader<K, V>(fetch: (keys: K[]) => Promise<Map<K, V>>, missing: V): PrimableLoader<K, V> {
  return new BatchLoader(fetch, missing);
}

/** One link kind of the items of a links loader. */
class LinkPart<K extends keyof q.ContentLinks> implements Loader<number, q.ContentLinks[K]> {
  constructor(private readonly links: PrimableLoader<number, q.ContentLinks | null>, private readonly kind: K) {}

  async load(id: number): Promise<q.ContentLinks[K]> {
    return ((await this.links.load(id))?.[this.kind] ?? []) as q.ContentLinks[K];
  }

  peek(id: number): q.ContentLinks[K] | undefined {
    const l = this.links.peek(id);
    return l === undefined ? undefined : ((l?.[this.kind] ?? []) as q.ContentLinks[K]);
  }
}

export interface Loaders {
  authors: Loader<number, PersonRecord[]>;
  images: Loader<number, AssetRecord[]>;
  taxonomy: Loader<number, TaxonomyRecord[]>;
  schedules: Loader<number, q.ScheduleRecord[]>;
  membershipIds: Loader<number, number[]>;
  relatedIds: Loader<number, number[]>;
  asset: Loader<number, AssetRecord | null>;
  /** Gives every link kind of an item already read (the content cache) without a query. */
  primeLinks(id: number, links: q.ContentLinks): void;
}

export function createLoaders(services: Services, tenant: () => Promise<TenantRow>): Loaders {
  const db = () => services.store.db;
  // Every link kind of a batch of items comes from one query; each field takes its part.
  const links = batchLoader((ids: number[]) => q.linksOf(services.store, ids), null as q.ContentLinks | null);
  return {
    authors: new LinkPart(links, 'authors'),
    images: new LinkPart(links, 'images'),
    taxonomy: new LinkPart(links, 'taxonomy'),
    schedules: new LinkPart(links, 'schedules'),
    membershipIds: new LinkPart(links, 'membershipIds'),
    relatedIds: new LinkPart(links, 'relatedIds'),
    primeLinks: (id, l) => links.prime(id, l),
    asset: batchLoader(async (ids) => {
      const rows = await assetsByIds(db(), (await tenant()).tenantKey, ids);
      return new Map(rows.map((r) => [r.id, r]));
    }, null),
  };
}
