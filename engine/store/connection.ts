// The one connection module: sqlite3 under drizzle's sqlite-proxy adapter. One sqlite3 connection
// per Store; statements are serialised through an async lock so a transaction (BEGIN IMMEDIATE)
// never interleaves with another caller's statements on the same connection.
//
// A transaction hands its callback a transaction object (`tx`), and every write inside it must go
// through that object: a pooled PostgreSQL connection would run a write made through `store.db`
// on another connection, outside the transaction. So that such a write fails here too and not
// only there, the store's own handles refuse writes while a transaction of theirs is open in the
// calling async context.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sqlite3 from 'sqlite3';
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import { migrate as drizzleMigrate } from 'drizzle-orm/sqlite-proxy/migrator';
import * as schema from './schema';

export { dialectOf, dialectOfDb, rawOf, WriteOutsideTransactionError, type Db, type RawSql, type SqlValue, type Store } from './handle';
import { rawOf, registerRaw, WriteOutsideTransactionError, type Db, type SqlValue, type Store } from './handle';

const WRITE = /^\s*(insert|update|delete|replace|create|drop|alter)\b/i;
/** Statements a read-only connection may serve: plain SELECTs (a WITH may end in a write). */
const READ = /^\s*select\b/i;


export interface OpenOptions {
  /** File path, or ':memory:' (parent folders are created), or a postgres:// URL (pg/sqlite-wire.ts). */
  path: string;
  /** Apply pending migrations on open (default true). */
  migrate?: boolean;
  /** Busy timeout in ms (default 5000). */
  busyTimeoutMs?: number;
  /**
   * Read-only connections (default 0) that serve SELECTs made outside a transaction, so reads run
   * side by side on libuv's threads instead of one at a time behind the writer's lock (WAL: they
   * never block the writer and see every committed write). For long-running servers; ignored for
   * ':memory:', where a second connection would open another database.
   */
  readers?: number;
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

/** Read-only connections; each statement goes to the one with the fewest statements in flight. */
class ReaderPool {
  #conns: { raw: ReturnType<typeof promisify>; busy: number }[] = [];
  get size(): number {
    return this.#conns.length;
  }
  async open(path: string, count: number, busyTimeoutMs: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      const raw = promisify(await openRaw(path));
      await raw.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}; PRAGMA temp_store = MEMORY; PRAGMA query_only = ON;`);
      this.#conns.push({ raw, busy: 0 });
    }
  }
  async run<T>(fn: (raw: ReturnType<typeof promisify>) => Promise<T>): Promise<T> {
    let pick = this.#conns[0]!;
    for (const c of this.#conns) if (c.busy < pick.busy) pick = c;
    pick.busy += 1;
    try {
      return await fn(pick.raw);
    } finally {
      pick.busy -= 1;
    }
  }
  async close(): Promise<void> {
    const conns = this.#conns;
    this.#conns = [];
    await Promise.all(conns.map((c) => c.raw.close()));
  }
}

function openRaw(path: string): Promise<sqlite3.Database> {
  return new Promise((ok, fail) => {
    const conn = new sqlite3.Database(path, sqlite3.OPEN_READWRITE | sqlite3.OPEN_CREATE, (e) => (e ? fail(e) : ok(conn)));
  });
}

/** Opens (creating if needed) the database, sets the pragmas and applies migrations. */
export async function openStore(options: OpenOptions): Promise<Store> {
  // postgres://… selects PostgreSQL (the same Store, served by pg/sqlite-wire.ts); any other URL is refused.
  if (/^postgres(ql)?:\/\//i.test(options.path)) {
    const { openSqliteWireStore } = await import('./pg/sqlite-wire');
    return openSqliteWireStore({ url: options.path, migrate: options.migrate ?? true });
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(options.path) && !/^[a-z]:[\\/]/i.test(options.path)) {
    throw new Error(`Not a database this store can open: ${JSON.stringify(options.path.replace(/:[^:@/]*@/, ':***@'))} (a SQLite file path or a postgres:// URL)`);
  }
  const path = options.path === ':memory:' ? ':memory:' : resolve(options.path);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const raw = promisify(await openRaw(path));
  await raw.exec(
    `PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = ${options.busyTimeoutMs ?? 5000};` +
      ' PRAGMA synchronous = NORMAL; PRAGMA temp_store = MEMORY;',
  );
  const lock = new Lock();
  // `open` turns false when the transaction ends, so work it started and left running queues again.
  const inTx = new AsyncLocalStorage<{ depth: number; open: boolean }>();
  const active = () => inTx.getStore()?.open === true;
  type Raw = ReturnType<typeof promisify>;
  type Method = 'run' | 'all' | 'values' | 'get';
  const runOn = async (conn: Raw, sql: string, params: unknown[], method: Method) => {
    if (method === 'run') return { rows: [], ...(await conn.run(sql, params)) };
    if (method === 'get') {
      const row = await conn.get<Record<string, unknown>>(sql, params);
      return { rows: row ? (Object.values(row) as unknown[]) : (undefined as unknown as unknown[]) };
    }
    return { rows: (await conn.all<Record<string, unknown>>(sql, params)).map((r) => Object.values(r)) };
  };
  const run = (sql: string, params: unknown[], method: Method) => runOn(raw, sql, params, method);
  const pool = new ReaderPool();

  /**
   * The store's own handles: outside a transaction a SELECT goes to a reader when there are any,
   * everything else queues behind the lock; inside a transaction they only read.
   */
  const outer = <T>(sql: string, fn: () => Promise<T>, onReader?: (conn: Raw) => Promise<T>): Promise<T> => {
    if (!active()) return onReader && pool.size > 0 && READ.test(sql) ? pool.run(onReader) : lock.run(fn);
    if (WRITE.test(sql)) return Promise.reject(new WriteOutsideTransactionError(sql));
    return fn();
  };
  /** The transaction's handles: valid only while it is open (the caller holds the lock). */
  const inner = <T>(fn: () => Promise<T>): Promise<T> =>
    active() ? fn() : Promise.reject(new Error('Transaction object used outside its transaction'));

  const db = drizzle((sql, params, method) => outer(sql, () => run(sql, params, method), (conn) => runOn(conn, sql, params, method)), { schema });
  const txDb = drizzle((sql, params, method) => inner(() => run(sql, params, method)), { schema });
  registerRaw(db, {
    exec: (sql) => outer(sql, () => raw.exec(sql)),
    all: (sql, params = []) => outer(sql, () => raw.all(sql, params), (conn) => conn.all(sql, params)),
    run: (sql, params = []) => outer(sql, () => raw.run(sql, params)),
  });
  registerRaw(txDb, {
    exec: (sql) => inner(() => raw.exec(sql)),
    all: (sql, params = []) => inner(() => raw.all(sql, params)),
    run: (sql, params = []) => inner(() => raw.run(sql, params)),
  });

  const within = async <T>(depth: number, begin: string, commit: string, rollback: string, fn: (tx: Db) => Promise<T>): Promise<T> => {
    const frame = { depth, open: true };
    return inTx.run(frame, async () => {
      await raw.exec(begin);
      try {
        const result = await fn(txDb);
        await raw.exec(commit);
        return result;
      } catch (error) {
        await raw.exec(rollback).catch(() => undefined);
        throw error;
      } finally {
        frame.open = false;
      }
    });
  };

  const store: Store = {
    db,
    path,
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const current = inTx.getStore();
      if (current?.open) {
        const name = `sp_${current.depth + 1}`;
        return within(current.depth + 1, `SAVEPOINT ${name}`, `RELEASE ${name}`, `ROLLBACK TO ${name}; RELEASE ${name}`, fn);
      }
      return lock.run(() => within(0, 'BEGIN IMMEDIATE', 'COMMIT', 'ROLLBACK', fn));
    },
    ...rawOf(db),
    close: async () => {
      await pool.close();
      await lock.run(() => raw.close());
    },
  };
  if (options.migrate !== false) await migrateStore(store);
  // Readers open after the migrations, so none starts on an older schema.
  if (path !== ':memory:') await pool.open(path, options.readers ?? 0, options.busyTimeoutMs ?? 5000);
  return store;
}

/** Applies pending migrations in one transaction; applied ones are skipped, so it is safe to repeat. */
export async function migrateStore(store: Store): Promise<{ applied: number }> {
  let applied = 0;
  await drizzleMigrate(
    store.db,
    async (queries) => {
      await store.transaction(async (tx) => {
        for (const q of queries) {
          if (q.trim()) await rawOf(tx).exec(q);
          if (q.includes('__drizzle_migrations')) applied += 1;
        }
      });
    },
    { migrationsFolder: MIGRATIONS_FOLDER },
  );
  return { applied };
}

/** A second connection to a store's file for long reads next to the store's own (store modules only). */
export interface Reader {
  exec(sql: string): Promise<void>;
  all<T = Record<string, unknown>>(sql: string, params?: SqlValue[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * Opens a read-only connection of its own (PRAGMA query_only) to the store's file, for heavy reads
 * that may run on another of libuv's threads while the store writes (WAL: readers do not block the
 * writer). Null for an in-memory store (a second connection would see another database).
 */
export async function openReader(store: Pick<Store, 'path'>, busyTimeoutMs = 5000): Promise<Reader | null> {
  if (store.path === ':memory:') return null;
  const raw = promisify(await openRaw(store.path));
  await raw.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}; PRAGMA temp_store = MEMORY; PRAGMA query_only = ON;`);
  return {
    exec: (sql) => raw.exec(sql),
    all: <T>(sql: string, params: SqlValue[] = []) => raw.all<T>(sql, params),
    close: () => raw.close(),
  };
}
