// The SQLite-shaped Store on PostgreSQL: the store query modules are written against drizzle's
// SQLite dialect (the `Db` type); this serves that same `Db` from a PostgreSQL database, so a
// module runs on either store without a second copy of it.
//
// drizzle's sqlite-proxy builds each statement; it runs on PostgreSQL through the PostgreSQL
// store's raw handles (pg/connection.ts), which turn `?` into $n and read values back as SQLite's
// driver gives them (bigint → number, boolean → 1/0, json/jsonb → text, which the SQLite columns'
// own mappings then parse). What differs is handled here or in the database:
//   - an INSERT's unset columns: the SQLite dialect writes `null` (SQLite then applies no default
//     either); here they become DEFAULT, so identity ids and defaults fill as they do in SQLite.
//   - SQLite's own functions in shared SQL and column defaults (unixepoch('subsec'), ifnull,
//     total, json_extract of an object path) exist in PostgreSQL too (migration 0004_sqlite-functions);
//     json_object and json_each are rewritten (wireSql).
// SQL that has no PostgreSQL meaning (FTS5 MATCH, json_each, INSERT OR REPLACE, strftime, …) still
// fails on PostgreSQL: see the inventory in engine/README.md.
//
// Tenant rows: row-level security (pg/tenancy.ts) holds for roles without BYPASSRLS; the
// store's `transaction` sets no tenant, so today this store needs a role that bypasses it (the
// owner with BYPASSRLS, as `masthead db copy` uses), and `withTenant` scopes one transaction.
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import { registerRaw, type Db, type RawSql, type Store } from '../handle';
import * as schema from '../schema';
import { openPgStore, pgRawOf, type PgDb, type PgStore } from './connection';

/** Column name ("table.column", and "column" when every table agrees) → PostgreSQL type. */
export type ColumnTypes = Map<string, string>;

/**
 * SQL from the SQLite dialect, made PostgreSQL's: unset INSERT values become DEFAULT, SQLite's
 * 64-bit `integer` casts become bigint, json_object becomes json_build_object, LIKE becomes ILIKE
 * (SQLite's LIKE ignores ASCII case), camelCase aliases are quoted (kept as written), an upsert's target loses its table names, and JSON lists (json_each) become json_array_elements_text,
 * typed as the column they are compared with.
 */
export function wireSql(sql: string, types: ColumnTypes = new Map()): string {
  let out = outsideQuotes(unsetToDefault(sql), (part) => part
    .replace(/\bas\s+integer\s*\)/gi, 'as bigint)')
    .replace(/\bjson_object\s*\(/gi, 'json_build_object(')
    // PostgreSQL folds unquoted names to lower case; SQLite keeps an alias as written (tenantKey).
    .replace(/\bas\s+([a-z][a-z0-9_]*[A-Z][A-Za-z0-9_]*)\b/g, (_m, alias: string) => `as "${alias}"`)
    .replace(/\bAS\s+([a-z][a-z0-9_]*[A-Z][A-Za-z0-9_]*)\b/g, (_m, alias: string) => `AS "${alias}"`)
    // SQLite's LIKE ignores ASCII case; PostgreSQL's ILIKE is that.
    .replace(/\b(not\s+)?like\b/gi, (_m, not: string | undefined) => `${not ?? ''}ilike`)
    // The SQLite dialect names an upsert's target columns with their table; PostgreSQL wants bare names.
    .replace(/\bon conflict\s*\(([^)]*)\)/gi, (_m, cols: string) => `on conflict (${cols.replace(/"[^"]+"\./g, '')})`));
  if (/json_each\s*\(/i.test(out)) out = jsonEachToPg(out, types);
  return out;
}

/** Applies `fn` to the SQL outside single-quoted strings. */
function outsideQuotes(sql: string, fn: (part: string) => string): string {
  const parts = sql.split(/('(?:[^']|'')*')/);
  return parts.map((p, i) => (i % 2 === 1 ? p : fn(p))).join('');
}

function matchingParen(sql: string, open: number): number {
  let depth = 0;
  for (let i = open; i < sql.length; i += 1) {
    const c = sql[i];
    if (c === "'") {
      i = sql.indexOf("'", i + 1);
      if (i === -1) return -1;
    } else if (c === '(') depth += 1;
    else if (c === ')') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

const LIST_IN = /((?:"?[a-z_][a-z0-9_]*"?\.)?"?([a-z_][a-z0-9_]*)"?)\s+((?:not\s+)?in)\s*\(\s*select\s+value\s+from\s+$/i;

/** `col in (select value from json_each(X))` → typed json_array_elements_text; other json_each(X) → its text values. */
function jsonEachToPg(sql: string, types: ColumnTypes): string {
  let out = '';
  let from = 0;
  const re = /json_each\s*\(/gi;
  for (let m = re.exec(sql); m; m = re.exec(sql)) {
    const open = m.index + m[0].length - 1;
    const close = matchingParen(sql, open);
    if (close === -1) break;
    const arg = sql.slice(open + 1, close);
    const before = sql.slice(from, m.index);
    const list = LIST_IN.exec(before);
    if (list) {
      const [whole, ref, column, op] = list;
      const table = /^"?([a-z_][a-z0-9_]*)"?\./i.exec(ref!)?.[1];
      const type = (table && types.get(`${table}.${column}`)) || types.get(column!);
      const left = type ? ref! : `cast(${ref} as text)`;
      out += before.slice(0, before.length - whole.length) + `${left} ${op} (select cast(value as ${type ?? 'text'}) from json_array_elements_text(cast(${arg} as json)) as je(value)`;
    } else {
      out += before + `json_array_elements_text(cast(${arg} as json)) as je(value)`;
    }
    from = close + 1;
    re.lastIndex = from;
  }
  return out + sql.slice(from);
}

/** An INSERT's literal `null`s in its VALUES list (drizzle binds every given value as a parameter). */
export function unsetToDefault(sql: string): string {
  if (!/^\s*insert\b/i.test(sql)) return sql;
  const at = /\)\s+values\s*\(/i.exec(sql);
  if (!at) return sql;
  const start = at.index + at[0].length - 1;
  const tail = /\s+(on conflict|returning)\b/i.exec(sql.slice(start));
  const end = tail ? start + tail.index : sql.length;
  return sql.slice(0, start) + sql.slice(start, end).replace(/([(,]\s*)null(?=\s*[,)])/gi, '$1default') + sql.slice(end);
}

function wireDb(raw: RawSql, types: ColumnTypes): Db {
  return drizzle(async (sql, params, method) => {
    const text = wireSql(sql, types);
    const values = params as Parameters<RawSql['all']>[1];
    if (method === 'run') {
      const r = await raw.run(text, values);
      return { rows: [], ...r };
    }
    const rows = await raw.all<Record<string, unknown>>(text, values);
    if (method === 'get') return { rows: rows[0] ? Object.values(rows[0]) : (undefined as unknown as unknown[]) };
    return { rows: rows.map((r) => Object.values(r)) };
  }, { schema });
}

export interface SqliteWireStore extends Store {
  /** The PostgreSQL store underneath (its pg-core `db`, `withTenant`, the pool). */
  readonly pg: PgStore;
  /** A transaction whose row-level security shows and accepts one tenant's rows only. */
  withTenant<T>(tenantKey: string, fn: (tx: Db) => Promise<T>): Promise<T>;
}

/** The full connection URL of a PostgreSQL-served store (password included: for services that connect on their own, such as the job queue). */
export function pgUrlOf(store: Store): string | null {
  const pgStore = (store as Partial<SqliteWireStore>).pg;
  return pgStore ? String(pgStore.pool.options.connectionString) : null;
}

async function columnTypes(store: PgStore): Promise<ColumnTypes> {
  const rows = await store.all<{ t: string; c: string; type: string }>(
    "select table_name as t, column_name as c, data_type as type from information_schema.columns where table_schema = 'public'",
  );
  const types: ColumnTypes = new Map();
  const byName = new Map<string, Set<string>>();
  for (const r of rows) {
    types.set(`${r.t}.${r.c}`, r.type);
    byName.set(r.c, (byName.get(r.c) ?? new Set()).add(r.type));
  }
  for (const [name, set] of byName) if (set.size === 1) types.set(name, [...set][0]!);
  return types;
}

export async function openSqliteWireStore(options: { url: string; migrate?: boolean; max?: number }): Promise<SqliteWireStore> {
  const pgStore = await openPgStore({ url: options.url, migrate: options.migrate ?? true, max: options.max });
  const types = await columnTypes(pgStore);
  const wrap = (pdb: PgDb): Db => {
    const raw = pgRawOf(pdb);
    const db = wireDb(raw, types);
    registerRaw(db, { exec: (q) => raw.exec(q), all: (q, p) => raw.all(wireSql(q, types), p), run: (q, p) => raw.run(wireSql(q, types), p), dialect: 'postgres' });
    return db;
  };
  const db = wrap(pgStore.db);
  const raw = pgRawOf(pgStore.db);
  return {
    db,
    pg: pgStore,
    path: pgStore.url,
    dialect: 'postgres',
    transaction: (fn) => pgStore.transaction((tx) => fn(wrap(tx))),
    withTenant: (tenantKey, fn) => pgStore.withTenant(tenantKey, (tx) => fn(wrap(tx))),
    exec: (sql) => raw.exec(sql),
    all: (sql, params) => raw.all(wireSql(sql, types), params),
    run: (sql, params) => raw.run(wireSql(sql, types), params),
    close: () => pgStore.close(),
  };
}
