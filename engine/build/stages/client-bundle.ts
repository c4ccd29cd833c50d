// The site client bundle's manifest, read by the build's plan (a module of its own so the plan
// reads it without loading the emit stage and the site's theme).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientScripts } from '../../../site/model';
import { projectPath } from '../paths';

/** The site client bundle (vite.site.config.ts): what pages reference and which files to copy. */
export interface ClientBundle { scripts: ClientScripts; files: { path: string; source: string }[] }

interface ManifestChunk { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }

/** The default bundle folder (dist/site-client, built by `masthead build` or the tests' helper). */
export const DEFAULT_CLIENT_DIR = projectPath('dist/site-client/');

/**
 * Reads the bundle's .vite/manifest.json: the entry, the chunks it imports statically (modulepreload)
 * and every file reachable from it (islands' lazy chunks included). Null when there is no bundle.
 */
export function readClientBundle(dir: string): ClientBundle | null {
  const manifestPath = join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) return null;
  const files = new Set<string>();
  const visit = (key: string) => {
    const c = manifest[key];
    if (!c || files.has(c.file)) return;
    files.add(c.file);
    for (const css of c.css ?? []) files.add(css);
    for (const k of [...(c.imports ?? []), ...(c.dynamicImports ?? [])]) visit(k);
  };
  visit(entryKey);
  const entry = manifest[entryKey]!;
  const preload = (entry.imports ?? []).map((k) => manifest[k]?.file).filter((f): f is string => !!f);
  return {
    scripts: { entry: `/${entry.file}`, preload: preload.map((f) => `/${f}`) },
    files: [...files].sort().map((f) => ({ path: f, source: join(dir, f) })),
  };
}
