// Writes files under one root (a build's staging folder). Synchronous on purpose: it runs in
// worker threads, where blocking costs nothing and saves the thread-pool round trip per file.
// Every path is checked to stay inside the root. HTML, CSS, JS, XML and JSON over 1 KB also get
// their .br and .gz siblings (compress.ts): written with the file (incremental updates), or, in a
// full build (`deferCompression`), linked from the previous live build when the file's bytes are
// the same there and left to precompress.ts after the publish otherwise.
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { COMPRESS_MIN_BYTES, COMPRESSED_SUFFIXES, compressedSiblings, compressible } from './compress';

export interface FileWriterOptions {
  /** Write no siblings now (precompress.ts does after the publish), except those reused from `previous`. */
  deferCompression?: boolean | undefined;
  /** The previous live build's folder of the same tenant: siblings of unchanged files are hard-linked from it. */
  previous?: string | null | undefined;
}

/** A path with a '.' or '..' segment, an empty segment, a backslash or NUL. */
const UNSAFE = /(^|\/)\.{1,2}(\/|$)|\/\/|\/$|\\|\0/;

export class FileWriter {
  readonly root: string;
  #dirs = new Set<string>();
  files = 0;
  bytes = 0;

  /** Siblings reused from the previous build. */
  reused = 0;
  readonly #defer: boolean;
  readonly #previous: string | null;
  /** Files whose siblings were linked here (a second write of one drops them: they were the first bytes'). */
  readonly #linked = new Set<string>();

  constructor(root: string, options: FileWriterOptions = {}) {
    this.root = resolve(root);
    this.#dirs.add(this.root);
    this.#defer = options.deferCompression ?? false;
    this.#previous = options.previous ? resolve(options.previous) : null;
  }

  /** Absolute path of a relative output path; throws if it would leave the root. */
  target(rel: string): string {
    const clean = rel.charCodeAt(0) === 47 ? rel.replace(/^\/+/, '') : rel;
    // The common case (no dot segment, no empty segment, no NUL) is one regular-expression test.
    if (!clean || UNSAFE.test(clean)) throw new Error(`Refusing to write outside the build folder: "${rel}"`);
    return `${this.root}${sep}${clean}`;
  }

  /** Creates `dir` and any missing parents, one mkdir each (no failing recursive probe). */
  #ensureDir(dir: string): void {
    if (this.#dirs.has(dir)) return;
    const parent = dirname(dir);
    if (parent !== dir && !this.#dirs.has(parent)) this.#ensureDir(parent);
    try {
      mkdirSync(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    this.#dirs.add(dir);
  }

  write(rel: string, data: string | Buffer): void {
    const abs = this.target(rel);
    try {
      this.#ensureDir(dirname(abs));
      // Encoded once for the file and both compressed siblings.
      const buf = typeof data === 'string' ? Buffer.from(data) : data;
      writeFileSync(abs, buf);
      this.files += 1;
      this.bytes += buf.length;
      if (this.#defer) {
        if (this.#linked.delete(abs)) for (const suffix of COMPRESSED_SUFFIXES) rmSync(`${abs}${suffix}`, { force: true });
        this.#reuse(abs, abs.slice(this.root.length + 1), buf);
        return;
      }
      // Static hosts serve these directly (compress.ts). Renamed into place: an existing sibling may
      // be a link shared with a kept earlier build, which must not change.
      for (const [suffix, body] of compressedSiblings(rel, buf)) {
        writeFileSync(`${abs}${suffix}.tmp`, body);
        renameSync(`${abs}${suffix}.tmp`, `${abs}${suffix}`);
      }
    } catch (e) {
      throw withPath(e, abs);
    }
  }

  /** Links the previous build's siblings of `rel` when its bytes there are `buf` (size first, then bytes). */
  #reuse(abs: string, rel: string, buf: Buffer): void {
    if (!this.#previous || buf.length <= COMPRESS_MIN_BYTES || !compressible(rel)) return;
    const old = `${this.#previous}${sep}${rel}`;
    try {
      if (statSync(old).size !== buf.length || !readFileSync(old).equals(buf)) return;
      for (const suffix of COMPRESSED_SUFFIXES) statSync(`${old}${suffix}`);
    } catch {
      return; // no such file or no siblings there: precompress.ts makes them
    }
    try {
      for (const suffix of COMPRESSED_SUFFIXES) linkSync(`${old}${suffix}`, `${abs}${suffix}`);
      this.#linked.add(abs);
      this.reused += 1;
    } catch {
      for (const suffix of COMPRESSED_SUFFIXES) rmSync(`${abs}${suffix}`, { force: true });
    }
  }
}

/** The same error, its message naming the file it was about (Node's ENOSPC on a write names none); its code kept. */
export function withPath(e: unknown, path: string): Error {
  const err = e instanceof Error ? e : new Error(String(e));
  if (!err.message.includes(path)) err.message = `${err.message} (${path})`;
  return err;
}
