// Video playlist blocks (issue 17, admin §9): with the tenant's YouTube API key the build reads the
// playlist from the YouTube Data API (here a local stand-in) with maxResults 1, shows its video
// first then the stored ones behind the click-to-load facade (no YouTube request in the page),
// keeps the copy for 7,200 s, keeps the last good copy when the API fails, and never writes the
// key into a page, a warning or the cache. Without a key nothing is requested and the block shows
// its stored videos only.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild, type BuildSummary } from '../../engine/build/index';
import { PLAYLIST_REFRESH_MS, parsePlaylist } from '../../engine/build/playlists';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { feedRows } from '../../engine/store/queries/feeds';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { pageProblems } from './build-quality';

const NOW = Date.parse('2026-11-02T15:00:00Z');
const KEY = 'AIzaSyTEST_key_0123456789abcdef';
const PLAYLIST = 'PLportTours0001';
const ANSWER = { items: [{ snippet: { title: 'Inside the terminal', publishedAt: '2026-10-30T10:00:00Z', resourceId: { kind: 'youtube#video', videoId: 'tErMiNaL001' } } }] };

let server: Server;
let origin = '';
let mode: 'ok' | 'fail' = 'ok';
const hits: URL[] = [];
let store: Store;
let out: string;

async function build(now: number): Promise<{ summary: BuildSummary; alpha: ReturnType<typeof load>; beta: ReturnType<typeof load> }> {
  const summary = await runBuild(store, { outDir: out, now, originTemplate: 'https://{key}.example', workers: 1, tenants: ['alpha', 'beta'], clientDir: null, youtubeApiOrigin: origin } as Parameters<typeof runBuild>[1]);
  const page = (key: string) => load(readFileSync(join(realpathSync(join(out, key)), 'markets', 'index.html'), 'utf8'));
  return { summary, alpha: page('alpha'), beta: page('beta') };
}

const allFiles = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? allFiles(join(dir, f)) : [join(dir, f)]));

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    hits.push(url);
    if (url.pathname === '/youtube/v3/playlistItems' && mode === 'ok') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ANSWER));
    } else {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end('{"error":{"code":403}}');
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const withPlaylist = (key: string, base: number, apiKey: string | null) => {
    const t = tenantFixture(key, base);
    if (apiKey) (t.tenant.settings as Record<string, unknown>).youtube = { apiKey };
    t.layouts[0]!.primaryGrid.rows[0]!.columns[0]!.blocks.push({
      id: 'tours', type: 'video_playlist', settings: { title: 'Port tours' }, data: { playlistId: PLAYLIST, videos: [{ youtubeId: 'sToReD00001', title: 'Stored tour' }] },
    } as never);
    return t;
  };
  store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, writeFixtureSet([withPlaylist('alpha', 100, KEY), withPlaylist('beta', 200, null)]));
  out = mkdtempSync(join(tmpdir(), 'mh-playlist-build-'));
}, 60_000);
afterAll(async () => {
  await store?.close();
  await new Promise((ok) => server.close(ok));
});

const videos = ($: ReturnType<typeof load>) => JSON.parse($('[data-island="video-player"]').attr('data-props') ?? 'null')?.videos as { youtubeId: string; title: string }[] | undefined;

describe('video playlist block in the build', () => {
  it('reads the playlist with the key and maxResults 1, shows its video then the stored one behind the facade, and stores the copy', async () => {
    const { alpha } = await build(NOW);
    const calls = hits.filter((u) => u.pathname === '/youtube/v3/playlistItems');
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ part: 'snippet', maxResults: '1', playlistId: PLAYLIST, key: KEY });
    expect(videos(alpha)).toEqual([{ youtubeId: 'tErMiNaL001', title: 'Inside the terminal' }, { youtubeId: 'sToReD00001', title: 'Stored tour' }]);
    const root = alpha('[data-island="video-player"]');
    expect(root.find('iframe').length).toBe(0);
    expect(root.find('button.video-play').text()).toContain('Play video: Inside the terminal');
    expect(alpha('[src*="youtube"], [srcset*="ytimg"], [src*="ytimg"]').length).toBe(0);
    expect(await pageProblems(realpathSync(join(out, 'alpha')), ['markets/index.html'])).toEqual([]);
    const rows = await feedRows(store.db, 'alpha');
    expect(rows.map((r) => [r.url, r.items.map((i) => i.link), r.fetchedAt])).toEqual([[`https://www.youtube.com/playlist?list=${PLAYLIST}`, ['https://www.youtube.com/watch?v=tErMiNaL001'], NOW]]);
    expect(JSON.stringify(rows)).not.toContain(KEY);
    for (const f of allFiles(realpathSync(join(out, 'alpha')))) expect(readFileSync(f, 'utf8').includes(KEY), f).toBe(false);
  });

  it('without a key requests nothing and shows the stored videos only', async () => {
    const { beta } = await build(NOW + 60_000);
    expect(hits.filter((u) => u.searchParams.get('key') !== KEY)).toEqual([]);
    expect(videos(beta)).toEqual([{ youtubeId: 'sToReD00001', title: 'Stored tour' }]);
  });

  it('reads again only after 7,200 s; a failing API keeps the last good copy, with a warning that has no key', async () => {
    const count = () => hits.filter((u) => u.pathname === '/youtube/v3/playlistItems').length;
    const before = count();
    await build(NOW + PLAYLIST_REFRESH_MS - 1_000);
    expect(count()).toBe(before);
    mode = 'fail';
    const { alpha, summary } = await build(NOW + PLAYLIST_REFRESH_MS + 1_000);
    expect(count()).toBe(before + 1);
    expect(videos(alpha)?.map((v) => v.youtubeId)).toEqual(['tErMiNaL001', 'sToReD00001']);
    const warnings = summary.tenants.find((t) => t.key === 'alpha')!.warnings.join('\n');
    expect(warnings).toMatch(/YouTube playlist PLportTours0001 not refreshed \(HTTP 403\); keeping the last good copy/);
    expect(warnings).not.toContain(KEY);
  });
});

describe('parsePlaylist', () => {
  it('keeps videos with an id and a title, leaving out private, deleted and malformed ones', () => {
    expect(parsePlaylist({ items: [
      { snippet: { title: 'Private video', resourceId: { videoId: 'aaaaaaaaaaa' } } },
      { snippet: { title: 'Deleted video', resourceId: { videoId: 'bbbbbbbbbbb' } } },
      { snippet: { title: 'Bad id', resourceId: { videoId: 'x"><script>' } } },
      { snippet: { title: 'Good', resourceId: { videoId: 'ccccccccccc' } } },
    ] })).toEqual([{ title: 'Good', link: 'https://www.youtube.com/watch?v=ccccccccccc', summary: '', published: null }]);
  });
});
