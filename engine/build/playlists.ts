// Video playlist blocks (issue 17, admin §9 "Video playlist cache: 7200 s, maxResults 1"): when the
// tenant has a YouTube Data API key, before the tenant is loaded every playlist its layouts name is
// read (playlistItems, maxResults 1, with a timeout) at most once per 7,200 s, and its videos are
// stored as the playlist's last good copy in the feed cache (store/queries/feeds.ts, keyed by the
// playlist's YouTube address; the copy's items link to each video's watch page). A failed read keeps
// the previous copy. Without a key nothing is read and the block shows its stored videos only.
// The key goes to the API only: never into a page, a warning or the cache.
import type { Layout } from '../domain/layout';
import type { Store } from '../store/connection';
import { feedRows, putFeed, type FeedItemRow } from '../store/queries/feeds';
import type { FetchLike } from './feeds';

export const PLAYLIST_REFRESH_MS = 7_200_000;
export const PLAYLIST_MAX_RESULTS = 1;
export const PLAYLIST_TIMEOUT_MS = 5_000;
export const YOUTUBE_API_ORIGIN = 'https://www.googleapis.com';

/** The feed-cache key of a playlist: its YouTube address. */
export const playlistKey = (playlistId: string) => `https://www.youtube.com/playlist?list=${encodeURIComponent(playlistId)}`;
const watchLink = (videoId: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

/** The videos of a cached playlist copy (items whose link is a watch page of a valid id). */
export function playlistVideos(items: readonly FeedItemRow[]): { youtubeId: string; title: string }[] {
  return items.flatMap((i) => {
    const m = /^https:\/\/www\.youtube\.com\/watch\?v=([\w-]{11})$/.exec(i.link);
    return m ? [{ youtubeId: m[1]!, title: i.title }] : [];
  });
}

/** The playlist ids the layouts' video playlist blocks read. */
export function playlistIds(layouts: readonly Layout[]): string[] {
  const out = new Set<string>();
  for (const l of layouts) {
    for (const grid of [l.primaryGrid, l.secondaryGrid]) {
      for (const row of grid?.rows ?? []) for (const col of row.columns) for (const b of col.blocks) if (b.type === 'video_playlist' && b.data.playlistId) out.add(b.data.playlistId);
    }
  }
  return [...out];
}

interface PlaylistAnswer { items?: { snippet?: { title?: unknown; publishedAt?: unknown; resourceId?: { videoId?: unknown } } }[] }

/** The playlistItems answer as feed items: videos with an id and a title (private and deleted ones left out). */
export function parsePlaylist(answer: PlaylistAnswer): FeedItemRow[] {
  const out: FeedItemRow[] = [];
  for (const it of answer.items ?? []) {
    const id = it.snippet?.resourceId?.videoId;
    const title = typeof it.snippet?.title === 'string' ? it.snippet.title.trim().slice(0, 200) : '';
    if (typeof id !== 'string' || !/^[\w-]{11}$/.test(id) || !title || title === 'Private video' || title === 'Deleted video') continue;
    const published = typeof it.snippet?.publishedAt === 'string' ? Date.parse(it.snippet.publishedAt) : NaN;
    out.push({ title, link: watchLink(id), summary: '', published: Number.isNaN(published) ? null : published });
  }
  return out;
}

/**
 * Refreshes the tenant's playlists that are due (only with an API key) and returns a warning per
 * playlist that could not be read. `fetch` and the API origin are injectable for tests.
 */
export async function refreshPlaylists(store: Store, tenantKey: string, layouts: readonly Layout[], opts: { now: number; apiKey: string | undefined; fetch?: FetchLike; apiOrigin?: string; timeoutMs?: number }): Promise<string[]> {
  const ids = playlistIds(layouts);
  if (ids.length === 0 || !opts.apiKey) return [];
  const cached = new Map((await feedRows(store.db, tenantKey)).map((r) => [r.url, r]));
  const fetchImpl = opts.fetch ?? (globalThis.fetch as FetchLike);
  const warnings: string[] = [];
  await Promise.all(ids.map(async (id) => {
    const key = playlistKey(id);
    const have = cached.get(key);
    if (have && opts.now - have.fetchedAt < PLAYLIST_REFRESH_MS) return;
    const url = new URL('/youtube/v3/playlistItems', opts.apiOrigin ?? YOUTUBE_API_ORIGIN);
    url.search = new URLSearchParams({ part: 'snippet', maxResults: String(PLAYLIST_MAX_RESULTS), playlistId: id, key: opts.apiKey! }).toString();
    try {
      const res = await fetchImpl(url.toString(), { redirect: 'manual', signal: AbortSignal.timeout(opts.timeoutMs ?? PLAYLIST_TIMEOUT_MS), headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const items = parsePlaylist(await res.json() as PlaylistAnswer);
      if (items.length === 0) throw new Error('no videos');
      await putFeed(store.db, tenantKey, key, items, opts.now);
    } catch (e) {
      warnings.push(`YouTube playlist ${id} not refreshed (${e instanceof Error ? e.message : 'failed'}); ${have ? 'keeping the last good copy' : 'the block shows its stored videos only'}`);
    }
  }));
  return warnings;
}
