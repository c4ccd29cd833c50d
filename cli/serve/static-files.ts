// Maps a request path to a file of a tenant's build: /a/b → a/b/index.html, /x.css → x.css.
// Refuses anything that could leave the folder (.., dot segments, NUL, backslashes). Headers by
// file kind: SVGs and PDFs run in a sandbox; a PDF is shown inline only when it reads as a PDF.
import { statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pdfProblem } from '../../engine/assets/pdf';
import { DOCUMENT_CSP, SVG_CSP } from '../../engine/build/index';

/**
 * The files (relative to a site's root) a URL path may name, in the order to try them: the file
 * itself, then a folder's index.html. Empty when the path is unsafe (NUL, backslash, dot segments,
 * bad escapes). The folder's and the bucket's servers (bucket-pages.ts) share this one rule.
 */
export function pathCandidates(urlPath: string): string[] {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return [];
  }
  if (path.includes('\0') || path.includes('\\')) return [];
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s === '.')) return [];
  const rel = segments.join('/');
  const last = segments[segments.length - 1] ?? '';
  return last.includes('.') && !path.endsWith('/') ? [rel, `${rel}/index.html`] : [rel ? `${rel}/index.html` : 'index.html'];
}

/** The file (relative to root) for a URL path, or null when there is none or the path is unsafe. */
export function fileForPath(root: string, urlPath: string): string | null {
  for (const c of pathCandidates(urlPath)) {
    try {
      if (statSync(join(root, c)).isFile()) return c;
    } catch { /* try the next */ }
  }
  return null;
}

export { DOCUMENT_CSP };

/** Cache headers by file kind, and the SVG and PDF sandboxes (the pages' CSP comes from security.ts). */
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
  if (file.endsWith('.svg')) h['content-security-policy'] = SVG_CSP;
  // A document is downloaded unless pdfDisposition finds it is a PDF.
  if (file.endsWith('.pdf')) Object.assign(h, { 'content-security-policy': DOCUMENT_CSP, 'content-disposition': 'attachment' });
  return h;
}

const PDF_VERDICTS_MAX = 2000;
const pdfVerdicts = new Map<string, { mtimeMs: number; size: number; inline: boolean }>();

/**
 * `inline` for a .pdf file of the build that a PDF parser reads (engine/assets/pdf.ts), else
 * `attachment`: a file that only starts like a PDF is never shown in the browser. The verdict is
 * kept per file until the file changes (content-hash names: uploads never do).
 */
export async function pdfDisposition(root: string, file: string): Promise<'inline' | 'attachment'> {
  const path = join(root, file);
  const info = await stat(path).catch(() => null);
  if (!info) return 'attachment';
  const known = pdfVerdicts.get(path);
  if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) return known.inline ? 'inline' : 'attachment';
  const bytes = await readFile(path).catch(() => null);
  const inline = bytes !== null && (await pdfProblem(bytes)) === null;
  if (pdfVerdicts.size >= PDF_VERDICTS_MAX) pdfVerdicts.clear();
  pdfVerdicts.set(path, { mtimeMs: info.mtimeMs, size: info.size, inline });
  return inline ? 'inline' : 'attachment';
}

const ENCODINGS = [{ name: 'br', suffix: '.br' }, { name: 'gzip', suffix: '.gz' }] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * The encoding to send from an Accept-Encoding header: br before gzip, an encoding with q=0 refused,
 * "*" standing for either; null for identity. `available` says whether the sibling file exists.
 */
export function preferredEncoding(header: string | string[] | undefined, available: (suffix: string) => boolean): Encoding | null {
  const text = (Array.isArray(header) ? header.join(',') : header ?? '').toLowerCase();
  const q = new Map<string, number>();
  for (const part of text.split(',')) {
    const [token = '', ...params] = part.trim().split(';').map((p) => p.trim());
    if (!token) continue;
    const qp = params.find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(token, Number.isFinite(value) ? value : 0);
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const enc of ENCODINGS) {
    const weight = q.get(enc.name) ?? q.get('*') ?? 0;
    if (weight > bestQ && available(enc.suffix)) { best = enc; bestQ = weight; }
  }
  return best;
}
