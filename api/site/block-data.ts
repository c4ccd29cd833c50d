// Block data and the ad-pattern admin view (issue 42; admin §7.3, public §7 "Page service"): the
// operations that answer what the build already makes of the same data at build time.
// - getRSSFeedContentStream: an RSS feed block's items from the feed cache's last good copy
//   (engine/build/feeds.ts), only for a feed one of the tenant's layouts reads.
// - getYoutubePlaylistVideos: a video playlist block's videos (engine/build/playlists.ts: the cached
//   playlist copy, with the tenant's YouTube key, then the block's stored videos).
// - getBlueConicRecommendations: the related-content block's recommendations (Masthead's
//   recommender, engine/domain/recommend.ts) as public §3 "Personalisation recommendation"s.
// - getAdUnitAdminPatternStream: ad-unit patterns with the one the build fills unit paths from and
//   the paths it gives the tenant's units (engine/domain/ads.ts adUnitPath).
// The first three are public reads of the request's tenant and never fetch anything: they read the
// tenant's live build index (secondary.ts resolveContext), so another tenant's feed, playlist or item
// answers NOT_FOUND.
import { z } from 'zod';
import { AppError } from '../../engine/domain/errors';
import { adUnitPath } from '../../engine/domain/ads';
import { RSS_FEED_LIMIT, rssFeedDataSchema, youtubePlaylistIdSchema } from '../../engine/domain/layout';
import { parseInput, withoutNulls } from '../../engine/domain/validation';
import { playlistVideoData, recommendationsFor, rssFeedItems } from '../../engine/build/front-door';
import { listAdUnits } from '../../engine/store/queries/ad-units';
import { listAdUnitPatterns } from '../../engine/store/queries/site-config';
import { requireTenantPermission } from '../../engine/services/kernel/access';
import type { GqlContext } from '../context';
import { clampLimit, connection, skipOf } from '../../engine/services/kernel/paging';
import { resolveContext } from './secondary';

/** Most videos a playlist answer holds (a block stores at most 50, plus the cached copy). */
export const PLAYLIST_VIDEO_CAP = 100;
/** Most recommendations one request asks for (a related-content block shows at most 20). */
export const RECOMMENDATION_CAP = 20;
const PATTERN_CAP = 1000;

const page = z.strictObject({ limit: z.number().int().optional(), skip: z.number().int().min(0).optional(), after: z.string().max(8).optional() }).default({});
const limitOf = (max: number) => z.number().int().min(1, `Must be 1 to ${max}`).max(max, `Must be 1 to ${max}`);

const rssInput = z.strictObject({ url: rssFeedDataSchema.shape.url, limit: limitOf(RSS_FEED_LIMIT).default(5), showSummary: z.boolean().default(false) });
const playlistInput = z.strictObject({ playlistId: youtubePlaylistIdSchema, pagination: page });
const recommendationInput = z.strictObject({
  contentId: z.number().int().positive('Must be a content id'),
  limit: limitOf(RECOMMENDATION_CAP).optional(),
  excludeContentIds: z.array(z.number().int().positive()).max(2000, 'At most 2000 ids').default([]),
});
const patternInput = z.strictObject({ type: z.enum(['layout-block']).optional(), pagination: page });

const parse = <S extends z.ZodType>(schema: S, input: unknown) => parseInput(schema, withoutNulls(input ?? {}), 'input');

export const blockDataQueries = {
  async getRSSFeedContentStream(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
    const f = parse(rssInput, a.input);
    const items = rssFeedItems(await resolveContext(ctx), f);
    if (!items) throw new AppError('NOT_FOUND', { entity: 'RSS feed', id: f.url });
    return connection(items, 0, items.length);
  },
  async getYoutubePlaylistVideos(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
    const f = parse(playlistInput, a.input);
    const videos = playlistVideoData(await resolveContext(ctx), f.playlistId);
    if (!videos) throw new AppError('NOT_FOUND', { entity: 'YouTube playlist', id: f.playlistId });
    const limit = clampLimit(f.pagination.limit, PLAYLIST_VIDEO_CAP, PLAYLIST_VIDEO_CAP);
    const skip = skipOf(f.pagination);
    const rows = videos.slice(skip, skip + limit).map((v) => ({
      youtubeId: v.youtubeId, title: v.title, url: `https://www.youtube.com/watch?v=${v.youtubeId}`, embedUrl: `https://www.youtube-nocookie.com/embed/${v.youtubeId}`,
    }));
    return connection(rows, skip, videos.length);
  },
  async getBlueConicRecommendations(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
    const f = parse(recommendationInput, a.input);
    const recs = recommendationsFor(await resolveContext(ctx), { contentId: f.contentId, limit: f.limit, exclude: f.excludeContentIds });
    if (!recs) throw new AppError('NOT_FOUND', { entity: 'Content', id: f.contentId });
    return recs.map((r) => ({
      id: r.id, contentId: r.item.id, type: r.item.type, name: r.item.title, description: r.item.teaser || null, image: r.item.image?.src ?? null,
      publicationDate: r.item.dateTime, url: r.item.href, trackingUrl: null, score: r.score,
    }));
  },
  async getAdUnitAdminPatternStream(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
    const tenant = await ctx.tenant();
    requireTenantPermission(await ctx.actor(), tenant.tenantKey, ['view_ad_unit_patterns', 'manage_ad_unit_patterns']);
    const f = parse(patternInput, a.input);
    const db = ctx.services.store.db;
    const all = (await listAdUnitPatterns(db, { tenantKey: tenant.tenantKey, limit: PATTERN_CAP, skip: 0 })).rows.filter((p) => !f.type || p.type === f.type);
    // The build reads the tenant's first layout-block pattern by id (engine/store/site-reader.ts).
    const used = all.filter((p) => p.type === 'layout-block').reduce<number | null>((min, p) => (min === null || p.id < min ? p.id : min), null);
    const units = await listAdUnits(db, tenant.tenantKey);
    const limit = clampLimit(f.pagination.limit, 100, PATTERN_CAP);
    const skip = skipOf(f.pagination);
    const rows = all.slice(skip, skip + limit).map((p) => ({
      ...p,
      inUse: p.id === used,
      unitPaths: units.map((u) => ({ key: u.key, path: adUnitPath(p.pattern, { tenantKey: tenant.tenantKey, key: u.key, useSectionAlias: u.useSectionAlias, section: null }) })),
    }));
    return connection(rows, skip, all.length);
  },
};
