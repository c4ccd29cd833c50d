// The history table: one row per admin operation (who, when, what changed).
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../connection';
import { cmsUsers, history } from '../schema';

export interface HistoryEntry {
  tenantKey: string | null;
  actorType: 'staff' | 'cli' | 'system';
  actorId: number | null;
  entityType: string;
  entityId: string;
  action: string;
  changes: Record<string, unknown>;
}

export async function insertHistory(db: Db, entry: HistoryEntry): Promise<void> {
  await db.insert(history).values(entry);
}

export interface HistoryFilter {
  /** null: rows not about one tenant (staff accounts). */
  tenantKey: string | null;
  entityType?: string | undefined;
  entityId?: string | undefined;
  limit: number;
  skip: number;
}

export interface HistoryRow extends HistoryEntry { id: number; createdAt: number; actorUsername: string | null }

export async function listHistory(db: Db, f: HistoryFilter): Promise<{ rows: HistoryRow[]; total: number }> {
  const where: SQL[] = [f.tenantKey === null ? isNull(history.tenantKey) : eq(history.tenantKey, f.tenantKey)];
  if (f.entityType) where.push(eq(history.entityType, f.entityType));
  if (f.entityId) where.push(eq(history.entityId, f.entityId));
  const rows = await db.select({
    id: history.id, tenantKey: history.tenantKey, actorType: history.actorType, actorId: history.actorId,
    entityType: history.entityType, entityId: history.entityId, action: history.action, changes: history.changes,
    createdAt: history.createdAt, actorUsername: cmsUsers.username,
  }).from(history).leftJoin(cmsUsers, eq(cmsUsers.id, history.actorId))
    .where(and(...where)).orderBy(desc(history.id)).limit(f.limit).offset(f.skip);
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(history).where(and(...where));
  return { rows: rows as HistoryRow[], total: Number(count?.n ?? 0) };
}
