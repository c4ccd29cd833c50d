// Multi-row upserts: one INSERT … ON CONFLICT DO UPDATE per chunk, chunked under SQLite's
// bound-parameter limit. Used by the seed and by bulk writers; created_at is never overwritten.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './connection';

const MAX_PARAMS = 30_000;

export async function upsertRows<T extends SQLiteTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  target: SQLiteColumn | SQLiteColumn[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const targets = new Set((Array.isArray(target) ? target : [target]).map((c) => c.name));
  const set: Record<string, SQL> = {};
  for (const [prop, col] of Object.entries(columns)) {
    if (targets.has(col.name) || col.name === 'created_at') continue;
    set[prop] = col.name === 'updated_at' ? sql`(cast(unixepoch('subsec') * 1000 as integer))` : sql.raw(`excluded."${col.name}"`);
  }
  const chunk = Math.max(1, Math.floor(MAX_PARAMS / Object.keys(columns).length));
  for (let i = 0; i < rows.length; i += chunk) {
    await db
      .insert(table)
      .values(rows.slice(i, i + chunk) as never)
      .onConflictDoUpdate({ target, set } as never);
  }
}

/** Plain multi-row insert, chunked the same way. */
export async function insertRows<T extends SQLiteTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const width = Object.keys(getTableColumns(table)).length;
  const chunk = Math.max(1, Math.floor(MAX_PARAMS / width));
  for (let i = 0; i < rows.length; i += chunk) {
    await db.insert(table).values(rows.slice(i, i + chunk) as never);
  }
}
