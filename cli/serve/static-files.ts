// Maps a request path to a file of a tenant's build: /a/b → a/b/index.html, /x.css → x.css.
// Refuses anything that could leave the folder (.., dot segments, NUL, backslashes).
import { statSync } from 'node:fs';
import { join } from 'node:path';

/** The file (relative to root) for a URL path, or null when there is none or the path is unsafe. */
export function fileForPath(root: string, urlPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\')) return null;
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s === '.')) return null;
  const rel = segments.join('/');
  const last = segments[segments.length - 1] ?? '';
  const candidates = last.includes('.') && !path.endsWith('/') ? [rel, `${rel}/index.html`] : [rel ? `${rel}/index.html` : 'index.html'];
  for (const c of candidates) {
    try {
      if (statSync(join(root, c)).isFile()) return c;
    } catch { /* try the next */ }
  }
  return null;
}

/** Cache headers by file kind, and the SVG sandbox (the pages' CSP comes from security.ts). */
export function headersFor(file: string): Record<string, string> {
  const h: Record<string, string> = { 'x-content-type-options': 'nosniff' };
  if (file.endsWith('.html')) {
    h['cache-control'] = 'no-cache';
  } else if (file.startsWith('assets/')) {
    h['cache-control'] = 'public, max-age=31536000, immutable';
  } else if (file.startsWith('builds/')) {
    h['cache-control'] = 'no-store';
  } else {
    h['cache-control'] = 'public, max-age=300';
  }
  // An SVG opened directly must not run script.
  if (file.endsWith('.svg')) h['content-security-policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  return h;
}
