import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { WriteOutsideTransactionError } from '../connection';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkPgUrl, migratePgStore, openPgStore, PG_MIGRATIONS_FOLDER, pgRawOf, toPgParams, type PgStore } from './connection';
import { tenants } from './schema';
import { freshPgDatabase, type FreshPg } from '../../../tests/helpers/pg';

let pgdb: FreshPg;
let store: PgStore;
beforeAll(async () => {
  pgdb = await freshPgDatabase('conn');
  store = await openPgStore({ url: pgdb.url, migrate: true });
});
afterAll(async () => {
  await store?.close();
  await pgdb?.drop();
});

const tenant = (key: string) => ({ tenantKey: key, name: key, domain: `${key}.test`, abbreviation: key.toUpperCase(), settings: { general: { siteName: key } } as never });
async function rootCause(p: Promise<unknown>): Promise<unknown> {
  let e: unknown = await p.then(() => undefined, (x: unknown) => x);
  while (e instanceof Error && e.cause) e = e.cause;
  return e;
}

describe('toPgParams', () => {
  it('numbers ? placeholders in order, leaving strings, quoted identifiers and comments alone', () => {
    expect(toPgParams("select * from t where a = ? and b = '?' and \"c?\" = ? -- ?\n and d = ? /* ? */")).toBe(
      "select * from t where a = $1 and b = '?' and \"c?\" = $2 -- ?\n and d = $3 /* ? */",
    );
    expect(toPgParams("select 'it''s ?', ?")).toBe("select 'it''s ?', $1");
    expect(toPgParams('select * from t where a in (?1) or b in (?1) and c = ?2')).toBe('select * from t where a in ($1) or b in ($1) and c = $2');
  });
});

describe('checkPgUrl', () => {
  it('names what is wrong with a URL', () => {
    expect(() => checkPgUrl('nonsense')).toThrow(/Not a PostgreSQL URL/);
    expect(() => checkPgUrl('mysql://h/db')).toThrow(/scheme is mysql/);
    expect(() => checkPgUrl('postgres://127.0.0.1:5432/')).toThrow(/names no database/);
  });
});

describe('PostgreSQL store', () => {
  it('runs statements a transaction issues at once one at a time on its client (pg deprecates overlapping queries; pg 9 refuses them)', async () => {
    // Every query a pg client is given while it still runs one is an overlap.
    const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown; activeQuery?: unknown; queryQueue?: unknown[] };
    const original = proto.query;
    let overlaps = 0;
    proto.query = function (this: typeof proto, ...a: unknown[]) {
      if (this.activeQuery || (this.queryQueue?.length ?? 0) > 0) overlaps += 1;
      return original.apply(this, a);
    };
    try {
      const answers = await store.transaction(async (tx) => Promise.all(Array.from({ length: 12 }, (_, i) => pgRawOf(tx).all<{ n: number }>('select ?::int as n, pg_sleep(0.002)', [i]))));
      expect(answers.map((r) => Number(r[0]!.n))).toEqual([...Array(12).keys()]);
    } finally {
      proto.query = original;
    }
    expect(overlaps).toBe(0);
  });

  it('applies the migrations once: applying them again changes nothing', async () => {
    const tables = await store.all<{ n: number }>("select count(*) as n from pg_tables where schemaname = 'public'");
    expect(tables[0]!.n).toBeGreaterThan(60);
    const applied = await store.all<{ n: number }>('select count(*) as n from drizzle.__drizzle_migrations');
    await migratePgStore(store);
    expect(await store.all('select count(*) as n from drizzle.__drizzle_migrations')).toEqual(applied);
  });

  it('applies each migration once when several instances migrate a new database together', async () => {
    const other = await freshPgDatabase('mig');
    const stores = await Promise.all([1, 2, 3].map(() => openPgStore({ url: other.url, max: 1 })));
    try {
      await Promise.all(stores.map((s) => migratePgStore(s)));
      const journal = JSON.parse(readFileSync(join(PG_MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(await stores[0]!.all('select count(*) as n from drizzle.__drizzle_migrations')).toEqual([{ n: journal.entries.length }]);
    } finally {
      for (const s of stores) await s.close();
      await other.drop();
    }
  });

  it('commits a transaction, and rolls all of it back when the callback throws', async () => {
    await store.transaction((tx) => tx.insert(tenants).values(tenant('alpha')));
    await expect(store.transaction(async (tx) => {
      await tx.insert(tenants).values(tenant('beta'));
      throw new Error('boom');
    })).rejects.toThrow('boom');
    const keys = (await store.db.select({ k: tenants.tenantKey }).from(tenants)).map((r) => r.k);
    expect(keys).toContain('alpha');
    expect(keys).not.toContain('beta');
  });

  it('nests as savepoints: an inner failure rolls back only the inner work', async () => {
    await store.transaction(async (tx) => {
      await tx.insert(tenants).values(tenant('outer1'));
      await expect(store.transaction(async (inner) => {
        await inner.insert(tenants).values(tenant('inner1'));
        throw new Error('inner');
      })).rejects.toThrow('inner');
    });
    const keys = (await store.db.select({ k: tenants.tenantKey }).from(tenants)).map((r) => r.k);
    expect(keys).toContain('outer1');
    expect(keys).not.toContain('inner1');
  });

  it('refuses a write through the store handle while its transaction is open, and a tx used after its end', async () => {
    let leaked: typeof store.db | undefined;
    const err = await rootCause(store.transaction(async (tx) => {
      leaked = tx;
      await store.db.insert(tenants).values(tenant('outside'));
    }));
    expect(err).toBeInstanceOf(WriteOutsideTransactionError);
    await expect(store.transaction(async () => store.run("delete from tenants where tenant_key = 'alpha'"))).rejects.toBeInstanceOf(WriteOutsideTransactionError);
    expect(await store.all("select 1 from tenants where tenant_key = 'alpha'")).toHaveLength(1);
    expect(await rootCause(leaked!.select().from(tenants))).toMatchObject({ message: /outside its transaction/ });
  });

  it('runs raw SQL with ? parameters, returning values as SQLite would (numbers, 1/0, JSON text)', async () => {
    await store.transaction(async (tx) => {
      const r = await pgRawOf(tx).run(
        "insert into tenants (tenant_key, name, domain, abbreviation, is_test, settings) values (?, ?, ?, ?, ?, ?)",
        ['gamma', 'What? Gamma', 'gamma.test', 'G', 1, JSON.stringify({ general: { siteName: 'G' } })],
      );
      expect(r.changes).toBe(1);
    });
    const [row] = await store.all<Record<string, unknown>>('select name, is_test, settings, created_at, (select count(*) from tenants) as n from tenants where tenant_key = ?', ['gamma']);
    // JSON columns are PostgreSQL json (pg/schema*.ts): the text comes back as it was written, as from SQLite.
    expect(row).toMatchObject({ name: 'What? Gamma', is_test: 1, settings: '{"general":{"siteName":"G"}}' });
    expect(typeof row!.created_at).toBe('number');
    expect(Math.abs((row!.created_at as number) - Date.now())).toBeLessThan(60_000);
    expect(typeof row!.n).toBe('number');
    const [typed] = await store.db.select().from(tenants).where(eq(tenants.tenantKey, 'gamma'));
    expect(typed).toMatchObject({ isTest: true, settings: { general: { siteName: 'G' } } });
  });

  it('serialises write transactions as SQLite does: concurrent read-then-write never loses an update', async () => {
    await store.run("insert into installation_secrets (name, value) values ('counter', '0')");
    await Promise.all(Array.from({ length: 8 }, () => store.transaction(async (tx) => {
      const [r] = await pgRawOf(tx).all<{ value: string }>("select value from installation_secrets where name = 'counter'");
      await new Promise((ok) => setTimeout(ok, 5));
      await pgRawOf(tx).run("update installation_secrets set value = ? where name = 'counter'", [String(Number(r!.value) + 1)]);
    })));
    expect(await store.all("select value from installation_secrets where name = 'counter'")).toEqual([{ value: '8' }]);
  });

  it('refuses to open an unreachable server with a clear message', async () => {
    await expect(openPgStore({ url: 'postgres://postgres@127.0.0.1:1/none' })).rejects.toThrow(/Cannot connect to PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/none/);
  });
});
