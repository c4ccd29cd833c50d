// A reader of Ghost exports (Settings → Labs → Export, Ghost 3, 4 and 5): one JSON document,
// { db: [{ meta: { version }, data: { posts, posts_meta, tags, posts_tags, users, posts_authors } }] }.
// A post's body is its rendered `html`, else its lexical or mobiledoc document (ghost-body.ts). One
// post with a bad value is skipped and named by its JSON path; the others import.
// Ghost writes its own site address as __GHOST_URL__; images under it are looked for under the
// given source URL or in the --media folder. A post's old URL is Ghost's default permalink /slug/.
import { readFile } from 'node:fs/promises';
import { slugify } from '../domain/paths';
import { ImportFormatError, type ImportAuthor, type ImportHeader, type ImportNote, type ImportPost, type ImportTag } from './model';
import { ghostBody } from './ghost-body';

export const GHOST_MAJOR_VERSIONS = [3, 4, 5] as const;

type Row = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

function jsonError(file: string, text: string, e: Error): ImportFormatError {
  const at = /position (\d+)/.exec(e.message);
  const lc = /line (\d+) column (\d+)/.exec(e.message);
  if (lc) return new ImportFormatError(file, { line: +lc[1]!, column: +lc[2]! }, '', `malformed JSON: ${e.message}`);
  if (at) {
    const before = text.slice(0, +at[1]!);
    const line = before.split('\n').length;
    return new ImportFormatError(file, { line, column: +at[1]! - before.lastIndexOf('\n') }, '', `malformed JSON: ${e.message}`);
  }
  return new ImportFormatError(file, { line: text.split('\n').length, column: 0 }, '', `malformed or truncated JSON: ${e.message}`);
}

export interface GhostExport { header: ImportHeader; posts: ImportPost[]; skipped: { record: string; reason: string; path: string }[]; notImported: Record<string, number> }

export async function readGhost(file: string): Promise<GhostExport> {
  const text = await readFile(file, 'utf8');
  if (!/^\s*[[{]/.test(text)) throw new ImportFormatError(file, { line: 1, column: 0 }, '', `not a Ghost export: the file is not JSON (it starts with ${JSON.stringify(text.trimStart().slice(0, 20))})`);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw jsonError(file, text, e as Error);
  }
  const root = (doc as { db?: unknown[] })?.db?.[0] ?? doc;
  const meta = (root as { meta?: Row })?.meta;
  const data = (root as { data?: Record<string, Row[]> })?.data;
  if (!meta || !data || typeof data !== 'object') throw new ImportFormatError(file, { path: '$' }, '', 'not a Ghost export: no db[0].meta and db[0].data');
  const version = str(meta.version);
  const major = Number(/^(\d+)\./.exec(version)?.[1]);
  if (!(GHOST_MAJOR_VERSIONS as readonly number[]).includes(major)) {
    throw new ImportFormatError(file, { path: 'db[0].meta.version' }, '', `unknown Ghost export version ${JSON.stringify(version)} (Ghost 3, 4 and 5 exports are read)`);
  }
  const table = (name: string): Row[] => {
    const v = data[name];
    if (v === undefined) return [];
    if (!Array.isArray(v)) throw new ImportFormatError(file, { path: `db[0].data.${name}` }, '', `${name} must be a list`);
    return v;
  };
  const need = (row: Row, i: number, name: string, key: string): string => {
    const v = str(row[key]).trim();
    if (!v) throw new ImportFormatError(file, { path: `db[0].data.${name}[${i}].${key}` }, `${name}[${i}]${row.slug ? ` "${str(row.slug)}"` : ''}`, `${key} is missing`);
    return v;
  };

  const users = table('users').map((u, i): ImportAuthor => {
    const name = need(u, i, 'users', 'name');
    const [first, ...rest] = name.split(/\s+/);
    return { sourceId: need(u, i, 'users', 'id'), login: str(u.slug) || name, displayName: name, firstName: first ?? name, lastName: rest.join(' '), bio: str(u.bio) || undefined };
  });
  const tagRows = table('tags');
  const tags: ImportTag[] = tagRows
    .filter((t) => !str(t.name).startsWith('#') && str(t.visibility || 'public') === 'public')
    .map((t) => ({ sourceId: str(t.id), slug: str(t.slug), name: str(t.name) }));
  const tagSlug = new Map(tagRows.map((t) => [str(t.id), str(t.slug)]));
  const publicTags = new Set(tags.map((t) => t.slug));
  const userLogin = new Map(users.map((u) => [u.sourceId, u.sourceId]));
  const byPost = (name: string, key: string) => {
    const out = new Map<string, { id: string; order: number }[]>();
    table(name).forEach((r) => {
      const list = out.get(str(r.post_id)) ?? [];
      list.push({ id: str(r[key]), order: Number(r.sort_order ?? 0) });
      out.set(str(r.post_id), list);
    });
    for (const list of out.values()) list.sort((a, b) => a.order - b.order);
    return out;
  };
  const postTags = byPost('posts_tags', 'tag_id');
  const postAuthors = byPost('posts_authors', 'author_id');
  const postsMeta = new Map(table('posts_meta').map((m) => [str(m.post_id), m]));

  const skipped: GhostExport['skipped'] = [];
  const posts: ImportPost[] = [];
  const notImported: Record<string, number> = {};
  table('posts').forEach((p, i) => {
    const path = `db[0].data.posts[${i}]`;
    // One post with a bad value is named in the report and left out; the rest imports.
    try { readPost(p, i, path); } catch (e) {
      if (!(e instanceof ImportFormatError)) throw e;
      skipped.push({ record: e.record || `posts[${i}]`, reason: e.message.slice(e.message.indexOf(`${e.record}: `) >= 0 && e.record ? e.message.indexOf(`${e.record}: `) + e.record.length + 2 : 0), path: e.pos.path ?? path });
    }
  });
  function readPost(p: Row, i: number, path: string) {
    const id = need(p, i, 'posts', 'id');
    const label = `posts[${i}] "${str(p.title).slice(0, 60)}" (id ${id})`;
    const type = str(p.type) || (p.page === true || p.page === 1 ? 'page' : 'post'); // Ghost 2–3 exports may say page: true
    if (type !== 'post' && type !== 'page') { notImported[type] = (notImported[type] ?? 0) + 1; return; }
    const dateOf = (key: string) => {
      const v = p[key];
      if (v === null || v === undefined || v === '') return undefined;
      const ms = typeof v === 'number' ? v : Date.parse(str(v));
      if (!Number.isFinite(ms) || ms < 0) throw new ImportFormatError(file, { path: `${path}.${key}` }, label, `${key} is not a date: ${JSON.stringify(v)}`);
      return ms;
    };
    const m = postsMeta.get(id) ?? p;
    const html = p.html;
    if (html !== null && html !== undefined && typeof html !== 'string') throw new ImportFormatError(file, { path: `${path}.html` }, label, 'html must be a string');
    const slug = str(p.slug).trim() || slugify(str(p.title)) || id;
    const notes: ImportNote[] = [];
    const body = ghostBody({ html, lexical: p.lexical, mobiledoc: p.mobiledoc }, (kind, detail) => notes.push({ kind, detail }));
    // A post only members could read in Ghost must not become public here: it needs registration,
    // and one for paying members is named so staff tie it to a membership (Ghost's tiers are not
    // Masthead's memberships).
    const visibility = str(p.visibility || 'public');
    if (visibility === 'members') notes.push({ kind: 'members-only', detail: 'visible to members only in Ghost; imported as registration required' });
    else if (visibility !== 'public') notes.push({ kind: 'paid-as-registration', detail: `for paying members in Ghost (visibility "${visibility.slice(0, 80)}"); imported as registration required: tie it to a membership in the admin` });
    posts.push({
      registrationRequired: visibility !== 'public' || undefined,
      sourceId: id, kind: type, title: str(p.title), slug,
      status: ({ published: 'publish', sent: 'publish', scheduled: 'future' } as Record<string, string>)[str(p.status)] ?? (str(p.status) || 'draft'),
      published: dateOf('published_at') ?? dateOf('created_at'),
      body, excerpt: str(p.custom_excerpt), notes: notes.length ? notes : undefined,
      authors: (postAuthors.get(id) ?? (p.author_id ? [{ id: str(p.author_id), order: 0 }] : [])).map((a) => userLogin.get(a.id) ?? a.id),
      categories: [], tags: (postTags.get(id) ?? []).map((t) => tagSlug.get(t.id) ?? '').filter((s) => publicTags.has(s)),
      featuredImage: str(p.feature_image) || undefined,
      link: `/${slug}/`,
      seoTitle: str(m.meta_title) || undefined, seoDescription: str(m.meta_description) || undefined,
      pos: { path },
    });
  }
  return {
    header: { source: 'ghost', version, authors: users, categories: [], tags, attachments: new Map(), postCount: posts.length },
    posts, skipped, notImported,
  };
}
