// The rebuild queue on the store (rebuild_requests, engine/store/queries/builds.ts), drained in
// this process by one p-queue per tenant (concurrency 1: one writer per tenant). A request is
// stored before `request` resolves; requests that arrive while a rebuild runs coalesce into the
// next one; on start, requests left pending or running by a crash or a stop are resumed. Each
// tenant also has a timer for its next start/end/news-window instant (incremental/state.ts), so
// scheduled content goes live on time, and a boundary missed while no process ran is caught up
// at start. A rebuild that fails is retried with backoff until it publishes (retryRequests): its
// requests stay open, with their attempts and last error, which the System screen raises. State held: the per-tenant p-queues, timers and builders of this process only; every
// request lives in the database.
import PQueue from 'p-queue';
import {
  claimRequests, enqueueRebuild, findTarget, finishRequests, pruneRequests, readEpoch, retryRequests, stageRebuild, tenantsWithOpenRequests,
} from '../../store/queries/builds';
import { listTenants } from '../../store/site-reader';
import type { UpdateResult } from '../incremental/tenant-builder';
import { rebuildTenant, recordBuildTimes, tenantBuilders, type RebuildOptions } from './rebuild';
import type { QueuedChange, RebuildQueue } from './types';

export interface StoreQueueOptions extends RebuildOptions {
  onError?: (tenantKey: string, e: unknown) => void;
  onBuilt?: (tenantKey: string, result: UpdateResult) => void;
  now?: () => number;
  /**
   * True while the server is answering requests: a rebuild's second phase (background work) pauses
   * between its slices until they are done, so an editor's next save is not slowed down by it.
   */
  busy?: () => boolean;
  /** Wait before retrying a rebuild that failed `attempts` times (default retryDelayMs: 5 s doubling to 10 min). */
  retryDelay?: (attempts: number) => number;
  /**
   * Part of each rebuild, awaited after the tenant's build is live in outDir and before its
   * requests are marked done, while the queue still holds the tenant (its p-queue here, its
   * advisory lock on PostgreSQL): `masthead serve --out s3://…` uploads the tenant's changed
   * objects here. Called for every rebuild, a skipped one too (a retry after a failed upload finds
   * nothing to rebuild); a throw fails the rebuild, which is retried with backoff like any other.
   */
  afterRebuild?: (tenantKey: string, result: UpdateResult) => Promise<void>;
}

const MAX_TIMER_MS = 2_147_000_000;

const KEEP_FINISHED_MS = 24 * 3_600_000;

export function createBuildQueue(o: StoreQueueOptions): RebuildQueue {
  const now = o.now ?? Date.now;
  const queues = new Map<string, PQueue>();
  const scheduled = new Set<string>();
  const builderOf = tenantBuilders(o);
  const timers = new Map<string, NodeJS.Timeout>();
  /** Each tenant's retry of a failed rebuild. */
  const retries = new Map<string, NodeJS.Timeout>();
  /** Tenants whose last update was interrupted: a drain without requests finishes it. */
  const leftover = new Set<string>();
  let closed = false;

  const queueOf = (key: string) => {
    let q = queues.get(key);
    if (!q) queues.set(key, (q = new PQueue({ concurrency: 1 })));
    return q;
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
    // No request, but an update that newer requests interrupted left its second phase to finish.
    if (!rows.length && !leftover.has(key)) return;
    const ids = rows.map((r) => r.id);
    try {
      const changes = rows.map((r) => JSON.parse(r.change) as QueuedChange);
      const started = now();
      // A request arriving meanwhile schedules the next drain: the running update's second phase
      // (pages an edit merely shifts) then yields, so the new edit's own pages go live first.
      const result = await rebuildTenant(await builderOf(key), changes, started, () => scheduled.has(key), o.busy);
      if (result.interrupted) leftover.add(key); else leftover.delete(key);
      await o.afterRebuild?.(key, result);
      const live = now();
      if (ids.length) await finishRequests(o.store, ids, { state: 'done', at: live, buildId: result.buildId });
      await recordBuildTimes(o.store, key, started, live, rows, changes)
        .catch((e: unknown) => o.onError?.(key, e));
      if (result.interrupted) schedule(key);
      o.onBuilt?.(key, result);
    } catch (e) {
      o.onError?.(key, e);
      await retryLater(key, ids, e).catch((err: unknown) => o.onError?.(key, err));
    }
    await arm(key).catch((e: unknown) => o.onError?.(key, e));
  };

  /**
   * A failed rebuild is retried with backoff until it publishes: its requests go back to pending
   * (resumed by a restart too) and a timer drains the tenant again. A failed update that had no
   * request (finishing an interrupted one) leaves a reconcile request, so its work is not lost either.
   */
  const retryLater = async (key: string, ids: number[], e: unknown) => {
    const error = e instanceof Error ? e.message : String(e);
    if (!ids.length) ids = [await enqueueRebuild(o.store, key, { entity: 'reconcile' }, now())];
    leftover.delete(key);
    const retryAt = await retryRequests(o.store, ids, { at: now(), error }, o.retryDelay);
    clearTimeout(retries.get(key));
    const t = setTimeout(() => { retries.delete(key); schedule(key); }, Math.max(0, retryAt - now()));
    t.unref();
    retries.set(key, t);
  };

  const warm = (key: string) => {
    void queueOf(key).add(async () => {
      try { await (await builderOf(key)).warm(now()); } catch (e) { o.onError?.(key, e); }
    });
  };

  const schedule = (key: string) => {
    if (scheduled.has(key) || closed) return;
    scheduled.add(key);
    void queueOf(key).add(() => drain(key));
  };

  const queue: RebuildQueue = {
    async request(tenantKey, change = { entity: 'full' }) {
      await enqueueRebuild(o.store, tenantKey, change, now());
      schedule(tenantKey);
    },
    async stage(tx, tenantKey, change) {
      await stageRebuild(tx, tenantKey, change, now());
    },
    async wake(tenantKey) {
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
      for (const t of [...timers.values(), ...retries.values()]) clearTimeout(t);
      timers.clear();
      retries.clear();
      await Promise.all([...queues.values()].map((q) => q.onIdle()));
    },
  };
  return queue;
}
