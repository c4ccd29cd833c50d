// The rebuild queue on PostgreSQL for several instances (issue #23), through graphile-worker
// (LISTEN/NOTIFY wake-up, job keys, retries). Any instance accepts requests; every instance runs a
// worker. Requests live in rebuild_requests as with the store queue (stored before `request`
// resolves); a job only says "tenant T has requests". A request made on this instance (`wake`,
// `request`) runs here at once, without a job's round trip (insert, NOTIFY, fetch); the job, the
// lock's release and the sweep cover it should that fail:
//   - coalescing: the job key `masthead-rebuild:<tenant>` (mode replace) keeps at most one waiting
//     job per tenant; the job claims every open request of the tenant into one rebuild;
//   - a newer request yields: while a rebuild runs, a request for its tenant (made here, or seen
//     in the table, made on another instance) stops its second phase (the pages an edit merely
//     shifts) at its next slice, as store-queue.ts does, so the newer edit's own pages go live
//     first; the work left is finished by the next rebuild of the tenant (a `resume` request is
//     stored when no other request is waiting to carry it);
//   - one writer per tenant across instances: the job holds the tenant's session advisory lock on a
//     connection of its own while it builds; a job that finds it taken asks again shortly (a new
//     job under the key) and ends. The holder rebuilds again, still holding the lock, while newer
//     requests came meanwhile, and runs any due request when it releases the lock: a request
//     that waited for the lock runs right away, not at graphile-worker's next poll (which is all
//     that runs a job delayed into the future). A worker killed mid-build loses its connection, so PostgreSQL
//     releases the lock at once; the requests it left running are claimed by the next job, which
//     any instance's `start` (or the next request) adds;
//   - retries: a failed rebuild puts its requests back to pending with one more attempt and its
//     error (the System screen's alarm), and asks again under the key at the backoff's retry time
//     (retryDelayMs: 5 s doubling to 10 min), until it publishes; graphile-worker's own retries
//     (MAX_ATTEMPTS) cover a job that fails outside the rebuild (the lock's connection);
//   - time boundaries: each tenant's next start/end instant is one job under the key
//     `masthead-boundary:<tenant>` run at that instant; every instance arming the same boundary
//     replaces the same job, so it fires once across instances.
// SQLite keeps store-queue.ts (in-process).
import { Logger, run, type Runner, type Task } from 'graphile-worker';
import {
  claimRequests, enqueueRebuild, findTarget, finishRequests, hasDueRequest, pruneRequests, readEpoch, retryRequests, stageRebuild, tenantsWithOpenRequests,
  tenantsWithUnclaimedRequests,
} from '../../store/queries/builds';
import { listTenants } from '../../store/site-reader';
import { createTenantLocks } from '../../store/pg/tenant-locks';
import { inTenant } from '../../store/tenant-scope';
import { rebuildTenant, recordBuildTimes, tenantBuilders } from './rebuild';
import type { StoreQueueOptions } from './store-queue';
import type { QueuedChange, RebuildQueue } from './types';

export interface PgQueueOptions extends StoreQueueOptions {
  /** The database URL (graphile-worker keeps its own schema and pool there). */
  url: string;
  /** Called when a rebuild of a tenant starts and ends in this process (tests record overlap with it). */
  onBuildStart?: (tenantKey: string) => void;
  onBuildEnd?: (tenantKey: string) => void;
  /** Milliseconds between a busy tenant's re-asks (default 250). */
  retryBusyMs?: number;
  /** graphile-worker attempts of a job that fails outside the rebuild itself, e.g. its lock connection (default 5; a failed rebuild is retried by retryDelay, for good). */
  maxAttempts?: number;
  /**
   * Milliseconds between sweeps (default 30 s): each instance asks for every tenant with a due
   * request no job is working on — a request stored with its edit whose wake-up was lost (the
   * database went away right after the commit), or one left running by an instance that died.
   */
  sweepMs?: number;
  /** A running request older than this is taken for orphaned by the sweep (default 10 min; a busy tenant's job just asks again). */
  staleMs?: number;
  /**
   * While a rebuild's second phase runs, the least milliseconds between two looks in the table
   * for a newer request of its tenant made on another instance (default 50; this instance's own
   * requests are known at once).
   */
  newerPollMs?: number;
  /** Rendering time of a second phase between two questions whether a newer request waits (default SLICE_MS, incremental/update-types.ts). */
  yieldSliceMs?: number;
  /** graphile-worker's poll for jobs (default 1000 ms); a job due now is woken by NOTIFY without it. */
  pollMs?: number;
}

const TASK = 'masthead_rebuild';
const SWEEP_MS = 30_000;
const STALE_MS = 10 * 60_000;
const MAX_ATTEMPTS = 5;
const KEEP_FINISHED_MS = 24 * 3_600_000;
const NEWER_POLL_MS = 50;

/** The request a rebuild interrupted by a newer edit leaves when nothing else waits to finish its work (rebuild.ts updateFor: no ids, no reload). */
export const RESUME_CHANGE: QueuedChange = { entity: 'resume' };

const rebuildKey = (tenantKey: string) => `masthead-rebuild:${tenantKey}`;
const boundaryKey = (tenantKey: string) => `masthead-boundary:${tenantKey}`;

export function createPgBuildQueue(o: PgQueueOptions): RebuildQueue {
  const now = o.now ?? Date.now;
  const maxAttempts = o.maxAttempts ?? MAX_ATTEMPTS;
  const builderOf = tenantBuilders(o);
  const locks = createTenantLocks(o.url);
  let runner: Runner | undefined;
  let closed = false;
  let sweeper: NodeJS.Timeout | undefined;
  const running = new Set<Promise<unknown>>();
  /** The tenants this process is rebuilding, each with whether a newer request has been made for it since its claim. */
  const building = new Map<string, { newer: boolean }>();

  /**
   * `later`: the job runs no sooner than that, unless a job due sooner already waits under the key
   * (preserve_run_at): a busy tenant's re-ask must not push back the ask a lock's release made.
   */
  const ask = async (tenantKey: string, delayMs = 0, later = false) => {
    if (!runner) throw new Error('rebuild queue: start() first');
    await runner.addJob(TASK, { tenantKey }, {
      jobKey: rebuildKey(tenantKey), jobKeyMode: later ? 'preserve_run_at' : 'replace', maxAttempts,
      ...(delayMs > 0 ? { runAt: new Date(Date.now() + delayMs) } : {}),
    });
  };

  /** Arms the tenant's next time boundary as one job shared by every instance. */
  const arm = async (tenantKey: string) => {
    if (!runner || closed) return;
    const target = await findTarget(o.store, tenantKey, o.outDir);
    if (!target?.nextBoundary) return;
    await runner.addJob(TASK, { tenantKey, boundary: target.nextBoundary }, {
      jobKey: boundaryKey(tenantKey), jobKeyMode: 'replace', maxAttempts, runAt: new Date(target.nextBoundary + 5),
    });
  };

  /**
   * The rebuild's `yieldTo`: true once a newer request of the tenant is known, from this process
   * at once, from another instance by a look in the table (at most one at a time, every
   * `newerPollMs`), started when the second phase first asks.
   */
  const newerOf = (tenantKey: string, flag: { newer: boolean }) => {
    let looking = false;
    let last = -Infinity;
    return () => {
      const t = performance.now();
      if (!flag.newer && !looking && t - last >= (o.newerPollMs ?? NEWER_POLL_MS)) {
        looking = true;
        last = t;
        hasDueRequest(o.store, tenantKey, now())
          .then((yes) => { if (yes) flag.newer = true; }, () => undefined)
          .finally(() => { looking = false; });
      }
      return flag.newer;
    };
  };

  const rebuild = async (tenantKey: string, boundary: number | undefined): Promise<void> => {
    const lock = await locks.tryLock(tenantKey);
    if (!lock) {
      // Another instance builds this tenant: a passed boundary becomes a request, and the tenant
      // asks again shortly (the holder asks at once when it releases the lock and a request waits).
      if (boundary !== undefined) await enqueueRebuild(o.store, tenantKey, { entity: 'time' }, now());
      await ask(tenantKey, o.retryBusyMs ?? 250, true);
      return;
    }
    try {
      await runLocked(tenantKey, boundary);
    } finally {
      building.delete(tenantKey);
      await lock.release();
    }
    // A request that came after runLocked's last look (its job found the tenant busy and waits
    // for a later run) runs now. Should the look fail, that job's own later run, or the sweep, still runs it.
    if (!closed && (await hasDueRequest(o.store, tenantKey, now()).catch(() => false))) void runTenant(tenantKey).catch(() => ask(tenantKey).catch(() => undefined));
  };

  /**
   * Under the tenant's lock: its open requests, rebuilt, and again while newer ones came meanwhile
   * (made here, or on another instance whose job found the tenant busy), still holding the tenant:
   * no release, job and lock between two edits.
   */
  const runLocked = async (tenantKey: string, boundary: number | undefined): Promise<void> => {
    if (boundary !== undefined) await enqueueRebuild(o.store, tenantKey, { entity: 'time' }, now());
    let built = false;
    for (;;) {
      const flag = { newer: false };
      building.set(tenantKey, flag);
      if (!(await rebuildClaimed(tenantKey, flag))) break;
      built = true;
      if (closed) break;
      if (!flag.newer && !(await hasDueRequest(o.store, tenantKey, now()).catch(() => false))) break;
    }
    if (built) await arm(tenantKey).catch((e: unknown) => o.onError?.(tenantKey, e));
  };

  /** One rebuild of the tenant's claimed requests; false when there were none or it failed (its retry is asked for). */
  const rebuildClaimed = async (tenantKey: string, flag: { newer: boolean }): Promise<boolean> => {
    const rows = await claimRequests(o.store, tenantKey, now());
    if (!rows.length) return false;
    const ids = rows.map((r) => r.id);
    o.onBuildStart?.(tenantKey);
    try {
      const changes = rows.map((r) => JSON.parse(r.change) as QueuedChange);
      const started = now();
      const result = await rebuildTenant(await builderOf(tenantKey), changes, started, newerOf(tenantKey, flag), o.busy, o.yieldSliceMs);
      // Under the tenant's advisory lock: two instances' publishes of one tenant never interleave.
      await o.afterRebuild?.(tenantKey, result);
      const live = now();
      // The second phase yielded: a waiting request's rebuild finishes its work (this instance's
      // builder carries it; another's reads the tenant again and finds it). None waits when the
      // newer request was claimed here after all: one is stored to carry the work.
      if (result.interrupted && !(await hasDueRequest(o.store, tenantKey, now()))) await enqueueRebuild(o.store, tenantKey, RESUME_CHANGE, now());
      await finishRequests(o.store, ids, { state: 'done', at: live, buildId: result.buildId });
      // The site performance report's build and edit → live figures, as store-queue.ts records them.
      await recordBuildTimes(o.store, tenantKey, started, live, rows, changes).catch((e: unknown) => o.onError?.(tenantKey, e));
      o.onBuilt?.(tenantKey, result);
      return true;
    } catch (e) {
      // Retried with backoff until it publishes (as store-queue.ts): the requests go back to
      // pending with their attempts and error, and one delayed job under the tenant's key runs them.
      o.onError?.(tenantKey, e);
      const retryAt = await retryRequests(o.store, ids, { at: now(), error: e instanceof Error ? e.message : String(e) }, o.retryDelay);
      await ask(tenantKey, Math.max(1, retryAt - now()));
      return false;
    } finally {
      o.onBuildEnd?.(tenantKey);
    }
  };

  /** Asks for every tenant with a request no job works on (see `sweepMs`); quiet while the database is away. */
  let sweeping = false;
  const sweep = async () => {
    if (sweeping || closed) return;
    sweeping = true;
    try {
      const at = now();
      for (const key of await tenantsWithUnclaimedRequests(o.store, at, at - (o.staleMs ?? STALE_MS))) {
        if (!closed) await ask(key);
      }
    } catch {
      // The next sweep tries again; a database that stays away is reported by everything else.
    } finally {
      sweeping = false;
    }
  };

  const runTenant = async (tenantKey: string, boundary?: number) => {
    const work = inTenant(tenantKey, () => rebuild(tenantKey, boundary));
    running.add(work);
    try {
      await work;
    } finally {
      running.delete(work);
    }
  };
  const task: Task = async (payload) => {
    const { tenantKey, boundary } = payload as { tenantKey: string; boundary?: number };
    await runTenant(tenantKey, boundary);
  };

  /**
   * A request stored by this instance (after its commit): a rebuild of the tenant running here
   * takes it next (runLocked; should it be ending, its release asks for the tenant); otherwise it
   * starts here at once, without the job's round trip. Should that start fail (the lock's
   * connection), the job asks any instance; a request nobody runs is the sweep's.
   */
  const runSoon = async (tenantKey: string) => {
    const b = building.get(tenantKey);
    if (b) {
      b.newer = true;
      return;
    }
    if (closed) return;
    void runTenant(tenantKey).catch(() => ask(tenantKey).catch(() => undefined));
  };

  const queue: RebuildQueue = {
    async request(tenantKey, change = { entity: 'full' }) {
      await enqueueRebuild(o.store, tenantKey, change, now());
      await runSoon(tenantKey);
    },
    async stage(tx, tenantKey, change) {
      await stageRebuild(tx, tenantKey, change, now());
    },
    async wake(tenantKey) {
      await runSoon(tenantKey);
    },
    async start() {
      runner = await run({
        connectionString: o.url, concurrency: 2, noHandleSignals: true, pollInterval: o.pollMs ?? 1000,
        taskList: { [TASK]: task },
        // Completions and failures go through graphile-worker's batches, which retry any error
        // with backoff (20 attempts, up to 30 s apart): unbatched, a job that ends while the
        // database is away rejects with nobody listening (0.17.3), which ends the process.
        preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
        // Job failures reach onError; graphile-worker's own lines stay quiet.
        logger: new Logger(() => () => undefined),
      });
      await pruneRequests(o.store, now() - KEEP_FINISHED_MS);
      const open = new Set(await tenantsWithOpenRequests(o.store));
      for (const key of open) await ask(key);
      const epoch = await readEpoch(o.store);
      for (const t of await listTenants(o.store)) {
        await arm(t.tenantKey);
        if (open.has(t.tenantKey)) continue;
        const target = await findTarget(o.store, t.tenantKey, o.outDir);
        if (target?.buildId && target.epoch !== epoch) await queue.request(t.tenantKey, { entity: 'reconcile' });
      }
      sweeper = setInterval(() => void sweep(), o.sweepMs ?? SWEEP_MS);
      sweeper.unref();
    },
    async idle() {
      // Idle when no request of this database is due and no rebuild runs here. A failed request
      // waiting for its retry is not due: its retry is the queue's, not the caller's, to wait for.
      // Once closed, only this process's own rebuilds count: the requests left are another
      // instance's, or the next start's, to run (serve's shutdown waits here after closing).
      for (;;) {
        await Promise.allSettled([...running]);
        if (closed) return;
        const open = await tenantsWithOpenRequests(o.store, now());
        if (!open.length && running.size === 0) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(sweeper);
      await runner?.stop();
      // The rebuilds started here rather than by a job (runSoon) too.
      await Promise.allSettled([...running]);
      await locks.close();
    },
  };
  return queue;
}
