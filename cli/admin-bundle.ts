// The admin SPA's production bundle (dist/admin): built with Vite on demand, when missing or older
// than its sources, so `npm start` on a fresh clone serves a working admin.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ADMIN_DIR = join(ROOT, 'dist', 'admin');

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

export function adminBundleStale(): boolean {
  const index = join(ADMIN_DIR, 'index.html');
  if (!existsSync(index)) return true;
  const sources = Math.max(newest(join(ROOT, 'admin')), newest(join(ROOT, 'engine', 'domain')), statSync(join(ROOT, 'vite.config.ts')).mtimeMs);
  return sources > statSync(index).mtimeMs;
}

/** Builds the admin bundle when stale; returns its folder. */
export async function ensureAdminBundle(log: (line: string) => void): Promise<string> {
  if (adminBundleStale()) {
    log('Building the admin (vite build)…');
    const { build } = await import('vite');
    await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  }
  return ADMIN_DIR;
}
