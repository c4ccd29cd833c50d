// Media library reads and writes (issue 16): an `assets` row plus its `asset_media` row. Writes
// take the operation's transaction handle; uploaded assets keep no bytes in SQLite (data is empty).
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../connection';
import { assets, cmsUsers, content, contentImages, history, persons } from '../schema';
import { assetMedia, type AssetDerivative } from '../schema-assets';
import { newsletterAds, newsletterTemplates } from '../schema-newsletters';
import { containsPattern, type Page } from './catalog';

export interface MediaFields { focalX: number; focalY: number; tags: string[]; decorative: boolean }
export interface MediaAsset extends MediaFields {
  id: number; tenantKey: string; path: string; mimeType: string; alt: string; caption: string | null; credit: string | null;
  width: number; height: number; sha256: string; updatedAt: number;
  name: string; original: string | null; bytes: number; derivatives: AssetDerivative[];
  /** When the asset row was made (upload or fixture import), epoch ms. */
  createdAt: number;
  /** The staff user whose upload created the asset (from its history row); null for fixtures and CLI imports. */
  uploadedBy: { id: number; name: string } | null;
}

/**
 * The file's size: uploads record it in asset_media; fixture assets (no asset_media row, or a row
 * made by a metadata edit before bytes were recorded) keep their bytes in assets.data, so a fixture
 * PDF or SVG is measured there instead of showing 0.
 */
const bytesSql = sql<number>`coalesce(nullif(${assetMedia.bytes}, 0), length(${assets.data}), 0)`;
/** The first history row that created the asset names its uploader (use in selects that join a second table, so drizzle qualifies the columns). */
const uploaderIdSql = sql<number | null>`(select h.actor_id from ${history} h where h.entity_type = 'asset' and h.action = 'create'
  and h.entity_id = cast(${assets.id} as text) and h.tenant_key = ${assets.tenantKey} and h.actor_type = 'staff' order by h.id limit 1)`;

const columns = {
  id: assets.id, tenantKey: assets.tenantKey, path: assets.path, mimeType: assets.mimeType, alt: assets.alt, caption: assets.caption,
  credit: assets.credit, width: assets.width, height: assets.height, sha256: assets.sha256, updatedAt: assets.updatedAt,
  name: assetMedia.name, original: assetMedia.original, bytes: bytesSql, derivatives: assetMedia.derivatives,
  focalX: assetMedia.focalX, focalY: assetMedia.focalY, tags: assetMedia.tags, decorative: assetMedia.decorative,
  createdAt: assets.createdAt, uploaderId: uploaderIdSql,
};

type Joined = { [K in keyof typeof columns]: unknown };
function mediaOf(r: Joined, names: ReadonlyMap<number, string>): MediaAsset {
  const path = r.path as string;
  return {
    id: r.id as number, tenantKey: r.tenantKey as string, path, mimeType: r.mimeType as string, alt: r.alt as string,
    caption: (r.caption as string | null) ?? null, credit: (r.credit as string | null) ?? null, width: r.width as number, height: r.height as number,
    sha256: r.sha256 as string, updatedAt: r.updatedAt as number,
    name: (r.name as string | null) ?? path.split('/').pop() ?? path, original: (r.original as string | null) ?? null,
    bytes: (r.bytes as number | null) ?? 0, derivatives: (r.derivatives as AssetDerivative[] | null) ?? [],
    focalX: (r.focalX as number | null) ?? 0.5, focalY: (r.focalY as number | null) ?? 0.5,
    tags: (r.tags as string[] | null) ?? [], decorative: Boolean(r.decorative ?? false),
    createdAt: Number(r.createdAt ?? 0),
    uploadedBy: r.uploaderId === null || r.uploaderId === undefined ? null : { id: Number(r.uploaderId), name: names.get(Number(r.uploaderId)) ?? `User ${String(r.uploaderId)}` },
  };
}

/** The rows with their uploaders' names (one query for the page's users). */
async function withNames(db: Db, rows: Joined[]): Promise<MediaAsset[]> {
  const ids = [...new Set(rows.map((r) => r.uploaderId).filter((v) => v !== null && v !== undefined).map(Number))];
  const users = ids.length ? await db.select({ id: cmsUsers.id, first: cmsUsers.firstName, last: cmsUsers.lastName, username: cmsUsers.username }).from(cmsUsers).where(inArray(cmsUsers.id, ids)) : [];
  const names = new Map(users.map((u) => [u.id, `${u.first} ${u.last}`.trim() || u.username]));
  return rows.map((r) => mediaOf(r, names));
}

function joined(db: Db) {
  return db.select(columns).from(assets).leftJoin(assetMedia, eq(assetMedia.assetId, assets.id));
}

export async function mediaAssetsByIds(db: Db, tenantKey: string, ids: number[]): Promise<MediaAsset[]> {
  if (ids.length === 0) return [];
  const rows = await joined(db).where(and(eq(assets.tenantKey, tenantKey), inArray(assets.id, ids)));
  return withNames(db, rows);
}

export interface MediaFilter {
  tenantKey: string;
  /** Matches the file name, path, alt text, caption or a tag. */
  phrase?: string | undefined;
  tag?: string | undefined;
  /** A MIME type prefix, e.g. image/ or image/jpeg. */
  type?: string | undefined;
  /** true: only assets some content uses; false: only unused ones. */
  used?: boolean | undefined;
  /** Only assets created in this UTC month: [start, end) in epoch ms. */
  created?: { from: number; to: number } | undefined;
  /** Only assets this staff user uploaded. */
  uploadedBy?: number | undefined;
  /** Only images with no alt text that are not marked decorative. */
  missingAlt?: boolean | undefined;
  limit: number;
  skip: number;
}

const usedSql = sql`(exists (select 1 from ${contentImages} ci join ${content} c on c.id = ci.content_id where ci.asset_id = ${assets.id} and c.status <> 0)
  or exists (select 1 from ${content} c2 where c2.primary_image_id = ${assets.id} and c2.status <> 0)
  or exists (select 1 from ${persons} p where p.image_id = ${assets.id}))`;

export async function mediaStream(db: Db, f: MediaFilter): Promise<Page<MediaAsset>> {
  const where: SQL[] = [eq(assets.tenantKey, f.tenantKey)];
  if (f.phrase) {
    const p = containsPattern(f.phrase);
    where.push(sql`(${assets.path} like ${p} escape '\\' or coalesce(${assetMedia.name}, '') like ${p} escape '\\' or ${assets.alt} like ${p} escape '\\'
      or coalesce(${assets.caption}, '') like ${p} escape '\\' or exists (select 1 from json_each(coalesce(${assetMedia.tags}, '[]')) where value like ${p} escape '\\'))`);
  }
  if (f.tag) where.push(sql`exists (select 1 from json_each(coalesce(${assetMedia.tags}, '[]')) where value = ${f.tag})`);
  if (f.type) where.push(sql`${assets.mimeType} like ${`${f.type.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
  if (f.used !== undefined) where.push(f.used ? usedSql : sql`not ${usedSql}`);
  if (f.created) where.push(sql`${assets.createdAt} >= ${f.created.from} and ${assets.createdAt} < ${f.created.to}`);
  if (f.uploadedBy !== undefined) where.push(sql`${uploaderIdSql} = ${f.uploadedBy}`);
  if (f.missingAlt !== undefined) {
    const missing = sql`(${assets.mimeType} like 'image/%' and trim(${assets.alt}) = '' and (${assetMedia.decorative} is null or not ${assetMedia.decorative}))`;
    where.push(f.missingAlt ? missing : sql`not ${missing}`);
  }
  const rows = await joined(db).where(and(...where)).orderBy(sql`${assets.id} desc`).limit(f.limit).offset(f.skip);
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(assets).leftJoin(assetMedia, eq(assetMedia.assetId, assets.id)).where(and(...where));
  return { rows: await withNames(db, rows), total: Number(count?.n ?? 0) };
}

/** The library's filter choices: the UTC months (YYYY-MM, newest first) that hold assets, and the staff who uploaded any. */
export async function mediaFacets(db: Db, tenantKey: string): Promise<{ months: string[]; uploaders: { id: number; name: string }[] }> {
  // The join keeps drizzle qualifying assets' columns, which the correlated subquery needs (history has id and tenant_key too).
  const rows = await db.select({ createdAt: assets.createdAt, uploaderId: uploaderIdSql }).from(assets).leftJoin(assetMedia, eq(assetMedia.assetId, assets.id)).where(eq(assets.tenantKey, tenantKey));
  const months = [...new Set(rows.map((r) => new Date(Number(r.createdAt)).toISOString().slice(0, 7)))].sort().reverse();
  const ids = [...new Set(rows.map((r) => r.uploaderId).filter((v) => v !== null && v !== undefined).map(Number))];
  const users = ids.length ? await db.select({ id: cmsUsers.id, first: cmsUsers.firstName, last: cmsUsers.lastName, username: cmsUsers.username }).from(cmsUsers).where(inArray(cmsUsers.id, ids)) : [];
  const uploaders = users.map((u) => ({ id: u.id, name: `${u.first} ${u.last}`.trim() || u.username })).sort((a, b) => a.name.localeCompare(b.name));
  return { months, uploaders };
}

export interface AssetUse { kind: 'content' | 'person' | 'newsletter template' | 'newsletter ad'; id: number; name: string }

/**
 * What uses an asset: content (not deleted) showing it, people with it as their photo, newsletter
 * templates with it as their header image and newsletter ads with it as their image or logo.
 */
export async function assetUses(db: Db, tenantKey: string, assetId: number): Promise<AssetUse[]> {
  const items = await db.selectDistinct({ id: content.id, name: content.name }).from(content)
    .leftJoin(contentImages, eq(contentImages.contentId, content.id))
    .where(and(eq(content.tenantKey, tenantKey), sql`${content.status} <> 0`, sql`(${contentImages.assetId} = ${assetId} or ${content.primaryImageId} = ${assetId})`))
    .orderBy(asc(content.id));
  const people = await db.select({ id: persons.id, name: persons.fullName }).from(persons)
    .where(and(eq(persons.tenantKey, tenantKey), eq(persons.imageId, assetId))).orderBy(asc(persons.id));
  const templates = await db.select({ id: newsletterTemplates.id, name: newsletterTemplates.name }).from(newsletterTemplates)
    .where(and(eq(newsletterTemplates.tenantKey, tenantKey), sql`json_extract(${newsletterTemplates.config}, '$.header.imageAssetId') = ${assetId}`))
    .orderBy(asc(newsletterTemplates.id));
  const ads = await db.select({ id: newsletterAds.id, name: newsletterAds.title }).from(newsletterAds)
    .where(and(eq(newsletterAds.tenantKey, tenantKey), sql`(json_extract(${newsletterAds.config}, '$.imageAssetId') = ${assetId} or json_extract(${newsletterAds.config}, '$.logoAssetId') = ${assetId})`))
    .orderBy(asc(newsletterAds.id));
  return [
    ...items.map((r) => ({ kind: 'content' as const, ...r })), ...people.map((r) => ({ kind: 'person' as const, ...r })),
    ...templates.map((r) => ({ kind: 'newsletter template' as const, ...r })), ...ads.map((r) => ({ kind: 'newsletter ad' as const, ...r })),
  ];
}

export interface UploadedFile { path: string; mimeType: string; width: number; height: number; sha256: string; name: string; original: string; bytes: number; derivatives: AssetDerivative[] }

/** The asset of this tenant already published at `path`, if any. */
export async function assetIdAtPath(db: Db, tenantKey: string, path: string): Promise<number | null> {
  const [row] = await db.select({ id: assets.id }).from(assets).where(and(eq(assets.tenantKey, tenantKey), eq(assets.path, path)));
  return row?.id ?? null;
}

/** Inserts an uploaded asset (no bytes in SQLite, alt text empty until an editor writes it). Ids are global. */
export async function insertUploadedAsset(tx: Db, tenantKey: string, f: UploadedFile): Promise<number> {
  const [max] = await tx.select({ max: sql<number | null>`max(${assets.id})` }).from(assets);
  const id = Number(max?.max ?? 0) + 1;
  await tx.insert(assets).values({ id, tenantKey, path: f.path, mimeType: f.mimeType, alt: '', width: f.width, height: f.height, data: Buffer.alloc(0), sha256: f.sha256 });
  await tx.insert(assetMedia).values({ assetId: id, tenantKey, name: f.name, original: f.original, bytes: f.bytes, derivatives: f.derivatives, tags: [] });
  return id;
}

/** Replaces an asset's file: same id, so every use keeps pointing at it. */
export async function replaceAssetFile(tx: Db, tenantKey: string, id: number, f: UploadedFile): Promise<void> {
  const stamp = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
  await tx.update(assets).set({ path: f.path, mimeType: f.mimeType, width: f.width, height: f.height, sha256: f.sha256, data: Buffer.alloc(0), updatedAt: stamp })
    .where(and(eq(assets.tenantKey, tenantKey), eq(assets.id, id)));
  await tx.insert(assetMedia).values({ assetId: id, tenantKey, name: f.name, original: f.original, bytes: f.bytes, derivatives: f.derivatives, tags: [] })
    .onConflictDoUpdate({ target: assetMedia.assetId, set: { name: f.name, original: f.original, bytes: f.bytes, derivatives: f.derivatives, updatedAt: stamp } });
}

export interface AssetMetaPatch { alt?: string; caption?: string | null; credit?: string | null; focalX?: number; focalY?: number; tags?: string[]; decorative?: boolean; name?: string }

export async function updateAssetMeta(tx: Db, tenantKey: string, current: MediaAsset, patch: AssetMetaPatch): Promise<void> {
  const stamp = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
  const base: Partial<typeof assets.$inferInsert> = {};
  if (patch.alt !== undefined) base.alt = patch.alt;
  if (patch.caption !== undefined) base.caption = patch.caption;
  if (patch.credit !== undefined) base.credit = patch.credit;
  await tx.update(assets).set({ ...base, updatedAt: stamp }).where(and(eq(assets.tenantKey, tenantKey), eq(assets.id, current.id)));
  const media = {
    name: patch.name ?? current.name, focalX: patch.focalX ?? current.focalX, focalY: patch.focalY ?? current.focalY,
    tags: patch.tags ?? current.tags, decorative: patch.decorative ?? current.decorative,
  };
  await tx.insert(assetMedia).values({ assetId: current.id, tenantKey, original: current.original, bytes: current.bytes, derivatives: current.derivatives, ...media })
    .onConflictDoUpdate({ target: assetMedia.assetId, set: { ...media, updatedAt: stamp } });
}

export async function deleteAssetRow(tx: Db, tenantKey: string, id: number): Promise<void> {
  await tx.delete(assets).where(and(eq(assets.tenantKey, tenantKey), eq(assets.id, id)));
}

/** Every file name of the tenant's assets folder that an asset row still names (originals and derivatives). */
export async function referencedAssetFiles(db: Db, tenantKey: string): Promise<Set<string>> {
  const rows = await db.select({ original: assetMedia.original, derivatives: assetMedia.derivatives }).from(assetMedia).where(eq(assetMedia.tenantKey, tenantKey));
  const out = new Set<string>();
  for (const r of rows) {
    if (r.original) out.add(r.original);
    for (const d of r.derivatives ?? []) out.add(d.file);
  }
  return out;
}

/** The bytes a fixture asset keeps in SQLite (uploaded assets keep none: their files are on disk), with its type. */
export async function assetStoredData(db: Db, tenantKey: string, id: number): Promise<{ data: Buffer; mimeType: string } | null> {
  const [row] = await db.select({ data: assets.data, mimeType: assets.mimeType }).from(assets).where(and(eq(assets.tenantKey, tenantKey), eq(assets.id, id)));
  return row ?? null;
}
