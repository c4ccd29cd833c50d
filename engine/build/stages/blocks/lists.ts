// List blocks (public §3 "Grid", §4 "Blocks dropped when empty"): lists of items from the
// schedules, each skipping what the page already shows; dropped when empty.
// - content_list: a section's (or the site's) schedule, paginated on listings when asked.
// - carousel: media library images, or content items of a section's schedule; drops with no slides.
// - load_more: the marker the load-more island reads (also appended after a primary grid whose
//   layout asks for load-more without placing one).
// - issue_list: a publication's live issues as cards (resolve-issues.ts).
import type { Grid } from '../../../domain/layout';
import { issueListLimit } from '../../../domain/magazine';
import type { BlockSettingsView, BlockView, CarouselSlideView, RowView } from '../../../../site/model';
import { imageView, itemsFor, type ResolveContext } from '../resolve-context';
import { issueCard, publicationIssues } from '../resolve-issues';
import { clampListLimit, takeUnused } from '../resolve-lists';
import { listSource, pagePath, settingsView, views, type GridState, type Of, type PageEnv } from './common';

export function resolveList(ctx: ResolveContext, b: Of<'content_list'>, env: PageEnv, st: GridState): BlockView | null {
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

/** A carousel: library images, or the items of its section's schedule (the section is listed). */
export function resolveCarousel(ctx: ResolveContext, b: Of<'carousel'>, env: PageEnv, st: GridState): BlockView | null {
  if (b.data.source === 'images') return carouselOf(ctx, b, [], st.used);
  const source = listSource(ctx, b.data.section, env);
  if (source === null) return null;
  if (source !== 'all') st.sectionIds.add(source);
  return carouselOf(ctx, b, ctx.lists.candidates(source, undefined, b.data.contentTypes), st.used);
}

/** A carousel of library images (`candidates` unused) or of the content ids offered (schedule order). */
function carouselOf(ctx: ResolveContext, b: Of<'carousel'>, candidates: readonly number[], used: Set<number>): BlockView | null {
  const slides: CarouselSlideView[] = [];
  if (b.data.source === 'images') {
    for (const id of b.data.assetIds) {
      const a = ctx.assets.get(id);
      const image = a && a.mimeType.startsWith('image/') ? imageView(a) : null;
      if (image) slides.push({ image, title: null, href: null, newTab: false, caption: image.caption });
      if (slides.length >= b.data.limit) break;
    }
  } else {
    for (const v of views(ctx, takeUnused(candidates, b.data.limit, used), used)) {
      slides.push({ image: v.image, title: v.title, href: v.href, newTab: v.newTab, caption: null });
    }
  }
  return slides.length ? { kind: 'carousel', id: b.id, settings: settingsView(b.settings), slides } : null;
}

export function resolveIssueList(ctx: ResolveContext, b: Of<'issue_list'>): BlockView | null {
  const issues = publicationIssues(ctx, b.data.publicationId).slice(0, issueListLimit(b.data.display)).map((i) => issueCard(ctx, i));
  return issues.length ? { kind: 'issues', id: b.id, settings: settingsView(b.settings), display: b.data.display, issues } : null;
}

export function resolveLoadMore(b: Of<'load_more'>, env: PageEnv, st: GridState): BlockView | null {
  return env.layout.loadMoreType !== 'none' ? loadMoreBlock(b.id, settingsView(b.settings), env, st.used) : null;
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
export function appendLoadMore(rows: RowView[], grid: Grid, env: PageEnv, used: ReadonlySet<number>): void {
  if (env.layout.loadMoreType === 'none' || grid !== env.layout.primaryGrid) return;
  if (grid.rows.some((r) => r.columns.some((c) => c.blocks.some((b) => b.type === 'load_more')))) return;
  const settings: BlockSettingsView = settingsView({});
  rows.push({
    layout: '1', title: null, link: null, width: 'site-width', backgroundColor: null, textColor: null,
    columns: [{ blocks: [loadMoreBlock('load-more', settings, env, used)] }],
  });
}
