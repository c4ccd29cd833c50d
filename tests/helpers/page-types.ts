// The page types of a built site, found by walking its output rather than from a hand-picked list:
// each page's type is what the build recorded beside it (`_payload.json`: `kind`, and for content
// pages the content type), or, for the documents without a payload, what the file is (the 404
// page, a newsletter's web view, a "This page has moved" stub). Shared by the demo's HTML
// validation (tests/integration/build-demo.test.ts) and its 390 px browser sweep
// (tests/e2e/site-page-types.test.ts).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Every .html file under `dir`, relative, with forward slashes, sorted. */
export function htmlFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const abs = join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(abs).isDirectory()) out.push(...htmlFiles(abs, rel));
    else if (name.endsWith('.html')) out.push(rel);
  }
  return out;
}

/**
 * The type of one built page (`file` relative to the site folder): "home", "section", "author",
 * "content:<ContentType>", "print", "publication", "issue", "search", "login", "account",
 * "membership-choose", "membership-signup", "not-found", "newsletter" (a sent campaign's web view),
 * "latest-newsletter" (a template's latest issue) or "moved" (a redirect stub).
 */
export function pageType(site: string, file: string): string {
  if (file === '404.html') return 'not-found';
  const nl = /^(newsletter|latest-newsletter)\/\d+\/index\.html$/.exec(file);
  if (nl) return nl[1]!;
  const payload = join(site, dirname(file), '_payload.json');
  if (file.endsWith('index.html') && existsSync(payload)) {
    const p = JSON.parse(readFileSync(payload, 'utf8')) as { kind: string; content?: { type?: string } | null };
    return p.kind === 'content' ? `content:${p.content?.type ?? '?'}` : p.kind;
  }
  if (/<meta http-equiv="refresh"/.test(readFileSync(join(site, file), 'utf8'))) return 'moved';
  return 'other';
}

/** The site's HTML pages by type, each list in path order. */
export function pagesByType(site: string): Map<string, string[]> {
  const types = new Map<string, string[]>();
  for (const f of htmlFiles(site)) {
    const t = pageType(site, f);
    types.set(t, [...(types.get(t) ?? []), f]);
  }
  return types;
}

/** The public URL path of a built page: "a/b/index.html" → "/a/b", "index.html" → "/", "404.html" → "/404.html". */
export function pagePath(file: string): string {
  if (file === 'index.html') return '/';
  return `/${file.replace(/\/index\.html$/, '')}`;
}
