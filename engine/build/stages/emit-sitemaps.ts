// Sitemaps (sitemaps.org protocol, image and Google News extensions) as pure functions of the
// TenantIndex. Paths come from the contract (BuildContent.path, BuildSection.path); this file only
// names its own files. The small XML/URL helpers here are shared by the feed and robots emitters.
import { authorsWithPages } from './pages';
import { modulePageEntries } from './sitemap-modules';
import { CONTENT_TYPES, type ContentType } from '../../domain/enums';
import { AppError } from '../../domain/errors';
import type { BuildContent, EmittedFile, TenantIndex } from '../types';

/** URLs per sitemap file before it splits into <Type>-2.xml, <Type>-3.xml … */
export const SITEMAP_URL_LIMIT = 5000;
/** The news sitemap holds items published within this window before index.now … */
export const NEWS_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;
/** … and at most this many of them. */
export const NEWS_LIMIT = 1000;
export const NEWS_TYPES: readonly ContentType[] = ['News', 'PressRelease', 'Blog'];
/** sitemaps.org: a <loc> is at most 2,048 characters. */
const MAX_LOC = 2048;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS_SITEMAP = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const NS_IMAGE = 'http://www.google.com/schemas/sitemap-image/1.1';
const NS_NEWS = 'http://www.google.com/schemas/sitemap-news/0.9';
const XML_TYPE = 'application/xml; charset=utf-8';

// Characters XML 1.0 cannot carry at all (C0 controls except tab/LF/CR, lone surrogates, U+FFFE/F).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_SPECIAL: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for XML element content or a quoted attribute, dropping characters XML forbids. */
export function escapeXml(text: string): string {
  return text.replace(XML_INVALID, '').replace(/[&<>"']/g, (ch) => XML_SPECIAL[ch] ?? ch);
}

/** A path of plain segments (no dot segments, no characters URL parsing would change). */
const SIMPLE_PATH = /^(?:(?:\/[A-Za-z0-9\-_~][A-Za-z0-9\-._~]*)+\/?|\/)$/;

/** The tenant origin without a trailing slash; throws when it is not an absolute http(s) origin. */
export function tenantOrigin(index: TenantIndex): string {
  const origin = index.tenant.origin;
  let url: URL | null = null;
  try { url = new URL(origin); } catch { url = null; }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname.replace(/\/+$/, '') !== '' || url.search || url.hash) {
    throw new AppError('BAD_USER_INPUT', { field: 'tenant.origin', message: `Must be an absolute http(s) origin like https://example.com (got "${origin}")` });
  }
  return url.origin;
}

/**
 * An absolute URL for a site path (or a stored absolute http(s) URL, kept as is). A path is always
 * resolved under the origin, even one starting with // (never a protocol-relative host).
 */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return new URL(pathOrUrl).href;
  // Fast path for the usual slugged path: nothing to encode or resolve.
  if (SIMPLE_PATH.test(pathOrUrl)) return origin.replace(/\/$/, '') + pathOrUrl;
  return new URL(`${origin}/${pathOrUrl.replace(/^\/+/, '')}`).href;
}

/** W3C datetime (the sitemaps.org lastmod format, also RFC 3339) in UTC, to the second. */
export function w3cDateTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The newest-first sort key of a content item: published, or updatedAt when never published. */
export function newestKey(c: BuildContent): number {
  return c.published ?? c.updatedAt;
}

/** Content that belongs in sitemaps: not a Promotion (a redirect, not a page) nor a noindex type. */
export function indexableContent(index: TenantIndex): BuildContent[] {
  const noindex = new Set<string>(index.tenant.settings.general.enableNoIndexByContentType);
  return index.content.filter((c) => c.type !== 'Promotion' && !noindex.has(c.type));
}

/** lastmod null: not known (a parts API page), left out as sitemaps.org allows. */
interface UrlEntry { loc: string; lastmod: number | null; images: string[] }

const lastmodXml = (ms: number | null | undefined) => (ms ? `<lastmod>${w3cDateTime(ms)}</lastmod>` : '');

function urlXml(u: UrlEntry, extra = ''): string {
  const images = u.images.map((src) => `<image:image><image:loc>${escapeXml(src)}</image:loc></image:image>`).join('');
  return `<url><loc>${escapeXml(u.loc)}</loc>${lastmodXml(u.lastmod)}${images}${extra}</url>\n`;
}

function urlsetXml(entries: UrlEntry[]): string {
  return `${XML_HEAD}<urlset xmlns="${NS_SITEMAP}" xmlns:image="${NS_IMAGE}">\n${entries.map((u) => urlXml(u)).join('')}</urlset>\n`;
}

function contentEntry(origin: string, c: BuildContent): UrlEntry {
  const images = c.image ? [absoluteUrl(origin, c.image.path)].filter((s) => s.length <= MAX_LOC) : [];
  return { loc: absoluteUrl(origin, c.path), lastmod: c.updatedAt, images };
}

/** Latest change per section: its own edit or content scheduled to it or to any descendant. */
function sectionLastmods(index: TenantIndex): Map<number, number> {
  const parent = new Map(index.sections.map((s) => [s.id, s.parentId]));
  const last = new Map(index.sections.map((s) => [s.id, s.updatedAt]));
  const updated = new Map(index.content.map((c) => [c.id, c.updatedAt]));
  for (const s of index.schedules) {
    const at = updated.get(s.contentId);
    if (at === undefined) continue;
    const seen = new Set<number>();
    for (let id: number | null | undefined = s.sectionId; id != null && !seen.has(id); id = parent.get(id)) {
      seen.add(id);
      if ((last.get(id) ?? -Infinity) < at) last.set(id, at);
    }
  }
  return last;
}

function sectionEntries(index: TenantIndex, origin: string): UrlEntry[] {
  const lastmods = sectionLastmods(index);
  let newest = 0;
  for (const s of index.sections) newest = Math.max(newest, s.updatedAt);
  for (const c of index.content) newest = Math.max(newest, c.updatedAt);
  const home: UrlEntry = { loc: absoluteUrl(origin, '/'), lastmod: newest || index.now, images: [] };
  // The section aliased "home" is the home page itself ("/"), so it is not listed twice.
  const sections = index.sections
    .filter((s) => s.alias !== 'home')
    .map((s) => ({ loc: absoluteUrl(origin, s.path), lastmod: lastmods.get(s.id) ?? s.updatedAt, images: [] }));
  return [home, ...sections];
}

/** Author pages (issue 16): last changed when the person or one of their items was. */
function authorEntries(index: TenantIndex, origin: string): UrlEntry[] {
  const authors = authorsWithPages(index);
  const updated = new Map(index.content.map((c) => [c.id, c.updatedAt]));
  return (index.persons ?? []).flatMap((p) => {
    const ids = authors.get(p.id);
    if (!ids) return [];
    const lastmod = ids.reduce((m, id) => Math.max(m, updated.get(id) ?? 0), p.updatedAt);
    return [{ loc: absoluteUrl(origin, p.path), lastmod, images: [] }];
  });
}

/** Publication pages (lastmod: their newest live issue; those with none are left out) and live issue pages. */
function magazineEntries(index: TenantIndex, origin: string): UrlEntry[] {
  const issues = index.magazine?.issues ?? [];
  const out: UrlEntry[] = [];
  for (const p of index.magazine?.publications ?? []) {
    const newest = issues.find((i) => i.publicationId === p.id);
    if (newest) out.push({ loc: absoluteUrl(origin, p.path), lastmod: newest.issueDate, images: [] });
  }
  for (const i of issues) out.push({ loc: absoluteUrl(origin, i.path), lastmod: i.issueDate, images: [] });
  return out;
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** File names of one sitemap family: base.xml, base-2.xml, base-3.xml … */
export function sitemapFileName(base: string, part: number): string {
  return part === 1 ? `sitemap/${base}.xml` : `sitemap/${base}-${part}.xml`;
}

function emitFamily(base: string, entries: UrlEntry[]): { file: EmittedFile; lastmod: number }[] {
  return chunk(entries.filter((e) => e.loc.length <= MAX_LOC), SITEMAP_URL_LIMIT).map((part, i) => ({
    file: { path: sitemapFileName(base, i + 1), body: urlsetXml(part), contentType: XML_TYPE },
    lastmod: part.reduce((m, e) => Math.max(m, e.lastmod ?? 0), 0),
  }));
}

function indexXml(origin: string, files: EmittedFile[], lastmods: number[]): string {
  const rows = files.map((f, i) => `<sitemap><loc>${escapeXml(absoluteUrl(origin, f.path))}</loc>${lastmodXml(lastmods[i])}</sitemap>\n`);
  return `${XML_HEAD}<sitemapindex xmlns="${NS_SITEMAP}">\n${rows.join('')}</sitemapindex>\n`;
}

/**
 * sitemap.xml (an index) plus sitemap/sections.xml, sitemap/authors.xml (when any author has a page),
 * sitemap/modules.xml (the layout modules' pages, when any: sitemap-modules.ts) and one family of
 * sitemap/<Type>.xml files per content type, split at SITEMAP_URL_LIMIT URLs.
 */
export function emitSitemaps(index: TenantIndex): EmittedFile[] {
  const origin = tenantOrigin(index);
  const byType = new Map<ContentType, UrlEntry[]>();
  for (const c of indexableContent(index)) {
    const list = byType.get(c.type) ?? [];
    if (list.length === 0) byType.set(c.type, list);
    list.push(contentEntry(origin, c));
  }
  const parts = emitFamily('sections', sectionEntries(index, origin));
  parts.push(...emitFamily('authors', authorEntries(index, origin)));
  const magazine = magazineEntries(index, origin);
  if (magazine.length) parts.push(...emitFamily('magazine', magazine));
  const modules = modulePageEntries(index).map((m): UrlEntry => ({ loc: absoluteUrl(origin, m.path), lastmod: m.lastmod, images: [] }));
  if (modules.length) parts.push(...emitFamily('modules', modules));
  for (const type of CONTENT_TYPES) {
    const entries = byType.get(type);
    if (entries) parts.push(...emitFamily(type, entries));
  }
  const files = parts.map((p) => p.file);
  const lastmods = parts.map((p) => p.lastmod);
  return [{ path: 'sitemap.xml', body: indexXml(origin, files, lastmods), contentType: XML_TYPE }, ...files];
}

/** ISO 639 code Google News expects: the primary language subtag, except zh-cn and zh-tw. */
export function newsLanguage(language: string): string {
  const lower = language.toLowerCase();
  return lower === 'zh-cn' || lower === 'zh-tw' ? lower : (lower.split(/[-_]/)[0] ?? lower);
}

/** Items for the Google News sitemap: News, PressRelease and Blog from the last 2 days, newest first. */
export function newsItems(index: TenantIndex): BuildContent[] {
  const since = index.now - NEWS_WINDOW_MS;
  return indexableContent(index)
    .filter((c) => NEWS_TYPES.includes(c.type) && c.published !== null && c.published >= since && c.published <= index.now)
    .sort((a, b) => (b.published ?? 0) - (a.published ?? 0) || b.id - a.id)
    .slice(0, NEWS_LIMIT);
}

/**
 * sitemap-google-news.xml. A urlset needs at least one <url> to be valid, so with no recent
 * items it lists the home page without a news entry (crawlers then find no news).
 */
export function emitNewsSitemap(index: TenantIndex): EmittedFile[] {
  const origin = tenantOrigin(index);
  const name = escapeXml(index.tenant.name);
  const language = escapeXml(newsLanguage(index.tenant.language));
  const rows = newsItems(index)
    .map((c) => ({ c, entry: contentEntry(origin, c) }))
    .filter(({ entry }) => entry.loc.length <= MAX_LOC)
    .map(({ c, entry }) => urlXml(entry,
      `<news:news><news:publication><news:name>${name}</news:name><news:language>${language}</news:language></news:publication>` +
      `<news:publication_date>${w3cDateTime(c.published ?? c.updatedAt)}</news:publication_date><news:title>${escapeXml(c.name)}</news:title></news:news>`));
  if (rows.length === 0) rows.push(urlXml({ loc: absoluteUrl(origin, '/'), lastmod: index.now, images: [] }));
  const body = `${XML_HEAD}<urlset xmlns="${NS_SITEMAP}" xmlns:image="${NS_IMAGE}" xmlns:news="${NS_NEWS}">\n${rows.join('')}</urlset>\n`;
  return [{ path: 'sitemap-google-news.xml', body, contentType: XML_TYPE }];
}
