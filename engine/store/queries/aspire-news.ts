// Internal news (admin §3.6, §4): staff news items and who has read them. Global, not per tenant.
import { and, count, desc, eq, gte, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../connection';
import { aspireNews, aspireNewsReads } from '../schema-company';

export interface AspireNewsRow {
  id: number;
  title: string;
  description: string;
  date: number;
  status: number;
  alert: boolean;
  hasRead: boolean;
}

export interface AspireNewsFields {
  title: string;
  description: string;
  date: number;
  status: number;
  alert: boolean;
}

export interface AspireNewsFilter {
  userId: number | null;
  skip: number;
  limit: number;
  /** Only items this user has not read. */
  hideRead: boolean;
  /** 1 published, 2 draft; undefined: both. */
  status?: number | undefined;
  /** Only alert items dated at or after this instant (epoch ms). */
  alertsSince?: number | undefined;
}

const readBy = (userId: number | null) => and(eq(aspireNewsReads.newsId, aspireNews.id), eq(aspireNewsReads.userId, userId ?? -1));

/** A page of items (newest date first) with this user's read flag, and the total matching. */
export async function listAspireNews(db: Db, f: AspireNewsFilter): Promise<{ items: AspireNewsRow[]; total: number }> {
  const where: SQL[] = [];
  if (f.status !== undefined) where.push(eq(aspireNews.status, f.status));
  if (f.hideRead) where.push(isNull(aspireNewsReads.newsId));
  if (f.alertsSince !== undefined) where.push(eq(aspireNews.alert, true), gte(aspireNews.date, f.alertsSince));
  const cond = where.length ? and(...where) : undefined;
  const rows = await db.select({
    id: aspireNews.id, title: aspireNews.title, description: aspireNews.description, date: aspireNews.date,
    status: aspireNews.status, alert: aspireNews.alert, readAt: aspireNewsReads.readAt,
  }).from(aspireNews).leftJoin(aspireNewsReads, readBy(f.userId)).where(cond)
    .orderBy(desc(aspireNews.date), desc(aspireNews.id)).limit(f.limit).offset(f.skip);
  const [t] = await db.select({ n: count() }).from(aspireNews).leftJoin(aspireNewsReads, readBy(f.userId)).where(cond);
  return {
    items: rows.map(({ readAt, ...r }) => ({ ...r, alert: !!r.alert, hasRead: readAt !== null })),
    total: t?.n ?? 0,
  };
}

export async function getAspireNews(db: Db, id: number, userId: number | null): Promise<AspireNewsRow | undefined> {
  const [r] = await db.select({
    id: aspireNews.id, title: aspireNews.title, description: aspireNews.description, date: aspireNews.date,
    status: aspireNews.status, alert: aspireNews.alert, readAt: aspireNewsReads.readAt,
  }).from(aspireNews).leftJoin(aspireNewsReads, readBy(userId)).where(eq(aspireNews.id, id));
  if (!r) return undefined;
  const { readAt, ...rest } = r;
  return { ...rest, alert: !!rest.alert, hasRead: readAt !== null };
}

export async function insertAspireNews(db: Db, f: AspireNewsFields, at: number): Promise<number> {
  const [r] = await db.insert(aspireNews).values({ ...f, createdAt: at, updatedAt: at }).returning({ id: aspireNews.id });
  return r!.id;
}

export async function updateAspireNews(db: Db, id: number, f: AspireNewsFields, at: number): Promise<void> {
  await db.update(aspireNews).set({ ...f, updatedAt: at }).where(eq(aspireNews.id, id));
}

export async function deleteAspireNewsRow(db: Db, id: number): Promise<void> {
  await db.delete(aspireNewsReads).where(eq(aspireNewsReads.newsId, id));
  await db.delete(aspireNews).where(eq(aspireNews.id, id));
}

/** Records the first read only; returns true when this call marked it. */
export async function markAspireNewsReadRow(db: Db, id: number, userId: number, at: number): Promise<boolean> {
  const r = await db.insert(aspireNewsReads).values({ newsId: id, userId, readAt: at }).onConflictDoNothing().returning({ at: aspireNewsReads.readAt });
  return r.length > 0;
}

/** When this user first read the item, or null. */
export async function aspireNewsReadAt(db: Db, id: number, userId: number): Promise<number | null> {
  const [r] = await db.select({ at: aspireNewsReads.readAt }).from(aspireNewsReads)
    .where(and(eq(aspireNewsReads.newsId, id), eq(aspireNewsReads.userId, userId)));
  return r?.at ?? null;
}

