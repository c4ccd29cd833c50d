// Shared by the on-demand Vite bundles (admin-bundle.ts, site-bundle.ts): the newest source time
// under a folder, and a lock folder so parallel builders (CLI commands, test files) build once.
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** Newest modification time of the files under `dir` that `counts` accepts (all by default). */
export function newestMtime(dir: string, counts: (name: string) => boolean = () => true): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) t = Math.max(t, newestMtime(p, counts));
    else if (counts(e.name)) t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

const LOCK_WAIT_MS = 120_000;

/**
 * Runs `build` when `stale()` holds, holding the lock folder `lock` so only one process builds;
 * the others wait and return once the bundle is fresh. A lock older than two minutes is broken.
 */
export async function buildWhenStale(lock: string, stale: () => boolean, build: () => Promise<void>): Promise<void> {
  if (!stale()) return;
  mkdirSync(dirname(lock), { recursive: true });
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
      if (!stale()) return;
    }
  }
  try {
    if (stale()) await build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
