// Images of an export into the media library: each image URL (a featured image or an <img> in a
// body) is fetched from the export's address with a timeout, else read from the local uploads
// folder (--media), else reported. The bytes pass the media library's own checks
// (engine/assets/ingest.ts inspectUpload: type sniffed, SVG refused, pixel limit) and become an
// asset named by its content hash, so the same picture under two URLs is stored once. A URL
// imported before is not fetched again.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, join, normalize, sep } from 'node:path';
import { AssetInputError, inspectUpload } from '../assets/ingest';
import type { AssetRow } from '../store/writes';

export interface MediaOptions {
  tenantKey: string;
  /** Local uploads folder (wp-content/uploads or Ghost's content/images), if given. */
  mediaDir?: string | undefined;
  /** The old site's address, for relative URLs and Ghost's __GHOST_URL__. */
  siteUrl?: string | undefined;
  timeoutMs: number;
  maxBytes: number;
  /** Fetch nothing (dry run). */
  offline: boolean;
}

export interface MediaHooks {
  /** An asset already imported for this URL (from the source map). */
  known(url: string): { assetId: number; path: string; key: string } | undefined;
  /** An existing asset at the path (same bytes imported under another URL before). */
  existingAt(path: string): Promise<number | undefined>;
  newId(): number;
  warn(kind: string, detail: string): void;
}

export interface Resolved { assetId: number; path: string; key: string; row?: AssetRow | undefined }

const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif', 'image/avif': 'avif' };

/** The absolute URL an export's image address stands for, or null when there is none. */
export function absoluteUrl(src: string, siteUrl: string | undefined): string | null {
  const raw = src.trim().replace(/^__GHOST_URL__/, siteUrl?.replace(/\/+$/, '') ?? '');
  try {
    return new URL(raw, siteUrl ? `${siteUrl.replace(/\/+$/, '')}/` : undefined).toString();
  } catch {
    return null;
  }
}

/** Where an image URL's file sits in an uploads folder: the part after wp-content/uploads/ or content/images/, else its path. */
function localCandidates(url: string, dir: string): string[] {
  let path: string;
  try { path = decodeURIComponent(new URL(url, 'http://x/').pathname); } catch { return []; }
  const rel = /\/(?:wp-content\/uploads|content\/images)\/(.+)$/.exec(path)?.[1] ?? path.replace(/^\/+/, '');
  const root = normalize(dir + sep);
  return [join(dir, rel), join(dir, basename(rel))].map((p) => normalize(p)).filter((p) => p.startsWith(root));
}

export class MediaLibrary {
  readonly #cache = new Map<string, Promise<Resolved | null>>();
  readonly #byPath = new Map<string, number>();
  constructor(private readonly opts: MediaOptions, private readonly hooks: MediaHooks) {}

  /** The asset for an image URL (imported now or before), or null when the image cannot be had. */
  resolve(src: string, alt: string): Promise<Resolved | null> {
    const url = absoluteUrl(src, this.opts.siteUrl) ?? src;
    let p = this.#cache.get(url);
    if (!p) {
      p = this.#load(url, alt);
      this.#cache.set(url, p);
    }
    return p;
  }

  /** Source-map key of an image: its absolute URL. */
  key(src: string): string {
    return absoluteUrl(src, this.opts.siteUrl) ?? src;
  }

  async #bytes(url: string): Promise<Buffer | null> {
    if (/^https?:\/\//i.test(url) && !this.opts.offline) {
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(this.opts.timeoutMs), redirect: 'follow' });
        if (res.ok) {
          const buf = Buffer.from(await res.arrayBuffer());
          if (buf.byteLength > 0) return buf;
        }
      } catch {
        // unreachable or too slow: try the uploads folder
      }
    }
    if (this.opts.mediaDir) {
      for (const file of localCandidates(url, this.opts.mediaDir)) {
        try { return await readFile(file); } catch { /* next candidate */ }
      }
    }
    return null;
  }

  async #load(url: string, alt: string): Promise<Resolved | null> {
    const known = this.hooks.known(url);
    if (known !== undefined) return known;
    if (this.opts.offline) { this.hooks.warn('image-not-fetched', `${url} (dry run: would be fetched and imported)`); return null; }
    const bytes = await this.#bytes(url);
    if (!bytes) {
      this.hooks.warn('image-missing', `${url} (not reachable${this.opts.mediaDir ? ' and not in the media folder' : '; give the uploads folder with --media'})`);
      return null;
    }
    let info: Awaited<ReturnType<typeof inspectUpload>>;
    try {
      info = await inspectUpload(bytes, { maxBytes: this.opts.maxBytes });
    } catch (e) {
      this.hooks.warn('image-refused', `${url}: ${e instanceof AssetInputError ? e.message.replace(/^file: /, '') : String(e)}`);
      return null;
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const mimeType = `image/${info.format}`;
    const path = `/images/${this.opts.tenantKey}/import/${sha256.slice(0, 24)}.${EXT[mimeType] ?? info.format}`;
    const seen = this.#byPath.get(path) ?? (await this.hooks.existingAt(path));
    if (seen !== undefined) { this.#byPath.set(path, seen); return { assetId: seen, path, key: url }; }
    const assetId = this.hooks.newId();
    this.#byPath.set(path, assetId);
    const name = alt.trim() || basename(new URL(url, 'http://x/').pathname).replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ') || 'Imported image';
    return { assetId, path, key: url, row: { id: assetId, path, mimeType, alt: name.slice(0, 300), width: info.width, height: info.height, data: bytes, sha256 } };
  }
}
