// Disk use of the server's folders for /admin/system: the built sites (out/, every kept build) and
// the media library. The folders are handed in by the server (ApiOptions.folders); the walk counts
// regular files' sizes, follows no symlinks and stops after MAX_ENTRIES entries (then "at least").
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Services } from '../kernel/services';

const MAX_ENTRIES = 500_000;
const folders = new WeakMap<Services, { out?: string; assets?: string }>();

export function recordFolders(services: Services, f: { out?: string; assets?: string }): void {
  folders.set(services, f);
}

export interface DiskUse { name: string; path: string | null; bytes: number; files: number; complete: boolean }

async function walk(root: string): Promise<{ bytes: number; files: number; complete: boolean }> {
  let bytes = 0;
  let files = 0;
  let seen = 0;
  const stack = [root];
  while (stack.length) {
    const dir = stack.pop()!;
    let entries;
    try { entries = await readdir(dir, { withFileTypes: true }); } catch { continue; }
    for (const e of entries) {
      if (++seen > MAX_ENTRIES) return { bytes, files, complete: false };
      const p = join(dir, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.isFile()) {
        try { bytes += (await lstat(p)).size; files += 1; } catch { /* removed meanwhile */ }
      }
    }
  }
  return { bytes, files, complete: true };
}

/** The disk use of out/ and the media library (a folder not configured is listed with a null path). */
export async function diskUse(services: Services): Promise<DiskUse[]> {
  const f = folders.get(services) ?? {};
  const rows: [string, string | undefined][] = [['out', f.out], ['assets', f.assets]];
  return Promise.all(rows.map(async ([name, path]) => (path ? { name, path, ...(await walk(path)) } : { name, path: null, bytes: 0, files: 0, complete: true })));
}
