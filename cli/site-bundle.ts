// The public site's client bundle (dist/site-client): built with Vite (vite.site.config.ts) on demand,
// when missing or older than its sources, so `masthead build` and `npm start` on a fresh clone
// produce pages whose islands hydrate. Publishing is atomic for concurrent readers (a build in
// another process copying the bundle): Vite writes into a temporary folder, the hashed files are
// copied beside the previous ones, and .vite/manifest.json is replaced last (temp + rename), so the
// manifest only ever names files that are in place. A lock folder serialises parallel builders.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWhenStale, newestMtime } from './bundle-build';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SITE_CLIENT_DIR = join(ROOT, 'dist', 'site-client');
const MANIFEST = join(SITE_CLIENT_DIR, '.vite', 'manifest.json');
const LOCK = join(ROOT, 'dist', '.site-client-build.lock');
const CONFIG = join(ROOT, 'vite.site.config.ts');
/** Superseded hashed files older than this are pruned (pages already open may still load them). */
const KEEP_OLD_MS = 24 * 3600_000;

const newest = (dir: string) => newestMtime(dir, (name) => !/\.test\.tsx?$/.test(name) && !name.endsWith('.css'));

/** True when the bundle is missing or a client source (site/, engine/domain, the config) is newer. */
export function siteBundleStale(): boolean {
  if (!existsSync(MANIFEST)) return true;
  const sources = Math.max(newest(join(ROOT, 'site')), newest(join(ROOT, 'engine', 'domain')), statSync(CONFIG).mtimeMs);
  return sources > statSync(MANIFEST).mtimeMs;
}

async function viteBuild(): Promise<void> {
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const tmp = mkdtempSync(join(ROOT, 'dist', '.site-client-'));
  try {
    const { build } = await import('vite');
    await build({ configFile: CONFIG, logLevel: 'warn', build: { outDir: tmp, emptyOutDir: true } });
    mkdirSync(join(SITE_CLIENT_DIR, 'assets'), { recursive: true });
    mkdirSync(join(SITE_CLIENT_DIR, '.vite'), { recursive: true });
    cpSync(join(tmp, 'assets'), join(SITE_CLIENT_DIR, 'assets'), { recursive: true });
    const next = `${MANIFEST}.tmp-${process.pid}`;
    cpSync(join(tmp, '.vite', 'manifest.json'), next);
    renameSync(next, MANIFEST);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const cutoff = Date.now() - KEEP_OLD_MS;
  for (const e of readdirSync(join(SITE_CLIENT_DIR, 'assets'))) {
    const p = join(SITE_CLIENT_DIR, 'assets', e);
    if (statSync(p).mtimeMs < cutoff) rmSync(p, { force: true });
  }
}

/** Builds the site client bundle when stale (waiting for a parallel builder); returns its folder. */
export async function ensureSiteBundle(log: (line: string) => void = () => {}): Promise<string> {
  await buildWhenStale(LOCK, siteBundleStale, async () => {
    log('Building the site client bundle (vite build)…');
    await viteBuild();
  });
  return SITE_CLIENT_DIR;
}
