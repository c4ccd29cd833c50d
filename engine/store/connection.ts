// The one connection module: sqlite3 under drizzle's sqlite-proxy adapter. One sqlite3 connection
// per Store; statements are serialised through an async lock so a transaction (BEGIN IMMEDIATE)
// never interleaves with another caller's statements on the same connection.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sqlite3 from 'sqlite3';
import { drizzle, type SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import { migrate as drizzleMigrate } from 'drizzle-orm/sqlite-proxy/migrator';
import * as schema from './schema';

export type Db = SqliteRemoteDatabase<typeof schema>;
export type SqlValue = string | number | bigint | null | Uint8Array;

export interface Store {
  /** Statements outside a transaction; each waits for any running transaction to finish. */
  readonly db: Db;
  /** Read-then-write work: BEGIN IMMEDIATE … COMMIT, rolled back on any error. Nests as savepoints. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Raw SQL for store modules (bulk writes, pragmas). Never for callers outside engine/store. */
  exec(sql: string): Promise<void>;
  all<T = Record<string, unknown>>(sql: string, params?: SqlValue[]): Promise<T[]>;
  run(sql: string, params?: SqlValue[]): Promise<{ changes: number; lastID: number }>;
  readonly path: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** File path, or ':memory:'. Parent folders are created. */
  path: string;
  /** Apply pending migrations on open (default true). */
  migrate?: boolean;
  /** Busy timeout in ms (default 5000). */
  busyTimeoutMs?: number;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** A FIFO async mutex: callers run one at a time, in arrival order. */
class Lock {
  #tail: Promise<void> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(fn);
    this.#tail = result.then(() => undefined, () => undefined);
    return result;
  }
}

function promisify(conn: sqlite3.Database) {
  return {
    exec: (sql: string) => new Promise<void>((ok, fail) => conn.exec(sql, (e) => (e ? fail(e) : ok()))),
    all: <T>(sql: string, params: unknown[]) =>
      new Promise<T[]>((ok, fail) => conn.all(sql, params, (e, rows) => (e ? fail(e) : ok(rows as T[])))),
    get: <T>(sql: string, params: unknown[]) =>
      new Promise<T | undefined>((ok, fail) => conn.get(sql, params, (e, row) => (e ? fail(e) : ok(row as T | undefined)))),
    run: (sql: string, params: unknown[]) =>
      new Promise<{ changes: number; lastID: number }>((ok, fail) =>
        conn.run(sql, params, function (this: sqlite3.RunResult, e: Error | null) {
          if (e) fail(e);
          else ok({ changes: this.changes, lastID: this.lastID });
        }),
      ),
    close: () => new Promise<void>((ok, fail) => conn.close((e) => (e ? fail(e) : ok()))),
  };
}

function openRaw(path: string): Promise<sqlite3.Database> {
  return new Promise((ok, fail) => {
    const conn = new sqlite3.Database(path, sqlite3.OPEN_READWRITE | sqlite3.OPEN_CREATE, (e) => (e ? fail(e) : ok(conn)));
  });
}

/** Opens (creating if needed) the database, sets the pragmas and applies migrations. */
export async function openStore(options: OpenOptions): Promise<Store> {
  const path = options.path === ':memory:' ? ':memory:' : resolve(options.path);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const raw = promisify(await openRaw(path));
  await raw.exec(
    `PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = ${options.busyTimeoutMs ?? 5000};` +
      ' PRAGMA synchronous = NORMAL; PRAGMA temp_store = MEMORY;',
  );
  const lock = new Lock();
  const inTx = new AsyncLocalStorage<{ depth: number }>();
  /** Inside a transaction statements run directly; outside they queue behind the lock. */
  const guarded = <T>(fn: () => Promise<T>) => (inTx.getStore() ? fn() : lock.run(fn));

  const callback = (sql: string, params: unknown[], method: 'run' | 'all' | 'values' | 'get') =>
    guarded(async () => {
      if (method === 'run') return { rows: [], ...(await raw.run(sql, params)) };
      if (method === 'get') {
        const row = await raw.get<Record<string, unknown>>(sql, params);
        return { rows: row ? (Object.values(row) as unknown[]) : (undefined as unknown as unknown[]) };
      }
      const rows = await raw.all<Record<string, unknown>>(sql, params);
      return { rows: rows.map((r) => Object.values(r)) };
    });
  const db = drizzle(callback, { schema });

  const store: Store = {
    db,
    path,
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const current = inTx.getStore();
      if (current) {
        const name = `sp_${current.depth + 1}`;
        return inTx.run({ depth: current.depth + 1 }, async () => {
          await raw.exec(`SAVEPOINT ${name}`);
          try {
            const result = await fn(db);
            await raw.exec(`RELEASE ${name}`);
            return result;
          } catch (error) {
            await raw.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
            throw error;
          }
        });
      }
      return lock.run(() =>
        inTx.run({ depth: 0 }, async () => {
          await raw.exec('BEGIN IMMEDIATE');
          try {
            const result = await fn(db);
            await raw.exec('COMMIT');
            return result;
          } catch (error) {
            await raw.exec('ROLLBACK').catch(() => undefined);
            throw error;
          }
        }),
      );
    },
    exec: (sql) => guarded(() => raw.exec(sql)),
    all: (sql, params = []) => guarded(() => raw.all(sql, params)),
    run: (sql, params = []) => guarded(() => raw.run(sql, params)),
    close: () => lock.run(() => raw.close()),
  };
  if (options.migrate !== false) await migrateStore(store);
  return store;
}

/** Applies pending migrations in one transaction; applied ones are skipped, so it is safe to repeat. */
export async function migrateStore(store: Store): Promise<{ applied: number }> {
  let applied = 0;
  await drizzleMigrate(
    store.db,
    async (queries) => {
      await store.transaction(async () => {
        for (const q of queries) {
          if (q.trim()) await store.exec(q);
          if (q.includes('__drizzle_migrations')) applied += 1;
        }
      });
    },
    { migrationsFolder: MIGRATIONS_FOLDER },
  );
  return { applied };
}
