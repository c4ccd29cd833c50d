// The admin SPA's production bundle (dist/admin): built with Vite on demand, when missing or older
// than its sources, so `npm start` on a fresh clone serves a working admin. Parallel builders (CLI
// commands, test files) wait on one lock and build once.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWhenStale, newestMtime } from './bundle-build';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ADMIN_DIR = join(ROOT, 'dist', 'admin');
const LOCK = join(ROOT, 'dist', '.admin-build.lock');

export function adminBundleStale(): boolean {
  const index = join(ADMIN_DIR, 'index.html');
  if (!existsSync(index)) return true;
  const sources = Math.max(newestMtime(join(ROOT, 'admin')), newestMtime(join(ROOT, 'engine', 'domain')), statSync(join(ROOT, 'vite.config.ts')).mtimeMs);
  return sources > statSync(index).mtimeMs;
}

/** Builds the admin bundle when stale (waiting for a parallel builder); returns its folder. */
export async function ensureAdminBundle(log: (line: string) => void = () => {}): Promise<string> {
  await buildWhenStale(LOCK, adminBundleStale, async () => {
    log('Building the admin (vite build)…');
    const { build } = await import('vite');
    await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  });
  return ADMIN_DIR;
}
