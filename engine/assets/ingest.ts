// Media library ingest: checks an uploaded file and writes its derivatives outside SQLite.
// Order: size → type sniffed from the bytes (the name and the client's content type are not
// believed) → SVG refused → decoded by sharp with a pixel limit (decompression bombs) → derivatives.
// PDF documents (sniffed by their %PDF- header, then read by a PDF parser: pdf.ts) take the size
// check and the parse only: no sharp, no derivatives.
// Every check runs before anything is written; a failed derivative run removes what it wrote.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { localMediaStore, type MediaKind, type MediaStore } from './media-store';
import { pdfCheck } from './pdf';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
/** What an upload may be: an image, or a PDF document (stored as it is, without derivatives). */
export type SourceFormat = ImageFormat | 'pdf';
export type DerivativeFormat = 'avif' | 'webp' | ImageFormat;

export interface IngestLimits {
  /** Largest upload in bytes (MASTHEAD_ASSET_MAX_BYTES, default 25 MB). */
  maxBytes: number;
  /** Largest decoded image in pixels (width × height); larger files are refused as decompression bombs. */
  maxPixels?: number;
}

export const DEFAULT_MAX_PIXELS = 40_000_000;
/** Widths of the derivatives; an image narrower than a width gets no upscaled copy of it. */
export const DERIVATIVE_WIDTHS = [480, 960, 1600] as const;

export class AssetInputError extends Error {
  constructor(readonly field: string, message: string) {
    super(`${field}: ${message}`);
  }
}

export interface Derivative { width: number; height: number; format: DerivativeFormat; file: string; bytes: number }

export interface IngestedAsset {
  /** sha256 of the original bytes (hex); also names the original file. */
  hash: string;
  format: SourceFormat;
  mime: string;
  /** Pixels; 0 for a PDF. */
  width: number;
  height: number;
  bytes: number;
  /** File name of the original inside the tenant's folder. */
  original: string;
  derivatives: Derivative[];
}

export const MIME: Record<SourceFormat, string> = {
  jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif', pdf: 'application/pdf',
};
/** File name extension of each stored format. */
export const EXT: Record<SourceFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', avif: 'avif', pdf: 'pdf' };

/** The file type from the file's first bytes (an image, SVG or a PDF), or null when it is none of them. */
export function sniffImageType(bytes: Uint8Array): SourceFormat | 'svg' | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 5 && b.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 6 && (b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a')) return 'gif';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp' && /^(avif|avis)$/.test(b.toString('latin1', 8, 12))) return 'avif';
  const head = b.toString('utf8', 0, Math.min(b.length, 1024)).replace(/^\uFEFF/, '').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

/**
 * Checks an upload without writing anything. Throws an AssetInputError naming the field `file`
 * for an empty, oversized, unsupported, mislabelled, SVG or too-large-when-decoded file.
 * `declaredType` is the client's content type (or the type the file name implies), if any.
 * A PDF passes only with `documents` (the media library's uploads); image-only callers (the
 * importer) get it refused like any other non-image.
 */
export async function inspectUpload(bytes: Uint8Array, limits: IngestLimits, declaredType?: string, options: { documents?: boolean } = {}): Promise<{ format: SourceFormat; width: number; height: number }> {
  if (bytes.byteLength === 0) throw new AssetInputError('file', 'the file is empty');
  if (bytes.byteLength > limits.maxBytes) {
    throw new AssetInputError('file', `the file is ${bytes.byteLength} bytes, more than the limit of ${limits.maxBytes} bytes`);
  }
  const sniffed = sniffImageType(bytes);
  if (sniffed === 'svg') {
    throw new AssetInputError('file', 'SVG files are refused (they can carry scripts); upload a PNG, JPEG, WebP, GIF or AVIF');
  }
  if (sniffed === null) throw new AssetInputError('file', 'not a supported image or document: the content is not PNG, JPEG, WebP, GIF, AVIF or PDF');
  const declared = declaredType?.toLowerCase().split(';')[0]?.trim();
  if (declared && declared !== 'application/octet-stream' && declared !== MIME[sniffed] && !(declared === 'image/jpg' && sniffed === 'jpeg')) {
    throw new AssetInputError('file', `the file says it is ${declared} but its content is ${MIME[sniffed]}`);
  }
  if (sniffed === 'pdf') {
    if (!options.documents) throw new AssetInputError('file', 'not a supported image: the content is a PDF document, not PNG, JPEG, WebP, GIF or AVIF');
    const problem = await pdfCheck(bytes);
    if (problem?.kind === 'invalid') throw new AssetInputError('file', `the file starts like a PDF but is not one: ${problem.reason}`);
    if (problem) throw new AssetInputError('file', `the PDF is refused: ${problem.reason}, which would run in readers' PDF viewers; save it without scripts and actions (for example by printing it to PDF) and upload it again`);
    return { format: 'pdf', width: 0, height: 0 };
  }
  const maxPixels = limits.maxPixels ?? DEFAULT_MAX_PIXELS;
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata(); // header only; the pixel limit is checked below
  } catch {
    throw new AssetInputError('file', `the ${sniffed.toUpperCase()} file cannot be read`);
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new AssetInputError('file', `the ${sniffed.toUpperCase()} file has no dimensions`);
  if (width * height > maxPixels) {
    throw new AssetInputError('file', `the image is ${width}×${height} pixels, more than the limit of ${maxPixels} pixels (refused as a possible decompression bomb)`);
  }
  // Decode it fully once, still under the pixel limit: a truncated or hostile body fails here, before any write.
  try {
    await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' }).resize(8, 8, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw new AssetInputError('file', `the ${sniffed.toUpperCase()} file is damaged or cannot be decoded`);
  }
  return { format: sniffed, width, height };
}

/** A folder name for the tenant's files: its key, checked so it cannot leave the assets folder. */
export function tenantFolder(root: string, tenantKey: string): string {
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(tenantKey)) throw new AssetInputError('tenant', `not a valid tenant key: ${JSON.stringify(tenantKey)}`);
  return join(root, tenantKey);
}

/**
 * The derivative to show at `width` CSS pixels: the smallest WebP at least that wide (else any
 * format), or the widest when none is; null when the asset has no derivatives (PDFs, fixtures).
 */
export function smallestFitting(derivatives: readonly Derivative[], width: number): Derivative | null {
  const webp = derivatives.filter((d) => d.format === 'webp');
  const pool = [...(webp.length ? webp : derivatives)].sort((a, b) => a.width - b.width || a.bytes - b.bytes);
  return pool.find((d) => d.width >= width) ?? pool.at(-1) ?? null;
}

/**
 * Checks the upload, then writes the original and its derivatives (each width in AVIF, WebP and the
 * original format; a PDF gets none) into the media store (a folder path: `<root>/<tenantKey>/`)
 * under content-hash names. Generated once: a file whose name exists already is not written again.
 * On a failure nothing this call wrote stays behind, and the error is thrown.
 */
export async function ingestImage(root: string | MediaStore, tenantKey: string, bytes: Uint8Array, limits: IngestLimits, declaredType?: string): Promise<IngestedAsset> {
  const info = await inspectUpload(bytes, limits, declaredType, { documents: true });
  tenantFolder('', tenantKey);
  const store = typeof root === 'string' ? localMediaStore(root) : root;
  const hash = createHash('sha256').update(bytes).digest('hex');
  const original = `${hash.slice(0, 32)}.${EXT[info.format]}`;
  const written: { kind: MediaKind; name: string }[] = [];
  const put = async (kind: MediaKind, name: string, data: Uint8Array, mime: string) => {
    if (await store.has(tenantKey, kind, name)) return; // same content, already there
    written.push({ kind, name });
    await store.put(tenantKey, kind, name, data, mime);
  };
  try {
    await put('original', original, bytes, MIME[info.format]);
    if (info.format === 'pdf') {
      return { hash, format: 'pdf', mime: MIME.pdf, width: 0, height: 0, bytes: bytes.byteLength, original, derivatives: [] };
    }
    const widths = [...DERIVATIVE_WIDTHS.filter((w) => w < info.width), Math.min(info.width, DERIVATIVE_WIDTHS.at(-1)!)];
    const unique = [...new Set(widths)];
    const source = info.format;
    const formats: DerivativeFormat[] = ['avif', 'webp', ...(source === 'avif' || source === 'webp' ? [] : [source])];
    const derivatives: Derivative[] = [];
    const maxPixels = limits.maxPixels ?? DEFAULT_MAX_PIXELS;
    for (const width of unique) {
      const base = sharp(bytes, { limitInputPixels: maxPixels, animated: false }).rotate().resize({ width, withoutEnlargement: true });
      for (const format of formats) {
        const out = await base.clone().toFormat(format, format === 'avif' ? { quality: 50, effort: 2 } : { quality: 80 }).toBuffer({ resolveWithObject: true });
        const name = `${createHash('sha256').update(out.data).digest('hex').slice(0, 20)}-${width}.${EXT[format]}`;
        await put('derivative', name, out.data, MIME[format]);
        derivatives.push({ width: out.info.width, height: out.info.height, format, file: name, bytes: out.data.byteLength });
      }
    }
    return { hash, format: info.format, mime: MIME[info.format], width: info.width, height: info.height, bytes: bytes.byteLength, original, derivatives };
  } catch (e) {
    await store.remove(tenantKey, written).catch(() => {});
    throw e;
  }
}

/** The files of an ingest, as the media store names them. */
export function ingestedFiles(a: Pick<IngestedAsset, 'original' | 'derivatives'>): { kind: MediaKind; name: string }[] {
  return [{ kind: 'original', name: a.original }, ...a.derivatives.map((d) => ({ kind: 'derivative' as const, name: d.file }))];
}

/**
 * Removes files of the tenant's media that no asset references (masthead assets gc): `removed` (dry
 * run: removable) names. `minAgeMs` keeps unreferenced files written more recently (an upload whose
 * row is not committed yet): those are `kept`.
 */
export async function collectGarbage(root: string | MediaStore, tenantKey: string, referenced: ReadonlySet<string>, options: { dryRun?: boolean; minAgeMs?: number; now?: number } = {}): Promise<{ removed: string[]; kept: string[] }> {
  tenantFolder('', tenantKey);
  const store = typeof root === 'string' ? localMediaStore(root) : root;
  const all = (await store.list(tenantKey)).filter((o) => !referenced.has(o.name));
  const cutoff = (options.now ?? Date.now()) - (options.minAgeMs ?? 0);
  const removable = options.minAgeMs ? all.filter((o) => o.modified <= cutoff) : all;
  const kept = options.minAgeMs ? all.filter((o) => o.modified > cutoff).map((o) => o.name).sort() : [];
  if (!options.dryRun) await store.remove(tenantKey, removable);
  return { removed: removable.map((o) => o.name).sort(), kept };
}
