// Publishing a tenant's built site to S3-compatible storage (AWS S3, Cloudflare R2, MinIO…). The
// build renders into a local folder as always (stages/publish.ts); this mirrors the live build
// under s3://<bucket>/<prefix>/<tenantKey>/:
//   1. every file is hashed and compared with the manifest of the last sync (builds/sync-manifest.json
//      in the bucket: path → content hash and headers); only what differs is uploaded;
//   2. assets, images and other non-page files first, then pages, lists, feeds and crawler files,
//      then builds/latest.json: a reader never gets a page whose assets are
//      missing, and latest.json names the build only once all of it is there;
//   3. objects the build no longer has are deleted (those the manifest or the pending list names;
//      the whole prefix is listed when there is no manifest), the new manifest is written (naming
//      the build its latest.json names), and the pending list removed.
// The keys a run writes are listed in builds/sync-pending.json before its first upload. A run killed
// at any point leaves the previous latest.json and every object it needs; the next run checks the
// listed keys' stored hash and headers (HEAD) and uploads only what is still missing or different,
// the rest by the manifest. Headers per object:
// Content-Type, Content-Encoding for the .br/.gz siblings, Cache-Control (immutable for hashed
// assets, short with revalidation for pages, JSON, feeds and crawler files), Content-Disposition
// for PDFs. The 301s of _redirects become redirect objects (x-amz-website-redirect-location) as
// S3 website endpoints read them. No process.env here: cli/ passes the connection settings.
import { createHash } from 'node:crypto';
import { readdirSync, realpathSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsCommand, PutObjectCommand, S3Client, type S3ClientConfig,
} from '@aws-sdk/client-s3';
import mime from 'mime';
import { pdfProblem } from '../assets/pdf';
import { surrogateKeysFor } from './purge';

export interface S3Connection {
  region: string;
  /** An S3-compatible service's endpoint (R2, MinIO…); AWS S3 when absent. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Explicit keys; absent: the SDK's default chain (profile, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export interface S3Destination { bucket: string; prefix: string }

export function createS3Client(c: S3Connection): S3Client {
  const config: S3ClientConfig = { region: c.region, forcePathStyle: c.forcePathStyle };
  if (c.endpoint) config.endpoint = c.endpoint;
  if (c.credentials) config.credentials = c.credentials;
  return new S3Client(config);
}

export const MANIFEST = 'builds/sync-manifest.json';
/**
 * The keys a publish is writing, stored before its first upload and removed after its manifest: a
 * run stopped midway (SIGKILL, network gone) leaves it, and the next run checks those keys' stored
 * hash and headers (HEAD) instead of trusting the manifest for them, so it uploads only what is
 * still missing or different, and deletes what the stopped run added that the build no longer has.
 */
export const PENDING_KEYS = 'builds/sync-pending.json';
export const LATEST = 'builds/latest.json';
const UPLOAD_CONCURRENCY = 16;
const DELETE_BATCH = 1000;

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'public, max-age=60, must-revalidate';
export const CACHE_NONE = 'no-cache';
export const CACHE_MEDIA = 'public, max-age=300';

export interface ObjectHeaders { contentType: string; cacheControl: string; contentEncoding?: string; contentDisposition?: string; surrogateKey?: string }

const ENCODED: Record<string, string> = { '.br': 'br', '.gz': 'gzip' };
/** A content hash in the file name (site.45f24ca1dd66.css, a media upload's digest). */
const HASHED_NAME = /[.-][0-9a-f]{10,}\.[a-z0-9]+$/i;

/** Content-Type, Content-Encoding and Cache-Control of a file of the build, by its path. */
export function headersFor(rel: string): ObjectHeaders {
  const suffix = Object.keys(ENCODED).find((s) => rel.endsWith(s));
  const base = suffix ? rel.slice(0, -suffix.length) : rel;
  const name = base.split('/').pop() ?? base;
  let contentType = name.startsWith('_') && !name.includes('.') ? 'text/plain' : mime.getType(name) ?? 'application/octet-stream';
  if (/^text\/|^application\/(json|xml|rss\+xml|atom\+xml|javascript|manifest\+json)$|^image\/svg\+xml$/.test(contentType)) contentType += '; charset=utf-8';
  let cacheControl: string;
  if (base.startsWith('builds/')) cacheControl = CACHE_NONE;
  else if (base.startsWith('assets/') || HASHED_NAME.test(name)) cacheControl = CACHE_IMMUTABLE;
  else if (/\.(html|json|xml|txt)$/.test(name) || !name.includes('.')) cacheControl = CACHE_REVALIDATE;
  else cacheControl = CACHE_MEDIA;
  return { contentType, cacheControl, ...(suffix ? { contentEncoding: ENCODED[suffix] } : {}) };
}

/** Files under `root`, relative with forward slashes, sorted, skipping temporary files of a writer. */
export function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(join(dir, e.name), r);
      else if (e.isFile() && !/\.tmp-\d+$/.test(e.name)) out.push(r);
    }
  };
  walk(root, '');
  return out.sort();
}

/** Pages, lists, feeds, crawler files and build metadata go after everything they may reference. */
function phaseOf(rel: string, redirect: boolean): 0 | 1 | 2 {
  if (rel === LATEST) return 2;
  if (redirect) return 1;
  const base = rel.replace(/\.(br|gz)$/, '');
  return /\.(html|json|xml|txt)$/.test(base) || base.startsWith('builds/') || !/\.[^/]+$/.test(base) ? 1 : 0;
}

type Manifest = Record<string, string>;

/**
 * Redirects as S3-style hosts read them: for each "from to 301" rule of the build's _redirects with
 * a plain path (no wildcard, placeholder or query), an empty object at <from> and <from>/index.html
 * with x-amz-website-redirect-location (S3 website endpoints answer it with a 301). A path the build
 * has a file at keeps the file.
 */
export function redirectObjects(redirects: string, files: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of redirects.split('\n')) {
    const [from = '', to = '', status = ''] = line.trim().split(/\s+/);
    if (!from.startsWith('/') || !/^301!?$/.test(status) || /[*:?#\s]/.test(from) || !/^(\/|https?:\/\/)/.test(to)) continue;
    const path = from.replace(/^\/+|\/+$/g, '');
    if (!path || path.split('/').some((s) => s === '.' || s === '..')) continue;
    for (const rel of [path, `${path}/index.html`]) if (!files.has(rel) && !out.has(rel)) out.set(rel, to);
  }
  return out;
}

/** An object's body as text, or null when there is none (NoSuchKey). */
export async function readObjectText(client: S3Client, bucket: string, key: string): Promise<string | null> {
  try {
    const r = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return await r.Body!.transformToString();
  } catch (e) {
    const name = (e as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound') return null;
    throw e;
  }
}

/** What the manifest of the last completed publish says: each key's tag, and the build its latest.json named. */
export interface SyncManifest { files: Manifest; build: string | null }

/** The manifest of the last publish, or null when there is none (or it is unreadable). */
export async function readManifest(client: S3Client, bucket: string, key: string): Promise<SyncManifest | null> {
  const text = await readObjectText(client, bucket, key);
  if (text === null) return null;
  try {
    const parsed = JSON.parse(text) as { files?: Manifest; build?: unknown };
    return parsed.files && typeof parsed.files === 'object' ? { files: parsed.files, build: typeof parsed.build === 'string' ? parsed.build : null } : null;
  } catch {
    return null;
  }
}

/** The keys a stopped publish was writing (PENDING_KEYS), relative to the tenant's prefix; empty when none. */
export async function readPendingKeys(client: S3Client, bucket: string, base: string): Promise<string[]> {
  const text = await readObjectText(client, bucket, base + PENDING_KEYS);
  if (text === null) return [];
  try {
    const keys = (JSON.parse(text) as { keys?: unknown }).keys;
    return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/** The build id a tenant's builds/latest.json names (in the bucket), or null. */
export async function readBucketLatest(client: S3Client, dest: S3Destination, key: string): Promise<string | null> {
  const text = await readObjectText(client, dest.bucket, `${tenantBase(dest, key)}${LATEST}`);
  return text === null ? null : buildIdOf(text);
}

export function tenantBase(dest: S3Destination, key: string): string {
  return `${dest.prefix ? `${dest.prefix}/` : ''}${key}/`;
}

function buildIdOf(latestJson: string): string | null {
  try {
    const id = (JSON.parse(latestJson) as { id?: unknown }).id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/** The tag a stored object carries (as publishTenantToS3 makes them), from its HEAD; null when it is missing. */
async function storedTag(client: S3Client, bucket: string, key: string): Promise<string | null> {
  try {
    const h = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    if (h.WebsiteRedirectLocation) return `redirect ${h.WebsiteRedirectLocation}`;
    const sha = h.Metadata?.sha256;
    if (!sha) return null;
    return `${sha} ${h.ContentType ?? ''}|${h.CacheControl ?? ''}|${h.ContentEncoding ?? ''}|${h.ContentDisposition ?? ''}|${h.Metadata?.['surrogate-key'] ?? ''}`;
  } catch (e) {
    const name = (e as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound' || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw e;
  }
}

/**
 * Every key under `prefix`. ListObjects (v1) paged by Marker, which AWS, R2, MinIO and the others
 * all answer; s3rver (the tests' server) cannot make ListObjectsV2's continuation tokens on Node 20
 * (it encrypts them with DES, which OpenSSL 3 no longer offers), so a v2 listing past 1,000 keys fails there.
 */
async function listKeys(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let marker: string | undefined;
  for (;;) {
    const r = await client.send(new ListObjectsCommand({ Bucket: bucket, Prefix: prefix, Marker: marker }));
    for (const o of r.Contents ?? []) if (o.Key) keys.push(o.Key);
    const last = keys[keys.length - 1];
    if (!r.IsTruncated || !last || last === marker) break;
    marker = r.NextMarker ?? last;
  }
  return keys;
}

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const run = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
}

export interface TenantPublishResult {
  key: string;
  /** s3://bucket/prefix/key/ */
  url: string;
  files: number;
  /** Redirect objects (x-amz-website-redirect-location) made from _redirects. */
  redirects: number;
  uploaded: number;
  unchanged: number;
  deleted: number;
  uploadedBytes: number;
  /** Paths (relative to the tenant's root) uploaded or deleted: what a CDN must purge. */
  changed: string[];
  ms: number;
}

export interface PublishOptions {
  /** Called after each object written (for progress). */
  onObject?: (key: string, done: number, total: number) => void;
  concurrency?: number;
  /** Tag each object with x-amz-meta-surrogate-key (its URL paths' keys and the tenant's) for a Fastly purge. */
  surrogateKeys?: boolean;
  /**
   * Hashes kept between publishes of one tenant by one process (`masthead serve`): a file whose
   * inode, size, mtime and ctime are unchanged is not read again. Writers replace files by rename
   * (a new inode) and any in-place write moves ctime, so a hit is the same bytes.
   */
  hashCache?: Map<string, { sig: string; headers: ObjectHeaders; tag: string }>;
}

/**
 * Mirrors the live build of tenant `key` (the folder or link `<outDir>/<key>`) to
 * s3://<bucket>/<prefix>/<key>/, uploading only the objects whose bytes or headers changed.
 */
export async function publishTenantToS3(
  client: S3Client, dest: S3Destination, outDir: string, key: string, options: PublishOptions = {},
): Promise<TenantPublishResult> {
  const started = performance.now();
  const root = realpathSync(join(outDir, key));
  const base = tenantBase(dest, key);
  const files = listFiles(root).filter((f) => f !== MANIFEST && f !== PENDING_KEYS);
  const redirects = files.includes('_redirects') ? redirectObjects(await readFile(join(root, '_redirects'), 'utf8'), new Set(files)) : new Map<string, string>();
  const [read, pending] = await Promise.all([readManifest(client, dest.bucket, base + MANIFEST), readPendingKeys(client, dest.bucket, base)]);
  const manifest = read?.files ?? null;
  const previous: Manifest = manifest ?? {};
  // Keys a stopped run was writing: their manifest tag says nothing about what the bucket holds now.
  const uncertain = new Set(pending);
  const next: Manifest = {};
  const todo: { rel: string; headers: ObjectHeaders; tag: string; redirect?: string }[] = [];
  let unchanged = 0;
  // Hashing reads every file; the changed ones are read again to upload them (memory stays small).
  const checks: { rel: string; headers: ObjectHeaders; tag: string; redirect?: string }[] = [];
  await eachLimited(files, UPLOAD_CONCURRENCY, async (rel) => {
    const st = options.hashCache ? await stat(join(root, rel)) : null;
    const sig = st ? `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}` : '';
    const cached = options.hashCache?.get(rel);
    let headers: ObjectHeaders;
    let tag: string;
    if (cached && cached.sig === sig) ({ headers, tag } = cached);
    else {
      const body = await readFile(join(root, rel));
      headers = headersFor(rel);
      if (rel.endsWith('.pdf')) headers.contentDisposition = (await pdfProblem(body)) === null ? 'inline' : 'attachment';
      if (options.surrogateKeys) headers.surrogateKey = surrogateKeysFor(key, rel);
      tag = `${createHash('sha256').update(body).digest('hex')} ${headers.contentType}|${headers.cacheControl}|${headers.contentEncoding ?? ''}|${headers.contentDisposition ?? ''}|${headers.surrogateKey ?? ''}`;
      options.hashCache?.set(rel, { sig, headers, tag });
    }
    next[rel] = tag;
    if (uncertain.has(rel)) checks.push({ rel, headers, tag });
    else if (previous[rel] === tag) unchanged++;
    else todo.push({ rel, headers, tag });
  });
  if (options.hashCache) for (const rel of options.hashCache.keys()) if (!(rel in next)) options.hashCache.delete(rel);
  for (const [rel, to] of redirects) {
    const tag = `redirect ${to}`;
    next[rel] = tag;
    const t = { rel, headers: { contentType: 'text/html; charset=utf-8', cacheControl: CACHE_REVALIDATE }, tag, redirect: to };
    if (uncertain.has(rel)) checks.push(t);
    else if (previous[rel] === tag) unchanged++;
    else todo.push(t);
  }
  // After a stopped run: what it did upload (the stored hash and headers are this build's) is not sent again.
  await eachLimited(checks, UPLOAD_CONCURRENCY, async (t) => {
    if ((await storedTag(client, dest.bucket, base + t.rel)) === t.tag) unchanged++;
    else todo.push(t);
  });
  todo.sort((a, b) => (a.rel < b.rel ? -1 : 1));
  const buildId = next[LATEST] !== undefined ? buildIdOf(await readFile(join(root, LATEST), 'utf8')) : null;
  const writeManifest = (files: Manifest) => client.send(new PutObjectCommand({
    Bucket: dest.bucket, Key: base + MANIFEST,
    Body: JSON.stringify({ version: 1, build: buildId, files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))) }),
    ContentType: 'application/json; charset=utf-8', CacheControl: 'no-store',
  }));
  // The keys this run writes are named first, with those a stopped run left: a run stopped midway
  // leaves no object the next run does not know of (to check, or to delete).
  const writing = [...new Set([...pending, ...todo.map((t) => t.rel)])].sort();
  if (todo.length) {
    await client.send(new PutObjectCommand({
      Bucket: dest.bucket, Key: base + PENDING_KEYS, Body: JSON.stringify({ keys: writing }), ContentType: 'application/json; charset=utf-8', CacheControl: 'no-store',
    }));
  }
  let done = 0;
  let uploadedBytes = 0;
  const put = async (t: (typeof todo)[number]) => {
    const body = t.redirect === undefined ? await readFile(join(root, t.rel)) : Buffer.alloc(0);
    await client.send(new PutObjectCommand({
      Bucket: dest.bucket, Key: base + t.rel, Body: body, WebsiteRedirectLocation: t.redirect,
      ContentType: t.headers.contentType, CacheControl: t.headers.cacheControl,
      ContentEncoding: t.headers.contentEncoding, ContentDisposition: t.headers.contentDisposition,
      Metadata: { ...(t.redirect === undefined ? { sha256: t.tag.slice(0, 64) } : {}), ...(t.headers.surrogateKey ? { 'surrogate-key': t.headers.surrogateKey } : {}) },
    }));
    uploadedBytes += body.length;
    options.onObject?.(base + t.rel, ++done, todo.length);
  };
  for (const phase of [0, 1, 2] as const) {
    await eachLimited(todo.filter((t) => phaseOf(t.rel, t.redirect !== undefined) === phase), options.concurrency ?? UPLOAD_CONCURRENCY, put);
  }
  // What to delete: with a manifest, the keys it names that the build no longer has (a listing of
  // 13,000 keys costs more than the rest of a no-change publish); without one (a first publish, or
  // a manifest removed to reconcile), every key under the tenant's prefix the build does not have.
  const live = new Set([...files, ...redirects.keys()]);
  const stale = manifest
    ? [...new Set([...Object.keys(manifest), ...pending])].filter((rel) => !live.has(rel)).map((rel) => base + rel)
    : (await listKeys(client, dest.bucket, base)).filter((k) => k !== base + MANIFEST && k !== base + PENDING_KEYS && !live.has(k.slice(base.length)));
  for (let i = 0; i < stale.length; i += DELETE_BATCH) {
    const batch = stale.slice(i, i + DELETE_BATCH);
    const r = await client.send(new DeleteObjectsCommand({ Bucket: dest.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    if (r.Errors?.length) throw new Error(`Deleting ${r.Errors.length} object(s) from s3://${dest.bucket}/${base} failed: ${r.Errors[0]!.Key} ${r.Errors[0]!.Code ?? ''} ${r.Errors[0]!.Message ?? ''}`);
  }
  // Last, the manifest of what the bucket now holds: a run stopped among the deletions leaves the
  // previous one, which still names what is left to delete.
  if (!manifest || todo.length || stale.length || pending.length || read?.build !== buildId || Object.keys(previous).length !== Object.keys(next).length) await writeManifest(next);
  if (todo.length || pending.length) await client.send(new DeleteObjectCommand({ Bucket: dest.bucket, Key: base + PENDING_KEYS }));
  return {
    key, url: `s3://${dest.bucket}/${base}`, files: files.length, redirects: redirects.size, uploaded: todo.length, unchanged, deleted: stale.length, uploadedBytes,
    changed: [...todo.map((t) => t.rel), ...stale.map((k) => k.slice(base.length))].sort(), ms: Math.round(performance.now() - started),
  };
}
