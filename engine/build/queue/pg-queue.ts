// The rebuild queue on PostgreSQL for several instances (issue #23), through graphile-worker
// (LISTEN/NOTIFY wake-up, job keys, retries). Any instance accepts requests; every instance runs a
// worker. Requests live in rebuild_requests as with the store queue (stored before `request`
// resolves); a job only says "tenant T has requests":
//   - coalescing: the job key `masthead-rebuild:<tenant>` (mode replace) keeps at most one waiting
//     job per tenant; the job claims every open request of the tenant into one rebuild;
//   - one writer per tenant across instances: the job holds the tenant's session advisory lock on a
//     connection of its own while it builds; a job that finds it taken asks again shortly (a new
//     job under the key) and ends. A worker killed mid-build loses its connection, so PostgreSQL
//     releases the lock at once; the requests it left running are claimed by the next job, which
//     any instance's `start` (or the next request) adds;
//   - retries: a failed rebuild marks its requests failed and throws, so graphile-worker retries
//     the job (up to MAX_ATTEMPTS, backing off) — a retry rebuilds what is still open;
//   - time boundaries: each tenant's next start/end instant is one job under the key
//     `masthead-boundary:<tenant>` run at that instant; every instance arming the same boundary
//     replaces the same job, so it fires once across instances.
// SQLite keeps store-queue.ts (in-process).
import pg from 'pg';
import { Logger, run, type Runner, type Task } from 'graphile-worker';
import {
  claimRequests, enqueueRebuild, findTarget, finishRequests, pruneRequests, readEpoch, tenantsWithOpenRequests,
} from '../../store/queries/builds';
import { listTenants } from '../../store/site-reader';
import { inTenant } from '../../store/tenant-scope';
import { rebuildTenant, tenantBuilders } from './rebuild';
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
  /** Attempts of a failing rebuild before its requests are marked failed (default 5; graphile-worker backs off exponentially between them). */
  maxAttempts?: number;
}

const TASK = 'masthead_rebuild';
const MAX_ATTEMPTS = 5;
const KEEP_FINISHED_MS = 24 * 3_600_000;
/** The tenant's advisory lock key: the first 8 bytes of md5('masthead-build:' || tenant), in SQL. */
const LOCK_SQL = "('x' || substr(md5('masthead-build:' || $1), 1, 16))::bit(64)::bigint";

const rebuildKey = (tenantKey: string) => `masthead-rebuild:${tenantKey}`;
const boundaryKey = (tenantKey: string) => `masthead-boundary:${tenantKey}`;

export function createPgBuildQueue(o: PgQueueOptions): RebuildQueue {
  const now = o.now ?? Date.now;
  const maxAttempts = o.maxAttempts ?? MAX_ATTEMPTS;
  const builderOf = tenantBuilders(o);
  const lockPool = new pg.Pool({ connectionString: o.url, max: 4 });
  lockPool.on('error', () => undefined);
  let runner: Runner | undefined;
  let closed = false;
  const running = new Set<Promise<unknown>>();

  const ask = async (tenantKey: string, delayMs = 0) => {
    if (!runner) throw new Error('rebuild queue: start() first');
    await runner.addJob(TASK, { tenantKey }, {
      jobKey: rebuildKey(tenantKey), jobKeyMode: 'replace', maxAttempts,
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

  const rebuild = async (tenantKey: string, boundary: number | undefined, attempt: { last: boolean }): Promise<void> => {
    const client = await lockPool.connect();
    let broken: Error | undefined;
    try {
      const [row] = (await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${LOCK_SQL}) AS ok`, [tenantKey])).rows;
      if (!row?.ok) {
        // Another instance builds this tenant: a passed boundary becomes a request, and the tenant asks again shortly.
        if (boundary !== undefined) await enqueueRebuild(o.store, tenantKey, { entity: 'time' }, now());
        await ask(tenantKey, o.retryBusyMs ?? 250);
        return;
      }
      try {
        if (boundary !== undefined) await enqueueRebuild(o.store, tenantKey, { entity: 'time' }, now());
        const rows = await claimRequests(o.store, tenantKey, now());
        if (!rows.length) return;
        const ids = rows.map((r) => r.id);
        o.onBuildStart?.(tenantKey);
        try {
          const changes = rows.map((r) => JSON.parse(r.change) as QueuedChange);
          const result = await rebuildTenant(await builderOf(tenantKey), changes, now());
          await finishRequests(o.store, ids, { state: 'done', at: now(), buildId: result.buildId });
          o.onBuilt?.(tenantKey, result);
        } catch (e) {
          // Left running, the requests are claimed again by the retry graphile-worker makes; failed after the last attempt.
          if (attempt.last) await finishRequests(o.store, ids, { state: 'failed', at: now(), error: e instanceof Error ? e.message : String(e) });
          o.onError?.(tenantKey, e);
          throw e;
        } finally {
          o.onBuildEnd?.(tenantKey);
        }
        await arm(tenantKey).catch((e: unknown) => o.onError?.(tenantKey, e));
      } finally {
        await client.query(`SELECT pg_advisory_unlock(${LOCK_SQL})`, [tenantKey]).catch((e: Error) => { broken = e; });
      }
    } finally {
      client.release(broken);
    }
  };

  const task: Task = async (payload, helpers) => {
    const { tenantKey, boundary } = payload as { tenantKey: string; boundary?: number };
    const last = helpers.job.attempts >= helpers.job.max_attempts;
    const work = inTenant(tenantKey, () => rebuild(tenantKey, boundary, { last }));
    running.add(work);
    try {
      await work;
    } finally {
      running.delete(work);
    }
  };

  const queue: RebuildQueue = {
    async request(tenantKey, change = { entity: 'full' }) {
      await enqueueRebuild(o.store, tenantKey, change, now());
      await ask(tenantKey);
    },
    async start() {
      runner = await run({
        connectionString: o.url, concurrency: 2, noHandleSignals: true, pollInterval: 1000,
        taskList: { [TASK]: task },
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
    },
    async idle() {
      // Idle when no request of this database is open and no rebuild runs here. A rebuild that
      // fails is graphile-worker's to retry (or, after the last attempt, marked failed): waiting
      // for it is not an error of the caller's.
      for (;;) {
        await Promise.allSettled([...running]);
        const open = await tenantsWithOpenRequests(o.store);
        if (!open.length && running.size === 0) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await runner?.stop();
      await lockPool.end();
    },
  };
  return queue;
}
