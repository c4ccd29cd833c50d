// The operations of issue 42 through real HTTP/GraphQL with their registered documents:
// getWebsiteSectionBasic, getAdUnitAdminPatternStream, getRSSFeedContentStream,
// getYoutubePlaylistVideos and getBlueConicRecommendations. Each answers on the tenant's own data
// (the feed cache's stored copies, the tenant's layouts, its live content), refuses another
// tenant's ids (NOT_FOUND) or a missing permission, and names the field of bad input. Nothing here
// reaches a network: the feeds and playlists are stored copies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutSchema } from '../../engine/domain/layout';
import { playlistKey } from '../../engine/build/playlists';
import { putFeed } from '../../engine/store/queries/feeds';
import { writeAdUnits } from '../../engine/store/queries/ad-units';
import { writeAdUnitPatterns, writeLayouts } from '../../engine/store/writes';
import { setTenantSetting } from '../helpers/tenant-settings';
import { startApi, type Harness } from './api-harness';

let h: Harness;

const ALPHA_FEED = 'https://feeds.alpha.example/rates.xml';
const BETA_FEED = 'https://feeds.beta.example/ports.xml';
const UNNAMED_FEED = 'https://feeds.alpha.example/cached-but-unused.xml';
const PLAYLIST = 'PLalphaDemoList01';
const BETA_PLAYLIST = 'PLbetaDemoList001';
const STORED = { youtubeId: 'aaaaaaaaaaa', title: 'Stored on the block' };
const FETCHED = { youtubeId: 'bbbbbbbbbbb', title: 'From the cached playlist' };
const YOUTUBE_KEY = 'AIzaTestKeyForPlaylistCache0';

const layout = (id: number, blocks: unknown[]) => layoutSchema.parse({
  id, name: `Blocks ${id}`, type: 'section', primaryGrid: { rows: [{ settings: { layout: '1' }, columns: [{ blocks }] }] },
});
const feedItems = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({
  title: `${prefix} item ${i + 1}`, link: `https://news.example/${prefix}/${i + 1}`, summary: `${prefix} summary ${i + 1}`, published: Date.UTC(2026, 9, 20 - i, 12),
}));

beforeAll(async () => {
  h = await startApi();
  const db = h.store.db;
  // Written before the first request, so the site snapshot and the live index both read them.
  await writeLayouts(db, 'alpha', [layout(171, [
    { id: 'feed', type: 'rss_feed', data: { url: ALPHA_FEED, limit: 5 } },
    { id: 'videos', type: 'video_playlist', data: { playlistId: PLAYLIST, videos: [STORED] } },
  ])]);
  await writeLayouts(db, 'beta', [layout(271, [
    { id: 'feed', type: 'rss_feed', data: { url: BETA_FEED, limit: 5 } },
    { id: 'videos', type: 'video_playlist', data: { playlistId: BETA_PLAYLIST, videos: [{ youtubeId: 'ccccccccccc', title: 'Beta video' }] } },
  ])]);
  const now = Date.now();
  await putFeed(db, 'alpha', ALPHA_FEED, feedItems('alpha', 8), now);
  await putFeed(db, 'alpha', UNNAMED_FEED, feedItems('unused', 2), now);
  await putFeed(db, 'beta', BETA_FEED, feedItems('beta', 3), now);
  await putFeed(db, 'alpha', playlistKey(PLAYLIST), [
    { title: FETCHED.title, link: `https://www.youtube.com/watch?v=${FETCHED.youtubeId}`, summary: '', published: null },
    { title: STORED.title, link: `https://www.youtube.com/watch?v=${STORED.youtubeId}`, summary: '', published: null },
  ], now);
  await setTenantSetting(h.store, 'alpha', 'youtube', { apiKey: YOUTUBE_KEY });
  await writeAdUnitPatterns(db, 'alpha', [
    { id: 180, name: 'Zeta network', type: 'layout-block', pattern: '/999/{tenant}/{key}', sizes: [] },
    { id: 181, name: 'Alpha network', type: 'layout-block', pattern: '/1234/{tenant}/{section}/{key}', sizes: [[300, 250]] },
  ]);
  await writeAdUnitPatterns(db, 'beta', [{ id: 280, name: 'Beta network', type: 'layout-block', pattern: '/5678/{key}', sizes: [] }]);
  await writeAdUnits(db, 'alpha', [
    { id: 190, key: 'rail', type: 'layout-block', size: [[300, 250]], sizeMapping: [], useSectionAlias: true, refreshRate: 0, excludePageTypes: [], position: 3 },
    { id: 191, key: 'top', type: 'header-leaderboard', size: [[728, 90]], sizeMapping: [], useSectionAlias: false, refreshRate: 0, excludePageTypes: [], position: 3 },
  ]);
});
afterAll(async () => { await h.close(); });

describe('getWebsiteSectionBasic', () => {
  it('answers a section of the tenant by id or alias, without its tree', async () => {
    const byId = await h.op('getWebsiteSectionBasic', { sectionId: 103 });
    expect(byId.data.getWebsiteSectionBasic).toEqual({
      id: 103, name: 'Ocean Freight', alias: 'markets/ocean-freight', description: null, gamAlias: null, parentId: 102, status: 1,
      fullName: 'Markets > Ocean Freight', canonicalPath: '/markets/ocean-freight',
    });
    expect((await h.op('getWebsiteSectionBasic', { alias: '/markets/ocean-freight/' })).data.getWebsiteSectionBasic.id).toBe(103);
    expect((await h.op('getWebsiteSectionBasic', { sectionId: 203 }, { tenant: 'beta' })).data.getWebsiteSectionBasic.fullName).toBe('Markets > Ocean Freight');
  });

  it("refuses another tenant's section and an inactive one without view permission", async () => {
    const other = await h.op('getWebsiteSectionBasic', { sectionId: 203 });
    expect(other.error!.extensions.code).toBe('NOT_FOUND');
    expect(other.data.getWebsiteSectionBasic ?? null).toBeNull();
    const off = await h.op('updateWebsiteSection', { id: 104, input: { status: 0 } }, { as: 'alphaAdmin' });
    expect(off.data.updateWebsiteSection.status).toBe(0);
    expect((await h.op('getWebsiteSectionBasic', { sectionId: 104 })).error!.extensions.code).toBe('NOT_FOUND');
    expect((await h.op('getWebsiteSectionBasic', { sectionId: 104 }, { as: 'betaEditor' })).error!.extensions.code).toBe('NOT_FOUND');
    expect((await h.op('getWebsiteSectionBasic', { sectionId: 104 }, { as: 'alphaViewer' })).data.getWebsiteSectionBasic.status).toBe(0);
    await h.op('updateWebsiteSection', { id: 104, input: { status: 1 } }, { as: 'alphaAdmin' });
  });

  it('names the field of bad input', async () => {
    const none = await h.op('getWebsiteSectionBasic', {});
    expect(none.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'sectionId' });
    expect(none.error!.message).toMatch(/required/i);
    expect((await h.op('getWebsiteSectionBasic', { sectionId: -3 })).error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'sectionId' });
    expect((await h.op('getWebsiteSectionBasic', { alias: 'a'.repeat(301) })).error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'alias' });
  });
});

describe('getAdUnitAdminPatternStream', () => {
  it('lists the patterns with the one the build uses and the unit paths each gives', async () => {
    const r = await h.op('getAdUnitAdminPatternStream', {}, { as: 'alphaViewer' });
    const conn = r.data.getAdUnitAdminPatternStream;
    expect(conn.totalCount).toBe(2);
    const [alpha, zeta] = conn.edges.map((e: any) => e.node);
    expect(alpha).toMatchObject({ id: 181, name: 'Alpha network', inUse: false, sizes: [[300, 250]] });
    // The build fills paths from the first layout-block pattern by id (180), whatever its name.
    expect(zeta).toMatchObject({ id: 180, inUse: true });
    expect(alpha.unitPaths).toEqual([{ key: 'rail', path: '/1234/alpha/home/rail' }, { key: 'top', path: '/1234/alpha/top' }]);
    expect(zeta.unitPaths).toEqual([{ key: 'rail', path: '/999/alpha/rail' }, { key: 'top', path: '/999/alpha/top' }]);
    const paged = (await h.op('getAdUnitAdminPatternStream', { input: { pagination: { limit: 1 } } }, { as: 'alphaViewer' })).data.getAdUnitAdminPatternStream;
    expect(paged).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: true, endCursor: '1' } });
    expect(paged.edges).toHaveLength(1);
  });

  it("refuses anonymous readers, a user without the permission and another tenant's staff", async () => {
    expect((await h.op('getAdUnitAdminPatternStream', {})).error!.extensions.code).toBe('UNAUTHENTICATED');
    expect((await h.op('getAdUnitAdminPatternStream', {}, { as: 'alphaEditor' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('getAdUnitAdminPatternStream', {}, { as: 'alphaViewer', tenant: 'beta' })).error!.extensions.code).toBe('FORBIDDEN');
    const beta = (await h.op('getAdUnitAdminPatternStream', {}, { as: 'admin', tenant: 'beta' })).data.getAdUnitAdminPatternStream;
    expect(beta.edges.map((e: any) => e.node.id)).toEqual([280]);
  });

  it('names the field of bad input', async () => {
    const r = await h.op('getAdUnitAdminPatternStream', { input: { type: 'popup' } }, { as: 'alphaViewer' });
    expect(r.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.type' });
  });
});

describe('getRSSFeedContentStream', () => {
  it("answers the feed's stored copy as the block shows it, up to the limit", async () => {
    const r = await h.op('getRSSFeedContentStream', { input: { url: ALPHA_FEED, limit: 3 } });
    const conn = r.data.getRSSFeedContentStream;
    expect(conn.totalCount).toBe(3);
    expect(conn.edges.map((e: any) => e.node.title)).toEqual(['alpha item 1', 'alpha item 2', 'alpha item 3']);
    expect(conn.edges[0].node).toMatchObject({ link: 'https://news.example/alpha/1', summary: '', dateTime: '2026-10-20' });
    const withSummary = (await h.op('getRSSFeedContentStream', { input: { url: ALPHA_FEED, showSummary: true } })).data.getRSSFeedContentStream;
    expect(withSummary.edges).toHaveLength(5);
    expect(withSummary.edges[0].node.summary).toBe('alpha summary 1');
  });

  it("refuses another tenant's feed and a cached feed no layout of the tenant reads", async () => {
    const beta = await h.op('getRSSFeedContentStream', { input: { url: BETA_FEED } });
    expect(beta.error!.extensions.code).toBe('NOT_FOUND');
    expect(JSON.stringify(beta.body)).not.toContain('beta item');
    expect((await h.op('getRSSFeedContentStream', { input: { url: UNNAMED_FEED } })).error!.extensions.code).toBe('NOT_FOUND');
    expect((await h.op('getRSSFeedContentStream', { input: { url: BETA_FEED } }, { tenant: 'beta' })).data.getRSSFeedContentStream.totalCount).toBe(3);
  });

  it('names the field of bad input', async () => {
    expect((await h.op('getRSSFeedContentStream', { input: {} })).error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.url' });
    expect((await h.op('getRSSFeedContentStream', { input: { url: 'ftp://feeds.alpha.example/x' } })).error!.extensions).toMatchObject({ field: 'input.url' });
    const big = await h.op('getRSSFeedContentStream', { input: { url: ALPHA_FEED, limit: 21 } });
    expect(big.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.limit' });
    expect(big.error!.message).toMatch(/1 to 20/);
  });
});

describe('getYoutubePlaylistVideos', () => {
  it("answers the cached playlist copy, then the block's stored videos, without repeats", async () => {
    const conn = (await h.op('getYoutubePlaylistVideos', { input: { playlistId: PLAYLIST } })).data.getYoutubePlaylistVideos;
    expect(conn.totalCount).toBe(2);
    expect(conn.edges.map((e: any) => e.node)).toEqual([
      { ...FETCHED, url: `https://www.youtube.com/watch?v=${FETCHED.youtubeId}`, embedUrl: `https://www.youtube-nocookie.com/embed/${FETCHED.youtubeId}` },
      { ...STORED, url: `https://www.youtube.com/watch?v=${STORED.youtubeId}`, embedUrl: `https://www.youtube-nocookie.com/embed/${STORED.youtubeId}` },
    ]);
    // Without a YouTube key the build shows the stored videos only, and so does the API.
    expect((await h.op('getYoutubePlaylistVideos', { input: { playlistId: BETA_PLAYLIST } }, { tenant: 'beta' })).data.getYoutubePlaylistVideos.edges
      .map((e: any) => e.node.youtubeId)).toEqual(['ccccccccccc']);
  });

  it("refuses another tenant's playlist", async () => {
    const r = await h.op('getYoutubePlaylistVideos', { input: { playlistId: BETA_PLAYLIST } });
    expect(r.error!.extensions.code).toBe('NOT_FOUND');
    expect(JSON.stringify(r.body)).not.toContain('ccccccccccc');
  });

  it('names the field of bad input', async () => {
    expect((await h.op('getYoutubePlaylistVideos', { input: {} })).error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.playlistId' });
    const bad = await h.op('getYoutubePlaylistVideos', { input: { playlistId: 'no spaces allowed' } });
    expect(bad.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.playlistId' });
    expect(bad.error!.message).toMatch(/playlist id/);
  });
});

describe('getBlueConicRecommendations', () => {
  const ALPHA_FIRST = 10_010_001;
  // The fixture puts even-numbered items (1st, 3rd, …) in section 103, the others in 104.
  const SAME_SECTION = [10_010_003, 10_010_005, 10_010_007, 10_010_009, 10_010_011];

  it("answers the recommender's items for a live item: same section first, four by default", async () => {
    const recs = (await h.op('getBlueConicRecommendations', { input: { contentId: ALPHA_FIRST } })).data.getBlueConicRecommendations;
    expect(recs).toHaveLength(4);
    for (const r of recs) {
      expect(SAME_SECTION).toContain(r.contentId);
      expect(r.id).toBe(`masthead:${r.contentId}`);
      expect(r).toMatchObject({ name: expect.stringMatching(/^Carriers adjust capacity/), url: expect.stringMatching(/^\//), trackingUrl: null });
      expect(r.score).toBeGreaterThan(0);
    }
    // Newest first among equal matches.
    expect(recs.map((r: any) => r.contentId)).toEqual([10_010_011, 10_010_009, 10_010_007, 10_010_005]);
    const fewer = (await h.op('getBlueConicRecommendations', { input: { contentId: ALPHA_FIRST, limit: 2, excludeContentIds: [10_010_011] } })).data.getBlueConicRecommendations;
    expect(fewer.map((r: any) => r.contentId)).toEqual([10_010_009, 10_010_007]);
  });

  it("refuses another tenant's item and an item that is not live", async () => {
    expect((await h.op('getBlueConicRecommendations', { input: { contentId: 10_020_001 } })).error!.extensions.code).toBe('NOT_FOUND');
    // The fixture's twelfth item is not published (status 2).
    expect((await h.op('getBlueConicRecommendations', { input: { contentId: 10_010_012 } })).error!.extensions.code).toBe('NOT_FOUND');
    const beta = (await h.op('getBlueConicRecommendations', { input: { contentId: 10_020_001 } }, { tenant: 'beta' })).data.getBlueConicRecommendations;
    expect(beta.length).toBe(4);
    for (const r of beta) expect(Math.floor(r.contentId / 1000)).toBe(10_020);
  });

  it('names the field of bad input', async () => {
    expect((await h.op('getBlueConicRecommendations', { input: {} })).error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.contentId' });
    expect((await h.op('getBlueConicRecommendations', { input: { contentId: ALPHA_FIRST, limit: 0 } })).error!.extensions).toMatchObject({ field: 'input.limit' });
    expect((await h.op('getBlueConicRecommendations', { input: { contentId: ALPHA_FIRST, excludeContentIds: [-1] } })).error!.extensions.field).toMatch(/^input\.excludeContentIds/);
  });
});

describe('the anonymous answer cache', () => {
  it('keeps one shared answer per public block-data read, and none for staff', async () => {
    const reads: [string, Record<string, unknown>][] = [
      ['getWebsiteSectionBasic', { alias: 'markets/ocean-freight' }],
      ['getRSSFeedContentStream', { input: { url: ALPHA_FEED, limit: 2 } }],
      ['getYoutubePlaylistVideos', { input: { playlistId: PLAYLIST, pagination: { limit: 1 } } }],
      ['getBlueConicRecommendations', { input: { contentId: 10_010_001, limit: 2 } }],
    ];
    const kept = () => h.app.api.services.responses.size;
    for (const [name, variables] of reads) {
      const before = kept();
      const first = await h.op(name, variables);
      expect(first.error, name).toBeUndefined();
      expect(kept(), `${name} is kept`).toBe(before + 1);
      expect((await h.op(name, variables)).body, name).toEqual(first.body);
      expect(kept(), `${name} is answered from the cache`).toBe(before + 1);
      await h.op(name, variables, { as: 'alphaEditor' });
      expect(kept(), `${name} for staff is not kept`).toBe(before + 1);
    }
  });
});
