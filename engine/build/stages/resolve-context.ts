// The read-only build context of one tenant: lookups built once from the TenantIndex, plus memo
// tables (item views, sanitised html blocks, paginated candidates). Memoisation never changes a
// result, so the resolve functions that use it stay pure.
import { displayDate, displayInstant, isoCalendarDate } from '../../domain/dates';
import { safeHref } from '../../domain/links';
import { teaserText } from '../../domain/text';
import type { BlockView, ImageView, ItemView, SiteLink } from '../../../site/model';
import { pictureOf, teaserPictureOf } from './media';
import { buildLayoutLookup, type LayoutLookup } from './resolve-layout';
import { ListIndex } from './resolve-lists';
import { BuildCaches } from '../caches';
import type { BuildAsset, BuildContent, BuildImage, BuildIssue, BuildPublication, BuildSection, TenantIndex } from '../types';

export const HOME_ALIAS = 'home';
const ITEM_CACHE_MAX = 10_000;

export interface ResolveContext {
  index: TenantIndex;
  siteName: string;
  origin: string;
  contentById: Map<number, BuildContent>;
  sectionById: Map<number, BuildSection>;
  /** The section aliased "home": it stands for / and has no page of its own. */
  homeSection: BuildSection | null;
  lists: ListIndex;
  layouts: LayoutLookup;
  assets: Map<number, BuildAsset>;
  noIndexTypes: Set<string>;
  /** Newsletters offered by the subscribe block (empty when newsletters are off). */
  subscribeNewsletters: { id: number; title: string; description: string }[];
  items: Map<number, ItemView>;
  html: Map<string, string>;
  paginated: Map<string, readonly number[]>;
  /** Views of blocks whose output does not depend on the page (html, images, newsletter, ad), by layout block. */
  staticBlocks: WeakMap<object, BlockView | null>;
  publicationById: Map<number, BuildPublication>;
  /** The newest live issue each placed content item is in. */
  issueOfContent: Map<number, BuildIssue>;
  /** The build's memo tables (../caches.ts): the worker's for its tenant, a run's, or this context's own. */
  caches: BuildCaches;
}

function issuesOfContent(index: TenantIndex): Map<number, BuildIssue> {
  const out = new Map<number, BuildIssue>();
  // issues come newest first: the first one an item is placed in wins
  for (const i of index.magazine?.issues ?? []) for (const s of i.sections) for (const id of s.contentIds) if (!out.has(id)) out.set(id, i);
  return out;
}

export function createResolveContext(index: TenantIndex, caches: BuildCaches = new BuildCaches()): ResolveContext {
  const settings = index.tenant.settings;
  const nlOn = settings.newsletters?.enabledNewsletters !== false;
  return {
    index,
    siteName: settings.general.siteName,
    origin: index.tenant.origin.replace(/\/+$/, ''),
    contentById: new Map(index.content.map((c) => [c.id, c])),
    sectionById: new Map(index.sections.map((s) => [s.id, s])),
    homeSection: index.sections.find((s) => s.alias === HOME_ALIAS) ?? null,
    lists: new ListIndex(index),
    layouts: buildLayoutLookup(index.layouts ?? []),
    assets: new Map((index.assets ?? []).map((a) => [a.id, a])),
    noIndexTypes: new Set(settings.general.enableNoIndexByContentType ?? []),
    subscribeNewsletters: nlOn
      ? (index.newsletters ?? []).filter((n) => n.showInSubscribeBlock).map((n) => ({ id: n.id, title: n.title, description: n.description }))
      : [],
    items: new Map(),
    html: new Map(),
    paginated: new Map(),
    staticBlocks: new WeakMap(),
    publicationById: new Map((index.magazine?.publications ?? []).map((p) => [p.id, p])),
    issueOfContent: issuesOfContent(index),
    caches,
  };
}

export function absolute(ctx: ResolveContext, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${ctx.origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** An image as pages show it; `teaser` for a list item (smaller candidates, sizes by list display: see teaserPictureOf). */
export function imageView(img: BuildImage | null | undefined, use: 'page' | 'teaser' = 'page'): ImageView | null {
  if (!img || safeHref(img.path) === null) return null;
  // A decorative image (media library) is shown with an empty alt, so screen readers skip it.
  const alt = img.media?.decorative ? '' : img.alt;
  const base = { src: img.path, alt, width: img.width, height: img.height, caption: img.caption ?? null, credit: img.credit ?? null };
  const picture = use === 'teaser' ? teaserPictureOf(img) : pictureOf(img);
  return picture ? { ...base, ...picture } : base;
}

/** Where an item links: its canonical path, or for a Promotion its stored target in a new tab. */
export function itemHref(c: BuildContent): { href: string; newTab: boolean } | null {
  if (c.type !== 'Promotion') return { href: c.path, newTab: false };
  const href = safeHref(c.linkUrl);
  return href ? { href, newTab: !href.startsWith('/') } : null;
}

/** A content summary for lists (memoised per id). Null when the item cannot be linked. */
export function itemView(ctx: ResolveContext, id: number): ItemView | null {
  const cached = ctx.items.get(id);
  if (cached) return cached;
  const c = ctx.contentById.get(id);
  if (!c) return null;
  const link = itemHref(c);
  if (!link) return null;
  const instant = displayInstant(c);
  const view: ItemView = {
    id: c.id, type: c.type, title: c.name, href: link.href, newTab: link.newTab, teaser: teaserText(c.teaser),
    date: displayDate(c), dateTime: instant === null ? null : isoCalendarDate(instant), image: imageView(c.image, 'teaser'),
    labels: c.labels, sectionName: ctx.sectionById.get(c.sectionId)?.name ?? null,
  };
  if (ctx.items.size >= ITEM_CACHE_MAX) ctx.items.clear();
  ctx.items.set(id, view);
  return view;
}

/**
 * Items as a list display shows them. Compact items show no image (site/items.tsx), so their views
 * carry none: the page's _payload.json holds what the page renders, not every teaser's picture.
 */
export function itemsFor(items: ItemView[], display: string, { compactViews }: BuildCaches): ItemView[] {
  if (display !== 'compact') return items;
  return items.map((v) => {
    if (!v.image) return v;
    let c = compactViews.get(v);
    if (!c) {
      c = { ...v, image: null };
      compactViews.set(v, c);
    }
    return c;
  });
}

/** Active sections from the root down to `sectionId`, without the home section. */
export function sectionChain(ctx: ResolveContext, sectionId: number | null): BuildSection[] {
  const chain: BuildSection[] = [];
  const seen = new Set<number>();
  for (let id = sectionId; id !== null && !seen.has(id); ) {
    seen.add(id);
    const s = ctx.sectionById.get(id);
    if (!s) break;
    if (s.alias !== HOME_ALIAS) chain.unshift(s);
    id = s.parentId;
  }
  return chain;
}

/** Home → sections → (optionally) the current page. */
export function breadcrumbs(ctx: ResolveContext, sectionId: number | null, last?: SiteLink): SiteLink[] {
  const crumbs: SiteLink[] = [{ label: 'Home', href: '/', newTab: false }];
  for (const s of sectionChain(ctx, sectionId)) crumbs.push({ label: s.name, href: s.path, newTab: false });
  if (last) crumbs.push(last);
  return crumbs;
}
