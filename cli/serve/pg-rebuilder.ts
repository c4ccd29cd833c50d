// The rebuild queue of `masthead serve` on PostgreSQL: one graphile-worker queue shared by every
// instance on the database (engine/build/queue/pg-queue.ts). Its own module, loaded only for a
// postgres:// database, so SQLite installations never load the job library.
import { appendFileSync } from 'node:fs';
import type { Store } from '../../engine/store/connection';
import { createPgBuildQueue } from '../../engine/build/pg-queue';
import type { RebuildQueue, StoreQueueOptions } from '../../engine/build/index';
import { pgUrlOf } from '../../engine/store/pg/sqlite-wire';

/**
 * `buildLog` (MASTHEAD_BUILD_LOG): a file every instance appends a line to when one of its rebuilds
 * starts and ends (`start|end <tenant> <pid> <epoch ms>`), so an operator — or the multi-instance
 * test — can check that no tenant ever had two rebuilds at once.
 */
export function pgRebuilder(store: Store, options: StoreQueueOptions, buildLog?: string): RebuildQueue {
  toleratePoolDoubleRelease();
  const url = pgUrlOf(store);
  if (!url) throw new Error('The rebuild queue on PostgreSQL needs a store opened from a postgres:// URL');
  const record = (what: string) => (tenantKey: string) => {
    if (buildLog) appendFileSync(buildLog, `${what} ${tenantKey} ${process.pid} ${Date.now()}\n`);
  };
  return createPgBuildQueue({ ...options, url, onBuildStart: record('start'), onBuildEnd: record('end') });
}

const DOUBLE_RELEASE = 'Release called on client which has already been released to the pool.';
let guarded = false;

/**
 * graphile-worker 0.17.3 (the last release for Node 20) can release its LISTEN connection twice
 * when PostgreSQL goes away under it: its error path and its reconnect each end in the
 * connection's release, and pg-pool refuses the second one by throwing, from a promise nobody
 * awaits. Unhandled, that rejection ends the process (found by tests/integration/pg-restart.test.ts,
 * one run in eight). pg-pool throws before it touches anything, and the listener reconnects on
 * its own, so this one rejection is logged and the instance goes on; any other unhandled
 * rejection still ends the process, as Node's default does.
 */
function toleratePoolDoubleRelease(): void {
  if (guarded) return;
  guarded = true;
  process.on('unhandledRejection', (reason) => {
    if (reason instanceof Error && reason.message === DOUBLE_RELEASE && /graphile-worker/.test(reason.stack ?? '')) {
      process.stderr.write(`warning: the rebuild queue's PostgreSQL listener was released twice after a lost connection (graphile-worker); it reconnects on its own\n`);
      return;
    }
    throw reason;
  });
}
