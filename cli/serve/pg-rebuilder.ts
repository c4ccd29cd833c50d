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
  const url = pgUrlOf(store);
  if (!url) throw new Error('The rebuild queue on PostgreSQL needs a store opened from a postgres:// URL');
  const record = (what: string) => (tenantKey: string) => {
    if (buildLog) appendFileSync(buildLog, `${what} ${tenantKey} ${process.pid} ${Date.now()}\n`);
  };
  return createPgBuildQueue({ ...options, url, onBuildStart: record('start'), onBuildEnd: record('end') });
}
