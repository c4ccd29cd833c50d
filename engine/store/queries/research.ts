// Content research (admin /admin/content-research): staff find content across one tenant, or
// across several for global users, by text, type, section, taxonomy, author, date range and status.
import { and, desc, eq, exists, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../connection';
import { content, contentAuthors, contentTaxonomy } from '../schema';
import { containsPattern } from './catalog';

export interface ResearchFilter {
  /** The tenants searched (already checked against the actor's scope). */
  tenantKeys: string[];
  text?: string | undefined;
  types?: string[] | undefined;
  /** Primary section ids. */
  sectionIds?: number[] | undefined;
  /** Items tagged with any of these terms. */
  taxonomyIds?: number[] | undefined;
  /** Items written by any of these persons. */
  authorIds?: number[] | undefined;
  /** Published on or after / on or before (epoch ms). */
  publishedFrom?: number | undefined;
  publishedTo?: number | undefined;
  statuses?: number[] | undefined;
  limit: number;
  skip: number;
}

export interface ResearchRow {
  id: number;
  tenantKey: string;
  type: string;
  name: string;
  status: number;
  published: number | null;
  primarySectionId: number;
}

function researchWhere(db: Db, f: ResearchFilter): SQL {
  const w: SQL[] = [inArray(content.tenantKey, f.tenantKeys.length ? f.tenantKeys : ['\u0000'])];
  if (f.statuses?.length) w.push(inArray(content.status, f.statuses));
  if (f.types?.length) w.push(inArray(content.type, f.types));
  if (f.sectionIds?.length) w.push(inArray(content.primarySectionId, f.sectionIds));
  if (f.publishedFrom !== undefined) w.push(gte(content.published, f.publishedFrom));
  if (f.publishedTo !== undefined) w.push(lte(content.published, f.publishedTo));
  if (f.text?.trim()) {
    const p = containsPattern(f.text.trim());
    w.push(or(sql`${content.name} like ${p} escape '\\'`, sql`${content.teaser} like ${p} escape '\\'`, sql`${content.body} like ${p} escape '\\'`)!);
  }
  if (f.taxonomyIds?.length) {
    w.push(exists(db.select({ one: sql`1` }).from(contentTaxonomy)
      .where(and(eq(contentTaxonomy.contentId, content.id), inArray(contentTaxonomy.taxonomyId, f.taxonomyIds)))));
  }
  if (f.authorIds?.length) {
    w.push(exists(db.select({ one: sql`1` }).from(contentAuthors)
      .where(and(eq(contentAuthors.contentId, content.id), inArray(contentAuthors.personId, f.authorIds)))));
  }
  return and(...w)!;
}

const columns = {
  id: content.id, tenantKey: content.tenantKey, type: content.type, name: content.name, status: content.status,
  published: content.published, primarySectionId: content.primarySectionId,
};

/** One page of matches, newest first, and the total count. */
export async function researchContent(db: Db, f: ResearchFilter): Promise<{ rows: ResearchRow[]; total: number }> {
  const where = researchWhere(db, f);
  const rows = await db.select(columns).from(content).where(where)
    .orderBy(desc(content.published), desc(content.id)).limit(f.limit).offset(f.skip);
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(content).where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Every matching id of one tenant (a bulk update's selection), in id order. */
export async function researchIds(db: Db, f: Omit<ResearchFilter, 'limit' | 'skip'>): Promise<number[]> {
  const rows = await db.select({ id: content.id }).from(content).where(researchWhere(db, { ...f, limit: 0, skip: 0 })).orderBy(content.id);
  return rows.map((r) => r.id);
}
