// Builds the admin SPA into dist/admin when any admin source (or the vite config) is newer than the
// last build. A lock folder keeps parallel test files from building at the same time.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const ADMIN_DIST = join(ROOT, 'dist', 'admin');
const LOCK = join(ROOT, 'dist', '.admin-build.lock');

function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function stale(): boolean {
  const index = join(ADMIN_DIST, 'index.html');
  if (!existsSync(index)) return true;
  const sources = Math.max(newest(join(ROOT, 'admin')), newest(join(ROOT, 'engine', 'domain')), statSync(join(ROOT, 'vite.config.ts')).mtimeMs);
  return sources > statSync(index).mtimeMs;
}

export async function ensureAdminBuilt(): Promise<void> {
  if (!stale()) return;
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() > deadline) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
      if (!stale()) return;
    }
  }
  try {
    if (!stale()) return;
    const { build } = await import('vite');
    await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
