// A streamed reader of WordPress eXtended RSS (WXR 1.1 and 1.2, as Tools → Export writes it):
// saxes reads the file in chunks and the records come out as they close, so memory stays flat
// however large the export. Elements are matched by namespace URI (wp:, content:, excerpt:, dc:),
// not by prefix. A malformed or truncated file, an unknown WXR version or a value that cannot be
// right (a date like 2021-13-45, a post id that is not a number) stops with the line and column
// and the record named.
import { createReadStream } from 'node:fs';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { ImportFormatError, type ImportAttachment, type ImportAuthor, type ImportCategory, type ImportPost, type ImportTag, type SourcePos } from './model';

export const WXR_VERSIONS = ['1.1', '1.2'] as const;

const NS: [RegExp, string][] = [
  [/^http:\/\/wordpress\.org\/export\/1\.\d+\/excerpt\/$/, 'excerpt'],
  [/^http:\/\/wordpress\.org\/export\/1\.\d+\/$/, 'wp'],
  [/^http:\/\/purl\.org\/rss\/1\.0\/modules\/content\/$/, 'content'],
  [/^http:\/\/purl\.org\/dc\/elements\/1\.1\/$/, 'dc'],
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
  | { type: 'skipped'; sourceId: string; title: string; reason: string };

interface Open { name: string; fields: Map<string, string>; terms: { domain: string; nicename: string; name: string }[]; meta: Map<string, string>; pos: SourcePos }

const RECORDS = new Set(['wp:author', 'wp:category', 'wp:tag', 'wp:term', 'item']);
/** Elements whose content is ignored whole (comments hold their own dates, ids and authors). */
const IGNORED = new Set(['wp:comment']);

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
  const here = (): SourcePos => ({ line: parser.line, column: parser.column });
  const fail = (pos: SourcePos, what: string, message: string): never => { throw new ImportFormatError(file, pos, what, message); };

  parser.on('error', (e) => {
    throw new ImportFormatError(file, here(), record ? describe(record) : '', `malformed XML: ${e.message.replace(/^[^:]*:\d+:\d+: /, '')}`);
  });
  parser.on('opentag', (tag) => {
    const name = qname(tag);
    if (stack.length === 0) {
      if (name !== 'rss') fail(here(), '', `not a WordPress export: the root element is <${tag.name}>, not <rss>`);
      sawRss = true;
    }
    stack.push(name);
    text = '';
    if (ignoring || IGNORED.has(name)) { ignoring += 1; return; }
    if (RECORDS.has(name) && !record) {
      record = { name, fields: new Map(), terms: [], meta: new Map(), pos: here() };
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
      const rec = finish(r, file);
      if (rec) out.push(rec);
      record = null;
    } else if (r) {
      if (name === 'category' && r.name === 'item') { const last = r.terms.at(-1); if (last) last.name = text.trim(); }
      else if (name === 'wp:meta_key') r.fields.set('#meta_key', text.trim());
      else if (name === 'wp:meta_value') r.meta.set(r.fields.get('#meta_key') ?? '', text);
      else r.fields.set(name, text);
    } else if (name === 'wp:wxr_version' && stack.at(-1) === 'channel') {
      versionPos = here();
      out.push({ type: 'version', version: text.trim(), pos: versionPos });
    } else if (name === 'wp:base_site_url' || (name === 'link' && stack.at(-1) === 'channel')) {
      out.push({ type: 'site', url: text.trim() });
    }
    text = '';
  });

  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  for await (const chunk of stream) {
    parser.write(chunk as string);
    if (out.length) { yield* out; out.length = 0; }
  }
  if (!sawRss) fail({ line: 1, column: 0 }, '', 'the file is empty or not XML');
  parser.close();
  yield* out;
  if (!versionPos) fail(here(), '', 'no <wp:wxr_version>: not a WordPress export (WXR 1.1 or 1.2)');
}

function describe(r: Open): string {
  const id = r.fields.get('wp:post_id') ?? r.fields.get('wp:term_id') ?? r.fields.get('wp:author_id');
  const title = (r.fields.get('title') ?? r.fields.get('wp:cat_name') ?? r.fields.get('wp:tag_name') ?? r.fields.get('wp:author_login') ?? '').trim();
  return `<${r.name}>${title ? ` "${title.slice(0, 60)}"` : ''}${id ? ` (id ${id.trim()})` : ''}`;
}

function finish(r: Open, file: string): WxrRecord | null {
  const f = (k: string) => r.fields.get(k)?.trim() ?? '';
  const what = describe(r);
  const fail = (message: string): never => { throw new ImportFormatError(file, r.pos, what, message); };
  const numericId = (k: string) => {
    const v = f(k);
    if (!/^\d+$/.test(v)) fail(`${k} must be a whole number (got ${JSON.stringify(v)})`);
    return v;
  };
  switch (r.name) {
    case 'wp:author': {
      const login = f('wp:author_login');
      if (!login) fail('wp:author_login is empty');
      return { type: 'author', author: { sourceId: login, login, displayName: f('wp:author_display_name') || login, firstName: f('wp:author_first_name'), lastName: f('wp:author_last_name') } };
    }
    case 'wp:category': {
      const slug = f('wp:category_nicename');
      if (!slug) fail('wp:category_nicename is empty');
      return { type: 'category', category: { sourceId: slug, slug, name: f('wp:cat_name') || slug, parentSlug: f('wp:category_parent') || undefined, description: f('wp:category_description') || undefined } };
    }
    case 'wp:tag': {
      const slug = f('wp:tag_slug');
      if (!slug) fail('wp:tag_slug is empty');
      return { type: 'tag', tag: { sourceId: slug, slug, name: f('wp:tag_name') || slug } };
    }
    case 'wp:term': {
      const tax = f('wp:term_taxonomy');
      const slug = f('wp:term_slug');
      if (tax === 'category') return { type: 'category', category: { sourceId: slug, slug, name: f('wp:term_name') || slug, parentSlug: f('wp:term_parent') || undefined } };
      if (tax === 'post_tag') return { type: 'tag', tag: { sourceId: slug, slug, name: f('wp:term_name') || slug } };
      return null;
    }
    default: break;
  }
  const id = numericId('wp:post_id');
  const type = f('wp:post_type') || 'post';
  const title = f('title');
  if (type === 'attachment') {
    const url = f('wp:attachment_url') || f('guid');
    if (!url) return { type: 'skipped', sourceId: id, title, reason: 'attachment without wp:attachment_url' };
    return { type: 'attachment', attachment: { sourceId: id, url, title, alt: r.meta.get('_wp_attachment_image_alt')?.trim() || undefined } };
  }
  if (type !== 'post' && type !== 'page') return { type: 'skipped', sourceId: id, title, reason: `post type ${type} is not imported` };
  let published = wpDate(f('wp:post_date_gmt'));
  if (published === 'bad') fail(`wp:post_date_gmt is not a date: ${JSON.stringify(f('wp:post_date_gmt'))}`);
  if (published === undefined) {
    const local = wpDate(f('wp:post_date'));
    if (local === 'bad') fail(`wp:post_date is not a date: ${JSON.stringify(f('wp:post_date'))}`);
    published = local;
  }
  const terms = (domain: string) => r.terms.filter((t) => t.domain === domain).map((t) => t.nicename || t.name).filter(Boolean);
  const meta = (k: string) => r.meta.get(k)?.trim() || undefined;
  const thumb = meta('_thumbnail_id');
  if (thumb !== undefined && !/^\d+$/.test(thumb)) fail(`_thumbnail_id must be an attachment id (got ${JSON.stringify(thumb)})`);
  return {
    type: 'post',
    post: {
      sourceId: id, kind: type, title, slug: f('wp:post_name'), status: f('wp:status') || 'draft',
      published: published as number | undefined,
      body: r.fields.get('content:encoded') ?? '', excerpt: f('excerpt:encoded'),
      authors: f('dc:creator') ? [f('dc:creator')] : [],
      categories: terms('category'), tags: terms('post_tag'),
      featuredAttachment: thumb, link: f('link') || undefined,
      seoTitle: meta('_yoast_wpseo_title'), seoDescription: meta('_yoast_wpseo_metadesc'),
      pos: r.pos,
    },
  };
}
