// Saved research searches: one staff user's, in one tenant.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../connection';
import { researchSavedSearches } from '../schema-research';

export type SavedSearch = typeof researchSavedSearches.$inferSelect;

export async function listSavedSearches(db: Db, cmsUserId: number, tenantKey: string): Promise<SavedSearch[]> {
  return db.select().from(researchSavedSearches)
    .where(and(eq(researchSavedSearches.cmsUserId, cmsUserId), eq(researchSavedSearches.tenantKey, tenantKey)))
    .orderBy(asc(researchSavedSearches.name), asc(researchSavedSearches.id));
}

export async function insertSavedSearch(db: Db, row: { cmsUserId: number; tenantKey: string; name: string; query: Record<string, unknown> }): Promise<number> {
  const [r] = await db.insert(researchSavedSearches).values(row).returning({ id: researchSavedSearches.id });
  return r!.id;
}

/** Deletes only the user's own search in the tenant; true when one was deleted. */
export async function deleteSavedSearch(db: Db, cmsUserId: number, tenantKey: string, id: number): Promise<boolean> {
  const rows = await db.delete(researchSavedSearches).where(and(
    eq(researchSavedSearches.id, id), eq(researchSavedSearches.cmsUserId, cmsUserId), eq(researchSavedSearches.tenantKey, tenantKey),
  )).returning({ id: researchSavedSearches.id });
  return rows.length > 0;
}
