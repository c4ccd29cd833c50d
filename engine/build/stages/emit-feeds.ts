// RSS 2.0 feeds (with Media RSS images and atom:link rel=self) as pure functions of the TenantIndex:
// the home feed and one feed per section. Links are the contract's canonical paths made absolute.
import { AppError } from '../../domain/errors';
import type { BuildContent, BuildSection, EmittedFile, TenantIndex } from '../types';
import { absoluteUrl, escapeXml, newestKey, tenantOrigin } from './emit-sitemaps';

/** Items per feed. */
export const FEED_ITEM_LIMIT = 50;
/** The home feed: content scheduled to the section aliased "home" (spec: /__rss/website-scheduled-content.xml). */
export const HOME_FEED_PATH = '__rss/website-scheduled-content.xml';
export const HOME_SECTION_ALIAS = 'home';
/** A section alias: lower-case path segments like news/markets (the same rule the records use). */
const ALIAS = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const RSS_TYPE = 'application/rss+xml; charset=utf-8';

/** The static file of a section's feed, relative to the tenant's output folder. */
export function sectionFeedPath(alias: string): string {
  return `__rss/sections/${alias}.xml`;
}

/**
 * Maps the spec's query form /__rss/website-scheduled-content.xml?input={"sectionAlias":"…"} to
 * the static file that answers it (relative to the tenant's output folder). `input` is the decoded
 * value of the `input` query parameter. Returns null for input that is not that JSON shape or
 * names an alias that cannot exist (so no path can leave the __rss folder).
 */
export function rssPathForQuery(input: string | undefined): string | null {
  if (input === undefined || input.trim() === '') return HOME_FEED_PATH;
  let parsed: unknown;
  try { parsed = JSON.parse(input); } catch { return null; }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const alias = (parsed as Record<string, unknown>).sectionAlias;
  if (alias === undefined || alias === null || alias === '') return HOME_FEED_PATH;
  if (typeof alias !== 'string' || !ALIAS.test(alias)) return null;
  return alias === HOME_SECTION_ALIAS ? HOME_FEED_PATH : sectionFeedPath(alias);
}

/** RFC 822 date (with a four-digit year, as RFC 1123 and every feed reader expect). */
export function rfc822(ms: number): string {
  return new Date(ms).toUTCString();
}

function byNewest(a: BuildContent, b: BuildContent): number {
  return newestKey(b) - newestKey(a) || b.id - a.id;
}

/** Content ids scheduled to each section or any of its descendants (schedules bubble up). */
function scheduledBySection(index: TenantIndex, feedable: Map<number, BuildContent>): Map<number, Set<number>> {
  const parent = new Map(index.sections.map((s) => [s.id, s.parentId]));
  const out = new Map<number, Set<number>>();
  for (const s of index.schedules) {
    if (!feedable.has(s.contentId)) continue;
    const seen = new Set<number>();
    for (let id: number | null | undefined = s.sectionId; id != null && !seen.has(id); id = parent.get(id)) {
      seen.add(id);
      const set = out.get(id) ?? new Set<number>();
      if (set.size === 0) out.set(id, set);
      set.add(s.contentId);
    }
  }
  return out;
}

interface Channel { title: string; link: string; description: string; selfUrl: string }

function itemXml(origin: string, sectionNames: Map<number, string>, c: BuildContent): string {
  const link = escapeXml(absoluteUrl(origin, c.path));
  const categories = [sectionNames.get(c.sectionId), ...c.terms].filter((v): v is string => !!v && v.trim() !== '');
  const parts = [
    `<title>${escapeXml(c.name)}</title>`,
    `<link>${link}</link>`,
    `<guid isPermaLink="true">${link}</guid>`,
    `<description>${escapeXml(c.teaser)}</description>`,
    `<pubDate>${rfc822(newestKey(c))}</pubDate>`,
    ...c.authors.map((a) => `<dc:creator>${escapeXml(a.name)}</dc:creator>`),
    ...[...new Set(categories)].map((name) => `<category>${escapeXml(name)}</category>`),
  ];
  if (c.image) {
    const img = c.image;
    parts.push(`<media:content url="${escapeXml(absoluteUrl(origin, img.path))}" medium="image" width="${Math.trunc(img.width)}" height="${Math.trunc(img.height)}">` +
      (img.alt ? `<media:description type="plain">${escapeXml(img.alt)}</media:description>` : '') + '</media:content>');
  }
  return `<item>${parts.join('')}</item>\n`;
}

function feedXml(index: TenantIndex, origin: string, channel: Channel, items: BuildContent[], sectionNames: Map<number, string>): string {
  const head = [
    `<title>${escapeXml(channel.title)}</title>`,
    `<link>${escapeXml(channel.link)}</link>`,
    `<description>${escapeXml(channel.description)}</description>`,
    `<language>${escapeXml(index.tenant.language)}</language>`,
    `<lastBuildDate>${rfc822(index.now)}</lastBuildDate>`,
    `<atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
  ].join('\n');
  return '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/">\n' +
    `<channel>\n${head}\n${items.map((c) => itemXml(origin, sectionNames, c)).join('')}</channel>\n</rss>\n`;
}

function assertAliases(sections: BuildSection[]): void {
  for (const s of sections) {
    if (!ALIAS.test(s.alias)) {
      throw new AppError('BAD_USER_INPUT', { field: `sections[id=${s.id}].alias`, message: `Must be lower-case path segments like news/markets (got "${s.alias}")` });
    }
  }
}

/**
 * The home feed (HOME_FEED_PATH) and one feed per section (sectionFeedPath(alias)): content
 * scheduled to the section or its descendants, newest first, at most FEED_ITEM_LIMIT. The home feed
 * falls back to the newest live content when nothing is scheduled to the home section. Promotions
 * are redirects to other sites, not pages, so they are left out.
 */
export function emitFeeds(index: TenantIndex): EmittedFile[] {
  const origin = tenantOrigin(index);
  assertAliases(index.sections);
  const siteName = index.tenant.settings.general.siteName;
  const feedable = new Map(index.content.filter((c) => c.type !== 'Promotion').map((c) => [c.id, c]));
  const scheduled = scheduledBySection(index, feedable);
  const sectionNames = new Map(index.sections.map((s) => [s.id, s.name]));
  const newest = (ids: Iterable<number>) =>
    [...ids].map((id) => feedable.get(id)).filter((c): c is BuildContent => !!c).sort(byNewest).slice(0, FEED_ITEM_LIMIT);
  const file = (path: string, channel: Omit<Channel, 'selfUrl'>, items: BuildContent[]): EmittedFile => ({
    path, contentType: RSS_TYPE,
    body: feedXml(index, origin, { ...channel, selfUrl: absoluteUrl(origin, path) }, items, sectionNames),
  });

  const home = index.sections.find((s) => s.alias === HOME_SECTION_ALIAS);
  let homeItems = home ? newest(scheduled.get(home.id) ?? []) : [];
  if (homeItems.length === 0) homeItems = newest(feedable.keys());
  const files = [file(HOME_FEED_PATH, { title: siteName, link: absoluteUrl(origin, '/'), description: `Latest content from ${siteName}` }, homeItems)];
  for (const s of index.sections) {
    files.push(file(sectionFeedPath(s.alias), {
      title: `${s.name} | ${siteName}`,
      link: absoluteUrl(origin, s.alias === HOME_SECTION_ALIAS ? '/' : s.path),
      description: s.description?.trim() || `Latest ${s.name} content from ${siteName}`,
    }, newest(scheduled.get(s.id) ?? [])));
  }
  return files;
}
