// Tenant isolation enforced by PostgreSQL itself (row-level security), checked as the app's role:
// a login that is neither superuser nor BYPASSRLS and does not own the tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { openPgStore, pgRawOf, type PgStore } from './connection';
import { content } from './schema';
import { PG_TABLES } from './schema-all';
import { ALL_TENANTS_CONDITION, GLOBAL_TABLES, isolationSql } from './tenancy';
import { allTenants, allTenantsCounts, inTenant, setScopeTenant, tenantScope } from '../tenant-scope';
import { freshPgDatabase, type FreshPg } from '../../../tests/helpers/pg';

let db: FreshPg;
let owner: PgStore;
let app: PgStore;

beforeAll(async () => {
  db = await freshPgDatabase('rls');
  owner = await openPgStore({ url: db.url, migrate: true });
  for (const [key, id] of [['alpha', 1], ['beta', 2]] as const) {
    await owner.run('insert into tenants (tenant_key, name, domain, abbreviation, settings) values (?, ?, ?, ?, ?)', [key, key, `${key}.test`, key, '{}']);
    await owner.run('insert into website_sections (id, tenant_key, name, alias, system_alias) values (?, ?, ?, ?, ?)', [id, key, 'News', 'news', 'news']);
    await owner.run('insert into persons (id, tenant_key, first_name, last_name, full_name) values (?, ?, ?, ?, ?)', [id, key, 'A', key, `A ${key}`]);
    await owner.run(`insert into content (id, tenant_key, type, name, slug, primary_section_id, labels, metadata)
      values (?, ?, 'Article', ?, ?, ?, '[]', '{}')`, [10000000 + id, key, `${key} story`, `${key}-story`, id]);
    await owner.run('insert into content_authors (content_id, person_id, position) values (?, ?, 0)', [10000000 + id, id]);
  }
  app = await openPgStore({ url: await db.appRole(), max: 1 });
});
afterAll(async () => {
  await app?.close();
  await owner?.close();
  await db?.drop();
});

describe('row-level security', () => {
  it('runs the app as a role that can neither bypass row security nor owns the tables', async () => {
    const [r] = await app.all<{ super: number; bypass: number; owns: number }>(
      `select rolsuper as super, rolbypassrls as bypass,
        (select count(*) from pg_tables where schemaname = 'public' and tableowner = current_user) as owns
       from pg_roles where rolname = current_user`,
    );
    expect(r).toEqual({ super: 0, bypass: 0, owns: 0 });
  });

  it('shows a transaction with the tenant set only that tenant\'s rows, child tables included', async () => {
    await app.withTenant('alpha', async (tx) => {
      expect((await tx.select({ name: content.name }).from(content)).map((r) => r.name)).toEqual(['alpha story']);
      expect(await pgRawOf(tx).all('select content_id from content_authors')).toEqual([{ content_id: 10000001 }]);
      expect(await pgRawOf(tx).all('select tenant_key from persons')).toEqual([{ tenant_key: 'alpha' }]);
    });
    await app.withTenant('beta', async (tx) => {
      expect(await pgRawOf(tx).all('select id from content')).toEqual([{ id: 10000002 }]);
    });
  });

  it('shows a query without the tenant setting nothing, also on the connection a tenant transaction used before', async () => {
    expect(await app.all('select id from content')).toEqual([]);
    expect(await app.all('select content_id from content_authors')).toEqual([]);
    await app.transaction(async (tx) => {
      expect(await pgRawOf(tx).all('select id from website_sections')).toEqual([]);
    });
    // Global tables stay readable: a request is resolved to its tenant through them.
    expect((await app.all<{ n: number }>('select count(*) as n from tenants'))[0]!.n).toBe(2);
  });

  it('refuses a write of another tenant\'s row, and cannot touch rows it does not see', async () => {
    await expect(app.withTenant('alpha', (tx) => pgRawOf(tx).run(
      "insert into persons (id, tenant_key, first_name, last_name, full_name) values (3, 'beta', 'X', 'Y', 'X Y')",
    ))).rejects.toThrow(/row-level security/);
    await expect(app.withTenant('alpha', (tx) => pgRawOf(tx).run(
      "update persons set tenant_key = 'beta' where id = 1",
    ))).rejects.toThrow(/row-level security/);
    await expect(app.withTenant('alpha', (tx) => pgRawOf(tx).run(
      'insert into content_authors (content_id, person_id, position) values (10000002, 1, 1)',
    ))).rejects.toThrow(/row-level security/);
    const changed = await app.withTenant('alpha', (tx) => pgRawOf(tx).run("update content set name = 'hijacked' where id = 10000002"));
    expect(changed.changes).toBe(0);
    await expect(app.run("insert into persons (id, tenant_key, first_name, last_name, full_name) values (4, 'alpha', 'X', 'Y', 'X Y')"))
      .rejects.toThrow(/row-level security/);
    expect(await owner.all('select name from content where id = 10000002')).toEqual([{ name: 'beta story' }]);
    expect(await owner.all('select id from persons order by id')).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('lets a tenant write its own rows', async () => {
    await app.withTenant('beta', (tx) => pgRawOf(tx).run(
      "insert into persons (id, tenant_key, first_name, last_name, full_name) values (5, 'beta', 'B', 'C', 'B C')",
    ));
    expect(await owner.all('select tenant_key from persons where id = 5')).toEqual([{ tenant_key: 'beta' }]);
  });

  it('refuses a tenant key that is not one', async () => {
    await expect(app.withTenant("x' or '1'='1", async () => undefined)).rejects.toThrow(/tenantKey/);
  });

  it('has row security enabled and forced, with a policy, on every table but the listed global ones', async () => {
    const rows = await owner.all<{ name: string; rls: number; forced: number; policies: number }>(
      `select c.relname as name, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
              (select count(*) from pg_policy p where p.polrelid = c.oid) as policies
         from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')`,
    );
    const byName = new Map(rows.map((r) => [r.name, r]));
    for (const t of PG_TABLES) {
      const name = getTableConfig(t).name;
      const expected = name in GLOBAL_TABLES ? { rls: 0, forced: 0, policies: 0 } : { rls: 1, forced: 1, policies: 1 };
      expect(byName.get(name), name).toMatchObject(expected);
    }
    // The default partitions of the day-partitioned tables, queried by name, are held to it too.
    expect(byName.get('events_default')).toMatchObject({ rls: 1, forced: 1, policies: 1 });
    expect(Object.keys(GLOBAL_TABLES).length).toBeLessThan(PG_TABLES.length / 4);
  });

  it('lets work inside allTenants read and write every tenant\'s rows; inTenant inside it narrows again', async () => {
    const before = allTenantsCounts()['cross-site-report'] ?? 0;
    expect((await allTenants('cross-site-report', () => app.all<{ id: number }>('select id from content order by id'))).map((r) => r.id))
      .toEqual([10000001, 10000002]);
    expect(allTenantsCounts()['cross-site-report']).toBe(before + 1);
    const written = await allTenants('syndication', () => app.transaction((tx) => pgRawOf(tx).run("update website_sections set name = 'Newsroom' where id in (1, 2)")));
    expect(written.changes).toBe(2);
    expect(await owner.all('select tenant_key, name from website_sections order by id')).toEqual([{ tenant_key: 'alpha', name: 'Newsroom' }, { tenant_key: 'beta', name: 'Newsroom' }]);
    expect(await allTenants('syndication', () => inTenant('beta', () => app.all('select id from content')))).toEqual([{ id: 10000002 }]);
    // Outside it, on the same pooled connection, nothing again.
    expect(await app.all('select id from content')).toEqual([]);
  });

  it('acts for all tenants for the statements issued inside allTenants within a tenant\'s transaction, then for the tenant again', async () => {
    await app.withTenant('alpha', async (tx) => {
      const raw = pgRawOf(tx);
      expect(await allTenants('id-allocation', () => raw.all<{ n: number }>('select max(id) as n from content'))).toEqual([{ n: 10000002 }]);
      expect(await raw.all('select id from content')).toEqual([{ id: 10000001 }]);
      await expect(raw.run("insert into persons (id, tenant_key, first_name, last_name, full_name) values (6, 'beta', 'X', 'Y', 'X Y')")).rejects.toThrow(/row-level security/);
    });
  });

  it('cannot be reached by naming a tenant: \'*\' is no tenant key, and a request scope cannot switch to it', async () => {
    expect(() => inTenant('*', () => undefined)).toThrow(/tenantKey/);
    tenantScope(() => expect(() => setScopeTenant('*')).toThrow(/tenantKey/));
    await expect(app.withTenant('*', async () => undefined)).rejects.toThrow(/tenantKey/);
    expect(() => allTenants('because' as never, () => undefined)).toThrow(/not a listed reason/);
    // A request that named its tenant stays on it (allTenants is for the code, after its own checks).
    await tenantScope(async () => {
      setScopeTenant('alpha');
      expect(() => setScopeTenant('beta')).toThrow(/already acts for alpha/);
      expect(await app.all('select id from content')).toEqual([{ id: 10000001 }]);
    });
  });

  it('has the all-tenants clause in every tenant policy, day partitions made later included', async () => {
    await owner.all("select masthead_ensure_day_partitions('events', '2031-01-01', 1)");
    const policies = await owner.all<{ tablename: string; qual: string; with_check: string | null }>(
      "select tablename, qual, with_check from pg_policies where schemaname = 'public'");
    expect(policies.length).toBeGreaterThan(40);
    expect(policies.map((p) => p.tablename)).toContain('events_p20310101');
    for (const p of policies) {
      expect(p.qual, p.tablename).toContain("current_setting('masthead.tenant'::text, true) = '*'::text");
      expect(p.with_check ?? p.qual, p.tablename).toContain("current_setting('masthead.tenant'::text, true) = '*'::text");
    }
    // New tables' migrations are written from isolationSql, which carries the same clause.
    expect(isolationSql(content, PG_TABLES)[2]).toContain(ALL_TENANTS_CONDITION);
  });
});
