// The media and content blocks of issue 17 (public §3 "Grid", §4 "Hidden blocks", "Blocks dropped
// when empty"): each resolver returns the block's view, or null when the block drops.
// - image_gallery: the page's primary image (content pages) then media library images; drops
//   without a primary image.
// - video_player: YouTube videos by id; drops without one. Played from youtube-nocookie.com only
//   after the reader clicks (site/islands/video-player.tsx).
// - document_download: a PDF from the media library; drops without a file. A public document drops
//   on a gated page (its file has a public link); a gated one (data.gated) links to the API route
//   that serves it after the gating check, on any page, and its file is never published.
// - event_list: upcoming (soonest first, until their end) or past (latest first) events and
//   webinars, at most 100 (admin §9), dates per the display rule; drops when none.
// - webinar_link: a Webinar page's linkUrl; drops without one (and on other pages).
// - inquiry_form: the RMI form; drops unless the tenant runs RMI (enabled, with a contact address).
// - rss_feed: the last good items of its external feed (engine/build/feeds.ts), up to its limit; drops when none.
// Gallery and video are "hidden blocks" (public §4): on a gated page they carry the content id, and
// their island shows them only when the page's gate decision does not list them as hidden.
import { formatDisplayDate, isoCalendarDate } from '../../domain/dates';
import { gatedDocumentHref } from '../../domain/documents';
import { INQUIRY_TEXTS, rmiContact } from '../../domain/inquiry';
import type { Block } from '../../domain/layout';
import { linkTarget, safeHref } from '../../domain/links';
import type { BlockSettingsView, BlockView, ContentView, ImageView, SiteLink } from '../../../site/model';
import { imageView, itemsFor, itemView, type ResolveContext } from './resolve-context';
import type { EventEntry } from '../caches';
import { takeUnused } from './resolve-lists';
import type { BuildContent } from '../types';

/** What these blocks read of the page (resolve-grid's PageEnv). */
interface PageEnv { content: BuildContent | null; contentView: ContentView | null }

type Of<T extends Block['type']> = Extract<Block, { type: T }>;

export const DOCUMENT_MIME_TYPES = new Set(['application/pdf']);
export const DEFAULT_DOCUMENT_LABEL = 'Download the document';
export const DEFAULT_WEBINAR_LABEL = 'Register for the webinar';

/** The settings every block shares (public §3 "Grid" block settings), checked and ready to render. */
export function settingsView(s: Block['settings']): BlockSettingsView {
  const title = s.title?.trim() || null;
  const cta = s.cta;
  const button = cta?.buttonLabel?.trim() && cta.buttonLink ? link(cta.buttonLink, cta.buttonLabel.trim()) : null;
  const icon = s.titleIcon ? safeHref(s.titleIcon.trim()) : null;
  return {
    title,
    link: title && s.link ? link(s.link, title) : null,
    colorScheme: s.colorScheme ?? 'default',
    cta: cta && (cta.text?.trim() || button) ? { text: cta.text?.trim() || null, button } : null,
    keepInView: s.keepInView === true,
    trackingId: s.trackingId?.trim() || null,
    titleIcon: title ? icon : null,
  };
}

export function link(href: string | undefined, label: string, external = false): SiteLink | null {
  const t = linkTarget(href, external);
  return t ? { label, href: t.href, newTab: t.newTab } : null;
}

/** The content id whose gate decides a hidden block, or null on an open page. */
const lockedFor = (env: PageEnv): number | null => (env.content && env.contentView?.gated ? env.content.id : null);

export function resolveGallery(ctx: ResolveContext, b: Of<'image_gallery'>, env: PageEnv): BlockView | null {
  const primary = b.data.includePrimaryImage && env.contentView ? env.contentView.image : null;
  const images: ImageView[] = [];
  const seen = new Set<string>();
  const add = (img: ImageView | null) => {
    if (img && !seen.has(img.src)) { seen.add(img.src); images.push(img); }
  };
  add(primary);
  for (const id of b.data.assetIds) {
    const a = ctx.assets.get(id);
    if (a && a.mimeType.startsWith('image/')) add(imageView(a));
  }
  // Without a primary image the gallery drops: on a content page, the item's own image (when the
  // block includes it); elsewhere, the first library image.
  if (b.data.includePrimaryImage && env.contentView && !primary) return null;
  if (images.length === 0) return null;
  return { kind: 'gallery', id: b.id, settings: settingsView(b.settings), images, lockedFor: lockedFor(env) };
}

export function resolveVideo(b: Of<'video_player'>, env: PageEnv): BlockView | null {
  if (b.data.videos.length === 0) return null;
  return { kind: 'video', id: b.id, settings: settingsView(b.settings), videos: b.data.videos.map((v) => ({ ...v })), lockedFor: lockedFor(env) };
}

export function resolveDocument(ctx: ResolveContext, b: Of<'document_download'>, env: PageEnv): BlockView | null {
  const a = b.data.assetId === undefined ? undefined : ctx.assets.get(b.data.assetId);
  if (!a || !DOCUMENT_MIME_TYPES.has(a.mimeType)) return null;
  const label = b.data.label?.trim() || a.caption?.trim() || a.alt.trim() || DEFAULT_DOCUMENT_LABEL;
  // A gated document links to the API, which checks the reader's gate before sending the file.
  if (b.data.gated) return { kind: 'document', id: b.id, settings: settingsView(b.settings), document: { href: gatedDocumentHref(a.id), label, format: 'PDF', membersOnly: true }, lockedFor: lockedFor(env) };
  if (lockedFor(env) !== null) return null;
  const href = safeHref(a.path);
  if (!href) return null;
  return { kind: 'document', id: b.id, settings: settingsView(b.settings), document: { href, label, format: 'PDF' } };
}

export function resolveWebinarLink(b: Of<'webinar_link'>, env: PageEnv): BlockView | null {
  if (env.content?.type !== 'Webinar') return null;
  const target = link(env.content.linkUrl ?? undefined, b.data.label?.trim() || DEFAULT_WEBINAR_LABEL, true);
  return target ? { kind: 'webinar', id: b.id, settings: settingsView(b.settings), link: target } : null;
}

export function resolveInquiryForm(ctx: ResolveContext, b: Of<'inquiry_form'>, env: PageEnv): BlockView | null {
  if (!rmiContact(ctx.index.tenant.settings)) return null;
  return { kind: 'inquiry', id: b.id, settings: settingsView(b.settings), contentId: env.content?.id ?? null, submitLabel: b.data.buttonLabel?.trim() || INQUIRY_TEXTS.submit };
}


/** The tenant's dated events and webinars by start date, computed once per build context. */
function eventsOf(ctx: ResolveContext): EventEntry[] {
  const { eventEntries } = ctx.caches;
  let list = eventEntries.get(ctx);
  if (!list) {
    list = [];
    for (const c of ctx.index.content) {
      const start = c.event?.startDate;
      if ((c.type === 'Event' || c.type === 'Webinar') && start !== undefined) list.push({ id: c.id, type: c.type, start, end: c.event?.endDate ?? start });
    }
    list.sort((a, b) => a.start - b.start || a.id - b.id);
    eventEntries.set(ctx, list);
  }
  return list;
}

export function resolveEventList(ctx: ResolveContext, b: Of<'event_list'>, used: Set<number>): BlockView | null {
  const now = ctx.index.now;
  const types = new Set<string>(b.data.contentTypes);
  const all = eventsOf(ctx).filter((e) => types.has(e.type));
  const picked = b.data.when === 'upcoming' ? all.filter((e) => e.end >= now) : all.filter((e) => e.end < now).reverse();
  const items = [];
  for (const id of takeUnused(picked.map((e) => e.id), b.data.limit, used)) {
    const v = itemView(ctx, id);
    if (!v) continue;
    used.add(id);
    items.push(v);
  }
  return items.length ? { kind: 'list', id: b.id, settings: settingsView(b.settings), display: b.data.display, items: itemsFor(items, b.data.display, ctx.caches), pagination: null } : null;
}

/** An RSS feed block: the feed's last good items, newest as the feed orders them, up to the limit; dropped when there are none. */
export function resolveRssFeed(ctx: ResolveContext, b: Of<'rss_feed'>): BlockView | null {
  const items = (ctx.index.feeds?.[b.data.url] ?? []).slice(0, b.data.limit).map((i) => ({
    title: i.title, href: i.link, summary: b.data.showSummary ? i.summary : '',
    date: i.published === null ? null : formatDisplayDate(i.published), dateTime: i.published === null ? null : isoCalendarDate(i.published),
  }));
  return items.length ? { kind: 'feed', id: b.id, settings: settingsView(b.settings), items, showSummary: b.data.showSummary } : null;
}
