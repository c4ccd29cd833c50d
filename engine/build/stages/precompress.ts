// Precompression after the publish: a full build writes plain files (siblings of files whose
// bytes did not change are linked from the previous build, writer.ts) and publishes; this pass
// then gives every compressible file over 1 KB of a tenant's live build the .br and .gz it lacks
// (compress.ts levels). Until it has, `masthead serve` compresses such files on the fly
// (cli/serve/send-file.ts) and CDNs compress them themselves, so nothing is served worse meanwhile.
// Resumable and safe to interrupt: each sibling is written under a temporary name and renamed into
// place only while the file it was made from is still the one at that path (same inode, size and
// time), so a sibling always matches its file's bytes; a killed run leaves complete siblings or
// none, and the next run (`masthead precompress`) makes only the missing ones. A build runs the
// files through its render worker threads (compressFileSync; ../precompress-run.ts);
// precompressTenant is the same on one thread with zlib's async API.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { BROTLI_QUALITY, COMPRESS_MIN_BYTES, COMPRESSED_SUFFIXES, compressedSiblings, compressible, GZIP_LEVEL } from './compress';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** The suffix of a sibling being written (a leftover of a killed run is removed by the next). */
const TMP = '.precompress-tmp';

export interface PrecompressResult {
  /** Files that got siblings now. */
  files: number;
  /** Compressible files over 1 KB that already had both siblings. */
  present: number;
  /** Files that changed while they were compressed (left for the next run or the writer that changed them). */
  changed: number;
  bytesIn: number;
  ms: number;
}

/** Every file under `root` (relative paths), folders first-in order, without following links. */
function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else if (e.isFile()) out.push(r);
    }
  };
  walk('');
  return out;
}

/** The tenants with a live build under `outDir` (folders or links holding builds/latest.json). */
export function builtTenants(outDir: string): string[] {
  let names: string[];
  try { names = readdirSync(resolve(outDir)); } catch { return []; }
  return names.filter((n) => !n.startsWith('.') && existsSync(join(resolve(outDir), n, 'builds', 'latest.json'))).sort();
}

const sameFile = (a: Stats, b: Stats) => a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;

/** What precompression has to do in a tenant's live build: its root, the files lacking siblings, and how many have them. */
export function filesToCompress(outDir: string, key: string): { root: string; todo: string[]; present: number } {
  const root = join(resolve(outDir), key);
  let all: string[];
  try {
    all = listFiles(root);
  } catch {
    return { root, todo: [], present: 0 }; // no live build
  }
  const names = new Set(all);
  const todo: string[] = [];
  let present = 0;
  for (const rel of all) {
    if (rel.endsWith(TMP)) { rmSync(join(root, rel), { force: true }); continue; }
    // builds/ holds the publish pointers (no-store, read by the pages' poll and the server): never precompressed.
    if (!compressible(rel) || rel.startsWith('builds/')) continue;
    if (COMPRESSED_SUFFIXES.every((s) => names.has(`${rel}${s}`))) { present += 1; continue; }
    todo.push(rel);
  }
  return { root, todo, present };
}

/**
 * Writes the siblings of one file (synchronous: run in worker threads, as the render workers
 * wrote them before). 'small': 1 KB or less, none needed; 'changed': the file changed while it
 * was compressed, left alone; 'gone': no such file.
 */
export function compressFileSync(root: string, rel: string): 'done' | 'small' | 'changed' | 'gone' {
  const abs = join(root, rel);
  let before: Stats;
  let buf: Buffer;
  try {
    before = statSync(abs);
    if (before.size <= COMPRESS_MIN_BYTES) return 'small';
    buf = readFileSync(abs);
  } catch {
    return 'gone';
  }
  const siblings = compressedSiblings(rel, buf);
  let now: Stats;
  try { now = statSync(abs); } catch { return 'changed'; }
  if (!sameFile(before, now) || now.size !== buf.length) return 'changed';
  for (const [suffix, body] of siblings) {
    writeFileSync(`${abs}${suffix}${TMP}`, body);
    renameSync(`${abs}${suffix}${TMP}`, `${abs}${suffix}`);
  }
  return 'done';
}

/**
 * Gives the live build of tenant `key` under `outDir` its missing .br/.gz siblings on this thread
 * (zlib's async API on libuv's pool; the build runs files through its worker threads instead,
 * precompress-run.ts). `onProgress` is called with (done, total). Returns what it did.
 */
export async function precompressTenant(outDir: string, key: string, onProgress?: (done: number, total: number) => void): Promise<PrecompressResult> {
  const started = performance.now();
  const { root, todo, present } = filesToCompress(outDir, key);
  const result: PrecompressResult = { files: 0, present, changed: 0, bytesIn: 0, ms: 0 };
  let done = 0;
  let next = 0;
  const one = async (rel: string) => {
    const abs = join(root, rel);
    let before: Stats;
    try { before = statSync(abs); } catch { return; }
    if (before.size <= COMPRESS_MIN_BYTES) return;
    const buf = await readFile(abs);
    const [br, gz] = await Promise.all([
      brotliAsync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }),
      gzipAsync(buf, { level: GZIP_LEVEL }),
    ]);
    // From the check to the last rename nothing awaits: no writer of this process runs in between.
    let now: Stats;
    try { now = statSync(abs); } catch { result.changed += 1; return; }
    if (!sameFile(before, now) || now.size !== buf.length) { result.changed += 1; return; }
    for (const [suffix, body] of [['.br', br], ['.gz', gz]] as const) {
      writeFileSync(`${abs}${suffix}${TMP}`, body);
      renameSync(`${abs}${suffix}${TMP}`, `${abs}${suffix}`);
    }
    result.files += 1;
    result.bytesIn += buf.length;
  };
  const worker = async () => {
    while (next < todo.length) {
      const rel = todo[next++]!;
      await one(rel);
      done += 1;
      if (onProgress && (done % 200 === 0 || done === todo.length)) onProgress(done, todo.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism() * 2) }, worker));
  result.ms = Math.round(performance.now() - started);
  return result;
}
