// `masthead db copy`: moves an installation from its SQLite file to a PostgreSQL database. Every
// table is copied in batches inside one PostgreSQL transaction, then verified in that same
// transaction (row count and checksum per table, both computed the same way on both sides), and
// committed only if every table matches: a failed copy leaves the target as it was.
//
// The checksum is a SHA-256 over the table's rows in primary-key order (text keys in byte order,
// COLLATE "C" on PostgreSQL, as SQLite's BINARY), each row canonicalised as JSON of its columns in
// name order: integers and reals as numbers, booleans as 1/0, JSON columns parsed and written with
// sorted keys, blobs as hex.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getTableConfig as liteConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { MIGRATIONS_FOLDER, openStore, type RawSql, type SqlValue, type Store } from '../connection';
import { SQLITE_TABLES } from '../schema-all';
import { checkPgUrl, openPgStore, pgRawOf, redactUrl, type PgStore } from './connection';

export interface CopyOptions {
  from: string;
  to: string;
  /** Empty a non-empty target first (default: refuse it). */
  force?: boolean;
  batchSize?: number;
  /** Progress lines (the CLI writes them to stderr). */
  progress?: (line: string) => void;
}

export interface TableReport { table: string; rows: number; targetRows: number; checksum: string; targetChecksum: string; ok: boolean }
export interface CopyReport { from: string; to: string; tables: TableReport[]; rows: number; ms: number }

export class CopyError extends Error {
  constructor(message: string, readonly report?: TableReport[], options?: ErrorOptions) {
    super(message, options);
    this.name = 'CopyError';
  }
}

type Kind = 'integer' | 'real' | 'text' | 'json' | 'boolean' | 'blob';
interface TableInfo { name: string; columns: { name: string; kind: Kind }[]; pk: string[]; selfRefs: string[] }

const KIND: Record<string, Kind> = {
  SQLiteInteger: 'integer', SQLiteReal: 'real', SQLiteText: 'text', SQLiteTextJson: 'json', SQLiteBoolean: 'boolean', SQLiteBlobBuffer: 'blob',
};

function describe(t: SQLiteTable): TableInfo {
  const c = liteConfig(t);
  const columns = c.columns.map((col: SQLiteColumn) => {
    const kind = KIND[col.columnType];
    if (!kind) throw new Error(`${c.name}.${col.name}: db copy has no rule for ${col.columnType}`);
    return { name: col.name, kind };
  }).sort((a, b) => (a.name < b.name ? -1 : 1));
  const pk = c.primaryKeys[0]?.columns.map((x) => x.name) ?? c.columns.filter((x) => x.primary).map((x) => x.name);
  if (!pk.length) throw new Error(`${c.name}: db copy needs a primary key`);
  const selfRefs = c.foreignKeys.filter((f) => f.reference().foreignTable === t).map((f) => f.reference().columns[0]!.name);
  return { name: c.name, columns, pk, selfRefs };
}

/** Tables in foreign-key order: a table after every table it references. */
function ordered(tables: readonly SQLiteTable[]): TableInfo[] {
  const done = new Set<SQLiteTable>();
  const out: TableInfo[] = [];
  const visit = (t: SQLiteTable, path: SQLiteTable[]) => {
    if (done.has(t)) return;
    if (path.includes(t)) throw new Error(`foreign-key cycle through ${liteConfig(t).name}`);
    for (const f of liteConfig(t).foreignKeys) {
      const target = f.reference().foreignTable as SQLiteTable;
      if (target !== t) visit(target, [...path, t]);
    }
    done.add(t);
    out.push(describe(t));
  };
  for (const t of tables) visit(t, []);
  return out;
}

/** Tables whose rows the migrations write (the build epoch's one row): replaced, not a sign of a used target. */
const SEEDED_BY_MIGRATIONS = new Set(['build_epoch']);

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  return v;
}

/** One column value in the checksum's canonical form (the same for a SQLite and a PostgreSQL read). */
function canonical(kind: Kind, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (kind) {
    case 'json': return sortKeys(typeof v === 'string' ? JSON.parse(v) : v);
    case 'blob': return Buffer.from(v as Uint8Array).toString('hex');
    case 'boolean': return v === true || v === 1 || v === '1' ? 1 : 0;
    case 'integer':
    case 'real': return Number(v);
    default: return String(v);
  }
}

/** The table's rows in primary-key order, in batches (keyset pagination, the same SQL on both sides). */
async function* rowsInOrder(sql: RawSql, t: TableInfo, dialect: 'sqlite' | 'pg', batch: number): AsyncGenerator<Record<string, unknown>[]> {
  const textPk = new Set(t.columns.filter((c) => c.kind === 'text').map((c) => c.name));
  const key = (c: string) => (dialect === 'pg' && textPk.has(c) ? `${q(c)} COLLATE "C"` : q(c));
  const order = t.pk.map(key).join(', ');
  const cols = t.columns.map((c) => q(c.name)).join(', ');
  let last: SqlValue[] | null = null;
  for (;;) {
    const where: string = last ? `WHERE (${order}) > (${t.pk.map(() => '?').join(', ')})` : '';
    const rows: Record<string, unknown>[] = await sql.all(`SELECT ${cols} FROM ${q(t.name)} ${where} ORDER BY ${order} LIMIT ${batch}`, last ?? []);
    if (!rows.length) return;
    yield rows;
    const end = rows[rows.length - 1]!;
    last = t.pk.map((c) => end[c] as SqlValue);
    if (rows.length < batch) return;
  }
}

async function summarise(sql: RawSql, t: TableInfo, dialect: 'sqlite' | 'pg', batch: number): Promise<{ rows: number; checksum: string }> {
  const hash = createHash('sha256');
  let rows = 0;
  for await (const chunk of rowsInOrder(sql, t, dialect, batch)) {
    for (const r of chunk) hash.update(`${JSON.stringify(t.columns.map((c) => canonical(c.kind, r[c.name])))}\n`);
    rows += chunk.length;
  }
  return { rows, checksum: hash.digest('hex') };
}

const toParam = (kind: Kind, v: unknown): SqlValue => {
  if (v === null || v === undefined) return null;
  if (kind === 'boolean') return v ? 1 : 0;
  return v as SqlValue;
};

async function insertBatch(tx: RawSql, t: TableInfo, rows: Record<string, unknown>[], nulled: Set<string>) {
  const cols = t.columns.map((c) => c.name);
  const values: SqlValue[] = [];
  const tuples = rows.map((r) => {
    for (const c of t.columns) values.push(nulled.has(c.name) ? null : toParam(c.kind, r[c.name]));
    return `(${cols.map(() => '?').join(', ')})`;
  });
  await tx.run(`INSERT INTO ${q(t.name)} (${cols.map(q).join(', ')}) VALUES ${tuples.join(', ')}`, values);
}

function pendingSqliteMigrations(applied: number): number {
  const journal = JSON.parse(readFileSync(resolve(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length - applied;
}

/** Row count and checksum of every table, read from either side (for checks after a copy). */
export async function tableChecksums(sql: RawSql, dialect: 'sqlite' | 'pg'): Promise<Record<string, { rows: number; checksum: string }>> {
  const out: Record<string, { rows: number; checksum: string }> = {};
  for (const t of ordered(SQLITE_TABLES)) out[t.name] = await summarise(sql, t, dialect, 1000);
  return out;
}

export async function copySqliteToPg(options: CopyOptions): Promise<CopyReport> {
  const started = performance.now();
  const say = options.progress ?? (() => undefined);
  const from = resolve(options.from);
  if (!existsSync(from)) throw new CopyError(`--from: no SQLite database at ${from}`);
  checkPgUrl(options.to);
  const batch = options.batchSize ?? 500;
  if (!Number.isInteger(batch) || batch < 1 || batch > 10_000) throw new CopyError(`--batch-size: must be a whole number from 1 to 10000, not ${batch}`);
  const tables = ordered(SQLITE_TABLES);

  let source: Store | undefined;
  let target: PgStore | undefined;
  try {
    source = await openStore({ path: from, migrate: false });
    const applied = await source.all<{ n: number }>("select count(*) as n from sqlite_master where name = '__drizzle_migrations'")
      .then(async ([r]) => (r!.n ? Number((await source!.all<{ n: number }>('select count(*) as n from __drizzle_migrations'))[0]!.n) : 0));
    const pending = pendingSqliteMigrations(applied);
    if (pending > 0) throw new CopyError(`--from: ${from} lacks ${pending} migration(s); run \`masthead db migrate --db ${from}\` first`);

    target = await openPgStore({ url: options.to, migrate: true, max: 2 });
    const [role] = await target.all<{ bypass: number }>('select (rolsuper or rolbypassrls)::int as bypass from pg_roles where rolname = current_user');
    if (!role?.bypass) {
      throw new CopyError(`--to: the role of ${target.url} is held to row-level security; copy with the tables' owner role granted BYPASSRLS (or a superuser)`);
    }
    const nonEmpty: string[] = [];
    for (const t of tables) {
      if (SEEDED_BY_MIGRATIONS.has(t.name)) continue;
      if ((await target.all(`SELECT 1 FROM ${q(t.name)} LIMIT 1`)).length) nonEmpty.push(t.name);
    }
    if (nonEmpty.length && !options.force) {
      throw new CopyError(`--to: ${target.url} is not empty (${nonEmpty.slice(0, 5).join(', ')}${nonEmpty.length > 5 ? ', …' : ''} hold rows); use --force to replace its data`);
    }

    const src = source;
    const pgStore = target;
    const report = await target.transaction(async (txDb) => {
      const tx = pgRawOf(txDb);
      if (nonEmpty.length) {
        say(`emptying ${nonEmpty.length} table(s) of the target (--force)`);
        await tx.exec(`TRUNCATE ${tables.map((t) => q(t.name)).join(', ')} RESTART IDENTITY CASCADE`);
      }
      // A faithful copy: no trigger (build epoch, append-only events) adds to what is copied.
      // ALTER TABLE here is rolled back with the transaction if the copy fails.
      const triggered = await tx.all<{ t: string }>(
        `SELECT DISTINCT c.relname AS t FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
          WHERE NOT g.tgisinternal AND c.relnamespace = 'public'::regnamespace AND NOT c.relispartition`,
      );
      for (const { t } of triggered) await tx.exec(`ALTER TABLE ${q(t)} DISABLE TRIGGER USER`);
      for (const t of SEEDED_BY_MIGRATIONS) await tx.exec(`DELETE FROM ${q(t)}`);
      for (const table of ['events', 'event_rollups']) {
        const days = await src.all<{ day: string }>(`SELECT DISTINCT day FROM ${q(table)} ORDER BY day`);
        for (const { day } of days) await tx.all('SELECT masthead_ensure_day_partitions(?, ?::date, 1)', [table, day]);
      }
      for (const t of tables) {
        const selfRefs = new Set(t.selfRefs);
        let n = 0;
        // PostgreSQL takes at most 65535 parameters a statement.
        const perInsert = Math.max(1, Math.min(batch, Math.floor(60_000 / t.columns.length)));
        for await (const rows of rowsInOrder(src, t, 'sqlite', batch)) {
          for (let i = 0; i < rows.length; i += perInsert) await insertBatch(tx, t, rows.slice(i, i + perInsert), selfRefs);
          n += rows.length;
          say(`${t.name}: ${n} row(s)`);
        }
        // Rows that reference rows of their own table: the references are set once every row is in.
        for (const col of selfRefs) {
          for await (const rows of rowsInOrder(src, t, 'sqlite', batch)) {
            for (const r of rows) {
              if (r[col] === null) continue;
              await tx.run(`UPDATE ${q(t.name)} SET ${q(col)} = ? WHERE ${t.pk.map((c) => `${q(c)} = ?`).join(' AND ')}`, [r[col] as SqlValue, ...t.pk.map((c) => r[c] as SqlValue)]);
            }
          }
        }
      }
      // Identity columns and the events sequence continue after the copied ids.
      const seqs = await tx.all<{ t: string; c: string; s: string }>(
        `SELECT c.relname AS t, a.attname AS c, pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS s
           FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
          WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
            AND a.attnum > 0 AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL`,
      );
      for (const { t, c, s } of seqs) await tx.all(`SELECT setval(?, coalesce((SELECT max(${q(c)}) FROM ${q(t)}), 0) + 1, false)`, [s]);

      for (const { t } of triggered) await tx.exec(`ALTER TABLE ${q(t)} ENABLE TRIGGER USER`);
      say('verifying row counts and checksums');
      const out: TableReport[] = [];
      for (const t of tables) {
        const a = await summarise(src, t, 'sqlite', 1000);
        const b = await summarise(tx, t, 'pg', 1000);
        out.push({ table: t.name, rows: a.rows, targetRows: b.rows, checksum: a.checksum, targetChecksum: b.checksum, ok: a.rows === b.rows && a.checksum === b.checksum });
      }
      const bad = out.filter((r) => !r.ok);
      if (bad.length) throw new CopyError(`copy verification failed for ${bad.map((r) => r.table).join(', ')}; nothing was written to ${pgStore.url}`, out);
      return out;
    });
    return { from, to: target.url, tables: report, rows: report.reduce((s, r) => s + r.rows, 0), ms: Math.round(performance.now() - started) };
  } catch (error) {
    if (error instanceof CopyError) throw error;
    throw new CopyError(`db copy to ${redactUrl(options.to)} failed: ${(error as Error).message}`, undefined, { cause: error });
  } finally {
    await source?.close().catch(() => undefined);
    await target?.close().catch(() => undefined);
  }
}
