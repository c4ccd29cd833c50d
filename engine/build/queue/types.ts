// The rebuild queue's contract. Both implementations (store-queue.ts, rows in the store's own
// database, the default on SQLite; pg-queue.ts, graphile-worker on PostgreSQL) must: store a
// request durably before `request` resolves (the API answers after it); run at most one rebuild per
// tenant at a time (one writer per tenant, DESIGN §4); coalesce the requests that arrive while a
// rebuild runs into the next one; resume requests left open by a crash or a stop on `start`;
// rebuild each tenant at its next time boundary (a start or end date passing). Rebuilding itself is
// `rebuildTenant` (rebuild.ts), shared by all.

import type { Db } from '../../store/connection';

/** What changed: the API's change event (entity, action, ids), a passed time boundary, or a full rebuild. */
export interface QueuedChange {
  entity: string;
  action?: string;
  ids?: (number | string)[];
  /** Canonical paths affected, when the API knows them (not used to plan the rebuild). */
  paths?: string[];
}

export interface RebuildQueue {
  /** Records a rebuild request for the tenant; resolves once it is stored. Default change: full. */
  request(tenantKey: string, change?: QueuedChange): Promise<void>;
  /**
   * Records the request on the caller's transaction, so it commits with the edit or not at all
   * (the API's `commit` does this); `wake` then runs it. A wake that never comes (the process
   * died, or the database went away right after the commit) is caught up: by `start`, and on
   * PostgreSQL by every instance's periodic sweep.
   */
  stage(tx: Db, tenantKey: string, change: QueuedChange): Promise<void>;
  /** Runs the tenant's stored requests (after `stage`'s transaction has committed). */
  wake(tenantKey: string): Promise<void>;
  /** Resumes open requests and arms the schedule timers (catching up missed boundaries). */
  start(): Promise<void>;
  /** Resolves when every requested rebuild (in this process) has finished. */
  idle(): Promise<void>;
  /** Waits for the running rebuilds, then stops the timers. Stored requests stay for the next start. */
  close(): Promise<void>;
}
