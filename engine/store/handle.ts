// The handle types every store implementation shares (SQLite in connection.ts, PostgreSQL through
// pg/sqlite-wire.ts) and the registry behind rawOf. Its own module so both can use it without a cycle.
import type { SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import type * as schema from './schema';

export type Db = SqliteRemoteDatabase<typeof schema>;
export type SqlValue = string | number | bigint | null | Uint8Array;

/** Raw SQL on one handle (the store's or a transaction's), for store modules only. */
export interface RawSql {
  exec(sql: string): Promise<void>;
  all<T = Record<string, unknown>>(sql: string, params?: SqlValue[]): Promise<T[]>;
  run(sql: string, params?: SqlValue[]): Promise<{ changes: number; lastID: number }>;
  /** The database the SQL runs on: 'postgres' for PostgreSQL-served handles (pg/sqlite-wire.ts); unset means SQLite. */
  readonly dialect?: 'sqlite' | 'postgres';
}

const rawByDb = new WeakMap<Db, RawSql>();
/** Binds a handle to its raw runner (store implementations only). */
export function registerRaw(db: Db, raw: RawSql): void {
  rawByDb.set(db, raw);
}
/** The raw runner bound to a handle: inside a transaction, pass its `tx` so the SQL runs in it. */
export function rawOf(db: Db): RawSql {
  const r = rawByDb.get(db);
  if (!r) throw new Error('Not a handle of an open store');
  return r;
}

/** Which database serves a handle (a store's `db` or a transaction's `tx`): for SQL that differs by dialect. */
export function dialectOfDb(db: Db): 'sqlite' | 'postgres' {
  return rawOf(db).dialect ?? 'sqlite';
}

/** A write made through the store's own handles while one of its transactions is open in the same async context. */
export class WriteOutsideTransactionError extends Error {
  constructor(sql: string) {
    super(`Write outside its transaction: use the transaction object the store handed out (${sql.trim().slice(0, 60)})`);
    this.name = 'WriteOutsideTransactionError';
  }
}

/** Which database serves a store: a postgres:// path is PostgreSQL (pg/sqlite-wire.ts), anything else SQLite. */
export function dialectOf(store: Pick<Store, 'path'>): 'sqlite' | 'postgres' {
  return /^postgres(ql)?:\/\//i.test(store.path) ? 'postgres' : 'sqlite';
}

export interface Store extends RawSql {
  /** Statements outside a transaction; each waits for any running transaction to finish. */
  readonly db: Db;
  /**
   * Read-then-write work: BEGIN IMMEDIATE … COMMIT, rolled back on any error. Nests as savepoints.
   * Writes inside go through `tx` (and `rawOf(tx)`); the store's own handles refuse them meanwhile.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  // exec/all/run: raw SQL for store modules (bulk writes, pragmas). Never for callers outside engine/store.
  readonly path: string;
  close(): Promise<void>;
}
