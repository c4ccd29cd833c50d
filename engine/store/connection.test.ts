import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { migrateStore, openStore, rawOf, WriteOutsideTransactionError, type Store } from './connection';
import { tenants } from './schema';
import { tempDbPath } from '../../tests/helpers/fixture-set';

const open: Store[] = [];
afterEach(async () => { while (open.length) await open.pop()!.close(); });
async function fresh(path = tempDbPath(), readers = 0) {
  const s = await openStore({ path, readers });
  open.push(s);
  return s;
}
const settings = { general: { siteName: 'X' } } as never;
/** The error a failed promise ends with, past drizzle's "Failed query" wrapper. */
async function rootCause(p: Promise<unknown>): Promise<unknown> {
  let e: unknown = await p.then(() => undefined, (x: unknown) => x);
  while (e instanceof Error && e.cause) e = e.cause;
  return e;
}

describe('connection', () => {
  it('applies migrations to an empty database, and applying them again changes nothing', async () => {
    const path = tempDbPath();
    const raw = await openStore({ path, migrate: false });
    open.push(raw);
    expect(await raw.all("select name from sqlite_master where name = 'content'")).toHaveLength(0);
    expect((await migrateStore(raw)).applied).toBeGreaterThan(0);
    expect(await raw.all("select name from sqlite_master where name = 'content'")).toHaveLength(1);
    const schemaBefore = await raw.all('select sql from sqlite_master order by name');
    expect((await migrateStore(raw)).applied).toBe(0);
    expect(await raw.all('select sql from sqlite_master order by name')).toEqual(schemaBefore);
  });

  it('runs with WAL, foreign keys on and a busy timeout of at least 5 s', async () => {
    const s = await fresh();
    expect(await s.all('pragma journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    expect(await s.all('pragma foreign_keys')).toEqual([{ foreign_keys: 1 }]);
    const [row] = await s.all<{ timeout: number }>('pragma busy_timeout');
    expect(row!.timeout).toBeGreaterThanOrEqual(5000);
  });

  it('rolls a failed transaction back completely', async () => {
    const s = await fresh();
    await expect(s.transaction(async (tx) => {
      await tx.insert(tenants).values({ tenantKey: 'a', name: 'A', domain: 'a.localhost', abbreviation: 'A', settings });
      throw new Error('boom');
    })).rejects.toThrow('boom');
    expect(await s.db.select().from(tenants)).toHaveLength(0);
  });

  it('serialises read-then-write transactions so concurrent increments are not lost', async () => {
    const s = await fresh();
    await s.db.insert(tenants).values({ tenantKey: 'a', name: '0', domain: 'a.localhost', abbreviation: 'A', settings });
    const bump = () => s.transaction(async (tx) => {
      const [row] = await tx.select().from(tenants).where(eq(tenants.tenantKey, 'a'));
      await new Promise((r) => setTimeout(r, 5));
      await tx.update(tenants).set({ name: String(Number(row!.name) + 1) }).where(eq(tenants.tenantKey, 'a'));
    });
    await Promise.all(Array.from({ length: 10 }, bump));
    const [row] = await s.db.select().from(tenants);
    expect(row!.name).toBe('10');
  });

  it('serialises transactions across two connections to the same file (BEGIN IMMEDIATE + busy timeout)', async () => {
    const path = tempDbPath();
    const a = await fresh(path);
    const b = await fresh(path);
    await a.db.insert(tenants).values({ tenantKey: 'a', name: '0', domain: 'a.localhost', abbreviation: 'A', settings });
    const bump = (s: Store) => s.transaction(async (tx) => {
      const [row] = await tx.select().from(tenants).where(eq(tenants.tenantKey, 'a'));
      await new Promise((r) => setTimeout(r, 5));
      await tx.update(tenants).set({ name: String(Number(row!.name) + 1) }).where(eq(tenants.tenantKey, 'a'));
    });
    await Promise.all([bump(a), bump(b), bump(a), bump(b)]);
    const [row] = await a.db.select().from(tenants);
    expect(row!.name).toBe('4');
  });

  it('rolls back only the inner part of a nested transaction', async () => {
    const s = await fresh();
    await s.transaction(async (tx) => {
      await tx.insert(tenants).values({ tenantKey: 'a', name: 'A', domain: 'a.localhost', abbreviation: 'A', settings });
      await expect(s.transaction(async (inner) => {
        await inner.insert(tenants).values({ tenantKey: 'b', name: 'B', domain: 'b.localhost', abbreviation: 'B', settings });
        throw new Error('inner');
      })).rejects.toThrow('inner');
    });
    expect((await s.db.select().from(tenants)).map((t) => t.tenantKey)).toEqual(['a']);
  });

  it('refuses a write through the store\'s own handles while its transaction is open, and rolls the transaction back', async () => {
    const s = await fresh();
    expect(await rootCause(s.transaction(async (tx) => {
      await tx.insert(tenants).values({ tenantKey: 'a', name: 'A', domain: 'a.localhost', abbreviation: 'A', settings });
      await s.db.insert(tenants).values({ tenantKey: 'b', name: 'B', domain: 'b.localhost', abbreviation: 'B', settings });
    }))).toBeInstanceOf(WriteOutsideTransactionError);
    expect(await rootCause(s.transaction(() => s.run('delete from tenants')))).toBeInstanceOf(WriteOutsideTransactionError);
    expect(await s.db.select().from(tenants)).toHaveLength(0);
  });

  it('reads through the store inside a transaction still see its writes, and raw SQL on the transaction object runs in it', async () => {
    const s = await fresh();
    await expect(s.transaction(async (tx) => {
      await rawOf(tx).run("insert into tenants (tenant_key, name, domain, abbreviation, settings) values ('a', 'A', 'a.localhost', 'A', '{}')");
      expect(await s.db.select().from(tenants)).toHaveLength(1);
      throw new Error('after the write');
    })).rejects.toThrow('after the write');
    expect(await s.db.select().from(tenants)).toHaveLength(0);
  });

  describe('with read-only connections (readers)', () => {
    const insertA = "insert into tenants (tenant_key, name, domain, abbreviation, settings) values ('a', 'A', 'a.localhost', 'A', '{}')";
    /** Starts a transaction that writes and then holds until `release` is called. */
    function holdingTransaction(s: Store) {
      let release!: () => void;
      const held = new Promise<void>((ok) => (release = ok));
      let wrote!: () => void;
      const written = new Promise<void>((ok) => (wrote = ok));
      const done = s.transaction(async (tx) => {
        await rawOf(tx).run(insertA);
        wrote();
        await held;
      });
      return { written, release, done };
    }
    /** Whether `p` settles within `ms` (generous where it must, short where it must not: a loaded machine only delays). */
    const settled = (p: Promise<unknown>, ms: number) => Promise.race([p.then(() => true), new Promise((ok) => setTimeout(() => ok(false), ms))]);

    it('a SELECT outside the transaction is answered while a transaction is open, from the last committed state', async () => {
      const s = await fresh(tempDbPath(), 2);
      const t = holdingTransaction(s);
      await t.written;
      const during = s.db.select().from(tenants);
      expect(await settled(during, 10_000)).toBe(true);
      expect(await during).toHaveLength(0);
      t.release();
      await t.done;
      expect(await s.db.select().from(tenants)).toHaveLength(1);
      expect(await s.all('select tenant_key from tenants')).toEqual([{ tenant_key: 'a' }]);
    });

    it('without readers the same SELECT waits for the transaction to end', async () => {
      const s = await fresh(tempDbPath(), 0);
      const t = holdingTransaction(s);
      await t.written;
      const during = s.db.select().from(tenants);
      expect(await settled(during, 300)).toBe(false);
      t.release();
      await t.done;
      expect(await during).toHaveLength(1);
    });

    it('writes still go through the one writer, and reads inside a transaction still see its own writes', async () => {
      const s = await fresh(tempDbPath(), 2);
      await s.run(insertA);
      await s.transaction(async (tx) => {
        await rawOf(tx).run("update tenants set name = 'B' where tenant_key = 'a'");
        expect((await s.db.select().from(tenants))[0]?.name).toBe('B');
      });
      expect((await s.db.select().from(tenants))[0]?.name).toBe('B');
    });
  });

  it('refuses a transaction object used after its transaction ended', async () => {
    const s = await fresh();
    const leaked = await s.transaction(async (tx) => tx);
    const e = await rootCause(leaked.insert(tenants).values({ tenantKey: 'a', name: 'A', domain: 'a.localhost', abbreviation: 'A', settings }));
    expect(String(e)).toMatch(/outside its transaction/);
    expect(await s.db.select().from(tenants)).toHaveLength(0);
  });

  it('refuses content ids that are not eight digits, even past the domain checks', async () => {
    const s = await fresh();
    await expect(s.run("insert into content (id, tenant_key, type, name, slug, primary_section_id, labels, metadata) values (123, 'x', 'Article', 'n', 's', 1, '[]', '{}')"))
      .rejects.toThrow(/CHECK constraint failed|FOREIGN KEY/);
  });
});
