// A zipped export (Substack delivers its export as a .zip) unpacked into a temporary folder with
// fflate (already a dependency, for the magazine's print packages). The zip is read whole into
// memory and from its central directory, so entries written with data descriptors unpack too
// (Substack's exports are text and a few images: megabytes, not gigabytes). Entries are checked
// before anything is written: a name that is absolute or climbs out with `..` refuses the file,
// and so do more than 2 GB or 100,000 entries once unpacked (a zip bomb); nothing outside the
// temporary folder is ever written. The caller removes the folder (cleanup()).
import { mkdtemp, mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, posix } from 'node:path';
import { unzipSync } from 'fflate';
import { ImportFormatError } from './model';

export const ZIP_MAX_BYTES = 2 * 1024 ** 3;
export const ZIP_MAX_ENTRIES = 100_000;

export async function isZip(file: string): Promise<boolean> {
  const head = Buffer.alloc(4);
  const fh = await open(file, 'r').catch(() => null);
  if (!fh) return false;
  try { await fh.read(head, 0, 4, 0); } catch { return false; } finally { await fh.close(); }
  return head.length === 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5) && (head[3] === 4 || head[3] === 6);
}

/** Unpacks `file` into a new temporary folder; returns it and a function that removes it. */
export async function unzipToTemp(file: string): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const name = basename(file);
  const bytes = await readFile(file);
  let total = 0;
  let count = 0;
  let bad: string | undefined;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        count += 1;
        total += f.originalSize;
        const n = f.name.replace(/\\/g, '/');
        if (!bad && (n.startsWith('/') || /^[a-z]:/i.test(n) || n.split('/').includes('..'))) bad = `the entry ${JSON.stringify(f.name)} would be written outside the export's folder`;
        if (!bad && (total > ZIP_MAX_BYTES || count > ZIP_MAX_ENTRIES)) bad = `it unpacks to more than ${ZIP_MAX_BYTES / 1024 ** 3} GB or ${ZIP_MAX_ENTRIES.toLocaleString('en')} entries`;
        return !bad && !n.endsWith('/');
      },
    });
  } catch (e) {
    throw new ImportFormatError(name, {}, '', `not a readable zip file (${(e as Error).message})`);
  }
  if (bad) throw new ImportFormatError(name, {}, '', `refused: ${bad}; nothing was written`);
  const dir = await mkdtemp(join(tmpdir(), 'masthead-unzip-'));
  try {
    for (const [entry, data] of Object.entries(entries)) {
      const target = join(dir, ...posix.normalize(entry.replace(/\\/g, '/')).split('/'));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, data);
    }
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
