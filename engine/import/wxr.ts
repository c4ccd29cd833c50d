// A streamed reader of WordPress eXtended RSS (WXR 1.0 to 1.2, as Tools → Export has written it
// since WordPress 2.x): saxes reads the file in chunks and the records come out as they close, so
// memory stays flat however large the export. Elements are matched by namespace URI (wp:,
// content:, excerpt:, dc:; http or https), not by prefix. A file that is not XML, whose root is
// not <rss>, or that has no <wp:wxr_version> is refused; a malformed or truncated file stops with
// the line and column. One item with a value that cannot be right (a date like 2021-13-45, a post
// id that is not a number) does not stop the run: it comes out as `skipped` with its line and the
// reason. Post types that are not imported come out as `other` (counted by type).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { ImportFormatError, type ImportAttachment, type ImportAuthor, type ImportCategory, type ImportNote, type ImportPost, type ImportTag, type SourcePos } from './model';
import { metaValue } from './php';

export const WXR_VERSIONS = ['1.0', '1.1', '1.2'] as const;

const NS: [RegExp, string][] = [
  [/^https?:\/\/wordpress\.org\/export\/1\.\d+\/excerpt\/?$/, 'excerpt'],
  [/^https?:\/\/wordpress\.org\/export\/1\.\d+\/?$/, 'wp'],
  [/^https?:\/\/purl\.org\/rss\/1\.0\/modules\/content\/?$/, 'content'],
  [/^https?:\/\/purl\.org\/dc\/elements\/1\.1\/?$/, 'dc'],
];

function qname(tag: SaxesTagNS): string {
  if (!tag.uri) return tag.local;
  for (const [re, prefix] of NS) if (re.test(tag.uri)) return `${prefix}:${tag.local}`;
  return `{${tag.uri}}${tag.local}`;
}

export type WxrRecord =
  | { type: 'version'; version: string; pos: SourcePos }
  | { type: 'site'; url: string }
  | { type: 'author'; author: ImportAuthor }
  | { type: 'category'; category: ImportCategory }
  | { type: 'tag'; tag: ImportTag }
  | { type: 'attachment'; attachment: ImportAttachment }
  | { type: 'post'; post: ImportPost }
  /** An item of a post type Masthead does not import (revision, nav_menu_item, a custom type…): counted. */
  | { type: 'other'; postType: string; comments: number }
  /** A reusable block (wp_block): its content replaces `<!-- wp:block {"ref":N} /-->` in posts. */
  | { type: 'block'; sourceId: string; title: string; content: string }
  /** A record with a value that cannot be right: not imported, named in the report with its line. */
  | { type: 'skipped'; record: string; reason: string; pos: SourcePos };

interface Open { name: string; fields: Map<string, string>; terms: { domain: string; nicename: string; name: string }[]; meta: Map<string, string>; oldSlugs: string[]; comments: number; pos: SourcePos }

const RECORDS = new Set(['wp:author', 'wp:category', 'wp:tag', 'wp:term', 'item']);
/** Elements whose content is ignored whole (comments hold their own dates, ids and authors; they are counted). */
const IGNORED = new Set(['wp:comment']);
/** Post types that are read for what they give other items, not imported as content. */
const POST_TYPES = new Set(['post', 'page']);

/** WordPress's 'Y-m-d H:i:s' dates; '0000-00-00 00:00:00' (a draft never published) is no date. */
export function wpDate(text: string | undefined): number | undefined | 'bad' {
  const v = text?.trim();
  if (!v || v.startsWith('0000-00-00')) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (!m) return 'bad';
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1).map((x) => x ?? '0') as string[];
  const ms = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s);
  const back = new Date(ms);
  if (back.getUTCMonth() !== +mo! - 1 || back.getUTCDate() !== +d! || +h > 23 || +mi > 59 || +s > 59) return 'bad';
  return ms;
}

/**
 * The text decoder of the encoding the XML declaration names (UTF-8 unless it says otherwise: old
 * blogs exported in ISO-8859-1 or windows-1252, WordPress writing the blog's charset).
 */
async function decoderFor(file: string): Promise<TextDecoder> {
  const fh = await open(file, 'r');
  let head = '';
  try {
    const buf = Buffer.alloc(256);
    const { bytesRead } = await fh.read(buf, 0, 256, 0);
    head = buf.subarray(0, bytesRead).toString('latin1');
  } finally {
    await fh.close();
  }
  const label = /^(?:\uFEFF|\u00EF\u00BB\u00BF)?\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(label, { ignoreBOM: false });
  } catch {
    throw new ImportFormatError(file, { line: 1, column: 0 }, '', `the XML declaration names an encoding this importer cannot read: ${JSON.stringify(label)}`);
  }
}

/** Reads the records of a WXR file in document order. */
export async function* readWxr(file: string): AsyncGenerator<WxrRecord> {
  const parser = new SaxesParser({ xmlns: true, position: true, fileName: file });
  const out: WxrRecord[] = [];
  const stack: string[] = [];
  let text = '';
  let record: Open | null = null;
  let ignoring = 0;
  let sawRss = false;
  let versionPos: SourcePos | null = null;
  let siteUrl = '';
  const here = (): SourcePos => ({ line: parser.line, column: parser.column });
  const fail = (pos: SourcePos, what: string, message: string): never => { throw new ImportFormatError(file, pos, what, message); };

  parser.on('error', (e) => {
    const why = e.message.replace(/^[^:]*:\d+:\d+: /, '');
    if (!sawRss) throw new ImportFormatError(file, here(), '', `not a WordPress export: the file is not XML, or is damaged before its <rss> element (${why})`);
    throw new ImportFormatError(file, here(), record ? describe(record) : '', `malformed XML: ${why}`);
  });
  parser.on('opentag', (tag) => {
    const name = qname(tag);
    if (stack.length === 0) {
      if (name !== 'rss') fail(here(), '', `not a WordPress export: the root element is <${tag.name}>, not <rss> (an HTML page or another kind of XML file?)`);
      sawRss = true;
    }
    stack.push(name);
    text = '';
    if (ignoring || IGNORED.has(name)) {
      if (!ignoring && record) record.comments += 1;
      ignoring += 1;
      return;
    }
    if (RECORDS.has(name) && !record) {
      record = { name, fields: new Map(), terms: [], meta: new Map(), oldSlugs: [], comments: 0, pos: here() };
    } else if (record && name === 'category' && record.name === 'item') {
      const attr = (k: string) => String(tag.attributes[k]?.value ?? '');
      record.terms.push({ domain: attr('domain'), nicename: attr('nicename'), name: '' });
    }
  });
  const onText = (t: string) => { if (!ignoring) text += t; };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    const name = qname(tag);
    stack.pop();
    if (ignoring) { ignoring -= 1; text = ''; return; }
    const r = record as Open | null;
    if (r && name === r.name) {
      const rec = finish(r, siteUrl);
      if (rec) out.push(rec);
      record = null;
    } else if (r) {
      if (name === 'category' && r.name === 'item') { const last = r.terms.at(-1); if (last) last.name = text.trim(); }
      else if (name === 'wp:meta_key') r.fields.set('#meta_key', text.trim());
      else if (name === 'wp:meta_value') {
        const key = r.fields.get('#meta_key') ?? '';
        r.meta.set(key, text);
        if (key === '_wp_old_slug' && text.trim()) r.oldSlugs.push(text.trim()); // one entry per slug the post had
      }
      else r.fields.set(name, text);
    } else if (name === 'wp:wxr_version' && stack.at(-1) === 'channel') {
      versionPos = here();
      out.push({ type: 'version', version: text.trim(), pos: versionPos });
    } else if (name === 'wp:base_site_url' || (name === 'link' && stack.at(-1) === 'channel')) {
      if (name === 'wp:base_site_url' || !siteUrl) siteUrl = text.trim();
      out.push({ type: 'site', url: text.trim() });
    }
    text = '';
  });

  const decoder = await decoderFor(file);
  const stream = createReadStream(file, { highWaterMark: 256 * 1024 });
  for await (const chunk of stream) {
    parser.write(decoder.decode(chunk as Buffer, { stream: true }));
    if (out.length) { yield* out; out.length = 0; }
  }
  parser.write(decoder.decode());
  if (!sawRss) fail({ line: 1, column: 0 }, '', 'the file is empty or not XML');
  parser.close();
  yield* out;
  if (!versionPos) fail(here(), '', 'no <wp:wxr_version>: not a WordPress export (WXR 1.0, 1.1 or 1.2)');
}

function describe(r: Open): string {
  const id = r.fields.get('wp:post_id') ?? r.fields.get('wp:term_id') ?? r.fields.get('wp:author_id');
  const title = (r.fields.get('title') ?? r.fields.get('wp:cat_name') ?? r.fields.get('wp:tag_name') ?? r.fields.get('wp:author_login') ?? '').trim();
  return `<${r.name}>${title ? ` "${title.slice(0, 60)}"` : ''}${id ? ` (id ${id.trim()})` : ''}`;
}

/** A stable id for an item whose wp:post_id is empty or missing: from its guid, link, or type and slug. */
function derivedId(r: Open): string {
  const f = (k: string) => r.fields.get(k)?.trim() ?? '';
  const basis = f('guid') || f('link') || (f('wp:post_name') ? `${f('wp:post_type') || 'post'}/${f('wp:post_name')}` : `${f('title')}|${f('wp:post_date')}|${f('content:encoded').slice(0, 200)}`);
  return `h${createHash('sha256').update(basis).digest('hex').slice(0, 12)}`;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** `link` with its last path segment (when that is `slug`, percent-encoded or not) replaced by `old`. */
export function oldSlugLink(link: string, slug: string, old: string): string | undefined {
  const m = /^(.*\/)([^/?#]+)(\/?(?:[?#].*)?)$/.exec(link);
  if (!m) return undefined;
  const norm = (x: string) => { try { return decodeURIComponent(x).toLowerCase(); } catch { return x.toLowerCase(); } };
  if (norm(m[2]!) !== norm(slug)) return undefined;
  return `${m[1]}${old}${m[3]}`;
}

function finish(r: Open, siteUrl: string): WxrRecord | null {
  const f = (k: string) => r.fields.get(k)?.trim() ?? '';
  const what = describe(r);
  const skipped = (reason: string): WxrRecord => ({ type: 'skipped', record: what, reason, pos: r.pos });
  switch (r.name) {
    case 'wp:author': {
      const login = f('wp:author_login');
      if (!login) return skipped('wp:author_login is empty');
      return { type: 'author', author: { sourceId: login, login, displayName: f('wp:author_display_name') || login, firstName: f('wp:author_first_name'), lastName: f('wp:author_last_name') } };
    }
    case 'wp:category': {
      const slug = f('wp:category_nicename') || f('wp:cat_name');
      if (!slug) return skipped('wp:category_nicename is empty');
      return { type: 'category', category: { sourceId: slug, slug, name: f('wp:cat_name') || slug, parentSlug: f('wp:category_parent') || undefined, description: f('wp:category_description') || undefined } };
    }
    case 'wp:tag': {
      const slug = f('wp:tag_slug') || f('wp:tag_name');
      if (!slug) return skipped('wp:tag_slug is empty');
      return { type: 'tag', tag: { sourceId: slug, slug, name: f('wp:tag_name') || slug } };
    }
    case 'wp:term': {
      const tax = f('wp:term_taxonomy');
      const slug = f('wp:term_slug');
      if (!slug) return null;
      if (tax === 'category') return { type: 'category', category: { sourceId: slug, slug, name: f('wp:term_name') || slug, parentSlug: f('wp:term_parent') || undefined, description: f('wp:term_description') || undefined } };
      if (tax === 'post_tag') return { type: 'tag', tag: { sourceId: slug, slug, name: f('wp:term_name') || slug } };
      return null;
    }
    default: break;
  }
  const notes: ImportNote[] = [];
  const rawId = f('wp:post_id');
  let id = rawId;
  if (!rawId) {
    id = derivedId(r);
    notes.push({ kind: 'post-id-missing', detail: `no wp:post_id; identified as ${id} (from its ${f('guid') ? 'guid' : f('link') ? 'link' : 'slug or title'})` });
  } else if (!/^\d+$/.test(rawId)) return skipped(`wp:post_id must be a whole number (got ${JSON.stringify(rawId)})`);
  const type = f('wp:post_type') || 'post';
  const title = f('title');
  const meta = (k: string) => r.meta.get(k)?.trim() || undefined;
  if (type === 'attachment') {
    const attachedFile = meta('_wp_attached_file');
    const metadata = metaValue(r.meta.get('_wp_attachment_metadata'));
    const file = attachedFile ?? (metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? str(metadata.file) || undefined : undefined);
    const url = f('wp:attachment_url') || (/\.(?:jpe?g|png|gif|webp|avif)(?:\?|$)/i.test(f('guid')) ? f('guid') : '') || (file && siteUrl ? `${siteUrl.replace(/\/+$/, '')}/wp-content/uploads/${file.replace(/^\/+/, '')}` : '');
    if (!url) return skipped('attachment without wp:attachment_url');
    return { type: 'attachment', attachment: { sourceId: id, url, title, alt: meta('_wp_attachment_image_alt') || undefined } };
  }
  if (type === 'wp_block') return { type: 'block', sourceId: id, title, content: r.fields.get('content:encoded') ?? '' };
  if (!POST_TYPES.has(type)) return { type: 'other', postType: type, comments: r.comments };
  let published = wpDate(f('wp:post_date_gmt'));
  if (published === 'bad') return skipped(`wp:post_date_gmt is not a date: ${JSON.stringify(f('wp:post_date_gmt'))}`);
  if (published === undefined) {
    const local = wpDate(f('wp:post_date'));
    if (local === 'bad') return skipped(`wp:post_date is not a date: ${JSON.stringify(f('wp:post_date'))}`);
    published = local;
  }
  const termNames: Record<string, string> = {};
  const terms = (domain: string) => r.terms.filter((t) => t.domain === domain || (domain === 'post_tag' && t.domain === 'tag')).map((t) => {
    const slug = t.nicename || t.name;
    if (slug && t.name) termNames[`${domain === 'category' ? 'category' : 'tag'}:${slug}`] = t.name;
    return slug;
  }).filter(Boolean);
  let thumb = meta('_thumbnail_id');
  if (thumb !== undefined && !/^\d+$/.test(thumb)) {
    notes.push({ kind: 'image-missing', detail: `_thumbnail_id ${JSON.stringify(thumb.slice(0, 40))} is not an attachment id; no featured image` });
    thumb = undefined;
  }
  const categories = [...new Set(terms('category'))];
  const link = f('link') || undefined;
  const slug = f('wp:post_name');
  // The post's URLs under the slugs it had before (WordPress keeps answering them): its link with
  // the last path segment, when that is the slug, replaced by each old one.
  const oldLinks = link && slug ? r.oldSlugs.filter((o) => o !== slug).map((o) => oldSlugLink(link, slug, o)).filter((x): x is string => !!x) : [];
  const tags = [...new Set(terms('post_tag'))];
  // A post behind a password in WordPress must not become public here (Masthead has no per-post
  // passwords): it needs registration, and the report names it.
  const passworded = f('wp:post_password').trim() !== '';
  if (passworded) notes.push({ kind: 'password-as-registration', detail: 'protected by a password in WordPress; imported as registration required (the password is not kept)' });
  return {
    type: 'post',
    post: {
      sourceId: id, kind: type as 'post' | 'page', title, slug, status: f('wp:status') || 'draft',
      published: published as number | undefined,
      body: r.fields.get('content:encoded') ?? '', excerpt: f('excerpt:encoded'),
      authors: f('dc:creator') ? [f('dc:creator')] : [],
      categories, tags, termNames,
      featuredAttachment: thumb, link, oldLinks: oldLinks.length ? [...new Set(oldLinks)] : undefined,
      seoTitle: meta('_yoast_wpseo_title'), seoDescription: meta('_yoast_wpseo_metadesc'),
      registrationRequired: passworded || undefined,
      comments: r.comments || undefined,
      notes: notes.length ? notes : undefined,
      pos: r.pos,
    },
  };
}
