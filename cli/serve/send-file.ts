// Sends one file of a tenant's build: opened once, its length and validators read from that open
// file (fstat), its bytes streamed from the same descriptor. The incremental builder renames new
// files over live ones while readers fetch them; a sender that stats a path and opens it again by
// name later (as @fastify/send does) could send one version's length with another's bytes (a
// truncated or corrupt page, a broken brotli stream). An open descriptor keeps its inode whatever
// is renamed over the name, so a reader always gets one whole version. Also: the precompressed
// .br/.gz sibling when the client takes it (opened the same way, the plain file when it vanished);
// a compressible file without siblings yet (a full build publishes before it precompresses,
// engine/build/stages/precompress.ts) is compressed here, once per version, into a bounded cache;
// ETag and Last-Modified with 304s, HEAD, and a single byte range of an unencoded file.
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import mime from 'mime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding, type Encoding } from './static-files';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files below this are sent as they are (as the build's own siblings: engine/build/stages/compress.ts). */
const MIN_BYTES = 1024;
/** Larger files are sent as they are rather than held in memory to compress. */
const MAX_ON_THE_FLY_BYTES = 8 * 1024 * 1024;

/** Compressed versions of files without siblings, by path, version and encoding; least recently used leave first past `maxBytes`. */
export class CompressedCache {
  readonly #entries = new Map<string, Buffer>();
  #bytes = 0;
  constructor(readonly maxBytes: number) {}
  get size(): number { return this.#entries.size; }
  get(key: string): Buffer | undefined {
    const v = this.#entries.get(key);
    if (v) { this.#entries.delete(key); this.#entries.set(key, v); }
    return v;
  }
  set(key: string, value: Buffer): void {
    if (value.length > this.maxBytes) return;
    const old = this.#entries.get(key);
    if (old) { this.#bytes -= old.length; this.#entries.delete(key); }
    this.#entries.set(key, value);
    this.#bytes += value.length;
    for (const [k, v] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(k);
      this.#bytes -= v.length;
    }
  }
}

/** The server's cache of on-the-fly compressed files (32 MB). */
export const onTheFly = new CompressedCache(32 * 1024 * 1024);

async function compressFor(fh: FileHandle, key: string, encoding: Encoding): Promise<Buffer> {
  const hit = onTheFly.get(key);
  if (hit) return hit;
  const buf = await fh.readFile();
  // Better ratios than the build's (compress.ts): this runs once per version of a file, not per file of a cold build.
  const body = encoding.name === 'br'
    ? await brotliAsync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length } })
    : await gzipAsync(buf, { level: 6 });
  onTheFly.set(key, body);
  return body;
}

/** Suffixes of the files a build precompresses (engine/build/stages/compress.ts). */
const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|svg|txt|webmanifest|map)$/;

/** The content type of a file by its name (text types in UTF-8). */
export function contentTypeOf(file: string): string {
  const type = mime.getType(file) ?? 'application/octet-stream';
  return /^text\/|\/(javascript|json|xml|rss\+xml|manifest\+json)$|\+xml$/.test(type) ? `${type}; charset=utf-8` : type;
}

async function openFile(path: string): Promise<FileHandle | null> {
  try {
    return await open(path, 'r');
  } catch {
    return null;
  }
}

/** The validators of one version of a file (as @fastify/send wrote them: size and mtime). */
function etagOf(size: number, mtimeMs: number): string {
  return `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

function notModified(request: FastifyRequest, etag: string, mtimeMs: number): boolean {
  const inm = request.headers['if-none-match'];
  if (inm !== undefined) return inm.split(',').some((t) => { const v = t.trim(); return v === '*' || v === etag || `W/${v}` === etag; });
  const ims = request.headers['if-modified-since'];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

/** One satisfiable range `bytes=a-b` of a file of `size` bytes; null for none or anything else (the whole file is sent). */
export function singleRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') { start = Math.max(0, size - Number(m[2])); end = size - 1; } else { start = Number(m[1]); end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1); }
  if (start > end || start >= size) return 'unsatisfiable';
  return { start, end };
}

export interface SendFileOptions {
  /** The content type (default: by the file's name). */
  type?: string;
}

/**
 * Sends `file` (relative to `root`) with the headers already set on `reply`; a 404 through
 * `missing` when it vanished between lookup and open.
 */
export async function sendFile(
  request: FastifyRequest, reply: FastifyReply, root: string, file: string, missing: () => FastifyReply, options: SendFileOptions = {},
): Promise<FastifyReply> {
  const compressible = COMPRESSIBLE.test(file);
  let encoding: Encoding | null = null;
  let fh: FileHandle | null = null;
  if (compressible) {
    // The encodings the client takes, best first; a sibling that is missing (a small file has none) falls back to the next.
    const header = request.headers['accept-encoding'];
    const first = preferredEncoding(header, () => true);
    const second = first ? preferredEncoding(header, (suffix) => suffix !== first.suffix) : null;
    for (const enc of [first, second]) {
      if (!enc) continue;
      fh = await openFile(join(root, `${file}${enc.suffix}`));
      if (fh) { encoding = enc; break; }
    }
  }
  fh ??= await openFile(join(root, file));
  if (!fh) return missing();
  let closeHere = true;
  try {
    const st = await fh.stat();
    if (!st.isFile()) return missing();
    // No sibling yet: compressed here (once per version), when the client takes br or gzip.
    const live = compressible && !encoding && st.size > MIN_BYTES && st.size <= MAX_ON_THE_FLY_BYTES
      ? preferredEncoding(request.headers['accept-encoding'], () => true) : null;
    if (live) {
      const etag = `${etagOf(st.size, st.mtimeMs).slice(0, -1)}-${live.name}"`;
      reply.header('content-type', options.type ?? contentTypeOf(file)).header('vary', 'accept-encoding')
        .header('etag', etag).header('last-modified', st.mtime.toUTCString());
      if (notModified(request, etag, st.mtimeMs)) return reply.code(304).send();
      const body = await compressFor(fh, `${join(root, file)}\u0000${st.ino}\u0000${st.size}\u0000${st.mtimeMs}\u0000${live.name}`, live);
      reply.header('content-encoding', live.name).header('content-length', String(body.length));
      return reply.send(request.method === 'HEAD' ? undefined : body);
    }
    const etag = etagOf(st.size, st.mtimeMs);
    reply.header('content-type', options.type ?? contentTypeOf(file));
    if (compressible) reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding.name);
    reply.header('etag', etag).header('last-modified', st.mtime.toUTCString());
    if (!encoding) reply.header('accept-ranges', 'bytes');
    if (notModified(request, etag, st.mtimeMs)) return reply.code(304).send();
    let start = 0;
    let end = st.size - 1;
    const range = encoding ? null : singleRange(request.headers.range, st.size);
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${st.size}`).send();
    if (range) {
      ({ start, end } = range);
      reply.code(206).header('content-range', `bytes ${start}-${end}/${st.size}`);
    }
    reply.header('content-length', String(Math.max(0, end - start + 1)));
    if (request.method === 'HEAD' || st.size === 0) return reply.send();
    closeHere = false;
    return reply.send(fh.createReadStream({ start, end, autoClose: true }));
  } finally {
    if (closeHere) await fh.close().catch(() => undefined);
  }
}
