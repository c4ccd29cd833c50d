// Layouts of one tenant.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../connection';
import { layouts } from '../schema';

export type LayoutRecord = typeof layouts.$inferSelect;

export async function listAllLayouts(db: Db, tenantKey: string): Promise<LayoutRecord[]> {
  return db.select().from(layouts).where(eq(layouts.tenantKey, tenantKey)).orderBy(asc(layouts.id));
}

export async function listLayouts(db: Db, f: { tenantKey: string; type?: string | undefined; limit: number; skip: number }): Promise<{ rows: LayoutRecord[]; total: number }> {
  const where: SQL[] = [eq(layouts.tenantKey, f.tenantKey)];
  if (f.type) where.push(eq(layouts.type, f.type));
  const rows = await db.select().from(layouts).where(and(...where)).orderBy(asc(layouts.name), asc(layouts.id)).limit(f.limit).offset(f.skip);
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(layouts).where(and(...where));
  return { rows, total: Number(count?.n ?? 0) };
}

export async function getLayout(db: Db, tenantKey: string, id: number): Promise<LayoutRecord | undefined> {
  const [row] = await db.select().from(layouts).where(and(eq(layouts.id, id), eq(layouts.tenantKey, tenantKey))).limit(1);
  return row;
}

export async function deleteLayoutRow(db: Db, tenantKey: string, id: number): Promise<void> {
  await db.delete(layouts).where(and(eq(layouts.id, id), eq(layouts.tenantKey, tenantKey)));
}
