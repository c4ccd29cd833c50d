// Which layout a page uses (admin §3.1), and why. Lookups are built once per tenant; each page then
// costs a few map reads. Shared by the build (engine/build/stages) and the layout analysis report. Order: url-override (aliases matching the path, "/" is home; a propagating one
// also covers paths below it, limited to its pageType), then content-override (contentIds), then
// content-type-override (contentTypes), then the default of the page kind.
import type { ContentType } from './enums';
import type { Layout } from './layout';

export type PageKindForLayout = 'home' | 'section' | 'content' | 'issue' | 'publication';

export interface LayoutLookup {
  url: Map<string, Layout>;
  propagating: { prefix: string; layout: Layout }[];
  contentOverride: Map<number, Layout>;
  typeOverride: Map<ContentType, Layout>;
  contentDefault: Layout;
  sectionById: Map<number, Layout>;
  sectionDefault: Layout;
  home: Layout;
  issue: Layout;
  publication: Layout;
}

/** "/markets/", "markets" and "/markets" all name /markets; "", "/" and "home" name the home page. */
export function normalizeAlias(alias: string): string {
  const trimmed = alias.trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}`;
}

type Grid = Layout['primaryGrid'];
type ListData = Extract<Layout['primaryGrid']['rows'][number]['columns'][number]['blocks'][number], { type: 'content_list' }>['data'];

const list = (id: string, data: Partial<ListData>, title?: string) => ({
  id, type: 'content_list' as const, settings: title ? { title } : {},
  data: { section: 'current' as const, contentTypes: [], limit: 6, display: 'cards' as const, paginate: false, ...data },
});
const row = (layout: '1' | '2_1', columns: Grid['rows'][number]['columns']) => ({ settings: { layout, width: 'site-width' as const }, columns });

function builtIn(name: string, type: 'content' | 'section', primaryGrid: Grid, pageType?: 'home'): Layout {
  return {
    id: 0, name, type, aliases: [], propagate: false, contentTypes: [], contentIds: [], sectionIds: [], isGlobal: false,
    hideHeader: false, hideFooter: false, loadMoreType: 'none', excludeAds: {}, primaryGrid, ...(pageType ? { pageType } : {}),
  };
}

/**
 * Built-in layouts for tenants that define none of a kind (id 0: not a stored layout). Plain
 * objects in the shape layoutSchema outputs (a test checks they parse), so workers need no zod.
 */
export const FALLBACK_LAYOUTS = {
  content: builtIn('Built-in content', 'content', { rows: [row('2_1', [
    { blocks: [
      { id: 'hero', type: 'content_hero', data: {}, settings: {} }, { id: 'image', type: 'primary_image', data: {}, settings: {} },
      { id: 'body', type: 'content_body', data: {}, settings: {} }, { id: 'related', type: 'related_content', data: { limit: 4 }, settings: { title: 'Related' } },
    ] },
    { blocks: [list('more', { limit: 5, display: 'compact' }, 'More in this section')] },
  ])] }),
  section: builtIn('Built-in section', 'section', { rows: [row('1', [{ blocks: [list('list', { limit: 20, display: 'list', paginate: true })] }])] }),
  /** Issue and publication pages: the page's own cover and contents, no grid. */
  issue: builtIn('Built-in issue', 'section', { rows: [] }),
  publication: builtIn('Built-in publication', 'section', { rows: [] }),
  home: builtIn('Built-in home', 'section', { rows: [row('1', [{ blocks: [list('latest', { limit: 20, display: 'cards', paginate: true }, 'Latest')] }])] }, 'home'),
};

/** Builds the lookups once per tenant. First layout of each kind wins (ordered by id). */
export function buildLayoutLookup(layouts: readonly Layout[]): LayoutLookup {
  const url = new Map<string, Layout>();
  const propagating: LayoutLookup['propagating'] = [];
  const contentOverride = new Map<number, Layout>();
  const typeOverride = new Map<ContentType, Layout>();
  const sectionById = new Map<number, Layout>();
  let contentDefault: Layout | undefined;
  let sectionDefault: Layout | undefined;
  let home: Layout | undefined;
  let issue: Layout | undefined;
  let publication: Layout | undefined;
  const sorted = [...layouts].sort((a, b) => a.id - b.id);
  for (const l of sorted) {
    if (l.type === 'url-override') {
      for (const a of l.aliases) {
        const path = normalizeAlias(a);
        if (!url.has(path)) url.set(path, l);
        if (l.propagate && path !== '/') propagating.push({ prefix: path, layout: l });
      }
    } else if (l.type === 'content-override') {
      for (const id of l.contentIds) if (!contentOverride.has(id)) contentOverride.set(id, l);
    } else if (l.type === 'content-type-override') {
      for (const t of l.contentTypes) if (!typeOverride.has(t)) typeOverride.set(t, l);
    } else if (l.type === 'content') {
      contentDefault ??= l;
    } else if (l.type === 'section') {
      if (l.pageType === 'home') home ??= l;
      else if (l.pageType === 'issue') issue ??= l;
      else if (l.pageType === 'publication') publication ??= l;
      else if (l.sectionIds.length === 0) sectionDefault ??= l;
      else for (const id of l.sectionIds) if (!sectionById.has(id)) sectionById.set(id, l);
    }
  }
  propagating.sort((a, b) => b.prefix.length - a.prefix.length);
  return {
    url, propagating, contentOverride, typeOverride, sectionById,
    contentDefault: contentDefault ?? FALLBACK_LAYOUTS.content,
    sectionDefault: sectionDefault ?? FALLBACK_LAYOUTS.section,
    home: home ?? FALLBACK_LAYOUTS.home,
    issue: issue ?? FALLBACK_LAYOUTS.issue,
    publication: publication ?? FALLBACK_LAYOUTS.publication,
  };
}

/** The url-override for a path (exact alias, or a propagating alias above it for this page kind). */
export function urlOverride(lookup: LayoutLookup, path: string, kind: PageKindForLayout): Layout | null {
  const exact = lookup.url.get(normalizeAlias(path));
  if (exact) return exact;
  for (const p of lookup.propagating) {
    if (path.startsWith(`${p.prefix}/`) && (!p.layout.pageType || p.layout.pageType === kind)) return p.layout;
  }
  return null;
}

/** An issue or publication page: a url-override of its path, else the first section layout of that page type, else built-in. */
export function layoutForMagazine(lookup: LayoutLookup, kind: 'issue' | 'publication', path: string): Layout {
  return urlOverride(lookup, path, kind) ?? lookup[kind];
}

/** Why a page got its layout: the rule of the resolution order that matched. */
export type LayoutReason = 'url-override' | 'content-override' | 'type-override' | 'section' | 'default';
export interface LayoutChoice { layout: Layout; reason: LayoutReason }

export function explainHomeLayout(lookup: LayoutLookup): LayoutChoice {
  const url = lookup.url.get('/');
  return url ? { layout: url, reason: 'url-override' } : { layout: lookup.home, reason: 'default' };
}

export function explainSectionLayout(lookup: LayoutLookup, sectionId: number, path: string): LayoutChoice {
  const url = urlOverride(lookup, path, 'section');
  if (url) return { layout: url, reason: 'url-override' };
  const own = lookup.sectionById.get(sectionId);
  return own ? { layout: own, reason: 'section' } : { layout: lookup.sectionDefault, reason: 'default' };
}

export function explainContentLayout(lookup: LayoutLookup, c: { id: number; type: ContentType; path: string }): LayoutChoice {
  const url = urlOverride(lookup, c.path, 'content');
  if (url) return { layout: url, reason: 'url-override' };
  const own = lookup.contentOverride.get(c.id);
  if (own) return { layout: own, reason: 'content-override' };
  const byType = lookup.typeOverride.get(c.type);
  return byType ? { layout: byType, reason: 'type-override' } : { layout: lookup.contentDefault, reason: 'default' };
}

export function layoutForHome(lookup: LayoutLookup): Layout {
  return explainHomeLayout(lookup).layout;
}

export function layoutForSection(lookup: LayoutLookup, sectionId: number, path: string): Layout {
  return explainSectionLayout(lookup, sectionId, path).layout;
}

export function layoutForContent(lookup: LayoutLookup, c: { id: number; type: ContentType; path: string }): Layout {
  return explainContentLayout(lookup, c).layout;
}
