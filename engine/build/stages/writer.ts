// Writes files under one root (a build's staging folder). Synchronous on purpose: it runs in
// worker threads, where blocking costs nothing and saves the thread-pool round trip per file.
// Every path is checked to stay inside the root. HTML, CSS, JS, XML and JSON over 1 KB also get
// their .br and .gz siblings (compress.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { compressedSiblings } from './compress';

/** A path with a '.' or '..' segment, an empty segment, a backslash or NUL. */
const UNSAFE = /(^|\/)\.{1,2}(\/|$)|\/\/|\/$|\\|\0/;

export class FileWriter {
  readonly root: string;
  #dirs = new Set<string>();
  files = 0;
  bytes = 0;

  constructor(root: string) {
    this.root = resolve(root);
    this.#dirs.add(this.root);
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
      // Static hosts serve these directly (compress.ts); a staging folder starts empty, so a small
      // file has no stale siblings to remove.
      for (const [suffix, body] of compressedSiblings(rel, buf)) writeFileSync(`${abs}${suffix}`, body);
    } catch (e) {
      throw withPath(e, abs);
    }
  }
}

/** The same error, its message naming the file it was about (Node's ENOSPC on a write names none); its code kept. */
export function withPath(e: unknown, path: string): Error {
  const err = e instanceof Error ? e : new Error(String(e));
  if (!err.message.includes(path)) err.message = `${err.message} (${path})`;
  return err;
}
