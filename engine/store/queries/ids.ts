// Id allocation for rows created through the API: the next id after the largest in use (ids are
// global across tenants). Call inside the write transaction so two writers never get the same id.
import { sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { AppError } from '../../domain/errors';
import { CONTENT_ID_MAX, CONTENT_ID_MIN } from '../../domain/records';
import { dialectOfDb, rawOf, type Db } from '../connection';
import { allTenants } from '../tenant-scope';
import * as t from '../schema';
import { adUnits, houseAds } from '../schema-ads';

const TABLES = {
  content: t.content, section: t.websiteSections, layout: t.layouts, redirect: t.redirects,
  adUnitPattern: t.adUnitPatterns, cmsUser: t.cmsUsers, person: t.persons, taxonomy: t.taxonomy,
  adUnit: adUnits, houseAd: houseAds,
} as const satisfies Record<string, SQLiteTable & { id: SQLiteColumn }>;
export type AllocatedKind = keyof typeof TABLES;

export async function nextId(db: Db, kind: AllocatedKind): Promise<number> {
  const table = TABLES[kind];
  // Ids are installation-wide: the largest in use by any tenant (on PostgreSQL, read acting for all tenants).
  const [row] = await allTenants('id-allocation', async () => await db.select({ max: sql<number | null>`max(${table.id})` }).from(table));
  const max = Number(row?.max ?? 0);
  if (kind === 'content') {
    const next = Math.max(max + 1, CONTENT_ID_MIN);
    if (next > CONTENT_ID_MAX) throw new AppError('CONFLICT', { message: 'No eight-digit content ids are left.' });
    return next;
  }
  return max + 1;
}

/**
 * PostgreSQL: moves `table`'s identity column past its highest id, after rows were written with
 * explicit ids (fixtures), so the next row the admin creates does not collide. SQLite needs nothing.
 */
export async function continueIdentity(db: Db, table: string): Promise<void> {
  if (dialectOfDb(db) !== 'postgres') return;
  if (!/^[a-z_]+$/.test(table)) throw new Error(`continueIdentity: not a table name: ${table}`);
  await rawOf(db).all(`select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 0) from ${table}) + 1, false)`);
}
