// More page blocks of issue 17 (public §3 "Grid", §4 "Hidden blocks", "Blocks dropped when empty"):
// each resolver returns the block's view, or null when the block drops.
// - carousel: media library images, or content items of a section's schedule; drops with no slides.
// - video_playlist: the playlist's videos as read at build time (engine/build/playlists.ts, with
//   the tenant's YouTube API key) then the videos stored with the block; without a key only the
//   stored ones. Same click-to-load facade as the video player; drops with no video.
// - company_videos: on a Company page, the Video items linked to it (its related items, and videos
//   naming it as related); drops without such edges.
// - us_map: every state a link from the block's template; a hidden block on gated pages.
// - comments: the commenting provider's island, on content pages, when the memberships module and
//   commenting are on and a provider is configured; drops otherwise. The island loads the provider
//   only after the reader's consent.
// - content_sidebars: the content item's sidebars; drops without any, and on a gated page (like the
//   document download: a gated item's sidebars never reach the static files, so they are hidden
//   from every reader there — public §4's hidden rule holds, though readers who pass do not see them yet).
import type { Block } from '../../domain/layout';
import { US_STATES, stateLink } from '../../domain/us-states';
import { safeHref } from '../../domain/links';
import type { BlockView, CarouselSlideView, ContentView, VideoView } from '../../../site/model';
import { playlistKey, playlistVideos } from '../playlists';
import { settingsView } from './resolve-blocks';
import { imageView, itemsFor, itemView, type ResolveContext } from './resolve-context';
import { takeUnused } from './resolve-lists';
import type { BuildContent } from '../types';

interface PageEnv { content: BuildContent | null; contentView: ContentView | null }
type Of<T extends Block['type']> = Extract<Block, { type: T }>;

/** A carousel of library images (`candidates` unused) or of the content ids offered (schedule order). */
export function resolveCarousel(ctx: ResolveContext, b: Of<'carousel'>, candidates: readonly number[], used: Set<number>): BlockView | null {
  const slides: CarouselSlideView[] = [];
  if (b.data.source === 'images') {
    for (const id of b.data.assetIds) {
      const a = ctx.assets.get(id);
      const image = a && a.mimeType.startsWith('image/') ? imageView(a) : null;
      if (image) slides.push({ image, title: null, href: null, newTab: false, caption: image.caption });
      if (slides.length >= b.data.limit) break;
    }
  } else {
    for (const id of takeUnused(candidates, b.data.limit, used)) {
      const v = itemView(ctx, id);
      if (!v) continue;
      used.add(id);
      slides.push({ image: v.image, title: v.title, href: v.href, newTab: v.newTab, caption: null });
    }
  }
  return slides.length ? { kind: 'carousel', id: b.id, settings: settingsView(b.settings), slides } : null;
}

export function resolveVideoPlaylist(ctx: ResolveContext, b: Of<'video_playlist'>): BlockView | null {
  const fetched = b.data.playlistId && ctx.index.tenant.settings.youtube?.apiKey ? playlistVideos(ctx.index.feeds?.[playlistKey(b.data.playlistId)] ?? []) : [];
  const videos: VideoView[] = [];
  const seen = new Set<string>();
  for (const v of [...fetched, ...b.data.videos]) {
    if (seen.has(v.youtubeId)) continue;
    seen.add(v.youtubeId);
    videos.push({ youtubeId: v.youtubeId, title: v.title });
  }
  return videos.length ? { kind: 'video', id: b.id, settings: settingsView(b.settings), videos, lockedFor: null } : null;
}

/** Company id → the Video items that list it as related, once per build context. */
function videosNaming(ctx: ResolveContext): Map<number, number[]> {
  const { videosByCompany } = ctx.caches;
  let map = videosByCompany.get(ctx);
  if (!map) {
    map = new Map();
    for (const c of ctx.index.content) {
      if (c.type !== 'Video') continue;
      for (const id of c.relatedIds ?? []) map.set(id, [...(map.get(id) ?? []), c.id]);
    }
    videosByCompany.set(ctx, map);
  }
  return map;
}

export function resolveCompanyVideos(ctx: ResolveContext, b: Of<'company_videos'>, env: PageEnv, used: Set<number>): BlockView | null {
  const company = env.content;
  if (company?.type !== 'Company') return null;
  const linked = (company.relatedIds ?? []).filter((id) => ctx.contentById.get(id)?.type === 'Video');
  const ids = [...new Set([...linked, ...(videosNaming(ctx).get(company.id) ?? [])])];
  const items = [];
  for (const id of takeUnused(ids, b.data.limit, used)) {
    const v = itemView(ctx, id);
    if (!v) continue;
    used.add(id);
    items.push(v);
  }
  return items.length ? { kind: 'list', id: b.id, settings: settingsView(b.settings), display: b.data.display, items: itemsFor(items, b.data.display, ctx.caches), pagination: null } : null;
}

export function resolveUsMap(b: Of<'us_map'>, env: PageEnv): BlockView | null {
  const states = US_STATES.flatMap((s) => {
    const href = safeHref(stateLink(b.data.linkTemplate, s));
    return href ? [{ ...s, href }] : [];
  });
  if (states.length === 0) return null;
  const lockedFor = env.content && env.contentView?.gated ? env.content.id : null;
  return { kind: 'usmap', id: b.id, settings: settingsView(b.settings), states, lockedFor };
}

export function resolveComments(ctx: ResolveContext, b: Of<'comments'>, env: PageEnv): BlockView | null {
  const m = ctx.index.tenant.settings.memberships;
  const provider = m.commentingProvider;
  if (!m.enabled || !m.commenting || !provider || !env.content || !env.contentView) return null;
  return {
    kind: 'island', id: b.id, settings: settingsView(b.settings), island: 'comments',
    props: { provider: provider.name, scriptUrl: provider.scriptUrl, contentId: env.content.id, title: env.content.name },
  };
}

export function resolveContentSidebars(b: Of<'content_sidebars'>, env: PageEnv): BlockView | null {
  const sidebars = env.content?.sidebars ?? [];
  if (!env.content || !env.contentView || sidebars.length === 0) return null;
  // On a gated page the sidebars never reach the static files: the island asks the page's gate
  // decision (getGatedContent), which answers them to a reader who passes.
  if (env.contentView.gated) return { kind: 'sidebars', id: b.id, settings: settingsView(b.settings), sidebars: [], lockedFor: env.content.id };
  return { kind: 'sidebars', id: b.id, settings: settingsView(b.settings), sidebars: [...sidebars], lockedFor: null };
}
