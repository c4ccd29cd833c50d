// Per-tenant build locks across instances on PostgreSQL (the rebuild queue, engine/build/queue/pg-queue.ts):
// a session advisory lock keyed by the tenant, held on a connection of a small pool of its own for
// the whole rebuild. The SQL lives here, with the store; the queue only asks for and releases locks.
import pg from 'pg';

/** The tenant's advisory lock key: the first 8 bytes of md5('masthead-build:' || tenant), in SQL. */
const LOCK_SQL = "('x' || substr(md5('masthead-build:' || $1), 1, 16))::bit(64)::bigint";

export interface TenantLock {
  /** Releases the lock and returns its connection (a connection that failed to unlock is discarded). */
  release(): Promise<void>;
}

export interface TenantLocks {
  /** The tenant's lock if no other session holds it, else null (never waits). */
  tryLock(tenantKey: string): Promise<TenantLock | null>;
  close(): Promise<void>;
}

export function createTenantLocks(url: string, max = 4): TenantLocks {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  // A lock's connection is checked out for the whole rebuild, without the pool's idle listener: a
  // server restart meanwhile must not end the process from an 'error' event (the session, and with
  // it the lock, is gone; the unlock then fails and the connection is discarded).
  pool.on('connect', (client) => { client.on('error', () => undefined); });
  return {
    async tryLock(tenantKey) {
      const client = await pool.connect();
      try {
        const [row] = (await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${LOCK_SQL}) AS ok`, [tenantKey])).rows;
        if (!row?.ok) {
          client.release();
          return null;
        }
      } catch (e) {
        client.release(e instanceof Error ? e : true);
        throw e;
      }
      return {
        async release() {
          let broken: Error | undefined;
          await client.query(`SELECT pg_advisory_unlock(${LOCK_SQL})`, [tenantKey]).catch((e: Error) => { broken = e; });
          client.release(broken);
        },
      };
    },
    close: () => pool.end(),
  };
}
