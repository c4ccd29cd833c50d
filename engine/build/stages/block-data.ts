// Block data for one request (issue 42: getRSSFeedContentStream, getYoutubePlaylistVideos,
// getBlueConicRecommendations): what the build's RSS feed, video playlist and related-content
// blocks show, read from the same live tenant index the prerendered pages are resolved from —
// the feed cache's last good copies (engine/build/feeds.ts, playlists.ts) and Masthead's
// recommender (engine/domain/recommend.ts). Nothing here fetches: a request serves stored copies.
import type { Block } from '../../domain/layout';
import { BODY_RECOMMENDATION_LIMIT } from '../../domain/recommend';
import type { ItemView, VideoView } from '../../../site/model';
import { resolveRssFeed, resolveVideoPlaylist } from './blocks/feeds';
import { itemView, type ResolveContext } from './resolve-context';
import { recommenderOf } from './blocks/related';

type Of<T extends Block['type']> = Extract<Block, { type: T }>;

/** Every block of a type in the tenant's layouts (primary and secondary grids), in layout order. */
function blocksOf<T extends Block['type']>(rc: ResolveContext, type: T): Of<T>[] {
  const out: Of<T>[] = [];
  for (const l of rc.index.layouts ?? []) {
    for (const grid of [l.primaryGrid, l.secondaryGrid]) {
      for (const row of grid?.rows ?? []) for (const col of row.columns) for (const b of col.blocks) if (b.type === type) out.push(b as Of<T>);
    }
  }
  return out;
}

/** date: the display date; dateTime: its calendar date (YYYY-MM-DD), as the block shows them. */
export interface FeedItemData { title: string; link: string; summary: string; date: string | null; dateTime: string | null }

/**
 * The items an RSS feed block of `url` shows (up to `limit`, summaries when asked), or null when no
 * layout of the tenant reads that feed: the API serves only feeds the site itself shows.
 */
export function rssFeedItems(rc: ResolveContext, q: { url: string; limit: number; showSummary: boolean }): FeedItemData[] | null {
  const named = blocksOf(rc, 'rss_feed').find((b) => b.data.url === q.url);
  if (!named) return null;
  const view = resolveRssFeed(rc, { ...named, data: { url: q.url, limit: q.limit, showSummary: q.showSummary } });
  if (!view || view.kind !== 'feed') return [];
  return view.items.map((i) => ({ title: i.title, link: i.href, summary: i.summary, date: i.date, dateTime: i.dateTime }));
}

/**
 * The videos a video playlist block of `playlistId` shows: the playlist's last good copy (read only
 * when the tenant has a YouTube key, as the build does) followed by the videos stored on the blocks
 * naming it, without repeats; null when no layout of the tenant names the playlist.
 */
export function playlistVideoData(rc: ResolveContext, playlistId: string): VideoView[] | null {
  const named = blocksOf(rc, 'video_playlist').filter((b) => b.data.playlistId === playlistId);
  const first = named[0];
  if (!first) return null;
  const view = resolveVideoPlaylist(rc, { ...first, data: { playlistId, videos: named.flatMap((b) => b.data.videos) } });
  return view && view.kind === 'video' ? view.videos : [];
}

export interface RecommendationData { id: string; score: number; item: ItemView }

/**
 * Recommendations for a live item of the tenant, as its related-content block fills up from the
 * recommender (BODY_RECOMMENDATION_LIMIT by default), skipping `exclude`; null when the item is
 * not live content of the tenant.
 */
export function recommendationsFor(rc: ResolveContext, q: { contentId: number; limit?: number; exclude?: readonly number[] }): RecommendationData[] | null {
  if (!rc.contentById.has(q.contentId)) return null;
  const recs = recommenderOf(rc).recommendSync({ contentId: q.contentId, limit: q.limit ?? BODY_RECOMMENDATION_LIMIT, exclude: new Set(q.exclude ?? []) });
  return recs.flatMap((r) => {
    const item = itemView(rc, r.contentId);
    return item ? [{ id: r.id, score: r.score, item }] : [];
  });
}
