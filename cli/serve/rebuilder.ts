// Rebuilds after edits. `createBuildQueue` is what `masthead serve` runs: a durable queue in the
// database (rebuild_requests) drained by one writer per tenant (p-queue, concurrency 1). A request
// is stored before the API answers; requests that arrive while a rebuild runs coalesce into the
// next one; on start, requests left pending or running by a crash or a stop are resumed. Each
// tenant also has a timer for its next start/end/news-window instant (state.ts), so scheduled
// content goes live on time, and a boundary missed while the server was down is caught up at start.
// `createRebuilder` is the plain in-memory variant (full rebuild callback), kept for callers that
// bring their own build function.
import PQueue from 'p-queue';
import type { ChangeEvent } from '../../api/services';
import type { Store } from '../../engine/store/connection';
import {
  claimRequests, enqueueRebuild, findTarget, finishRequests, pruneRequests, readEpoch, tenantsWithOpenRequests,
} from '../../engine/store/queries/builds';
import { listTenants } from '../../engine/store/site-reader';
import type { TenantBuilder, UpdateRequest, UpdateResult } from '../../engine/build/incremental';

export interface Rebuilder {
  /** Asks for a rebuild of the tenant; the promise settles once the request is recorded. */
  request(tenantKey: string, change?: ChangeEvent): void | Promise<void>;
  /** Resolves when every requested rebuild has finished. */
  idle(): Promise<void>;
}

export function createRebuilder(build: (tenantKey: string) => Promise<unknown>, onError: (tenantKey: string, e: unknown) => void): Rebuilder {
  const queues = new Map<string, PQueue>();
  const pending = new Set<string>();
  return {
    request(tenantKey) {
      if (pending.has(tenantKey)) return;
      pending.add(tenantKey);
      let q = queues.get(tenantKey);
      if (!q) queues.set(tenantKey, (q = new PQueue({ concurrency: 1 })));
      void q.add(async () => {
        pending.delete(tenantKey);
        try {
          await build(tenantKey);
        } catch (e) {
          onError(tenantKey, e);
        }
      });
    },
    async idle() {
      await Promise.all([...queues.values()].map((q) => q.onIdle()));
    },
  };
}

/** A request's change: an API ChangeEvent, a passed time boundary, or an explicit full rebuild. */
export type QueuedChange = ChangeEvent | { entity: 'time' | 'full' | 'reconcile'; action?: string; ids?: (number | string)[] };

export interface BuildQueueOptions {
  store: Store;
  outDir: string;
  originTemplate: string;
  clientDir?: string | null;
  workers?: number;
  /** The pages' build poll interval (ms); default the spec's. */
  buildPollMs?: number;
  onError?: (tenantKey: string, e: unknown) => void;
  onBuilt?: (tenantKey: string, result: UpdateResult) => void;
  now?: () => number;
}

export interface BuildQueue extends Rebuilder {
  request(tenantKey: string, change?: QueuedChange): Promise<void>;
  /** Resumes open requests and arms the schedule timers (catching up missed boundaries). */
  start(): Promise<void>;
  /** Waits for the running rebuilds, then stops the timers. Stored requests stay for the next start. */
  close(): Promise<void>;
}

/** Coalesces the claimed changes into one update: content ids are patched, anything else reloads. */
export function updateFor(changes: QueuedChange[]): UpdateRequest {
  const ids = new Set<number>();
  let reload = false;
  let full = false;
  for (const c of changes) {
    if (c.entity === 'full') full = true;
    else if (c.entity === 'content' && c.ids?.length && c.ids.every((id) => typeof id === 'number')) for (const id of c.ids) ids.add(id as number);
    else reload = true;
  }
  return full ? { full: true } : reload ? { reload: true, contentIds: [...ids] } : { contentIds: [...ids] };
}

const MAX_TIMER_MS = 2_147_000_000;
const KEEP_FINISHED_MS = 24 * 3_600_000;

export function createBuildQueue(o: BuildQueueOptions): BuildQueue {
  const now = o.now ?? Date.now;
  const queues = new Map<string, PQueue>();
  const scheduled = new Set<string>();
  const builders = new Map<string, Promise<TenantBuilder>>();
  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;

  const builderOf = (key: string) => {
    let b = builders.get(key);
    if (!b) {
      // Loaded on first use: the renderer is not needed until something changes.
      b = import('../../engine/build/incremental').then(({ TenantBuilder, fullTenantBuild }) =>
        new TenantBuilder(o.store, key, { outDir: o.outDir, originTemplate: o.originTemplate, clientDir: o.clientDir, workers: o.workers ?? 1, buildPollMs: o.buildPollMs }, fullTenantBuild));
      builders.set(key, b);
    }
    return b;
  };

  const arm = async (key: string) => {
    clearTimeout(timers.get(key));
    timers.delete(key);
    if (closed) return;
    const target = await findTarget(o.store, key, o.outDir);
    if (!target?.nextBoundary) return;
    const delay = target.nextBoundary - now();
    if (delay <= 0) { void queue.request(key, { entity: 'time' }); return; }
    const t = setTimeout(() => { timers.delete(key); void queue.request(key, { entity: 'time' }); }, Math.min(delay + 5, MAX_TIMER_MS));
    t.unref();
    timers.set(key, t);
  };

  const drain = async (key: string) => {
    scheduled.delete(key);
    const rows = await claimRequests(o.store, key, now());
    if (!rows.length) return;
    const ids = rows.map((r) => r.id);
    try {
      const builder = await builderOf(key);
      const changes = rows.map((r) => JSON.parse(r.change) as QueuedChange);
      const result = await builder.update({ ...updateFor(changes), now: now() });
      await finishRequests(o.store, ids, { state: 'done', at: now(), buildId: result.buildId });
      o.onBuilt?.(key, result);
    } catch (e) {
      await finishRequests(o.store, ids, { state: 'failed', at: now(), error: e instanceof Error ? e.message : String(e) });
      o.onError?.(key, e);
    }
    await arm(key).catch((e: unknown) => o.onError?.(key, e));
  };

  const warm = (key: string) => {
    let q = queues.get(key);
    if (!q) queues.set(key, (q = new PQueue({ concurrency: 1 })));
    void q.add(async () => {
      try { await (await builderOf(key)).warm(now()); } catch (e) { o.onError?.(key, e); }
    });
  };

  const schedule = (key: string) => {
    if (scheduled.has(key) || closed) return;
    scheduled.add(key);
    let q = queues.get(key);
    if (!q) queues.set(key, (q = new PQueue({ concurrency: 1 })));
    void q.add(() => drain(key));
  };

  const queue: BuildQueue = {
    async request(tenantKey, change = { entity: 'full' }) {
      await enqueueRebuild(o.store, tenantKey, change, now());
      schedule(tenantKey);
    },
    async start() {
      await pruneRequests(o.store, now() - KEEP_FINISHED_MS);
      const open = new Set(await tenantsWithOpenRequests(o.store));
      for (const key of open) schedule(key);
      const epoch = await readEpoch(o.store);
      for (const t of await listTenants(o.store)) {
        await arm(t.tenantKey);
        if (open.has(t.tenantKey)) continue;
        const target = await findTarget(o.store, t.tenantKey, o.outDir);
        if (!target?.buildId) continue;
        // Data written while no server ran (a seed, a script, another process) is caught up: the
        // reload compares every input with the live build and re-renders only what differs.
        if (target.epoch !== epoch) void queue.request(t.tenantKey, { entity: 'reconcile' });
        // Otherwise keep the tenant's index in memory from the start: the first edit is as fast as later ones.
        else warm(t.tenantKey);
      }
    },
    async idle() {
      for (;;) {
        await Promise.all([...queues.values()].map((q) => q.onIdle()));
        if (![...queues.values()].some((q) => q.size || q.pending)) return;
      }
    },
    async close() {
      closed = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      await Promise.all([...queues.values()].map((q) => q.onIdle()));
    },
  };
  return queue;
}
