// Uploaded images on pages (issue 16): the <picture> sources of an image from its derivatives
// (AVIF and WebP <source srcset sizes>, the original format's widths on the <img>, width/height of
// the largest so the page does not shift), the focal point as object-position for teaser crops, and
// the copy of exactly the derivatives that pages reference from the assets folder into the build.
// With the media library on object storage (MASTHEAD_MEDIA_URL) the derivatives stay in the bucket
// and pages reference them at the CDN (BuildMedia.base); only public documents are copied, read
// from the bucket's private originals, so a gated document is still never published.
import { existsSync } from 'node:fs';
import { mediaKindOf, mediaStoreOf, type MediaStore } from '../../assets/media-store';
import { join, posix } from 'node:path';
import { gatedDocuments } from '../../domain/documents';
import type { ImageView } from '../../../site/model';
import type { BuildImage, BuildMedia, TenantIndex } from '../types';
import type { FileWriter } from './writer';

/** Pages show images at most about 960 CSS pixels wide (the content column). */
export const IMAGE_SIZES = '(min-width: 1000px) 960px, 100vw';
/**
 * Teasers (list items) are at most a hero's width, so no candidate wider than this is offered; the
 * 1600-wide derivatives are for the article image on high-density screens only.
 */
export const TEASER_MAX_WIDTH = 960;
const SOURCE_TYPES = [['avif', 'image/avif'], ['webp', 'image/webp']] as const;

type Derivative = BuildMedia['derivatives'][number];

/** A derivative's address: beside the asset's own path (/media/<tenant>/<file>), or at the CDN (<base>/<file>) for media on object storage. */
export function derivativePath(img: Pick<BuildImage, 'path' | 'media'>, d: Pick<Derivative, 'file'>): string {
  return img.media?.base ? `${img.media.base}/${d.file}` : `${posix.dirname(img.path)}/${d.file}`;
}

type PictureParts = Pick<ImageView, 'src' | 'width' | 'height' | 'srcset' | 'sizes' | 'sources' | 'position'>;

/** The picture parts of an image with derivatives; null for an image without (fixture files keep their one path). */
export function pictureOf(img: BuildImage): PictureParts | null {
  return picture(img, img.media?.derivatives ?? [], 'page');
}

/**
 * The picture parts of an image in a teaser (a list item): only the derivatives up to
 * TEASER_MAX_WIDTH (the narrowest when none is that small) and no `sizes` — the list display
 * decides those (site/items.tsx TEASER_SIZES). The <img> keeps one fallback file and no srcset when
 * AVIF/WebP sources exist: every browser that reads srcset picks one of those. Width/height are
 * the largest candidate's (same aspect ratio, so no layout shift) and the focal point still drives
 * the crop.
 */
export function teaserPictureOf(img: BuildImage): PictureParts | null {
  const all = img.media?.derivatives ?? [];
  const small = all.filter((d) => d.width <= TEASER_MAX_WIDTH);
  const narrowest = Math.min(...all.map((d) => d.width));
  return picture(img, small.length > 0 ? small : all.filter((d) => d.width === narrowest), 'teaser');
}

function picture(img: BuildImage, derivatives: readonly Derivative[], use: 'page' | 'teaser'): PictureParts | null {
  if (derivatives.length === 0) return null;
  const byFormat = new Map<string, Derivative[]>();
  for (const d of derivatives) byFormat.set(d.format, [...(byFormat.get(d.format) ?? []), d]);
  for (const list of byFormat.values()) list.sort((a, b) => a.width - b.width);
  const fallbackFormat = [...byFormat.keys()].find((f) => f !== 'avif' && f !== 'webp') ?? (byFormat.has('webp') ? 'webp' : 'avif');
  const fallback = byFormat.get(fallbackFormat)!;
  const largest = fallback[fallback.length - 1]!;
  const srcset = (list: Derivative[]) => list.map((d) => `${derivativePath(img, d)} ${d.width}w`).join(', ');
  const { focalX, focalY } = img.media!;
  const centred = Math.abs(focalX - 0.5) < 0.005 && Math.abs(focalY - 0.5) < 0.005;
  const sources = SOURCE_TYPES.filter(([f]) => f !== fallbackFormat && byFormat.has(f)).map(([f, type]) => ({ type, srcset: srcset(byFormat.get(f)!) }));
  const position = centred ? null : `${Math.round(focalX * 1000) / 10}% ${Math.round(focalY * 1000) / 10}%`;
  const src = derivativePath(img, largest);
  if (use === 'teaser') {
    return { src, width: largest.width, height: largest.height, ...(sources.length > 0 ? {} : { srcset: srcset(fallback) }), sources, position };
  }
  return { src, width: largest.width, height: largest.height, srcset: srcset(fallback), sizes: IMAGE_SIZES, sources, position };
}

/** Asset ids named by layout blocks (image grids and any block data with assetIds or an assetId). */
function layoutAssetIds(value: unknown, out: Set<number>): void {
  if (Array.isArray(value)) for (const v of value) layoutAssetIds(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'assetIds' && Array.isArray(v)) {
        for (const id of v) if (typeof id === 'number') out.add(id);
      } else if (k === 'assetId' && typeof v === 'number') out.add(v);
      else layoutAssetIds(v, out);
    }
  }
}

/** The derivative files pages of this index reference: site path (no leading slash) → file name in the tenant's assets folder. */
export function referencedMedia(index: TenantIndex): Map<string, string> {
  const images: BuildImage[] = [];
  for (const c of index.content) if (c.image) images.push(c.image);
  const ids = new Set<number>();
  layoutAssetIds(index.layouts ?? [], ids);
  // House natives' media library images (issue 19).
  for (const a of index.ads?.house ?? []) if (a.native?.nativeImageAssetId !== undefined) ids.add(a.native.nativeImageAssetId);
  const gated = gatedDocuments(index.layouts ?? []);
  const out = new Map<string, string>();
  for (const a of index.assets ?? []) {
    if (!ids.has(a.id) || gated.has(a.id)) continue;
    images.push(a);
    // An uploaded document (document download block) is published as its original file.
    if (a.mimeType === 'application/pdf' && a.media?.original && a.path.startsWith('/')) out.set(a.path.slice(1), a.media.original);
  }
  // Derivatives on object storage (a CDN base) are not copied: pages reference the CDN.
  for (const img of images) if (!img.media?.base) for (const d of img.media?.derivatives ?? []) out.set(derivativePath(img, d).slice(1), d.file);
  return out;
}

/** Site paths (no leading slash) of the gated documents: never written to the build (engine/domain/documents.ts). */
export function withheldFiles(index: TenantIndex): Set<string> {
  const gated = gatedDocuments(index.layouts ?? []);
  return new Set((index.assets ?? []).filter((a) => gated.has(a.id)).map((a) => a.path.replace(/^\/+/, '')));
}

/**
 * Copies the referenced files from the media library (`<assetsDir>/<tenant>/`, or the bucket) into
 * the build. Names are content hashes, so a file already in the target is the same bytes and is
 * skipped (incremental builds copy only what is new). Returns the number copied and the files
 * missing from the library.
 */
export async function writeMediaFiles(files: Map<string, string>, assetsDir: string | MediaStore | null, tenantKey: string, writer: FileWriter, root: string): Promise<{ copied: number; missing: string[] }> {
  const missing: string[] = [];
  let copied = 0;
  const store = mediaStoreOf(assetsDir);
  if (!store || files.size === 0) return { copied, missing };
  for (const [rel, file] of files) {
    if (existsSync(join(root, rel))) continue;
    const bytes = await store.read(tenantKey, mediaKindOf(file), file);
    if (!bytes) { missing.push(file); continue; }
    writer.write(rel, bytes);
    copied += 1;
  }
  return { copied, missing };
}
