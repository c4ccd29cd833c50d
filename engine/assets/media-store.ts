// Where the media library keeps its files: a local folder (MASTHEAD_ASSETS_DIR, the default) or an
// S3-compatible bucket (MASTHEAD_MEDIA_URL=s3://bucket/prefix). Every file has a content-hash name,
// so an object is written once and never changes (immutable URLs, long cache).
//
// Local folder: <root>/<tenant>/<file>, originals and derivatives side by side; the build copies the
// files pages use into each tenant's output.
//
// Bucket: two areas under the prefix, so a bucket policy can open one and not the other:
//   <prefix>/public/<tenant>/<file>     derivatives (resized AVIF/WebP/JPEG/PNG/GIF): the CDN serves
//                                       these, and pages reference <publicUrl>/<tenant>/<file>;
//   <prefix>/originals/<tenant>/<file>  uploaded originals (images and PDF documents): never public.
//                                       The admin's previews, the gated-document route and the
//                                       build (a public document is published with the pages, as
//                                       in folder mode) read them with the bucket's keys.
// A gated document's file is therefore never at a public URL, and the gating contract holds.
// No process.env here: cli/ passes the connection and the public URL.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsCommand, NoSuchKey, NotFound, PutObjectCommand, type S3Client,
} from '@aws-sdk/client-s3';

export type MediaKind = 'original' | 'derivative';

/** Cache-Control of every media object: content-hash names never change. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface MediaObject { kind: MediaKind; name: string; /** Last write, epoch ms. */ modified: number }

export interface MediaStore {
  /** For messages: the folder, or s3://bucket/prefix. */
  readonly location: string;
  /**
   * Null: files are local and the build copies the derivatives pages use into the output. Else the
   * absolute URL (no trailing slash) the CDN serves the derivatives at: <publicUrl>/<tenant>/<file>.
   */
  readonly publicUrl: string | null;
  has(tenantKey: string, kind: MediaKind, name: string): Promise<boolean>;
  put(tenantKey: string, kind: MediaKind, name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(tenantKey: string, kind: MediaKind, name: string): Promise<Buffer | null>;
  /** Everything stored for the tenant (masthead assets gc). */
  list(tenantKey: string): Promise<MediaObject[]>;
  remove(tenantKey: string, files: readonly { kind: MediaKind; name: string }[]): Promise<void>;
}

/** The bucket failed (refused, unreachable, timed out): `action` and the service's reason. */
export class MediaStoreError extends Error {
  constructor(readonly location: string, readonly action: string, readonly reason: string, options?: { cause?: unknown }) {
    super(`Media storage ${location}: ${action} failed: ${reason}`, options);
    this.name = 'MediaStoreError';
  }
}

/** A tenant key as a path segment, checked so it cannot leave the library's folder or prefix. */
export function tenantSegment(tenantKey: string): string {
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(tenantKey)) throw new Error(`not a valid tenant key: ${JSON.stringify(tenantKey)}`);
  return tenantKey;
}

function safeName(name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) || name.includes('..')) throw new Error(`not a media file name: ${JSON.stringify(name)}`);
  return name;
}

/** The media library in a local folder (one folder per tenant), written by temp file and rename. */
export function localMediaStore(root: string): MediaStore {
  const dir = (t: string) => join(root, tenantSegment(t));
  return {
    location: root,
    publicUrl: null,
    async has(t, _kind, name) {
      return stat(join(dir(t), safeName(name))).then(() => true, () => false);
    },
    async put(t, _kind, name, bytes) {
      await mkdir(dir(t), { recursive: true });
      const target = join(dir(t), safeName(name));
      const tmp = `${target}.${process.pid}.tmp`;
      try {
        await writeFile(tmp, bytes);
        await rename(tmp, target);
      } catch (e) {
        await rm(tmp, { force: true });
        throw e;
      }
    },
    async read(t, _kind, name) {
      return readFile(join(dir(t), safeName(name))).catch(() => null);
    },
    async list(t) {
      let names: string[];
      try {
        names = await readdir(dir(t));
      } catch {
        return [];
      }
      return Promise.all(names.map(async (name) => ({
        kind: 'derivative' as const, name, modified: await stat(join(dir(t), name)).then((s) => s.mtimeMs, () => 0),
      })));
    },
    async remove(t, files) {
      // Names come from list() (temp files included), so only the tenant check applies here.
      await Promise.all(files.map((f) => rm(join(dir(t), f.name.replace(/[\\/]/g, '')), { force: true })));
    },
  };
}

export interface BucketLocation { bucket: string; prefix: string }

const DELETE_BATCH = 1000;

/** The media library in an S3-compatible bucket (see the file comment for the layout). */
export function bucketMediaStore(client: S3Client, loc: BucketLocation, publicUrl: string): MediaStore {
  const base = loc.prefix ? `${loc.prefix}/` : '';
  const area = (kind: MediaKind) => (kind === 'original' ? 'originals' : 'public');
  const folder = (t: string, kind: MediaKind) => `${base}${area(kind)}/${tenantSegment(t)}/`;
  const key = (t: string, kind: MediaKind, name: string) => `${folder(t, kind)}${safeName(name)}`;
  const missing = (e: unknown) => e instanceof NoSuchKey || e instanceof NotFound || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
  const location = `s3://${loc.bucket}${loc.prefix ? `/${loc.prefix}` : ''}`;
  const failed = (action: string) => (e: unknown): never => {
    const reason = e instanceof Error ? `${e.name !== 'Error' ? `${e.name}: ` : ''}${e.message || (e as { code?: string }).code || 'no answer'}` : String(e);
    throw new MediaStoreError(location, action, reason, { cause: e });
  };
  const listArea = async (t: string, kind: MediaKind): Promise<MediaObject[]> => {
    const prefix = folder(t, kind);
    const out: MediaObject[] = [];
    let marker: string | undefined;
    // ListObjects v1 by Marker, as engine/publish/s3.ts: every S3-compatible service answers it.
    for (;;) {
      const r = await client.send(new ListObjectsCommand({ Bucket: loc.bucket, Prefix: prefix, Marker: marker })).catch(failed(`listing ${prefix}`));
      const page = r.Contents ?? [];
      for (const o of page) if (o.Key) out.push({ kind, name: o.Key.slice(prefix.length), modified: o.LastModified?.getTime() ?? 0 });
      const last = page[page.length - 1]?.Key;
      if (!r.IsTruncated || !last || last === marker) break;
      marker = r.NextMarker ?? last;
    }
    return out;
  };
  return {
    location,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    async has(t, kind, name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: loc.bucket, Key: key(t, kind, name) }));
        return true;
      } catch (e) {
        if (missing(e)) return false;
        return failed(`reading ${name}`)(e);
      }
    },
    async put(t, kind, name, bytes, contentType) {
      await client.send(new PutObjectCommand({
        Bucket: loc.bucket, Key: key(t, kind, name), Body: bytes, ContentType: contentType, CacheControl: MEDIA_CACHE_CONTROL,
        ...(contentType === 'application/pdf' ? { ContentDisposition: 'attachment' } : {}),
      })).catch(failed(`uploading ${name}`));
    },
    async read(t, kind, name) {
      try {
        const r = await client.send(new GetObjectCommand({ Bucket: loc.bucket, Key: key(t, kind, name) }));
        return Buffer.from(await r.Body!.transformToByteArray());
      } catch (e) {
        if (missing(e)) return null;
        return failed(`reading ${name}`)(e);
      }
    },
    async list(t) {
      return [...(await listArea(t, 'original')), ...(await listArea(t, 'derivative'))];
    },
    async remove(t, files) {
      const keys = files.map((f) => `${folder(t, f.kind)}${f.name}`);
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH);
        const r = await client.send(new DeleteObjectsCommand({ Bucket: loc.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }))
          .catch(failed(`deleting ${batch.length} object(s)`));
        const refused = r.Errors ?? [];
        if (refused.length) throw new MediaStoreError(location, `deleting ${refused.length} object(s)`, `first ${refused[0]!.Key}: ${refused[0]!.Message ?? refused[0]!.Code}`);
      }
    },
  };
}

/** The CDN URL pages show a store's derivatives at (null: a folder, copied into each build). */
export function mediaPublicUrl(source: string | MediaStore | null | undefined): string | null {
  return source && typeof source !== 'string' ? source.publicUrl : null;
}

/** Derivatives are named <hash>-<width>.<ext> (engine/assets/ingest.ts); originals <hash>.<ext>. */
export function mediaKindOf(name: string): MediaKind {
  return /-\d+\.[a-z0-9]+$/i.test(name) ? 'derivative' : 'original';
}

/** The media store of a build option or service: a folder path stands for the local store. */
export function mediaStoreOf(source: string | MediaStore | null | undefined): MediaStore | null {
  if (!source) return null;
  return typeof source === 'string' ? localMediaStore(source) : source;
}
