// The rebuild queue of `masthead serve` on PostgreSQL: one graphile-worker queue shared by every
// instance on the database (engine/build/queue/pg-queue.ts). Its own module, loaded only for a
// postgres:// database, so SQLite installations never load the job library.
import type { Store } from '../../engine/store/connection';
import { createPgBuildQueue } from '../../engine/build/queue/pg-queue';
import type { StoreQueueOptions } from '../../engine/build/queue/store-queue';
import type { RebuildQueue } from '../../engine/build/queue/types';
import { pgUrlOf } from '../../engine/store/pg/sqlite-wire';

export function pgRebuilder(store: Store, options: StoreQueueOptions): RebuildQueue {
  const url = pgUrlOf(store);
  if (!url) throw new Error('The rebuild queue on PostgreSQL needs a store opened from a postgres:// URL');
  return createPgBuildQueue({ ...options, url });
}
