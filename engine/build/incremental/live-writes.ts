// Writing into a tenant's live build folder (incremental builds): every file under a temporary
// name, then renamed into place; removed pages take their empty folders with them. Publishing the
// result (builds/meta, then latest.json) is stages/publish.ts writeBuildPointer.
import { mkdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PageOut } from '../stages/emit-pages';
import { COMPRESSED_SUFFIXES, compressedSiblings, compressible } from '../stages/compress';
import { writeAtomic } from '../stages/publish';
import { pageDir } from '../stages/render';
import { FileWriter } from '../stages/writer';

/** Files of a page path: "/a/b" → a/b/index.html and a/b/_payload.json; /404.html → 404.html. */
export function pageFiles(path: string): string[] {
  if (path === '/404.html') return ['404.html'];
  const dir = pageDir(path);
  const prefix = dir ? `${dir}/` : '';
  return [`${prefix}index.html`, `${prefix}_payload.json`];
}

/** Writes into the live build folder: each file under a temporary name, then renamed into place. */
export class Writes {
  readonly root: string;
  readonly #guard: FileWriter;
  written = 0;
  deleted = 0;
  pages = 0;

  constructor(root: string) {
    this.root = root;
    this.#guard = new FileWriter(root);
  }

  file(rel: string, body: string | Buffer, keepIfExists: boolean): void {
    const abs = this.#guard.target(rel);
    if (keepIfExists) {
      try { readFileSync(abs); return; } catch { /* missing: write it */ }
    }
    mkdirSync(dirname(abs), { recursive: true });
    // The plain file, then its .br/.gz siblings (compress.ts); a file that shrank to 1 KB or less
    // loses the stale ones.
    writeAtomic(abs, body);
    const siblings = compressedSiblings(rel, body);
    for (const [suffix, data] of siblings) writeAtomic(`${abs}${suffix}`, data);
    if (!siblings.length && compressible(rel)) for (const suffix of COMPRESSED_SUFFIXES) rmSync(`${abs}${suffix}`, { force: true });
    this.written += 1;
  }

  page(p: PageOut): void {
    for (const f of p.files) this.file(f.path, f.body, false);
    this.pages += 1;
  }

  remove(rel: string): void {
    const abs = this.#guard.target(rel);
    for (const suffix of COMPRESSED_SUFFIXES) rmSync(`${abs}${suffix}`, { force: true });
    try {
      rmSync(abs);
      this.deleted += 1;
    } catch { return; }
    // Empty folders left behind go too (a full build would not have them).
    for (let dir = dirname(abs); dir.startsWith(`${this.root}/`); dir = dirname(dir)) {
      try { rmdirSync(dir); } catch { break; }
    }
  }

  removePage(path: string): void {
    for (const f of pageFiles(path)) this.remove(f);
  }
}
