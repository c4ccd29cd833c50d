// Content reads: rows by id, the filtered stream, and each link table loaded for many items at
// once (one query per link kind, never one per item).
import { and, asc, desc, eq, exists, gt, inArray, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Store } from '../connection';
import {
  assets, content, contentAuthors, contentImages, contentMemberships, contentRelated, contentTaxonomy, persons,
  taxonomy, websiteSchedules,
} from '../schema';
import { containsPattern, type AssetRecord, type PersonRecord, type TaxonomyRecord } from './catalog';
import { idsParam, inJsonIds, preparedFor } from './prepared';
import { CONTENT_STATUS } from '../../domain/enums';

export type ContentRecord = typeof content.$inferSelect;

export type ContentHead = Pick<ContentRecord, 'id' | 'type' | 'name' | 'slug' | 'status' | 'published' | 'primarySectionId'>;

const statements = preparedFor((db: Db) => ({
  byIds: db.select().from(content).where(and(eq(content.tenantKey, sql.placeholder('tenant')), inJsonIds(content.id))).prepare(),
  heads: db.select({
    id: content.id, type: content.type, name: content.name, slug: content.slug, status: content.status,
    published: content.published, primarySectionId: content.primarySectionId,
  }).from(content).where(and(eq(content.tenantKey, sql.placeholder('tenant')), eq(content.id, sql.placeholder('id')))).prepare(),
  authors: db.select({
    contentId: contentAuthors.contentId, position: contentAuthors.position, id: persons.id, firstName: persons.firstName,
    lastName: persons.lastName, fullName: persons.fullName, title: persons.title, bio: persons.bio, imageId: persons.imageId, status: persons.status,
  }).from(contentAuthors).innerJoin(persons, eq(persons.id, contentAuthors.personId))
    .where(inJsonIds(contentAuthors.contentId)).orderBy(asc(contentAuthors.position)).prepare(),
  images: db.select({
    contentId: contentImages.contentId, position: contentImages.position, id: assets.id, path: assets.path, mimeType: assets.mimeType,
    alt: assets.alt, caption: assets.caption, credit: assets.credit, width: assets.width, height: assets.height,
    sha256: assets.sha256, updatedAt: assets.updatedAt,
  }).from(contentImages).innerJoin(assets, eq(assets.id, contentImages.assetId))
    .where(inJsonIds(contentImages.contentId)).orderBy(asc(contentImages.position)).prepare(),
  taxonomy: db.select({
    contentId: contentTaxonomy.contentId, id: taxonomy.id, type: taxonomy.type, name: taxonomy.name,
    fullName: taxonomy.fullName, parentId: taxonomy.parentId,
  }).from(contentTaxonomy).innerJoin(taxonomy, eq(taxonomy.id, contentTaxonomy.taxonomyId))
    .where(inJsonIds(contentTaxonomy.contentId)).orderBy(asc(taxonomy.name)).prepare(),
  schedules: db.select().from(websiteSchedules).where(inJsonIds(websiteSchedules.contentId))
    .orderBy(asc(websiteSchedules.sectionId), asc(websiteSchedules.option)).prepare(),
  memberships: db.select().from(contentMemberships).where(inJsonIds(contentMemberships.contentId))
    .orderBy(asc(contentMemberships.membershipId)).prepare(),
  related: db.select().from(contentRelated).where(inJsonIds(contentRelated.contentId)).orderBy(asc(contentRelated.position)).prepare(),
}));

export async function contentByIds(db: Db, tenantKey: string, ids: readonly number[]): Promise<ContentRecord[]> {
  if (ids.length === 0) return [];
  return statements(db).byIds.all({ tenant: tenantKey, ids: idsParam(ids) });
}

/** The few fields page resolution needs (no body), within one tenant. */
export async function contentHead(db: Db, tenantKey: string, id: number): Promise<ContentHead | undefined> {
  const [row] = await statements(db).heads.all({ tenant: tenantKey, id });
  return row;
}

export interface ContentStreamFilter {
  tenantKey: string;
  statuses: number[];
  /** Only items published at or before this instant (public reads). */
  publishedBy?: number | undefined;
  types?: string[] | undefined;
  excludeTypes?: string[] | undefined;
  sectionId?: number | undefined;
  scheduleOption?: string | undefined;
  /** The instant schedule windows are checked against. */
  now: number;
  includeIds?: number[] | undefined;
  excludeIds?: number[] | undefined;
  startDateAfter?: number | undefined;
  startDateBefore?: number | undefined;
  publishedAfter?: number | undefined;
  publishedBefore?: number | undefined;
  phrase?: string | undefined;
  sortField: 'published' | 'startDate' | 'name' | 'id' | 'updated';
  sortOrder: 'asc' | 'desc';
  limit: number;
  skip: number;
}

function streamWhere(db: Db, f: ContentStreamFilter): SQL {
  const w: SQL[] = [eq(content.tenantKey, f.tenantKey), inArray(content.status, f.statuses)];
  if (f.publishedBy !== undefined) w.push(lte(content.published, f.publishedBy));
  if (f.types?.length) w.push(inArray(content.type, f.types));
  if (f.excludeTypes?.length) w.push(notInArray(content.type, f.excludeTypes));
  if (f.includeIds) w.push(inArray(content.id, f.includeIds.length ? f.includeIds : [-1]));
  if (f.excludeIds?.length) w.push(notInArray(content.id, f.excludeIds));
  if (f.startDateAfter !== undefined) w.push(gt(content.startDate, f.startDateAfter));
  if (f.startDateBefore !== undefined) w.push(lte(content.startDate, f.startDateBefore));
  if (f.publishedAfter !== undefined) w.push(gt(content.published, f.publishedAfter));
  if (f.publishedBefore !== undefined) w.push(lte(content.published, f.publishedBefore));
  if (f.phrase) {
    const p = containsPattern(f.phrase);
    w.push(or(sql`${content.name} like ${p} escape '\\'`, sql`${content.teaser} like ${p} escape '\\'`)!);
  }
  if (f.sectionId !== undefined || f.scheduleOption !== undefined) {
    const s: SQL[] = [
      eq(websiteSchedules.contentId, content.id),
      or(isNull(websiteSchedules.startDate), lte(websiteSchedules.startDate, f.now))!,
      or(isNull(websiteSchedules.endDate), gt(websiteSchedules.endDate, f.now))!,
    ];
    if (f.sectionId !== undefined) s.push(eq(websiteSchedules.sectionId, f.sectionId));
    if (f.scheduleOption !== undefined) s.push(eq(websiteSchedules.option, f.scheduleOption));
    w.push(exists(db.select({ one: sql`1` }).from(websiteSchedules).where(and(...s))));
  }
  return and(...w)!;
}

export async function contentStream(db: Db, f: ContentStreamFilter): Promise<{ rows: ContentRecord[]; total: number }> {
  const where = streamWhere(db, f);
  const col = { published: content.published, startDate: content.startDate, name: content.name, id: content.id, updated: content.updatedAt }[f.sortField];
  const dir = f.sortOrder === 'asc' ? asc : desc;
  const rows = await db.select().from(content).where(where).orderBy(dir(col), dir(content.id)).limit(f.limit).offset(f.skip);
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(content).where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

function group<T>(rows: T[], key: (r: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

export async function authorsOf(db: Db, ids: readonly number[]): Promise<Map<number, PersonRecord[]>> {
  if (ids.length === 0) return new Map();
  const by = group(await statements(db).authors.all({ ids: idsParam(ids) }), (r) => r.contentId);
  return new Map([...by].map(([k, v]) => [k, v.map(({ contentId: _c, position: _p, ...p }) => p)]));
}

export async function imagesOf(db: Db, ids: readonly number[]): Promise<Map<number, AssetRecord[]>> {
  if (ids.length === 0) return new Map();
  const by = group(await statements(db).images.all({ ids: idsParam(ids) }), (r) => r.contentId);
  return new Map([...by].map(([k, v]) => [k, v.map(({ contentId: _c, position: _p, ...a }) => a)]));
}

export async function taxonomyOf(db: Db, ids: readonly number[]): Promise<Map<number, TaxonomyRecord[]>> {
  if (ids.length === 0) return new Map();
  const by = group(await statements(db).taxonomy.all({ ids: idsParam(ids) }), (r) => r.contentId);
  return new Map([...by].map(([k, v]) => [k, v.map(({ contentId: _c, ...t }) => t)]));
}

export type ScheduleRecord = typeof websiteSchedules.$inferSelect;
export async function schedulesOf(db: Db, ids: readonly number[]): Promise<Map<number, ScheduleRecord[]>> {
  if (ids.length === 0) return new Map();
  return group(await statements(db).schedules.all({ ids: idsParam(ids) }), (r) => r.contentId);
}

export async function membershipIdsOf(db: Db, ids: readonly number[]): Promise<Map<number, number[]>> {
  if (ids.length === 0) return new Map();
  const rows = await statements(db).memberships.all({ ids: idsParam(ids) });
  return new Map([...group(rows, (r) => r.contentId)].map(([k, v]) => [k, v.map((r) => r.membershipId)]));
}

export async function relatedIdsOf(db: Db, ids: readonly number[]): Promise<Map<number, number[]>> {
  if (ids.length === 0) return new Map();
  const rows = await statements(db).related.all({ ids: idsParam(ids) });
  return new Map([...group(rows, (r) => r.contentId)].map(([k, v]) => [k, v.map((r) => r.relatedId)]));
}

/** Content of a tenant that is published now (status 1, published at or before `now`). */
export async function isLiveContent(db: Db, tenantKey: string, id: number, now: number): Promise<boolean> {
  const rows = await db.select({ id: content.id }).from(content)
    .where(and(eq(content.id, id), eq(content.tenantKey, tenantKey), eq(content.status, 1), lte(content.published, now))).limit(1);
  return rows.length > 0;
}

export async function setContentStatus(db: Db, tenantKey: string, id: number, status: number): Promise<void> {
  await db.update(content).set({ status, updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` })
    .where(and(eq(content.id, id), eq(content.tenantKey, tenantKey)));
}

export interface ContentLinks {
  authors: PersonRecord[];
  images: AssetRecord[];
  taxonomy: TaxonomyRecord[];
  schedules: ScheduleRecord[];
  membershipIds: number[];
  relatedIds: number[];
}

const emptyLinks = (): ContentLinks => ({ authors: [], images: [], taxonomy: [], schedules: [], membershipIds: [], relatedIds: [] });

// Every link of many items in one statement (one round trip instead of six), rows tagged by kind.
// Payloads are text in every branch, so the union has one type on PostgreSQL too.
const LINKS_SQL = `
select 'a' as kind, ca.content_id as cid, ca.position as pos, cast(json_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name,
  'fullName', p.full_name, 'title', p.title, 'bio', p.bio, 'imageId', p.image_id, 'status', p.status) as text) as payload
  from content_authors ca join persons p on p.id = ca.person_id where ca.content_id in (select value from json_each(?1))
union all
select 'i', ci.content_id, ci.position, cast(json_object('id', a.id, 'path', a.path, 'mimeType', a.mime_type, 'alt', a.alt, 'caption', a.caption,
  'credit', a.credit, 'width', a.width, 'height', a.height, 'sha256', a.sha256, 'updatedAt', a.updated_at) as text)
  from content_images ci join assets a on a.id = ci.asset_id where ci.content_id in (select value from json_each(?1))
union all
select 't', ct.content_id, 0, cast(json_object('id', t.id, 'type', t.type, 'name', t.name, 'fullName', t.full_name, 'parentId', t.parent_id) as text)
  from content_taxonomy ct join taxonomy t on t.id = ct.taxonomy_id where ct.content_id in (select value from json_each(?1))
union all
select 's', ws.content_id, 0, cast(json_object('contentId', ws.content_id, 'sectionId', ws.section_id, 'option', ws.option, 'startDate', ws.start_date, 'endDate', ws.end_date) as text)
  from website_schedules ws where ws.content_id in (select value from json_each(?1))
union all
select 'm', cm.content_id, cm.membership_id, cast(null as text) from content_memberships cm where cm.content_id in (select value from json_each(?1))
union all
select 'r', cr.content_id, cr.position, cast(cr.related_id as text) from content_related cr where cr.content_id in (select value from json_each(?1))`;

interface LinkRow { kind: string; cid: number; pos: number; payload: string | number | null }

/** All links of the given items (authors, images, taxonomy, schedules, memberships, related), in one query. */
export async function linksOf(store: Store, ids: readonly number[]): Promise<Map<number, ContentLinks>> {
  const out = new Map<number, ContentLinks>();
  if (ids.length === 0) return out;
  const rows = await store.all<LinkRow>(LINKS_SQL, [idsParam(ids)]);
  rows.sort((x, y) => (x.kind === y.kind ? x.pos - y.pos : x.kind < y.kind ? -1 : 1));
  for (const r of rows) {
    let l = out.get(r.cid);
    if (!l) { l = emptyLinks(); out.set(r.cid, l); }
    switch (r.kind) {
      case 'a': l.authors.push(JSON.parse(String(r.payload)) as PersonRecord); break;
      case 'i': l.images.push(JSON.parse(String(r.payload)) as AssetRecord); break;
      case 't': l.taxonomy.push(JSON.parse(String(r.payload)) as TaxonomyRecord); break;
      case 's': l.schedules.push(JSON.parse(String(r.payload)) as ScheduleRecord); break;
      case 'm': l.membershipIds.push(r.pos); break;
      case 'r': l.relatedIds.push(Number(r.payload)); break;
    }
  }
  for (const l of out.values()) {
    l.taxonomy.sort((a, b) => a.name.localeCompare(b.name));
    l.schedules.sort((a, b) => a.sectionId - b.sectionId || a.option.localeCompare(b.option));
  }
  return out;
}

/** Published items whose primary section is one of `sectionIds` (for the old paths a re-aliased section leaves). */
export async function publishedInSections(db: Db, tenantKey: string, sectionIds: readonly number[]): Promise<Pick<ContentRecord, 'id' | 'name' | 'slug' | 'primarySectionId'>[]> {
  if (sectionIds.length === 0) return [];
  return db.select({ id: content.id, name: content.name, slug: content.slug, primarySectionId: content.primarySectionId }).from(content)
    .where(and(eq(content.tenantKey, tenantKey), eq(content.status, CONTENT_STATUS.PUBLISHED), inArray(content.primarySectionId, [...sectionIds])));
}
