// The SQLite-shaped Store on PostgreSQL (pg/sqlite-wire.ts): openStore takes a postgres:// URL,
// the store modules' drizzle statements and raw SQL run there unchanged, and its rewrites of
// SQLite-only SQL give PostgreSQL the same meaning.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, rawOf, WriteOutsideTransactionError, type Store } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { contentByIds } from '../../engine/store/queries/content';
import { getSection, listSections } from '../../engine/store/queries/sections';
import { getTenant, listTenants } from '../../engine/store/queries/tenants';
import { freshPgDatabase, type FreshPg } from '../helpers/pg';
import { tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { unsetToDefault, wireSql } from '../../engine/store/pg/sqlite-wire';

describe('wireSql', () => {
  it('turns an INSERT\'s unset values into DEFAULT, leaving bound values, ON CONFLICT and RETURNING alone', () => {
    expect(unsetToDefault('insert into "t" ("id", "a", "b") values (null, ?, null), (null, ?, null) on conflict ("a") do update set "b" = null returning "id"'))
      .toBe('insert into "t" ("id", "a", "b") values (default, ?, default), (default, ?, default) on conflict ("a") do update set "b" = null returning "id"');
    expect(unsetToDefault('select null from t')).toBe('select null from t');
  });

  it('casts to bigint where SQLite casts to its 64-bit integer, and builds JSON objects PostgreSQL\'s way', () => {
    expect(wireSql('select cast(unixepoch(\'subsec\') * 1000 as integer)')).toBe('select cast(unixepoch(\'subsec\') * 1000 as bigint)');
    expect(wireSql("select json_object('id', p.id) from p")).toBe("select json_build_object('id', p.id) from p");
  });

  it('keeps camelCase aliases as written (PostgreSQL would fold them to lower case)', () => {
    expect(wireSql("SELECT tenant_key AS tenantKey, is_test as isTest, name AS name, 'x AS notMe' FROM tenants"))
      .toBe("SELECT tenant_key AS \"tenantKey\", is_test as \"isTest\", name AS name, 'x AS notMe' FROM tenants");
  });

  it('matches LIKE without case as SQLite does, and names an upsert\'s target columns bare; quoted text stays', () => {
    expect(wireSql("select 1 from t where a like ? escape '\\' and b not like 'like me'")).toBe("select 1 from t where a ilike ? escape '\\' and b not ilike 'like me'");
    expect(wireSql('insert into "p" ("id", "n") values (?, ?) on conflict ("p"."id") do update set "n" = ?'))
      .toBe('insert into "p" ("id", "n") values (?, ?) on conflict ("id") do update set "n" = ?');
  });

  it('turns a JSON id list into typed array elements, and other json_each into its text values', () => {
    const types = new Map([['content.id', 'bigint'], ['type', 'text']]);
    expect(wireSql('select 1 from "content" where "content"."id" in (select value from json_each(?))', types))
      .toBe('select 1 from "content" where "content"."id" in (select cast(value as bigint) from json_array_elements_text(cast(? as json)) as je(value))');
    expect(wireSql('x and c.type not in (select value from json_each(?3))', types))
      .toBe('x and c.type not in (select cast(value as text) from json_array_elements_text(cast(?3 as json)) as je(value))');
    // A column of unknown type is compared as text.
    expect(wireSql('where q.zzz in (select value from json_each(?))', types))
      .toBe('where cast(q.zzz as text) in (select cast(value as text) from json_array_elements_text(cast(? as json)) as je(value))');
    expect(wireSql("exists (select 1 from json_each(coalesce(\"m\".\"tags\", '[]')) where value = ?)", types))
      .toBe("exists (select 1 from json_array_elements_text(cast(coalesce(\"m\".\"tags\", '[]') as json)) as je(value) where value = ?)");
  });
});

describe('openStore with a postgres:// URL', () => {
  let pgdb: FreshPg;
  let store: Store;
  beforeAll(async () => {
    pgdb = await freshPgDatabase('wire');
    store = await openStore({ path: pgdb.url });
    await seedFixtures(store, writeFixtureSet([tenantFixture('alpha', 100), tenantFixture('beta', 200)]));
  });
  afterAll(async () => {
    await store?.close();
    await pgdb?.drop();
  });

  it('serves the store modules from PostgreSQL: the seeded tenants, sections and content read back', async () => {
    expect(store.path).toMatch(/^postgres:\/\//);
    const [row] = await store.all<{ engine: string }>("select 'pg' || current_setting('server_version_num') as engine");
    expect(row!.engine).toMatch(/^pg\d+/);
    expect((await listTenants(store.db)).map((t) => t.tenantKey).sort()).toEqual(['alpha', 'beta']);
    expect((await getTenant(store.db, 'alpha'))!.settings).toEqual(expect.objectContaining({ general: expect.any(Object) }));
    expect((await listSections(store.db, 'alpha')).map((s) => s.name)).toContain('Home');
    const home = (await getSection(store.db, 'alpha', 101))!;
    expect(home).toMatchObject({ id: 101, name: 'Home', manualAlias: true });
    expect(typeof home.updatedAt).toBe('number');
    const [first] = await store.all<{ id: number }>("select id from content where tenant_key = 'alpha' order by id limit 2");
    const rows = await contentByIds(store.db, 'alpha', [first!.id, 999]);
    expect(rows.map((r) => r.id)).toEqual([first!.id]);
  });

  it('gives SQLite\'s total() and json_extract() their SQLite meaning', async () => {
    const [r] = await store.all<{ s: number; e: number; d: string | null }>(
      "select (select total(id) from redirects where id < 0) as e, (select total(x) from (values (1), (2)) v(x)) as s, json_extract('{\"a\":{\"b\":\"deep\"}}'::jsonb, '$.a.b') as d",
    );
    expect(r).toEqual({ e: 0, s: 3, d: 'deep' });
  });

  it('fills identity ids and column defaults for unset values, and reads numbers as numbers', async () => {
    const r = await store.transaction(async (tx) => rawOf(tx).all<{ id: number; created_at: number }>(
      "insert into redirects (tenant_key, from_path, to_path) values ('alpha', '/old-wire', '/new-wire') returning id, created_at",
    ));
    expect(typeof r[0]!.id).toBe('number');
    expect(Math.abs(r[0]!.created_at - Date.now())).toBeLessThan(60_000);
  });

  it('keeps the Store contract: rollback on error, writes outside the transaction refused', async () => {
    const before = await store.all<{ n: number }>('select count(*) as n from redirects');
    await expect(store.transaction(async (tx) => {
      await rawOf(tx).run("insert into redirects (tenant_key, from_path, to_path) values ('alpha', '/gone', '/x')");
      throw new Error('stop');
    })).rejects.toThrow('stop');
    expect(await store.all('select count(*) as n from redirects')).toEqual(before);
    await expect(store.transaction(async () => store.run("insert into redirects (tenant_key, from_path, to_path) values ('alpha', '/out', '/x')")))
      .rejects.toBeInstanceOf(WriteOutsideTransactionError);
  });

  it('refuses any other URL instead of taking it as a folder name', async () => {
    await expect(openStore({ path: 'mysql://127.0.0.1/masthead' })).rejects.toThrow(/Not a database this store can open: "mysql:\/\/127\.0\.0\.1\/masthead"/);
  });
});
