// Magazine sections and the content placed in an issue's sections (admin §2.2). Every read and write
// takes the tenant: a section, issue or content id of another tenant is refused, never written.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { rawOf, type Db } from '../connection';
import { assets, content, contentImages } from '../schema';
import { magazineIssueContent, magazineSections } from '../schema-magazine';
import { getPublication, getTenantIssue, type IssueRecord, type PublicationRecord } from './newsletters';

export interface MagazineSectionRecord { id: number; publicationId: number; name: string; position: number }
export interface IssuePlacement { sectionId: number; contentId: number }

export async function upsertMagazineSection(db: Db, tenantKey: string, s: MagazineSectionRecord): Promise<void> {
  if (!(await getPublication(db, tenantKey, s.publicationId))) {
    throw new Error(`Section ${s.id}: publication ${s.publicationId} is not a publication of tenant ${tenantKey}`);
  }
  const written = await db.insert(magazineSections).values({ ...s, tenantKey })
    .onConflictDoUpdate({ target: magazineSections.id, set: { name: s.name, position: s.position, publicationId: s.publicationId }, setWhere: eq(magazineSections.tenantKey, tenantKey) })
    .returning({ id: magazineSections.id });
  if (written.length === 0) throw new Error(`Section ${s.id} belongs to another tenant`);
}

/**
 * Replaces an issue's placements with `placements`, in that order (position = order within each
 * section). The issue, every section (of the issue's publication) and every content id must be the tenant's.
 */
export async function setIssuePlacements(db: Db, tenantKey: string, issueId: number, placements: IssuePlacement[]): Promise<void> {
  const issue = await getTenantIssue(db, tenantKey, issueId);
  if (!issue) throw new Error(`Issue ${issueId} is not an issue of tenant ${tenantKey}`);
  const sectionIds = [...new Set(placements.map((p) => p.sectionId))];
  const contentIds = [...new Set(placements.map((p) => p.contentId))];
  if (contentIds.length !== placements.length) throw new Error(`Issue ${issueId}: a content item is placed twice`);
  if (sectionIds.length > 0) {
    const found = await db.select({ id: magazineSections.id }).from(magazineSections).where(and(inArray(magazineSections.id, sectionIds),
      eq(magazineSections.tenantKey, tenantKey), eq(magazineSections.publicationId, issue.publicationId)));
    const missing = sectionIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw new Error(`Issue ${issueId}: unknown section ${missing.join(', ')} of publication ${issue.publicationId}`);
    const owned = await db.select({ id: content.id }).from(content).where(and(inArray(content.id, contentIds), eq(content.tenantKey, tenantKey)));
    const unknown = contentIds.filter((id) => !owned.some((o) => o.id === id));
    if (unknown.length) throw new Error(`Issue ${issueId}: unknown content ${unknown.join(', ')}`);
  }
  await db.delete(magazineIssueContent).where(eq(magazineIssueContent.issueId, issueId));
  const next = new Map<number, number>();
  for (const p of placements) {
    const position = next.get(p.sectionId) ?? 0;
    next.set(p.sectionId, position + 1);
    await db.insert(magazineIssueContent).values({ issueId, sectionId: p.sectionId, contentId: p.contentId, position });
  }
}

export interface IssueStoryImage { id: number; path: string; mimeType: string; alt: string; caption: string | null; credit: string | null; width: number; height: number; data: Buffer }
export interface IssueStory { id: number; type: string; name: string; slug: string; teaser: string; body: string; images: IssueStoryImage[] }
export interface IssueContents {
  publication: PublicationRecord;
  issue: IssueRecord & { status: number };
  sections: { id: number; name: string; stories: IssueStory[] }[];
}

/** An issue's table of contents with each story's body and images (bytes included), or undefined if not the tenant's. */
export async function issueContents(db: Db, tenantKey: string, issueId: number): Promise<IssueContents | undefined> {
  const issue = await getTenantIssue(db, tenantKey, issueId);
  if (!issue) return undefined;
  const publication = (await getPublication(db, tenantKey, issue.publicationId))!;
  // no joins of tables sharing column names (the sqlite3 bridge maps rows by column name)
  const placed = await db.select().from(magazineIssueContent).where(eq(magazineIssueContent.issueId, issueId));
  const sectionRows = await db.select({ id: magazineSections.id, name: magazineSections.name, position: magazineSections.position })
    .from(magazineSections).where(and(eq(magazineSections.publicationId, issue.publicationId), eq(magazineSections.tenantKey, tenantKey)));
  const items = placed.length === 0 ? [] : await db.select({
    id: content.id, type: content.type, name: content.name, slug: content.slug, teaser: content.teaser, body: content.body,
  }).from(content).where(and(inArray(content.id, placed.map((p) => p.contentId)), eq(content.tenantKey, tenantKey)));
  const sectionOf = new Map(sectionRows.map((r) => [r.id, r]));
  const itemOf = new Map(items.map((r) => [r.id, r]));
  const rows = placed.filter((p) => sectionOf.has(p.sectionId) && itemOf.has(p.contentId))
    .sort((x, y) => sectionOf.get(x.sectionId)!.position - sectionOf.get(y.sectionId)!.position || x.sectionId - y.sectionId || x.position - y.position)
    .map((p) => ({ sectionId: p.sectionId, sectionName: sectionOf.get(p.sectionId)!.name, ...itemOf.get(p.contentId)! }));
  return { publication, issue, sections: await storiesBySection(db, tenantKey, rows) };
}

/** Stories in the order given, grouped into runs of one section, each with its images (bytes included). */
async function storiesBySection(db: Db, tenantKey: string, rows: readonly (Omit<IssueStory, 'images'> & { sectionId: number; sectionName: string })[]): Promise<IssueContents['sections']> {
  const ids = rows.map((r) => r.id);
  const images = ids.length === 0 ? [] : await db.select({
    contentId: contentImages.contentId, id: assets.id, path: assets.path, mimeType: assets.mimeType, alt: assets.alt,
    caption: assets.caption, credit: assets.credit, width: assets.width, height: assets.height, data: assets.data,
  }).from(contentImages).innerJoin(assets, eq(assets.id, contentImages.assetId))
    .where(and(inArray(contentImages.contentId, ids), eq(assets.tenantKey, tenantKey))).orderBy(asc(contentImages.position));
  const sections: IssueContents['sections'] = [];
  for (const r of rows) {
    let section = sections.at(-1);
    if (!section || section.id !== r.sectionId) sections.push(section = { id: r.sectionId, name: r.sectionName, stories: [] });
    section.stories.push({
      id: r.id, type: r.type, name: r.name, slug: r.slug, teaser: r.teaser, body: r.body,
      images: images.filter((i) => i.contentId === r.id).map(({ contentId: _c, ...i }) => i),
    });
  }
  return sections;
}

/**
 * The stories of a print export by website section and date range (when there is no magazine issue
 * to export): items published in [from, to) of the section and the sections below it (every section
 * when sectionId is null), grouped by section in the site's section order, oldest first within one.
 */
export async function sectionRangeStories(db: Db, tenantKey: string, f: { sectionId: number | null; from: number; to: number }): Promise<IssueContents['sections']> {
  const rows = await rawOf(db).all<{ id: number; type: string; name: string; slug: string; teaser: string; body: string; sectionId: number; sectionName: string }>(
    `with recursive picked(id) as (
       select id from website_sections where tenant_key = ?${f.sectionId === null ? '' : ' and id = ?'}
       union select s.id from website_sections s join picked p on s.parent_id = p.id where s.tenant_key = ?)
     select c.id, c.type, c.name, c.slug, c.teaser, c.body, s.id as sectionId, s.name as sectionName
     from content c join website_sections s on s.id = c.primary_section_id
     where c.tenant_key = ? and c.status = 1 and c.published >= ? and c.published < ? and c.primary_section_id in (select id from picked)
     order by s.sequence, s.id, c.published, c.id`,
    [tenantKey, ...(f.sectionId === null ? [] : [f.sectionId]), tenantKey, tenantKey, f.from, f.to]);
  return storiesBySection(db, tenantKey, rows.map((r) => ({ ...r, id: Number(r.id), sectionId: Number(r.sectionId) })));
}
