// Grids → resolved rows (public §3 "Grid", §4 "Blocks dropped when empty", "Layout remapping").
// Blocks resolve in reading order (or the row's columnPriority), each list skipping content the
// page already shows (usedContentIds); blocks without data are dropped, then empty columns, then
// empty rows; row layouts are remapped (1_3→1_2, 3_1→2_1, 1_2_1→1_1_1) and narrowed to the columns left.
import type { Block, Grid, Layout } from '../../domain/layout';
import type { AdPageType } from '../../domain/ads';
import { ROW_LAYOUTS, remapRowLayout, type RowLayout } from '../../domain/rows';
import type { BlockSettingsView, BlockView, ContentView, ItemView, RowView } from '../../../site/model';
import { issueListLimit } from '../../domain/magazine';
import { link, resolveDocument, resolveEventList, resolveGallery, resolveInquiryForm, resolveRssFeed, resolveVideo, resolveWebinarLink, settingsView } from './resolve-blocks';
import { resolveCarousel, resolveComments, resolveContentSidebars, resolveCompanyVideos, resolveUsMap, resolveVideoPlaylist } from './resolve-page-blocks';
import { imageView, itemsFor, itemView, type ResolveContext } from './resolve-context';
import { clampListLimit, takeUnused, type ListSource } from './resolve-lists';
import { issueCard, publicationIssues } from './resolve-issues';
import { sanitizeBody } from '../../html/sanitize';
import { blockAdSlot, type AdEnv } from './resolve-ads';
import type { BuildContent, BuildSection, TenantIndex } from '../types';
import { BODY_RECOMMENDATION_TYPES, ContentRecommender } from '../../domain/recommend';
import type { BuildCaches } from '../caches';

export interface PageEnv {
  kind: 'home' | 'section' | 'content';
  /** Path of the page's first page (pagination base). */
  path: string;
  page: number;
  section: BuildSection | null;
  content: BuildContent | null;
  contentView: ContentView | null;
  layout: Layout;
  /** The page type the ad rules see when it is not the grid's kind (magazine issue and publication pages). */
  adPageType?: AdPageType;
}

/** What the ad rules need to know of a grid page. */
export function adEnvOf(env: PageEnv): AdEnv {
  return { pageType: env.adPageType ?? env.kind, section: env.section, content: env.content, excludeAds: env.layout.excludeAds };
}

export interface GridResult { rows: RowView[]; used: Set<number>; sectionIds: Set<number>; pages: number }

/** /markets, page 3 → /markets/page/3; the home page's → /page/3. */
export function pagePath(base: string, page: number): string {
  if (page <= 1) return base;
  return base === '/' ? `/page/${page}` : `${base}/page/${page}`;
}

/** The schedule source of a list: "current" is the page's section (home: the home section, else the site). */
function listSource(ctx: ResolveContext, section: number | 'current' | 'home', env: PageEnv): ListSource | null {
  if (section === 'home') return ctx.homeSection?.id ?? 'all';
  if (section === 'current') return env.section?.id ?? (env.kind === 'home' ? (ctx.homeSection?.id ?? 'all') : null);
  return ctx.sectionById.has(section) ? section : null;
}

function views(ctx: ResolveContext, ids: number[], used: Set<number>): ItemView[] {
  const out: ItemView[] = [];
  for (const id of ids) {
    const v = itemView(ctx, id);
    if (!v) continue;
    used.add(id);
    out.push(v);
  }
  return out;
}

/**
 * The build's recommender: indexed once per tenant index (the main thread's fingerprints and each
 * worker's pages share it) on first use. Its ranking does not move with the build's time, and a
 * page records what it read (recommendationDeps), so incremental builds re-render the pages whose
 * recommendations an edit changes, as a full build would.
 */
export function recommenderFor(index: TenantIndex, { recommenders }: BuildCaches): ContentRecommender {
  let r = recommenders.get(index.content);
  if (!r) {
    r = new ContentRecommender(index.content.map((c) => ({ id: c.id, type: c.type, sectionId: c.sectionId, terms: c.terms, published: c.published })), index.now);
    recommenders.set(index.content, r);
  }
  return r;
}
export const recommenderOf = (ctx: ResolveContext): ContentRecommender => recommenderFor(ctx.index, ctx.caches);

/** The dependency keys (engine/build/deps.ts) of the recommendations a content page asked for, if it asked. */
export function recommendationDeps(ctx: ResolveContext, contentId: number): readonly string[] {
  return ctx.caches.consulted.get(ctx)?.get(contentId) ?? [];
}

interface GridState { used: Set<number>; sectionIds: Set<number>; pages: number; paginated: boolean }

function resolveList(ctx: ResolveContext, b: Extract<Block, { type: 'content_list' }>, env: PageEnv, st: GridState): BlockView | null {
  const source = listSource(ctx, b.data.section, env);
  if (source === null) return null;
  if (source !== 'all') st.sectionIds.add(source);
  const candidates = ctx.lists.candidates(source, b.data.scheduleOption, b.data.contentTypes);
  const limit = clampListLimit(b.data.limit);
  const settings = settingsView(b.settings);
  if (b.data.paginate && env.kind !== 'content' && !st.paginated) {
    st.paginated = true;
    // Earlier blocks are the same on every page of a listing, so this filtered order is too.
    const key = `${env.layout.id}|${env.path}|${b.id}`;
    let pool = ctx.paginated.get(key);
    if (!pool) {
      pool = candidates.filter((id) => !st.used.has(id));
      ctx.paginated.set(key, pool);
    }
    const pages = Math.max(1, Math.ceil(pool.length / limit));
    st.pages = pages;
    const page = Math.min(env.page, pages);
    const items = views(ctx, pool.slice((page - 1) * limit, page * limit), st.used);
    if (items.length === 0) return null;
    const pagination = pages > 1
      ? { page, pages, prev: page > 1 ? pagePath(env.path, page - 1) : null, next: page < pages ? pagePath(env.path, page + 1) : null }
      : null;
    return { kind: 'list', id: b.id, settings, display: b.data.display, items: itemsFor(items, b.data.display, ctx.caches), pagination };
  }
  const items = views(ctx, takeUnused(candidates, limit, st.used), st.used);
  return items.length ? { kind: 'list', id: b.id, settings, display: b.data.display, items: itemsFor(items, b.data.display, ctx.caches), pagination: null } : null;
}

function resolveBlock(ctx: ResolveContext, b: Block, env: PageEnv, st: GridState): BlockView | null {
  const settings = () => settingsView(b.settings);
  const content = env.contentView;
  switch (b.type) {
    case 'content_list': return resolveList(ctx, b, env, st);
    case 'content_hero': return content ? { kind: 'hero', id: b.id, settings: settings() } : null;
    case 'content_body':
      return content && (content.bodyHtml || content.gated) ? { kind: 'body', id: b.id, settings: settings() } : null;
    case 'primary_image': {
      // Dropped when missing or when the image is a logo (public §4).
      const img = content?.image;
      return img && !/(^|[/_.-])logo([/_.-]|$)/i.test(img.src) ? { kind: 'image', id: b.id, settings: settings(), image: img } : null;
    }
    case 'related_content': {
      const self = env.content;
      if (!self) return null;
      const ids = (self.relatedIds ?? []).filter((id) => id !== self.id && ctx.contentById.has(id));
      const items = views(ctx, takeUnused(ids, b.data.limit, st.used), st.used);
      // Body recommendations (admin §9, public §9): Article, News and Blog pages fill the block up from the recommender.
      let recommended: { provider: string; ids: number[] } | undefined;
      if (items.length < b.data.limit && BODY_RECOMMENDATION_TYPES.includes(self.type)) {
        const recommender = recommenderOf(ctx);
        const recs = recommender.recommendSync({ contentId: self.id, limit: b.data.limit - items.length, exclude: st.used });
        // A fallback item (score 0) came from the newest candidates: the page reads that list too.
        let deps = ctx.caches.consulted.get(ctx);
        if (!deps) ctx.caches.consulted.set(ctx, (deps = new Map()));
        deps.set(self.id, recommender.depsOf(self.id, recs.length < b.data.limit - items.length || recs.some((r) => r.score === 0)));
        const more = views(ctx, recs.map((r) => r.contentId), st.used);
        if (more.length) recommended = { provider: 'masthead', ids: more.map((v) => v.id) };
        items.push(...more);
      }
      return items.length ? { kind: 'related', id: b.id, settings: settings(), items: itemsFor(items, 'compact', ctx.caches), ...(recommended ? { recommended } : {}) } : null;
    }
    case 'html': {
      let html = ctx.html.get(b.data.html);
      if (html === undefined) {
        html = sanitizeBody(b.data.html);
        ctx.html.set(b.data.html, html);
      }
      return html ? { kind: 'html', id: b.id, settings: settings(), html } : null;
    }
    case 'image_grid': {
      // Documents in the library are not images.
      const images = b.data.assetIds.map((id) => ctx.assets.get(id)).filter((a) => a?.mimeType.startsWith('image/')).map((a) => imageView(a)).filter((i) => i !== null);
      return images.length ? { kind: 'images', id: b.id, settings: settings(), images } : null;
    }
    case 'newsletter_subscribe': {
      const nls = ctx.subscribeNewsletters;
      const promo = ctx.index.tenant.settings.newsletters?.subscribeBlockSettings?.promoCode ?? null;
      const recaptchaKey = ctx.index.tenant.settings.tenantInfo.reCAPTCHAPublicKey?.trim() || null;
      return nls.length ? { kind: 'newsletter', id: b.id, settings: settings(), newsletters: nls, promoCode: promo, recaptchaKey } : null;
    }
    case 'ad_slot': {
      // The block names an ad unit by key; without that unit (or when the page may not have it) the block is dropped.
      const slot = blockAdSlot(ctx, adEnvOf(env), b.data.slot, b.id);
      return slot ? { kind: 'ad', id: b.id, settings: settings(), slot } : null;
    }
    case 'gating_form':
      return content?.gated ? { kind: 'island', id: b.id, settings: settings(), island: 'gating-form', props: { contentId: content.id } } : null;
    case 'load_more':
      return env.layout.loadMoreType !== 'none' ? loadMoreBlock(b.id, settings(), env, st.used) : null;
    case 'image_gallery': return resolveGallery(ctx, b, env);
    case 'video_player': return resolveVideo(b, env);
    case 'document_download': return resolveDocument(ctx, b, env);
    case 'webinar_link': return resolveWebinarLink(b, env);
    case 'inquiry_form': return resolveInquiryForm(ctx, b, env);
    case 'issue_list': {
      const issues = publicationIssues(ctx, b.data.publicationId).slice(0, issueListLimit(b.data.display)).map((i) => issueCard(ctx, i));
      return issues.length ? { kind: 'issues', id: b.id, settings: settings(), display: b.data.display, issues } : null;
    }
    case 'event_list': return resolveEventList(ctx, b, st.used);
    case 'rss_feed': return resolveRssFeed(ctx, b);
    case 'carousel': {
      if (b.data.source === 'images') return resolveCarousel(ctx, b, [], st.used);
      const source = listSource(ctx, b.data.section, env);
      if (source === null) return null;
      if (source !== 'all') st.sectionIds.add(source);
      return resolveCarousel(ctx, b, ctx.lists.candidates(source, undefined, b.data.contentTypes), st.used);
    }
    case 'video_playlist': return resolveVideoPlaylist(ctx, b);
    case 'company_videos': return resolveCompanyVideos(ctx, b, env, st.used);
    case 'us_map': return resolveUsMap(b, env);
    case 'comments': return resolveComments(ctx, b, env);
    case 'content_sidebars': return resolveContentSidebars(b, env);
  }
}

/**
 * The load-more marker (public §4 "Secondary content paging"): the island's props say what to
 * ask for next (getNextSecondaryGrid / getNextSecondaryPage) and which items the page shows.
 */
function loadMoreBlock(id: string, settings: BlockSettingsView, env: PageEnv, used: ReadonlySet<number>): BlockView {
  return {
    kind: 'island', id, settings, island: 'load-more',
    props: {
      type: env.layout.loadMoreType, layoutId: env.layout.id || null, sectionId: env.section?.id ?? null,
      contentId: env.content?.id ?? null, excludeContentIds: [...used],
    },
  };
}

/** Layouts asking for load-more without placing a load_more block get the marker after the primary grid. */
function appendLoadMore(rows: RowView[], grid: Grid, env: PageEnv, used: ReadonlySet<number>): void {
  if (env.layout.loadMoreType === 'none' || grid !== env.layout.primaryGrid) return;
  if (grid.rows.some((r) => r.columns.some((c) => c.blocks.some((b) => b.type === 'load_more')))) return;
  const settings: BlockSettingsView = settingsView({});
  rows.push({
    layout: '1', title: null, link: null, width: 'site-width', backgroundColor: null, textColor: null,
    columns: [{ blocks: [loadMoreBlock('load-more', settings, env, used)] }],
  });
}

/** Blocks whose view is the same on every page: resolved once per layout block and shared. */
const STATIC_BLOCKS = new Set<Block['type']>(['html', 'image_grid', 'newsletter_subscribe']);

function staticBlock(ctx: ResolveContext, b: Block, env: PageEnv, st: GridState): BlockView | null {
  let view = ctx.staticBlocks.get(b);
  if (view === undefined) {
    view = resolveBlock(ctx, b, env, st);
    ctx.staticBlocks.set(b, view);
  }
  return view;
}

/** The layout of a row after some columns were dropped: the kept parts if that is a layout, else equal parts. */
export function narrowLayout(layout: RowLayout, kept: number[]): RowLayout {
  const parts = layout.split('_');
  if (kept.length === parts.length) return layout;
  if (kept.length <= 1) return '1';
  const joined = kept.map((i) => parts[i]).join('_');
  if ((ROW_LAYOUTS as readonly string[]).includes(joined)) return remapRowLayout(joined as RowLayout);
  return (['1_1', '1_1_1', '1_1_1_1'] as const)[kept.length - 2] ?? '1_1_1_1';
}

function columnOrder(count: number, priority: number[] | undefined): number[] {
  const natural = Array.from({ length: count }, (_, i) => i);
  if (!priority?.length) return natural;
  const first = priority.filter((i, at) => i < count && priority.indexOf(i) === at);
  return [...first, ...natural.filter((i) => !first.includes(i))];
}

/** Resolves a grid for a page. `used` starts with what the page already shows (its own content). */
export function resolveGrid(ctx: ResolveContext, grid: Grid, env: PageEnv, used: Set<number>): GridResult {
  const st: GridState = { used, sectionIds: new Set(), pages: 1, paginated: false };
  const rows: RowView[] = [];
  for (const row of grid.rows) {
    const layout = remapRowLayout(row.settings.layout);
    const resolved: BlockView[][] = row.columns.map(() => []);
    for (const c of columnOrder(row.columns.length, row.settings.columnPriority)) {
      for (const b of row.columns[c]?.blocks ?? []) {
        const view = STATIC_BLOCKS.has(b.type) ? staticBlock(ctx, b, env, st) : resolveBlock(ctx, b, env, st);
        if (view) resolved[c]!.push(view);
      }
    }
    const kept = resolved.map((blocks, i) => (blocks.length ? i : -1)).filter((i) => i >= 0);
    if (kept.length === 0) continue;
    const title = row.settings.title?.trim() || null;
    rows.push({
      layout: narrowLayout(layout, kept),
      title,
      link: title && row.settings.link ? link(row.settings.link, title) : null,
      width: row.settings.width,
      backgroundColor: row.settings.backgroundColor ?? null,
      textColor: row.settings.textColor ?? null,
      columns: kept.map((i) => ({ blocks: resolved[i]! })),
    });
  }
  appendLoadMore(rows, grid, env, used);
  return { rows, used, sectionIds: st.sectionIds, pages: st.pages };
}
