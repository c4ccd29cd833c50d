// Sends one file of a tenant's build: opened once, its length and validators read from that open
// file (fstat), its bytes streamed from the same descriptor. The incremental builder renames new
// files over live ones while readers fetch them; a sender that stats a path and opens it again by
// name later (as @fastify/send does) could send one version's length with another's bytes (a
// truncated or corrupt page, a broken brotli stream). An open descriptor keeps its inode whatever
// is renamed over the name, so a reader always gets one whole version. Also: the precompressed
// .br/.gz sibling when the client takes it (opened the same way, the plain file when it vanished),
// ETag and Last-Modified with 304s, HEAD, and a single byte range of an unencoded file.
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import mime from 'mime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding, type Encoding } from './static-files';

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
