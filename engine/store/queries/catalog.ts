// Read-mostly catalogues of a tenant: taxonomy, people, memberships and assets.
import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../connection';
import { assets, content, contentImages, contentMemberships, memberships, persons, taxonomy } from '../schema';
import { idsParam, inJsonIds, preparedFor } from './prepared';

export interface Page<T> { rows: T[]; total: number }

/** A LIKE pattern matching `phrase` anywhere, with %, _ and \ taken literally. */
export function containsPattern(phrase: string): string {
  return `%${phrase.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type TaxonomyRecord = { id: number; type: string; name: string; fullName: string; parentId: number | null };
const taxColumns = { id: taxonomy.id, type: taxonomy.type, name: taxonomy.name, fullName: taxonomy.fullName, parentId: taxonomy.parentId };

export interface TaxonomyFilter {
  tenantKey: string;
  includeTypes?: string[] | undefined;
  includeIds?: number[] | undefined;
  excludeIds?: number[] | undefined;
  phrase?: string | undefined;
  sortField: 'name' | 'fullName' | 'id';
  sortOrder: 'asc' | 'desc';
  limit: number;
  skip: number;
}

export async function taxonomyStream(db: Db, f: TaxonomyFilter): Promise<Page<TaxonomyRecord>> {
  const where: SQL[] = [eq(taxonomy.tenantKey, f.tenantKey)];
  if (f.includeTypes?.length) where.push(inArray(taxonomy.type, f.includeTypes));
  if (f.includeIds) where.push(inArray(taxonomy.id, f.includeIds.length ? f.includeIds : [-1]));
  if (f.excludeIds?.length) where.push(notInArray(taxonomy.id, f.excludeIds));
  if (f.phrase) where.push(sql`${taxonomy.fullName} like ${containsPattern(f.phrase)} escape '\\'`);
  const col = f.sortField === 'id' ? taxonomy.id : f.sortField === 'fullName' ? taxonomy.fullName : taxonomy.name;
  const rows = await db.select(taxColumns).from(taxonomy).where(and(...where))
    .orderBy(f.sortOrder === 'desc' ? desc(col) : asc(col), asc(taxonomy.id)).limit(f.limit).offset(f.skip);
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(taxonomy).where(and(...where));
  return { rows, total: Number(count?.n ?? 0) };
}

export type PersonRecord = { id: number; firstName: string; lastName: string; fullName: string; title: string | null; bio: string | null; imageId: number | null; status: number; socialLinks?: { network: string; url: string }[] };
const personColumns = {
  id: persons.id, firstName: persons.firstName, lastName: persons.lastName, fullName: persons.fullName,
  title: persons.title, bio: persons.bio, imageId: persons.imageId, status: persons.status, socialLinks: persons.socialLinks,
};

export async function personStream(db: Db, f: { tenantKey: string; status?: number | undefined; includeIds?: number[] | undefined; phrase?: string | undefined; limit: number; skip: number }): Promise<Page<PersonRecord>> {
  const where: SQL[] = [eq(persons.tenantKey, f.tenantKey)];
  if (f.status !== undefined) where.push(eq(persons.status, f.status));
  if (f.includeIds) where.push(inArray(persons.id, f.includeIds.length ? f.includeIds : [-1]));
  if (f.phrase) where.push(sql`${persons.fullName} like ${containsPattern(f.phrase)} escape '\\'`);
  const rows = await db.select(personColumns).from(persons).where(and(...where))
    .orderBy(asc(persons.lastName), asc(persons.firstName), asc(persons.id)).limit(f.limit).offset(f.skip);
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(persons).where(and(...where));
  return { rows, total: Number(count?.n ?? 0) };
}

export async function personsByIds(db: Db, tenantKey: string, ids: number[]): Promise<PersonRecord[]> {
  if (ids.length === 0) return [];
  return db.select(personColumns).from(persons).where(and(eq(persons.tenantKey, tenantKey), inArray(persons.id, ids)));
}

export type MembershipRecord = Omit<typeof memberships.$inferSelect, 'createdAt' | 'updatedAt' | 'tenantKey'>;
const membershipColumns = {
  id: memberships.id, title: memberships.title, alias: memberships.alias, description: memberships.description,
  status: memberships.status, isFree: memberships.isFree, omedaProduct: memberships.omedaProduct,
  requiredUserCommonFields: memberships.requiredUserCommonFields,
  requiredUserDemographicFields: memberships.requiredUserDemographicFields,
  additionalUserDemographicFields: memberships.additionalUserDemographicFields,
};

export async function membershipStream(db: Db, f: { tenantKey: string; status?: number | undefined; ids?: number[] | undefined; limit: number; skip: number }): Promise<Page<MembershipRecord>> {
  const where: SQL[] = [eq(memberships.tenantKey, f.tenantKey)];
  if (f.status !== undefined) where.push(eq(memberships.status, f.status));
  if (f.ids) where.push(inArray(memberships.id, f.ids.length ? f.ids : [-1]));
  const rows = await db.select(membershipColumns).from(memberships).where(and(...where))
    .orderBy(asc(memberships.title), asc(memberships.id)).limit(f.limit).offset(f.skip);
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(memberships).where(and(...where));
  return { rows, total: Number(count?.n ?? 0) };
}

export type AssetRecord = { id: number; path: string; mimeType: string; alt: string; caption: string | null; credit: string | null; width: number; height: number; sha256: string; updatedAt: number };
const assetColumns = {
  id: assets.id, path: assets.path, mimeType: assets.mimeType, alt: assets.alt, caption: assets.caption,
  credit: assets.credit, width: assets.width, height: assets.height, sha256: assets.sha256, updatedAt: assets.updatedAt,
};

const assetStatement = preparedFor((db: Db) => db.select(assetColumns).from(assets)
  .where(and(eq(assets.tenantKey, sql.placeholder('tenant')), inJsonIds(assets.id))).prepare());

/** Asset metadata (never the bytes) by id, within one tenant. */
export async function assetsByIds(db: Db, tenantKey: string, ids: number[]): Promise<AssetRecord[]> {
  if (ids.length === 0) return [];
  return assetStatement(db).all({ tenant: tenantKey, ids: idsParam(ids) });
}

/**
 * Which of `ids` (assets of the tenant) an anonymous reader may see: the images (primary or in the
 * body) of content live at `now` (published, inside its start and end dates, as the build reads it)
 * that is not gated (no membership, survey, registration or zmag requirement), and the photos of
 * active people (their author pages). Everything else is staff-only metadata.
 */
export async function publicAssetIds(db: Db, tenantKey: string, ids: number[], now: number): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const live = and(
    eq(content.tenantKey, tenantKey), eq(content.status, 1),
    sql`(${content.startDate} is null or ${content.startDate} <= ${now})`, sql`(${content.endDate} is null or ${content.endDate} > ${now})`,
    sql`coalesce(trim(${content.gatingSurveyType}), '') = ''`, eq(content.userRegistrationRequired, false), sql`coalesce(${content.zmagId}, '') = ''`,
    sql`not exists (select 1 from ${contentMemberships} where ${contentMemberships.contentId} = ${content.id})`,
  );
  const [primary, body, people] = await Promise.all([
    db.select({ id: content.primaryImageId }).from(content).where(and(live, inArray(content.primaryImageId, ids))),
    db.select({ id: contentImages.assetId }).from(contentImages).innerJoin(content, eq(content.id, contentImages.contentId)).where(and(live, inArray(contentImages.assetId, ids))),
    db.select({ id: persons.imageId }).from(persons).where(and(eq(persons.tenantKey, tenantKey), eq(persons.status, 1), inArray(persons.imageId, ids))),
  ]);
  return new Set([...primary, ...body, ...people].map((r) => r.id).filter((id): id is number => id !== null));
}
