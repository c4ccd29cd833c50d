// Syndication links (engine/store/schema-syndication.ts): which items are linked copies of which.
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../connection';
import { content } from '../schema';
import { contentSyndication } from '../schema-syndication';

export type SyndicationLink = typeof contentSyndication.$inferSelect;

export async function insertSyndicationLink(db: Db, row: { copyId: number; copyTenantKey: string; sourceId: number; sourceTenantKey: string; createdBy: number | null }): Promise<void> {
  await db.insert(contentSyndication).values(row);
}

/** The link of a copy, if it is one. */
export async function linkOfCopy(db: Db, copyId: number): Promise<SyndicationLink | undefined> {
  const [row] = await db.select().from(contentSyndication).where(eq(contentSyndication.copyId, copyId));
  return row;
}

/** Every link whose source is one of `sourceIds` of the tenant. */
export async function linksOfSources(db: Db, sourceTenantKey: string, sourceIds: readonly number[]): Promise<SyndicationLink[]> {
  const out: SyndicationLink[] = [];
  for (let i = 0; i < sourceIds.length; i += 900) {
    out.push(...await db.select().from(contentSyndication).where(and(
      eq(contentSyndication.sourceTenantKey, sourceTenantKey), inArray(contentSyndication.sourceId, sourceIds.slice(i, i + 900)),
    )));
  }
  return out;
}

/** Deletes a copy's link (the copy stays); true when there was one. */
export async function deleteSyndicationLink(db: Db, copyId: number): Promise<boolean> {
  const rows = await db.delete(contentSyndication).where(eq(contentSyndication.copyId, copyId)).returning({ id: contentSyndication.copyId });
  return rows.length > 0;
}

export interface SyndicationListRow extends SyndicationLink { sourceName: string; copyName: string }

/** The links touching a tenant (as source or as copy), newest first, with both items' titles. */
export async function listSyndicationLinks(db: Db, tenantKey: string): Promise<SyndicationListRow[]> {
  const links = await db.select().from(contentSyndication)
    .where(or(eq(contentSyndication.sourceTenantKey, tenantKey), eq(contentSyndication.copyTenantKey, tenantKey)))
    .orderBy(desc(contentSyndication.createdAt), desc(contentSyndication.copyId)).limit(500);
  const ids = [...new Set(links.flatMap((l) => [l.sourceId, l.copyId]))];
  const names = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 900) {
    for (const r of await db.select({ id: content.id, name: content.name }).from(content).where(inArray(content.id, ids.slice(i, i + 900)))) names.set(r.id, r.name);
  }
  return links.map((l) => ({ ...l, sourceName: names.get(l.sourceId) ?? '', copyName: names.get(l.copyId) ?? '' }));
}
