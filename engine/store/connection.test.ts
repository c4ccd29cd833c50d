import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { migrateStore, openStore, type Store } from './connection';
import { tenants } from './schema';
import { tempDbPath } from '../../tests/helpers/fixture-set';

const open: Store[] = [];
afterEach(async () => { while (open.length) await open.pop()!.close(); });
async function fresh(path = tempDbPath()) {
  const s = await openStore({ path });
  open.push(s);
  return s;
}
const settings = { general: { siteName: 'X' } } as never;

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

  it('refuses content ids that are not eight digits, even past the domain checks', async () => {
    const s = await fresh();
    await expect(s.run("insert into content (id, tenant_key, type, name, slug, primary_section_id, labels, metadata) values (123, 'x', 'Article', 'n', 's', 1, '[]', '{}')"))
      .rejects.toThrow(/CHECK constraint failed|FOREIGN KEY/);
  });
});
