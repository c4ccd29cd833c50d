// Website sections of one tenant: the whole tree (a tenant has at most a few hundred), one row,
// and what still points at a section before it may be deleted.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../connection';
import { content, websiteSchedules, websiteSections } from '../schema';

export type SectionRecord = Omit<typeof websiteSections.$inferSelect, 'createdAt'>;

const columns = {
  id: websiteSections.id, tenantKey: websiteSections.tenantKey, parentId: websiteSections.parentId,
  name: websiteSections.name, alias: websiteSections.alias, systemAlias: websiteSections.systemAlias,
  manualAlias: websiteSections.manualAlias, description: websiteSections.description, gamAlias: websiteSections.gamAlias,
  sequence: websiteSections.sequence, status: websiteSections.status, updatedAt: websiteSections.updatedAt,
};

export async function listSections(db: Db, tenantKey: string): Promise<SectionRecord[]> {
  return db.select(columns).from(websiteSections).where(eq(websiteSections.tenantKey, tenantKey))
    .orderBy(asc(websiteSections.sequence), asc(websiteSections.name), asc(websiteSections.id));
}

export async function getSection(db: Db, tenantKey: string, id: number): Promise<SectionRecord | undefined> {
  const [row] = await db.select(columns).from(websiteSections)
    .where(and(eq(websiteSections.id, id), eq(websiteSections.tenantKey, tenantKey))).limit(1);
  return row;
}

/** Rows that still reference a section: child sections and content whose primary section it is. */
export async function sectionUsage(db: Db, id: number): Promise<{ children: number; content: number; schedules: number }> {
  const [c] = await db.select({ n: sql<number>`count(*)` }).from(websiteSections).where(eq(websiteSections.parentId, id));
  const [p] = await db.select({ n: sql<number>`count(*)` }).from(content).where(eq(content.primarySectionId, id));
  const [s] = await db.select({ n: sql<number>`count(*)` }).from(websiteSchedules).where(eq(websiteSchedules.sectionId, id));
  return { children: Number(c?.n ?? 0), content: Number(p?.n ?? 0), schedules: Number(s?.n ?? 0) };
}

export async function deleteSectionRow(db: Db, tenantKey: string, id: number): Promise<void> {
  await db.delete(websiteSections).where(and(eq(websiteSections.id, id), eq(websiteSections.tenantKey, tenantKey)));
}
