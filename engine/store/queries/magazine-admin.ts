// The admin's magazine reads and writes (admin §2.2): whole publication and issue records, lists,
// deletes, sections and an issue's placements. Every read and write names the tenant: a row of
// another tenant reads as absent and is never written.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../connection';
import { assets } from '../schema';
import { magazineIssueContent, magazineSections } from '../schema-magazine';
import { magazineIssues, magazinePublications } from '../schema-newsletters';

const stamp = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export interface MagazinePublicationRow {
  id: number; name: string; description: string; logoAssetId: number | null; coverAssetId: number | null;
  subscribeUrl: string | null; renewalUrl: string | null; updatedAt: number;
}
export interface MagazineIssueRow {
  id: number; publicationId: number; name: string; description: string; issueDate: number; coverImage: string | null;
  digitalEditionUrl: string | null; status: number; startDate: number | null; endDate: number | null; updatedAt: number;
}
export interface MagazineSectionRow { id: number; publicationId: number; name: string; position: number }
export interface PlacementRow { sectionId: number; contentId: number; position: number }

const publicationColumns = {
  id: magazinePublications.id, name: magazinePublications.name, description: magazinePublications.description,
  logoAssetId: magazinePublications.logoAssetId, coverAssetId: magazinePublications.coverAssetId,
  subscribeUrl: magazinePublications.subscribeUrl, renewalUrl: magazinePublications.renewalUrl, updatedAt: magazinePublications.updatedAt,
};
const issueColumns = {
  id: magazineIssues.id, publicationId: magazineIssues.publicationId, name: magazineIssues.name, description: magazineIssues.description,
  issueDate: magazineIssues.issueDate, coverImage: magazineIssues.coverImage, digitalEditionUrl: magazineIssues.digitalEditionUrl,
  status: magazineIssues.status, startDate: magazineIssues.startDate, endDate: magazineIssues.endDate, updatedAt: magazineIssues.updatedAt,
};
const sectionColumns = { id: magazineSections.id, publicationId: magazineSections.publicationId, name: magazineSections.name, position: magazineSections.position };

const tenantPublicationIds = (db: Db, tenantKey: string) =>
  db.select({ id: magazinePublications.id }).from(magazinePublications).where(eq(magazinePublications.tenantKey, tenantKey));

async function count(db: Db, table: typeof magazinePublications | typeof magazineIssues, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(table).where(where);
  return Number(row?.n ?? 0);
}

// ——— publications ———

export async function readMagazinePublication(db: Db, tenantKey: string, id: number): Promise<MagazinePublicationRow | undefined> {
  const [row] = await db.select(publicationColumns).from(magazinePublications)
    .where(and(eq(magazinePublications.id, id), eq(magazinePublications.tenantKey, tenantKey))).limit(1);
  return row;
}

export async function listMagazinePublications(db: Db, tenantKey: string, o: { limit: number; skip: number }): Promise<{ rows: MagazinePublicationRow[]; total: number }> {
  const where = eq(magazinePublications.tenantKey, tenantKey);
  const rows = await db.select(publicationColumns).from(magazinePublications).where(where)
    .orderBy(asc(magazinePublications.name), asc(magazinePublications.id)).limit(o.limit).offset(o.skip);
  return { rows, total: await count(db, magazinePublications, where) };
}

export type PublicationWrite = Omit<MagazinePublicationRow, 'updatedAt'>;

/** Inserts or replaces the tenant's publication; an id of another tenant's publication throws. */
export async function writeMagazinePublication(db: Db, tenantKey: string, p: PublicationWrite): Promise<void> {
  const { id: _id, ...fields } = p;
  const written = await db.insert(magazinePublications).values({ ...p, tenantKey })
    .onConflictDoUpdate({ target: magazinePublications.id, set: { ...fields, updatedAt: stamp }, setWhere: eq(magazinePublications.tenantKey, tenantKey) })
    .returning({ id: magazinePublications.id });
  if (written.length === 0) throw new Error(`Publication ${p.id} belongs to another tenant`);
}

/** Deletes the publication with its issues, sections and placements (foreign keys cascade). */
export async function deleteMagazinePublication(db: Db, tenantKey: string, id: number): Promise<void> {
  await db.delete(magazinePublications).where(and(eq(magazinePublications.id, id), eq(magazinePublications.tenantKey, tenantKey)));
}

/** True when `id` is an image asset of the tenant's media library. */
export async function isTenantImageAsset(db: Db, tenantKey: string, id: number): Promise<boolean> {
  const [row] = await db.select({ mimeType: assets.mimeType }).from(assets).where(and(eq(assets.id, id), eq(assets.tenantKey, tenantKey))).limit(1);
  return !!row && row.mimeType.startsWith('image/');
}

// ——— issues ———

export async function readMagazineIssue(db: Db, tenantKey: string, id: number): Promise<MagazineIssueRow | undefined> {
  const [row] = await db.select(issueColumns).from(magazineIssues)
    .where(and(eq(magazineIssues.id, id), inArray(magazineIssues.publicationId, tenantPublicationIds(db, tenantKey)))).limit(1);
  return row;
}

/** The tenant's issues, newest mail date first; optionally of one publication and one status. */
export async function listMagazineIssues(db: Db, tenantKey: string, o: { publicationId?: number; status?: number; limit: number; skip: number }): Promise<{ rows: MagazineIssueRow[]; total: number }> {
  const where = and(
    inArray(magazineIssues.publicationId, tenantPublicationIds(db, tenantKey)),
    o.publicationId !== undefined ? eq(magazineIssues.publicationId, o.publicationId) : undefined,
    o.status !== undefined ? eq(magazineIssues.status, o.status) : undefined,
  );
  const rows = await db.select(issueColumns).from(magazineIssues).where(where)
    .orderBy(desc(magazineIssues.issueDate), desc(magazineIssues.id)).limit(o.limit).offset(o.skip);
  return { rows, total: await count(db, magazineIssues, where) };
}

export type IssueWrite = Omit<MagazineIssueRow, 'updatedAt'>;

/** Inserts or replaces an issue of one of the tenant's publications; anything else throws, nothing written. */
export async function writeMagazineIssue(db: Db, tenantKey: string, i: IssueWrite): Promise<void> {
  if (!(await readMagazinePublication(db, tenantKey, i.publicationId))) throw new Error(`Issue ${i.id}: publication ${i.publicationId} is not a publication of tenant ${tenantKey}`);
  const { id: _id, ...fields } = i;
  const written = await db.insert(magazineIssues).values(i)
    .onConflictDoUpdate({ target: magazineIssues.id, set: { ...fields, updatedAt: stamp }, setWhere: inArray(magazineIssues.publicationId, tenantPublicationIds(db, tenantKey)) })
    .returning({ id: magazineIssues.id });
  if (written.length === 0) throw new Error(`Issue ${i.id} belongs to another tenant`);
}

export async function deleteMagazineIssue(db: Db, tenantKey: string, id: number): Promise<void> {
  await db.delete(magazineIssues).where(and(eq(magazineIssues.id, id), inArray(magazineIssues.publicationId, tenantPublicationIds(db, tenantKey))));
}

/** An issue's placements in section order, then position. */
export async function listIssuePlacements(db: Db, tenantKey: string, issueId: number): Promise<PlacementRow[]> {
  const rows = await db.select({ sectionId: magazineIssueContent.sectionId, contentId: magazineIssueContent.contentId, position: magazineIssueContent.position })
    .from(magazineIssueContent).where(and(eq(magazineIssueContent.issueId, issueId),
      inArray(magazineIssueContent.sectionId, db.select({ id: magazineSections.id }).from(magazineSections).where(eq(magazineSections.tenantKey, tenantKey)))));
  const sections = new Map((await db.select(sectionColumns).from(magazineSections).where(eq(magazineSections.tenantKey, tenantKey))).map((s) => [s.id, s.position]));
  return rows.sort((a, b) => (sections.get(a.sectionId) ?? 0) - (sections.get(b.sectionId) ?? 0) || a.sectionId - b.sectionId || a.position - b.position);
}

/** Issue ids (of the tenant) a content item is placed in. */
export async function issuesOfContent(db: Db, tenantKey: string, contentId: number): Promise<number[]> {
  const rows = await db.select({ issueId: magazineIssueContent.issueId }).from(magazineIssueContent)
    .where(and(eq(magazineIssueContent.contentId, contentId), inArray(magazineIssueContent.issueId,
      db.select({ id: magazineIssues.id }).from(magazineIssues).where(inArray(magazineIssues.publicationId, tenantPublicationIds(db, tenantKey))))));
  return rows.map((r) => r.issueId);
}

// ——— sections ———

export async function readMagazineSection(db: Db, tenantKey: string, id: number): Promise<MagazineSectionRow | undefined> {
  const [row] = await db.select(sectionColumns).from(magazineSections)
    .where(and(eq(magazineSections.id, id), eq(magazineSections.tenantKey, tenantKey))).limit(1);
  return row;
}

export async function listMagazineSections(db: Db, tenantKey: string, publicationId?: number): Promise<MagazineSectionRow[]> {
  return db.select(sectionColumns).from(magazineSections)
    .where(and(eq(magazineSections.tenantKey, tenantKey), publicationId !== undefined ? eq(magazineSections.publicationId, publicationId) : undefined))
    .orderBy(asc(magazineSections.publicationId), asc(magazineSections.position), asc(magazineSections.id));
}

/** Deletes the section and the placements into it. */
export async function deleteMagazineSection(db: Db, tenantKey: string, id: number): Promise<void> {
  await db.delete(magazineSections).where(and(eq(magazineSections.id, id), eq(magazineSections.tenantKey, tenantKey)));
}

/** The next section id after the largest in use (ids are global). Call inside the write transaction. */
export async function nextMagazineSectionId(db: Db): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${magazineSections.id})` }).from(magazineSections);
  return Number(row?.max ?? 0) + 1;
}
