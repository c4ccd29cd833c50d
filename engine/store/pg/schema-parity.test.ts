// The two dialects' schemas kept in step: every table of engine/store/schema*.ts has its twin in
// pg/schema*.ts with the same columns (mapped types), nullability, primary key, indexes, unique
// constraints, foreign keys and checks, read from both drizzle definitions; and the PostgreSQL
// migrations build exactly the PostgreSQL definitions. Deliberate differences are listed here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableConfig as pgConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as liteConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { SQLITE_TABLES } from '../schema-all';
import { PG_TABLES } from './schema-all';
import { openStore } from '../connection';
import { openPgStore, type PgStore } from './connection';
import { freshPgDatabase, type FreshPg } from '../../../tests/helpers/pg';

/** PostgreSQL-only columns and indexes: content's search document (SQLite keeps it in FTS5's content_search). */
const PG_ONLY_COLUMNS = new Set(['content.search_vector']);
const PG_ONLY_INDEXES = new Set(['content.content_search_vector']);
/** Partitioned tables: PostgreSQL wants the partition key (day) in the primary key. */
const PG_PRIMARY_KEY_EXTRA: Record<string, string[]> = { events: ['day'], event_rollups: ['day'] };

const liteType: Record<string, string> = {
  SQLiteInteger: 'integer', SQLiteBoolean: 'boolean', SQLiteText: 'text', SQLiteTextJson: 'json', SQLiteBlobBuffer: 'bytes', SQLiteReal: 'real',
};
const pgType = (c: PgColumn) => ({ bigint: 'integer', boolean: 'boolean', text: 'text', json: 'json', bytea: 'bytes', 'double precision': 'real' } as Record<string, string>)[c.getSQLType()] ?? c.getSQLType();

interface Shape {
  columns: Record<string, { type: string; notNull: boolean; hasDefault: boolean; unique: boolean }>;
  primaryKey: string[];
  indexes: Record<string, { columns: string[]; unique: boolean }>;
  foreignKeys: string[];
  checks: string[];
}

const colName = (c: unknown) => (c as { name: string }).name;

function liteShape(t: SQLiteTable): [string, Shape] {
  const c = liteConfig(t);
  const pk = c.primaryKeys[0]?.columns.map(colName) ?? c.columns.filter((x) => x.primary).map((x) => x.name);
  return [c.name, {
    columns: Object.fromEntries(c.columns.map((x: SQLiteColumn) => [x.name, {
      type: liteType[x.columnType] ?? x.columnType, notNull: x.notNull, hasDefault: x.hasDefault || (x.primary && x.columnType === 'SQLiteInteger'), unique: x.isUnique,
    }])),
    primaryKey: pk.sort(),
    indexes: Object.fromEntries(c.indexes.map((i) => [i.config.name, { columns: i.config.columns.map(colName), unique: i.config.unique }])),
    foreignKeys: c.foreignKeys.map((f) => {
      const r = f.reference();
      return `${r.columns.map(colName).join()}→${liteConfig(r.foreignTable).name}.${r.foreignColumns.map(colName).join()} on delete ${f.onDelete ?? 'no action'}`;
    }).sort(),
    checks: c.checks.map((x) => x.name).sort(),
  }];
}

function pgShape(t: PgTable): [string, Shape] {
  const c = pgConfig(t);
  const pk = c.primaryKeys[0]?.columns.map(colName) ?? c.columns.filter((x) => x.primary).map((x) => x.name);
  const extra = PG_PRIMARY_KEY_EXTRA[c.name] ?? [];
  return [c.name, {
    columns: Object.fromEntries(c.columns.filter((x) => !PG_ONLY_COLUMNS.has(`${c.name}.${x.name}`)).map((x) => [x.name, {
      type: pgType(x), notNull: x.notNull, hasDefault: x.hasDefault || Boolean(x.generatedIdentity), unique: x.isUnique,
    }])),
    primaryKey: pk.filter((k) => !extra.includes(k)).sort(),
    indexes: Object.fromEntries(c.indexes.filter((i) => !PG_ONLY_INDEXES.has(`${c.name}.${i.config.name}`))
      .map((i) => [i.config.name!, { columns: i.config.columns.map(colName), unique: i.config.unique }])),
    foreignKeys: c.foreignKeys.map((f) => {
      const r = f.reference();
      return `${r.columns.map(colName).join()}→${pgConfig(r.foreignTable).name}.${r.foreignColumns.map(colName).join()} on delete ${f.onDelete ?? 'no action'}`;
    }).sort(),
    checks: c.checks.map((x) => x.name).sort(),
  }];
}

describe('SQLite and PostgreSQL schemas', () => {
  const lite = Object.fromEntries(SQLITE_TABLES.map(liteShape));
  const pg = Object.fromEntries(PG_TABLES.map(pgShape));

  it('take every SQLite schema module into the table lists (a new schema-*.ts file is not missed)', async () => {
    const { readdirSync } = await import('node:fs');
    const { is } = await import('drizzle-orm');
    const { SQLiteTable } = await import('drizzle-orm/sqlite-core');
    const dir = new URL('../', import.meta.url);
    const files = readdirSync(dir).filter((f) => /^schema(-[a-z-]+)?\.ts$/.test(f) && f !== 'schema-all.ts');
    expect(files.length).toBeGreaterThan(10);
    const listed = new Set(SQLITE_TABLES.map((t) => liteConfig(t).name));
    for (const f of files) {
      const mod = (await import(new URL(f, dir).href)) as Record<string, unknown>;
      for (const v of Object.values(mod)) if (is(v, SQLiteTable)) expect(listed, `${f}: ${liteConfig(v).name}`).toContain(liteConfig(v).name);
    }
  });

  it('have the same tables', () => {
    expect(Object.keys(pg).sort()).toEqual(Object.keys(lite).sort());
    expect(Object.keys(lite).length).toBeGreaterThan(60);
  });

  it.each(Object.keys(lite).sort())('%s: same columns, types, nullability, keys, indexes, unique constraints and checks', (name) => {
    expect(pg[name]).toEqual(lite[name]);
  });

  it('keep the partition key out of SQLite and in PostgreSQL primary keys of the day-partitioned tables', () => {
    for (const name of Object.keys(PG_PRIMARY_KEY_EXTRA)) {
      const t = PG_TABLES.find((x) => pgConfig(x).name === name)!;
      expect(pgConfig(t).primaryKeys[0]!.columns.map(colName)).toContain('day');
    }
  });
});

describe('PostgreSQL migrations', () => {
  let db: FreshPg;
  let store: PgStore;
  beforeAll(async () => {
    db = await freshPgDatabase('parity');
    store = await openPgStore({ url: db.url, migrate: true });
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('build every table of the PostgreSQL definitions with its columns and nullability', async () => {
    const rows = await store.all<{ table_name: string; column_name: string; is_nullable: string }>(
      `select c.table_name, c.column_name, c.is_nullable from information_schema.columns c
         join pg_class k on k.relname = c.table_name and not k.relispartition
        where c.table_schema = 'public' and k.relkind in ('r', 'p') order by 1, 2`,
    );
    const live: Record<string, Record<string, boolean>> = {};
    for (const r of rows) (live[r.table_name] ??= {})[r.column_name] = r.is_nullable === 'NO';
    const defined = Object.fromEntries(PG_TABLES.map((t) => {
      const c = pgConfig(t);
      return [c.name, Object.fromEntries(c.columns.map((x) => [x.name, x.notNull || x.primary]))];
    }));
    expect(live).toEqual(defined);
  });

  it('build every index and foreign key the definitions name', async () => {
    const idx = new Set((await store.all<{ n: string }>("select indexname as n from pg_indexes where schemaname = 'public'")).map((r) => r.n));
    const fks = new Set((await store.all<{ n: string }>("select conname as n from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace")).map((r) => r.n));
    for (const t of PG_TABLES) {
      const c = pgConfig(t);
      for (const i of c.indexes) expect(idx, `${c.name}.${i.config.name}`).toContain(i.config.name);
      // PostgreSQL cuts identifiers at 63 bytes.
      for (const f of c.foreignKeys) expect(fks, `${c.name} ${f.getName()}`).toContain(f.getName().slice(0, 63));
    }
  });

  it('bump the build epoch on writes to the tables SQLite\'s triggers watch, and only those', async () => {
    const lite = await openStore({ path: ':memory:' });
    const watched = (rows: { t: string }[]) => [...new Set(rows.map((r) => r.t))].sort();
    try {
      const liteTables = watched(await lite.all<{ t: string }>("select tbl_name as t from sqlite_master where type = 'trigger' and name like 'build_epoch_%'"));
      const pgTables = watched(await store.all<{ t: string }>("select c.relname as t from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname like 'build_epoch_%'"));
      expect(pgTables).toEqual(liteTables);
      expect(pgTables.length).toBeGreaterThan(15);
    } finally {
      await lite.close();
    }
    const [before] = await store.all<{ n: number }>('select n from build_epoch where id = 1');
    await store.run("insert into tenants (tenant_key, name, domain, abbreviation, settings) values ('epoch', 'E', 'epoch.test', 'E', '{}')");
    await store.run("insert into installation_secrets (name, value) values ('epoch', 'x')");
    const [after] = await store.all<{ n: number }>('select n from build_epoch where id = 1');
    expect(after!.n).toBe(before!.n + 1);
  });

  it('index content for full-text search with a GIN index over a generated tsvector', async () => {
    const [def] = await store.all<{ d: string }>("select indexdef as d from pg_indexes where indexname = 'content_search_vector'");
    expect(def!.d).toMatch(/USING gin \(search_vector\)/);
    await store.run("insert into tenants (tenant_key, name, domain, abbreviation, settings) values ('t', 'T', 't.test', 'T', '{}')");
    await store.run("insert into website_sections (id, tenant_key, name, alias, system_alias) values (1, 't', 'News', 'news', 'news')");
    await store.run(`insert into content (id, tenant_key, type, name, slug, body, primary_section_id, labels, metadata)
      values (10000001, 't', 'Article', 'Freight rates', 'freight', '<p>Container <b>shipping</b> costs</p>', 1, '[]', '{}')`);
    const hit = await store.all("select id from content where search_vector @@ plainto_tsquery('simple', 'shipping costs')");
    expect(hit).toEqual([{ id: 10000001 }]);
    expect(await store.all("select id from content where search_vector @@ plainto_tsquery('simple', 'b')")).toEqual([]);
  });
});
