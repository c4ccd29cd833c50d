// A reader of Substack exports (Settings → Exports, unzipped): posts.csv, one row a post
// (post_id "<number>.<slug>", post_date, is_published, type, audience, title, subtitle,
// podcast_url), and posts/<post_id>.html with each body. Published newsletters and podcasts import
// as posts (a podcast's audio as a link under its text); other types (threads…) are counted. A row
// whose body file is missing or whose date cannot be read is skipped and named by its line in
// posts.csv. The old URL of a post is Substack's /p/<slug>. The export names no authors.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { slugify } from '../domain/paths';
import { ImportFormatError, type ImportHeader, type ImportPost } from './model';
import { escapeHtml as esc } from '../domain/html-escape';

export interface SubstackExport { header: ImportHeader; posts: ImportPost[]; skipped: { record: string; reason: string; line: number }[]; notImported: Record<string, number>; csvFile: string }

/** RFC 4180 CSV: rows of fields, each row with the line it starts on. */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else { if (c === '\n') line++; field += c; }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') { fields.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      if (fields.length > 1 || fields[0] !== '') rows.push({ line: start, fields });
      fields = []; field = ''; line++; start = line;
    } else field += c;
  }
  if (field !== '' || fields.length) { fields.push(field); rows.push({ line: start, fields }); }
  return rows;
}


export async function readSubstack(path: string, siteUrl?: string): Promise<SubstackExport> {
  const isDir = await stat(path).then((s) => s.isDirectory(), () => false);
  const dir = isDir ? path : join(path, '..');
  const csvFile = isDir ? join(path, 'posts.csv') : path;
  const text = await readFile(csvFile, 'utf8').catch(() => {
    throw new ImportFormatError(path, { line: 1, column: 0 }, '', `not a Substack export: no posts.csv${isDir ? ' in this folder' : ''} (give the export's folder or the .zip Substack sent)`);
  });
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  const head = rows[0]?.fields.map((h) => h.trim().toLowerCase()) ?? [];
  const col = (name: string) => head.indexOf(name);
  for (const need of ['post_id', 'title']) {
    if (col(need) < 0) throw new ImportFormatError(csvFile, { line: 1, column: 0 }, '', `not a Substack export: posts.csv has no ${need} column`);
  }
  const posts: ImportPost[] = [];
  const skipped: SubstackExport['skipped'] = [];
  const notImported: Record<string, number> = {};
  for (const row of rows.slice(1)) {
    const get = (name: string) => (col(name) >= 0 ? (row.fields[col(name)] ?? '').trim() : '');
    const postId = get('post_id');
    const title = get('title');
    const record = `post "${title.slice(0, 60)}" (id ${postId})`;
    const type = get('type') || 'newsletter';
    if (type !== 'newsletter' && type !== 'podcast') { notImported[type] = (notImported[type] ?? 0) + 1; continue; }
    const m = /^(\d+)(?:\.(.+))?$/.exec(postId);
    if (!m) { skipped.push({ record, reason: `post_id must be "<number>.<slug>" (got ${JSON.stringify(postId)})`, line: row.line }); continue; }
    const date = get('post_date');
    const published = date ? Date.parse(date) : undefined;
    if (published !== undefined && !Number.isFinite(published)) { skipped.push({ record, reason: `post_date is not a date: ${JSON.stringify(date)}`, line: row.line }); continue; }
    let body: string;
    try { body = await readFile(join(dir, 'posts', `${postId}.html`), 'utf8'); } catch {
      skipped.push({ record, reason: `posts/${postId}.html is missing from the export`, line: row.line });
      continue;
    }
    const podcast = get('podcast_url');
    if (type === 'podcast' && /^https?:\/\//i.test(podcast)) body += `\n<p><a href="${esc(podcast)}">Listen to the episode</a></p>`;
    const slug = m[2] ?? slugify(title);
    posts.push({
      sourceId: m[1]!, kind: 'post', title, slug,
      status: get('is_published').toLowerCase() === 'true' ? 'publish' : 'draft',
      published, body, excerpt: get('subtitle'), authors: [], categories: [], tags: [],
      link: `/p/${slug}`, pos: { line: row.line, column: 0 },
    });
  }
  return {
    header: { source: 'substack', version: 'posts.csv', siteUrl, authors: [], categories: [], tags: [], attachments: new Map(), postCount: posts.length },
    posts, skipped, notImported, csvFile,
  };
}
