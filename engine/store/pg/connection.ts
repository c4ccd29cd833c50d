// The PostgreSQL connection module: the same Store contract as ../connection.ts (a `db` handle,
// transactions that hand out a `tx`, raw exec/all/run for store modules) on a `pg` pool under
// drizzle's pg-proxy adapter, so store query modules can move to PostgreSQL one by one.
//
// - A transaction runs on one pooled client: BEGIN … COMMIT, rolled back on any error; nested
//   calls become savepoints. Like SQLite's BEGIN IMMEDIATE, write transactions of one database are
//   serialised (a transaction-scoped advisory lock), so read-then-write work (next id = max + 1)
//   behaves as it does on SQLite, across every instance sharing the database.
// - Writes through the store's own handles while one of its transactions is open in the calling
//   async context are refused (WriteOutsideTransactionError): they would run on another client,
//   outside the transaction.
// - withTenant(tenant, fn) is a transaction with `SET LOCAL masthead.tenant`, the setting the
//   row-level security policies (pg/tenancy.ts) read. Work inside a tenant scope
//   (../tenant-scope.ts: a request once its tenant is known, inTenant) gets the same without
//   asking: its transactions begin with SET LOCAL, and its statements outside a transaction run on a
//   pooled client whose session setting names that tenant (a client is re-pointed, or cleared,
//   whenever the next statement acts for another tenant or for none).
// - Raw SQL is written with `?` (or `?N`) placeholders as for SQLite; they become $1…$n (not inside quotes or
//   comments; so PostgreSQL's jsonb `?` operators cannot be used: use jsonb_exists()). Raw rows read
//   as SQLite's do: bigint and numeric as numbers, booleans as 1/0, json/jsonb as their text.
import { AsyncLocalStorage } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle, type PgRemoteDatabase } from 'drizzle-orm/pg-proxy';
import { migrate as drizzleMigrate } from 'drizzle-orm/pg-proxy/migrator';
import { WriteOutsideTransactionError, type RawSql, type SqlValue } from '../handle';
import { ALL_TENANTS, currentTenant } from '../tenant-scope';
import { pgSchema } from './schema-all';

export type PgDb = PgRemoteDatabase<typeof pgSchema>;
export const PG_MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** The advisory lock key every write transaction of a database takes (arbitrary, fixed). */
const WRITE_LOCK_KEY = 0x6d617374; // "mast"
const WRITE = /^\s*(insert|update|delete|create|drop|alter|truncate|with\b[\s\S]*\b(insert|update|delete)\b)/i;
const TENANT_KEY = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export interface PgStore extends RawSql {
  readonly db: PgDb;
  transaction<T>(fn: (tx: PgDb) => Promise<T>): Promise<T>;
  /** A transaction in which row-level security shows and accepts the given tenant's rows only. */
  withTenant<T>(tenantKey: string, fn: (tx: PgDb) => Promise<T>): Promise<T>;
  /** The database URL without its password. */
  readonly url: string;
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

export interface PgOpenOptions {
  url: string;
  /** Apply pending migrations on open (default false: migrations need the owner role, the app need not have it). */
  migrate?: boolean;
  max?: number;
}

const parseNumber = (v: string) => Number(v);
/** Type parsers of raw SQL: values as the SQLite driver returns them. */
const RAW_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    const b = pg.types.builtins;
    if (oid === b.INT8 || oid === b.NUMERIC) return parseNumber;
    if (oid === b.BOOL) return (v: string) => (v === 't' ? 1 : 0);
    if (oid === b.JSON || oid === b.JSONB) return (v: string) => v;
    return pg.types.getTypeParser(oid, format ?? 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** Rewrites `?` placeholders to $1…$n (and `?3` to $3), leaving quoted strings, identifiers and comments alone. */
export function toPgParams(sql: string): string {
  let out = '';
  let n = 0;
  for (let i = 0; i < sql.length; i += 1) {
    const c = sql[i]!;
    if (c === "'" || c === '"') {
      const end = closing(sql, i, c);
      out += sql.slice(i, end);
      i = end - 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end === -1 ? sql.length : end + 2;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '?') {
      // ?NNN (SQLite's numbered parameter) keeps its number; a bare ? takes the next one.
      const digits = /^\d+/.exec(sql.slice(i + 1))?.[0];
      if (digits) {
        out += `$${digits}`;
        i += digits.length;
      } else {
        n += 1;
        out += `$${n}`;
      }
    } else out += c;
  }
  return out;
}

function closing(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i += 1;
  }
  return sql.length;
}

const toPgValue = (v: SqlValue): unknown => (v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v) : v);

/** The URL with its password replaced, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}

/** Checks a PostgreSQL URL before connecting: a clear error naming what is wrong. */
export function checkPgUrl(url: string): void {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`Not a PostgreSQL URL: ${JSON.stringify(url)} (expected postgres://user@host:5432/database)`);
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') {
    throw new Error(`Not a PostgreSQL URL: the scheme is ${u.protocol.replace(/:$/, '')}, expected postgres:// or postgresql://`);
  }
  if (!u.hostname) throw new Error('PostgreSQL URL has no host (expected postgres://user@host:5432/database)');
  if (!u.pathname.replace(/^\//, '')) throw new Error('PostgreSQL URL names no database (expected postgres://user@host:5432/database)');
}

type Client = pg.Pool | pg.PoolClient | pg.Client;

/** Raw SQL (`?` placeholders, values as the SQLite driver returns them) on one pool or client. */
export function clientRaw(client: Client): RawSql {
  return {
    exec: async (sql) => {
      await client.query(sql);
    },
    all: async <T>(sql: string, params: SqlValue[] = []) =>
      (await client.query({ text: toPgParams(sql), values: params.map(toPgValue), types: RAW_TYPES })).rows as T[],
    run: async (sql, params = []) => {
      const result = await client.query({ text: toPgParams(sql), values: params.map(toPgValue), types: RAW_TYPES });
      const first = result.rows[0] as { id?: unknown } | undefined;
      return { changes: result.rowCount ?? 0, lastID: typeof first?.id === 'number' ? first.id : 0 };
    },
  };
}
type Setup = { text: string; values: unknown[] };
const pgRaw = new WeakMap<PgDb, RawSql>();

export async function openPgStore(options: PgOpenOptions): Promise<PgStore> {
  checkPgUrl(options.url);
  const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10, connectionTimeoutMillis: 10_000 });
  pool.on('error', () => undefined); // an idle client's connection dropped; the next query reconnects
  // A checked-out client has no listener of the pool's (pg-pool removes it on checkout): a server
  // that ends its session between two statements of a transaction (a restart, an admin's
  // pg_terminate_backend) would throw from an 'error' event and end the process. The next
  // statement on that client fails instead, and the transaction's release discards it.
  pool.on('connect', (client) => { client.on('error', () => undefined); });
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`Cannot connect to PostgreSQL at ${redactUrl(options.url)}: ${(error as Error).message || String(error)}`, { cause: error });
  }

  const inTx = new AsyncLocalStorage<{ client: pg.PoolClient; depth: number; open: boolean }>();
  const active = () => inTx.getStore()?.open === true;

  const drizzleQuery = async (client: Client, sql: string, params: unknown[], method: 'all' | 'execute') => {
    const result = await client.query({ text: sql, values: params, ...(method === 'all' ? { rowMode: 'array' as const } : {}) });
    return { rows: result.rows };
  };
  const raw = clientRaw;

  /** The store's own handles: outside a transaction any pooled client; inside one of ours, reads only. */
  const outer = <T>(sql: string, fn: () => Promise<T>): Promise<T> => {
    if (active() && WRITE.test(sql)) return Promise.reject(new WriteOutsideTransactionError(sql));
    return fn();
  };
  /** The session tenant each pooled client was last set to ('' = none). */
  const sessionTenant = new WeakMap<pg.PoolClient, string>();
  /** A pooled client whose session acts for the current tenant scope (or for none). */
  const onPool = async <T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const want = currentTenant() ?? '';
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      if ((sessionTenant.get(client) ?? '') !== want) {
        sessionTenant.delete(client);
        await client.query("SELECT set_config('masthead.tenant', $1, false)", [want]);
        sessionTenant.set(client, want);
      }
      return await fn(client);
    } catch (error) {
      // A client that lost its connection is dropped; a failed statement leaves it usable.
      if (!(error instanceof pg.DatabaseError)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
  const db = drizzle((sql, params, method) => outer(sql, () => onPool((c) => drizzleQuery(c, sql, params, method))), { schema: pgSchema });

  pgRaw.set(db, {
    exec: (sql) => outer(sql, () => onPool((c) => raw(c).exec(sql))),
    all: (sql, params) => outer(sql, () => onPool((c) => raw(c).all(sql, params))),
    run: (sql, params) => outer(sql, () => onPool((c) => raw(c).run(sql, params))),
  });

  /**
   * A transaction's statements run one at a time on its client: callers may issue several at once
   * (Promise.all over reads inside a transaction); each waits for the one before. pg queued them
   * itself with a deprecation warning ("client.query() when the client is already executing a
   * query"), and pg 9 refuses them.
   */
  const chains = new WeakMap<pg.PoolClient, Promise<unknown>>();
  const serial = <T>(client: pg.PoolClient, fn: () => Promise<T>): Promise<T> => {
    const next = (chains.get(client) ?? Promise.resolve()).then(fn, fn);
    chains.set(client, next.catch(() => undefined));
    return next;
  };

  /** A transaction's handles, bound to its client and valid only while it is open. */
  const txHandles = (frame: { client: pg.PoolClient; open: boolean }): PgDb => {
    const inner = <T>(fn: () => Promise<T>): Promise<T> => serial(frame.client, () => statement(fn));
    const statement = async <T>(fn: () => Promise<T>): Promise<T> => {
      if (!frame.open) throw new Error('Transaction object used outside its transaction');
      if (currentTenant() !== ALL_TENANTS) return fn();
      // A statement issued inside allTenants (../tenant-scope.ts) within a transaction acting for one
      // tenant: the setting is '*' for that statement alone, then the transaction's again. (The
      // transaction's statements run one at a time; issue such a statement alone, not beside others.)
      const [was] = (await frame.client.query<{ t: string | null }>("SELECT current_setting('masthead.tenant', true) AS t")).rows;
      if ((was?.t ?? '') === ALL_TENANTS) return fn();
      await frame.client.query("SELECT set_config('masthead.tenant', $1, true)", [ALL_TENANTS]);
      try {
        return await fn();
      } finally {
        await frame.client.query("SELECT set_config('masthead.tenant', $1, true)", [was?.t ?? '']);
      }
    };
    const r = raw(frame.client);
    const tx = drizzle((sql, params, method) => inner(() => drizzleQuery(frame.client, sql, params, method)), { schema: pgSchema });
    pgRaw.set(tx, { exec: (s) => inner(() => r.exec(s)), all: (s, p) => inner(() => r.all(s, p)), run: (s, p) => inner(() => r.run(s, p)) });
    return tx;
  };

  const run = async <T>(setup: Setup[], fn: (tx: PgDb) => Promise<T>): Promise<T> => {
    const current = inTx.getStore();
    if (current?.open) {
      const name = `sp_${current.depth + 1}`;
      const frame = { client: current.client, depth: current.depth + 1, open: true };
      return inTx.run(frame, async () => {
        await frame.client.query(`SAVEPOINT ${name}`);
        try {
          for (const s of setup) await frame.client.query(s);
          const result = await fn(txHandles(frame));
          await frame.client.query(`RELEASE SAVEPOINT ${name}`);
          return result;
        } catch (error) {
          await frame.client.query(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`).catch(() => undefined);
          throw error;
        } finally {
          frame.open = false;
        }
      });
    }
    const client = await pool.connect();
    const frame = { client, depth: 0, open: true };
    let broken = false;
    try {
      return await inTx.run(frame, async () => {
        await client.query('BEGIN');
        try {
          await client.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK_KEY]);
          for (const s of setup) await client.query(s);
          const result = await fn(txHandles(frame));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {
            broken = true;
          });
          throw error;
        } finally {
          frame.open = false;
        }
      });
    } finally {
      client.release(broken);
    }
  };

  const store: PgStore = {
    db,
    url: redactUrl(options.url),
    pool,
    transaction(fn) {
      // Inside a tenant scope the transaction acts for that tenant (SET LOCAL); a savepoint keeps its transaction's.
      const tenant = currentTenant();
      return run(tenant === null || inTx.getStore()?.open ? [] : [{ text: "SELECT set_config('masthead.tenant', $1, true)", values: [tenant] }], fn);
    },
    withTenant(tenantKey, fn) {
      if (!TENANT_KEY.test(tenantKey)) return Promise.reject(new Error(`tenantKey: not a tenant key: ${JSON.stringify(tenantKey)}`));
      // set_config(…, true) is SET LOCAL with a bound value.
      return run([{ text: "SELECT set_config('masthead.tenant', $1, true)", values: [tenantKey] }], fn);
    },
    ...pgRaw.get(db)!,
    close: () => pool.end(),
  };
  urls.set(store, options.url);
  if (options.migrate) await migratePgStore(store);
  return store;
}

/** The raw runner bound to a PostgreSQL handle: inside a transaction, pass its `tx`. */
export function pgRawOf(db: PgDb): RawSql {
  const r = pgRaw.get(db);
  if (!r) throw new Error('Not a handle of an open PostgreSQL store');
  return r;
}

const urls = new WeakMap<PgStore, string>();
const MIGRATE_LOCK_KEY = 0x6d696772; // "migr"

/**
 * Applies pending PostgreSQL migrations in one transaction (needs the owner role). Instances that
 * start together take turns (a session advisory lock on a connection of its own, held from reading
 * what is applied to committing), so each migration applies once.
 */
export async function migratePgStore(store: PgStore): Promise<void> {
  const lock = new pg.Client({ connectionString: urls.get(store) });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATE_LOCK_KEY]);
    await applyMigrations(store);
  } finally {
    await lock.end().catch(() => undefined); // ending the session releases its lock
  }
}

async function applyMigrations(store: PgStore): Promise<void> {
  await drizzleMigrate(
    store.db,
    async (queries) => {
      await store.transaction(async (tx) => {
        for (const q of queries) if (q.trim()) await pgRawOf(tx).exec(q);
      });
    },
    { migrationsFolder: PG_MIGRATIONS_FOLDER },
  );
}
