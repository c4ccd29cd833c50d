// The "tpl" input: a hash of everything besides the database that decides a site page's bytes: the
// site's components and styles, the build and domain code, the origin template and the client
// bundle's entry. A different hash means every page may differ: a full build. The newsletter
// templates and renderer only decide the newsletter pages: their own hash is part of the "nl"
// input, so an edit there re-renders just those pages.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildCaches } from './caches';
import { digest } from './digest';
import { PROJECT_ROOT as ROOT } from './paths';

/** Folders whose files the build's output depends on (tests are skipped). */
export const CONFIG_DIRS = ['site', 'templates', 'engine/build', 'engine/domain'];
/** Folders only the newsletter pages depend on (left out of the site hash). */
export const NEWSLETTER_DIRS = ['templates/newsletter', 'engine/newsletter'];
const SOURCE = /\.(tsx?|mjs|css|mjml|json|html|hbs|svg|png)$/;

function walk(dir: string, out: string[], skip: readonly string[] = []): void {
  if (skip.includes(dir)) return;
  let names: string[];
  try { names = readdirSync(dir); } catch { return; }
  for (const n of names.sort()) {
    const p = join(dir, n);
    let st;
    try { st = statSync(p); } catch { continue; }
    if (st.isDirectory()) { if (n !== 'node_modules' && !n.startsWith('.')) walk(p, out, skip); }
    else if (SOURCE.test(n) && !/\.test\.tsx?$/.test(n)) out.push(p);
  }
}

/** The source files (relative to the project root) that decide site pages. */
export function siteCodeFiles(): string[] {
  return filesOf(CONFIG_DIRS, NEWSLETTER_DIRS.map((d) => join(ROOT, d)));
}

/** The source files (relative to the project root) that decide only the newsletter pages. */
export function newsletterCodeFiles(): string[] {
  return filesOf(NEWSLETTER_DIRS, []);
}

/** Hash of the code and config a build of `originTemplate` with `clientEntry` uses. */
export function configHash(originTemplate: string, clientEntry: string | null, scriptSources: Readonly<Record<string, readonly string[]>> = {}, mediaPublicUrl: string | null = null): string {
  // The script allow-list only changes the headers files; {} hashes as before it existed.
  const sources = Object.keys(scriptSources).length ? JSON.stringify(Object.entries(scriptSources).sort()) : '';
  // Media on object storage: every image address names the CDN; a folder library hashes as before.
  const media = mediaPublicUrl ? [`media:${mediaPublicUrl}`, '\0'] : [];
  return filesHash(siteCodeFiles(), [originTemplate, '\0', clientEntry ?? '', '\0', ...(sources ? [sources, '\0'] : []), ...media]);
}

/** Hash of the newsletter templates and renderer (read once per build's caches; none given: read now). */
export function newsletterCodeHash(caches?: BuildCaches): string {
  if (!caches) return filesHash(newsletterCodeFiles(), []);
  return (caches.newsletterHash ??= filesHash(newsletterCodeFiles(), []));
}

function filesOf(dirs: readonly string[], skip: readonly string[]): string[] {
  const files: string[] = [];
  for (const d of dirs) walk(join(ROOT, d), files, skip);
  return files.map((f) => f.slice(ROOT.length));
}

function filesHash(files: readonly string[], prefix: (string | Buffer)[]): string {
  const parts = [...prefix];
  for (const f of files) parts.push(f, '\0', readFileSync(join(ROOT, f)), '\0');
  return digest(...parts);
}
