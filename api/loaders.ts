// Per-request batch loaders: every load() in one tick becomes one query, so a stream of 100 items
// with authors and images costs a query per link kind, not one per item.
import * as q from '../engine/store/queries/content';
import { assetsByIds, type AssetRecord, type PersonRecord, type TaxonomyRecord } from '../engine/store/queries/catalog';
import type { Services } from './services';
import type { TenantRow } from './tenancy';

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

export function batchLoader<K, V>(fetch: (keys: K[]) => Promise<Map<K, V>>, missing: V): PrimableLoader<K, V> {
  const cache = new Map<K, Promise<V>>();
  const primed = new Map<K, V>();
  let queue: { key: K; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  const dispatch = () => {
    const batch = queue;
    queue = [];
    fetch([...new Set(batch.map((b) => b.key))]).then(
      (found) => { for (const b of batch) b.resolve(found.get(b.key) ?? missing); },
      (error: unknown) => { for (const b of batch) b.reject(error); },
    );
  };
  return {
    prime(key, value) {
      if (cache.has(key)) return;
      cache.set(key, Promise.resolve(value));
      primed.set(key, value);
    },
    peek: (key) => primed.get(key),
    load(key) {
      const hit = cache.get(key);
      if (hit) return hit;
      const p = new Promise<V>((resolve, reject) => {
        queue.push({ key, resolve, reject });
        // After the current promise jobs, so sibling fields resolving in this pass join the batch.
        if (queue.length === 1) void Promise.resolve().then(() => process.nextTick(dispatch));
      });
      cache.set(key, p);
      return p;
    },
  };
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
  const part = <K extends keyof q.ContentLinks>(k: K): Loader<number, q.ContentLinks[K]> => ({
    load: async (id) => ((await links.load(id))?.[k] ?? []) as q.ContentLinks[K],
    peek: (id) => {
      const l = links.peek(id);
      return l === undefined ? undefined : ((l?.[k] ?? []) as q.ContentLinks[K]);
    },
  });
  return {
    authors: part('authors'),
    images: part('images'),
    taxonomy: part('taxonomy'),
    schedules: part('schedules'),
    membershipIds: part('membershipIds'),
    relatedIds: part('relatedIds'),
    primeLinks: (id, l) => links.prime(id, l),
    asset: batchLoader(async (ids) => {
      const rows = await assetsByIds(db(), (await tenant()).tenantKey, ids);
      return new Map(rows.map((r) => [r.id, r]));
    }, null),
  };
}
