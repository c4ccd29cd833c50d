// Blocks of remote data, as the fetch stage (fetch.ts) last stored it in the index's feeds:
// - rss_feed: the last good items of its external feed (engine/build/feeds.ts), up to its limit; drops when none.
// - video_playlist: the playlist's videos as read at build time (engine/build/playlists.ts, with
//   the tenant's YouTube API key) then the videos stored with the block; without a key only the
//   stored ones. Same click-to-load facade as the video player; drops with no video.
import { formatDisplayDate, isoCalendarDate } from '../../../domain/dates';
import type { BlockView, VideoView } from '../../../../site/model';
import { playlistKey, playlistVideos } from '../../playlists';
import type { ResolveContext } from '../resolve-context';
import { settingsView, type Of } from './common';

/** An RSS feed block: the feed's last good items, newest as the feed orders them, up to the limit; dropped when there are none. */
export function resolveRssFeed(ctx: ResolveContext, b: Of<'rss_feed'>): BlockView | null {
  const items = (ctx.index.feeds?.[b.data.url] ?? []).slice(0, b.data.limit).map((i) => ({
    title: i.title, href: i.link, summary: b.data.showSummary ? i.summary : '',
    date: i.published === null ? null : formatDisplayDate(i.published), dateTime: i.published === null ? null : isoCalendarDate(i.published),
  }));
  return items.length ? { kind: 'feed', id: b.id, settings: settingsView(b.settings), items, showSummary: b.data.showSummary } : null;
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
