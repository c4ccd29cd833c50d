// Media library operations (issue 16): upload (through engine/assets/ingest.ts: checks first, then
// derivatives under content-hash names in the media store: the tenant's folder, or the bucket of
// MASTHEAD_MEDIA_URL, engine/assets/media-store.ts), replace a file (same id, every use
// kept), metadata edits, delete (refused while anything uses the asset), and the library listing.
// Writes need manage_assets; reads also serve content editors' image pickers (manage_content).
// PDF documents are stored the same way (original only, no derivatives; width and height 0).
import { createHash } from 'node:crypto';
import { AssetInputError, EXT, ingestedFiles, ingestImage, inspectUpload, type IngestedAsset } from '../../assets/ingest';
import { AppError } from '../../domain/errors';
import { badInput } from '../../domain/validation';
import * as q from '../../store/queries/assets';
import { asStorageError, mediaStore } from '../kernel/media-storage';
import { commit, diff, snapshot, tenantAccess, type OpArgs, type OpContext } from '../kernel/operation';
import { idArg } from '../kernel/patch';

const MANAGE = ['manage_assets'] as const;
export const READ = ['manage_assets', 'manage_content'] as const;
export const MAX_ASSET_PAGE = 200;
const MAX_TAGS = 30;

export interface UploadInput {
  bytes: Uint8Array;
  /** The client's file name (shown and searched; never trusted for the type). */
  name?: string | undefined;
  /** The client's content type, checked against the bytes. */
  declaredType?: string | undefined;
  /** Replace this asset's file instead of creating an asset. */
  replaceId?: unknown;
}

export interface AssetView extends q.MediaAsset { usedBy: q.AssetUse[] }

function fileName(name: unknown): string {
  if (name === undefined || name === null || name === '') return 'upload';
  if (typeof name !== 'string') badInput('name', 'Must be text');
  const base = name.split(/[\\/]/).pop()!.replace(/\p{Cc}/gu, '').trim();
  if (base.length === 0) return 'upload';
  if (base.length > 200) badInput('name', 'Must be at most 200 characters');
  return base;
}

/** An AssetInputError from ingest as the catalogue's BAD_USER_INPUT naming the same field. */
function asInputError(e: unknown): never {
  if (e instanceof AssetInputError) badInput(e.field, e.message.slice(e.field.length + 2));
  throw e;
}

async function view(ctx: OpContext, tenantKey: string, id: number): Promise<AssetView> {
  const db = ctx.services.store.db;
  const [row] = await q.mediaAssetsByIds(db, tenantKey, [id]);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'Asset', id });
  return { ...row, usedBy: await q.assetUses(db, tenantKey, id) };
}

/** Removes files an ingest wrote that no asset row names after a failed commit. */
async function dropUnreferenced(ctx: OpContext, tenantKey: string, ingested: IngestedAsset): Promise<void> {
  const kept = await q.referencedAssetFiles(ctx.services.store.db, tenantKey);
  await mediaStore(ctx.services.assets).remove(tenantKey, ingestedFiles(ingested).filter((f) => !kept.has(f.name)));
}

/** POST /api/assets and createAsset: a new asset, or (replaceId) a new file for an existing one. */
export async function uploadAsset({ ctx, input }: OpArgs<UploadInput>): Promise<AssetView> {
  const { tenant } = tenantAccess(ctx, MANAGE);
  const key = tenant.tenantKey;
  const name = fileName(input.name);
  const replaceId = input.replaceId === undefined || input.replaceId === null ? null : idArg(input.replaceId, 'replaceId');
  const limits = { maxBytes: ctx.services.assets.maxBytes };
  const db = ctx.services.store.db;
  if (replaceId !== null && (await q.mediaAssetsByIds(db, key, [replaceId])).length === 0) throw new AppError('NOT_FOUND', { entity: 'Asset', id: replaceId });
  // Every check runs before a file is written; a file already in the library is not stored twice.
  const info = await inspectUpload(input.bytes, limits, input.declaredType, { documents: true }).catch(asInputError);
  const hash = createHash('sha256').update(input.bytes).digest('hex');
  const path = `/media/${key}/${hash.slice(0, 32)}.${EXT[info.format]}`;
  const existing = await q.assetIdAtPath(db, key, path);
  if (existing !== null && existing !== replaceId) badInput('file', `This file is already in the library as asset ${existing}`);
  // Files first, the row after: a failed upload leaves no row naming a missing file (ingest removes what it wrote).
  const ingested = await ingestImage(mediaStore(ctx.services.assets), key, input.bytes, limits, input.declaredType).catch(asInputError).catch(asStorageError);
  const file: q.UploadedFile = {
    path, mimeType: ingested.mime, width: ingested.width, height: ingested.height, sha256: ingested.hash, name,
    original: ingested.original, bytes: ingested.bytes, derivatives: ingested.derivatives,
  };
  let id: number;
  try {
    id = await commit(ctx, async (tx) => {
      if (replaceId === null) return q.insertUploadedAsset(tx, key, file);
      await q.replaceAssetFile(tx, key, replaceId, file);
      return replaceId;
    }, (assetId) => ({
      tenantKey: key, entityType: 'asset', entityId: assetId, action: replaceId === null ? 'create' : 'replace',
      changes: snapshot({ name, path, mimeType: file.mimeType, width: file.width, height: file.height, bytes: file.bytes }),
    }), () => (replaceId === null ? null : { entity: 'asset', action: 'update', ids: [replaceId] }));
  } catch (e) {
    await dropUnreferenced(ctx, key, ingested).catch(() => {});
    throw e;
  }
  return view(ctx, key, id);
}

export interface AssetMetaInput {
  name?: unknown; alt?: unknown; caption?: unknown; credit?: unknown;
  focalX?: unknown; focalY?: unknown; tags?: unknown; decorative?: unknown;
}

function text(v: unknown, field: string, max: number): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') badInput(field, 'Must be text');
  if (v.length > max) badInput(field, `Must be at most ${max} characters`);
  return v.trim();
}
function nullableText(v: unknown, field: string, max: number): string | null | undefined {
  if (v === null) return null;
  const t = text(v, field, max);
  return t === '' ? null : t;
}
function fraction(v: unknown, field: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1) badInput(field, 'Must be a number from 0 to 1 (a fraction of the image)');
  return v;
}

/** The metadata fields of an input, validated; only the fields given are in the patch. */
export function metaPatch(input: AssetMetaInput): q.AssetMetaPatch {
  const patch: q.AssetMetaPatch = {};
  if (input.name !== undefined && input.name !== null) patch.name = fileName(input.name);
  const alt = input.alt === null ? '' : text(input.alt, 'alt', 300);
  if (alt !== undefined) patch.alt = alt;
  const caption = nullableText(input.caption, 'caption', 1000);
  if (caption !== undefined) patch.caption = caption;
  const credit = nullableText(input.credit, 'credit', 200);
  if (credit !== undefined) patch.credit = credit;
  const fx = fraction(input.focalX, 'focalX');
  const fy = fraction(input.focalY, 'focalY');
  if (fx !== undefined) patch.focalX = fx;
  if (fy !== undefined) patch.focalY = fy;
  if (input.tags !== undefined && input.tags !== null) {
    if (!Array.isArray(input.tags) || input.tags.some((t) => typeof t !== 'string' || t.trim().length === 0 || t.length > 60)) badInput('tags', 'Must be a list of tags of 1 to 60 characters');
    if (input.tags.length > MAX_TAGS) badInput('tags', `Must be at most ${MAX_TAGS} tags`);
    patch.tags = [...new Set((input.tags as string[]).map((t) => t.trim()))];
  }
  if (input.decorative !== undefined && input.decorative !== null) {
    if (typeof input.decorative !== 'boolean') badInput('decorative', 'Must be true or false');
    patch.decorative = input.decorative;
  }
  return patch;
}

/** Sets metadata on an asset; pages showing it are rebuilt. */
export async function updateAsset({ ctx, input }: OpArgs<{ id: unknown; input: AssetMetaInput }>): Promise<AssetView> {
  const { tenant } = tenantAccess(ctx, MANAGE);
  const key = tenant.tenantKey;
  const id = idArg(input.id);
  const patch = metaPatch(input.input ?? {});
  await commit(ctx, async (tx) => {
    const [row] = await q.mediaAssetsByIds(tx, key, [id]);
    if (!row) throw new AppError('NOT_FOUND', { entity: 'Asset', id });
    await q.updateAssetMeta(tx, key, row, patch);
    const [after] = await q.mediaAssetsByIds(tx, key, [id]);
    const pick = (a: q.MediaAsset) => ({ name: a.name, alt: a.alt, caption: a.caption, credit: a.credit, focalX: a.focalX, focalY: a.focalY, tags: a.tags, decorative: a.decorative });
    return diff(pick(row), pick(after!));
  }, (changes) => ({ tenantKey: key, entityType: 'asset', entityId: id, action: 'update', changes }),
  () => ({ entity: 'asset', action: 'update', ids: [id] }));
  return view(ctx, key, id);
}

/** Deletes an asset that nothing uses; while content, a person or a newsletter template or ad uses it, says which. Its files stay until `masthead assets gc`. */
export async function deleteAsset({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, MANAGE);
  const key = tenant.tenantKey;
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const [row] = await q.mediaAssetsByIds(tx, key, [id]);
    if (!row) throw new AppError('NOT_FOUND', { entity: 'Asset', id });
    const uses = await q.assetUses(tx, key, id);
    if (uses.length) {
      const names = uses.slice(0, 5).map((u) => `${u.kind} ${u.id} "${u.name}"`).join(', ');
      throw new AppError('CONFLICT', { message: `Asset ${id} cannot be deleted while it is used by ${names}${uses.length > 5 ? ` and ${uses.length - 5} more` : ''}.` });
    }
    await q.deleteAssetRow(tx, key, id);
    return row;
  }, (row) => ({ tenantKey: key, entityType: 'asset', entityId: id, action: 'delete', changes: snapshot({ name: row.name, path: row.path }) }),
  () => ({ entity: 'asset', action: 'delete', ids: [id] }));
  return { ok: true };
}

export async function getAsset({ ctx, input }: OpArgs<{ id: unknown }>): Promise<AssetView> {
  const { tenant } = tenantAccess(ctx, READ);
  return view(ctx, tenant.tenantKey, idArg(input.id));
}

export interface AssetStreamInput { phrase?: unknown; tag?: unknown; type?: unknown; used?: unknown; month?: unknown; uploadedBy?: unknown; missingAlt?: unknown; limit?: unknown; skip?: unknown }

/** A YYYY-MM month as its UTC [start, end) in epoch ms; anything else is refused naming `month`. */
export function monthRange(v: unknown): { from: number; to: number } | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const m = typeof v === 'string' ? /^(\d{4})-(\d{2})$/.exec(v) : null;
  const month = m ? Number(m[2]) : 0;
  if (!m || month < 1 || month > 12) badInput('month', 'Must be a month as YYYY-MM, e.g. 2026-11');
  const year = Number(m[1]);
  return { from: Date.UTC(year, month - 1, 1), to: Date.UTC(year, month, 1) };
}

/** The library listing: newest first, filtered by name/alt/caption/tag phrase, tag, type prefix and usage. */
export async function assetStream({ ctx, input }: OpArgs<AssetStreamInput>): Promise<{ rows: AssetView[]; total: number }> {
  const { tenant } = tenantAccess(ctx, READ);
  const key = tenant.tenantKey;
  const opt = (v: unknown, field: string, max: number) => (v === undefined || v === null || v === '' ? undefined : text(v, field, max));
  const int = (v: unknown, field: string, dflt: number, max: number) => {
    if (v === undefined || v === null) return dflt;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) badInput(field, `Must be a whole number from 0 to ${max}`);
    return v;
  };
  if (input.used !== undefined && input.used !== null && typeof input.used !== 'boolean') badInput('used', 'Must be true or false');
  if (input.missingAlt !== undefined && input.missingAlt !== null && typeof input.missingAlt !== 'boolean') badInput('missingAlt', 'Must be true or false');
  const uploadedBy = input.uploadedBy === undefined || input.uploadedBy === null ? undefined : idArg(input.uploadedBy, 'uploadedBy');
  const created = monthRange(input.month);
  const type = opt(input.type, 'type', 100);
  if (type !== undefined && !/^[a-z]+(\/[a-z0-9.+-]*)?$/.test(type)) badInput('type', 'Must be a MIME type or prefix, e.g. image/ or image/jpeg');
  const page = await q.mediaStream(ctx.services.store.db, {
    tenantKey: key, phrase: opt(input.phrase, 'phrase', 200), tag: opt(input.tag, 'tag', 60), type,
    used: (input.used ?? undefined) as boolean | undefined, created, uploadedBy, missingAlt: (input.missingAlt ?? undefined) as boolean | undefined, limit: int(input.limit, 'limit', 50, MAX_ASSET_PAGE), skip: int(input.skip, 'skip', 0, 1_000_000),
  });
  const rows = await Promise.all(page.rows.map(async (r) => ({ ...r, usedBy: await q.assetUses(ctx.services.store.db, key, r.id) })));
  return { rows, total: page.total };
}

/** The library's filter choices: months that hold assets and the staff who uploaded them (manage_assets or manage_content). */
export async function assetFacets({ ctx }: OpArgs<Record<string, never>>): Promise<{ months: string[]; uploaders: { id: number; name: string }[] }> {
  const { tenant } = tenantAccess(ctx, READ);
  return q.mediaFacets(ctx.services.store.db, tenant.tenantKey);
}
