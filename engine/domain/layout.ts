// Layouts, grids, rows, columns and blocks (admin §3.1, public §3 "Grid"). Grids are stored as
// validated JSON; the same schema checks fixtures, API input and the admin's layout editor.
import { z } from 'zod';
import {
  CONTENT_TYPES, LAYOUT_AD_EXCLUSIONS, LAYOUT_TYPES, LOAD_MORE_TYPES, SCHEDULE_OPTIONS,
} from './enums';
import { ISSUE_LIST_DISPLAYS } from './magazine';
import { hexColor } from './settings';
import { ROW_LAYOUTS, columnCount } from './rows';

export { ROW_LAYOUTS, columnCount, remapRowLayout, type RowLayout } from './rows';

export const BLOCK_TYPES = [
  'content_list', 'content_hero', 'content_body', 'primary_image', 'related_content', 'html',
  'image_grid', 'newsletter_subscribe', 'ad_slot', 'gating_form', 'load_more', 'issue_list',
  'image_gallery', 'video_player', 'document_download', 'webinar_link', 'event_list', 'rss_feed',
  'carousel', 'video_playlist', 'company_videos', 'us_map', 'comments', 'content_sidebars', 'inquiry_form',
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const blockSettingsSchema = z.strictObject({
  title: z.string().max(200).optional(),
  link: z.string().optional(),
  colorScheme: z.enum(['default', 'primary', 'secondary', 'dark']).optional(),
  cta: z.strictObject({ text: z.string().optional(), buttonLabel: z.string().optional(), buttonLink: z.string().optional() }).optional(),
  keepInView: z.boolean().optional(),
  trackingId: z.string().max(100).regex(/^[\w.:-]*$/, 'Use letters, digits, _ . : or -').optional(),
  /** An icon image shown before the title (a site path or https URL; decorative). */
  titleIcon: z.string().max(500).optional(),
  method: z.string().max(100).optional(),
});

/** A YouTube video id: 11 characters of A–Z, a–z, 0–9, _ and -. */
export const youtubeIdSchema = z.string().trim().regex(/^[\w-]{11}$/, 'A YouTube video id has 11 letters, digits, _ or -');

/** Image gallery data: media library images after the page's primary image (public §4). */
export const imageGalleryDataSchema = z.strictObject({
  assetIds: z.array(z.number().int().positive()).max(100).default([]),
  /** On a content page, start with the item's primary image (the gallery drops without one). */
  includePrimaryImage: z.boolean().default(true),
});

/** The event and webinar list limit (admin §9). */
export const EVENT_LIST_LIMIT = 100;

/** Event and webinar list data: upcoming (by start date) or past (newest first) events and webinars. */
export const eventListDataSchema = z.strictObject({
  contentTypes: z.array(z.enum(['Event', 'Webinar'])).min(1, 'Pick events, webinars or both').default(['Event', 'Webinar']),
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  limit: z.number().int().min(1).max(EVENT_LIST_LIMIT, `At most ${EVENT_LIST_LIMIT}`).default(10),
  display: z.enum(['list', 'cards', 'compact']).default('list'),
});

/** The most items an RSS feed block shows. */
export const RSS_FEED_LIMIT = 20;

/** RSS feed block data: an external RSS 2.0 or Atom feed, read at build time (engine/build/feeds.ts). */
export const rssFeedDataSchema = z.strictObject({
  url: z.string().trim().max(2000).refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), { message: 'Must be an http(s) address' }),
  limit: z.number().int().min(1, `Must be 1 to ${RSS_FEED_LIMIT}`).max(RSS_FEED_LIMIT, `Must be 1 to ${RSS_FEED_LIMIT}`).default(5),
  showSummary: z.boolean().default(false),
});

/** Video player data: YouTube videos by id, played from the privacy-enhanced domain. */
export const videoPlayerDataSchema = z.strictObject({
  videos: z.array(z.strictObject({ youtubeId: youtubeIdSchema, title: z.string().trim().min(1, 'Field is required').max(200) })).max(50).default([]),
});

/** The most slides a carousel shows. */
export const CAROUSEL_LIMIT = 20;

/** Carousel data: media library images, or content items of a section's schedule (public §4: drops with no slides). */
export const carouselDataSchema = z.strictObject({
  source: z.enum(['images', 'content']).default('images'),
  assetIds: z.array(z.number().int().positive()).max(100).default([]),
  section: z.union([z.number().int().positive(), z.literal('current'), z.literal('home')]).default('current'),
  contentTypes: z.array(z.enum(CONTENT_TYPES)).default([]),
  limit: z.number().int().min(1, `Must be 1 to ${CAROUSEL_LIMIT}`).max(CAROUSEL_LIMIT, `Must be 1 to ${CAROUSEL_LIMIT}`).default(6),
});

/** A YouTube playlist id (PL…, UU…, OL… and the like). */
export const youtubePlaylistIdSchema = z.string().trim().regex(/^[\w-]{10,64}$/, 'A YouTube playlist id has 10 to 64 letters, digits, _ or -');

/** Video playlist data: a YouTube playlist read at build time (with an API key) and the videos stored with the block. */
export const videoPlaylistDataSchema = z.strictObject({
  playlistId: youtubePlaylistIdSchema.optional(),
  videos: videoPlayerDataSchema.shape.videos,
});

/** Company videos: the Video items linked to the page's Company item (either direction). */
export const companyVideosDataSchema = z.strictObject({
  limit: z.number().int().min(1, 'Must be 1 to 20').max(20, 'Must be 1 to 20').default(6),
  display: z.enum(['list', 'cards', 'compact']).default('cards'),
});

/** US map data: each state links to the template with {state} (two-letter code, lower case) or {name} filled in. */
export const usMapDataSchema = z.strictObject({
  linkTemplate: z.string().trim().max(500).refine((v) => /\{(state|name)\}/.test(v) && (v.startsWith('/') || /^https?:\/\//i.test(v)), {
    message: 'A path or http(s) address with {state} or {name} in it',
  }),
});

/** Data of a content list: which schedule to read and how many items. */
export const contentListDataSchema = z.strictObject({
  /** A section id, or "current" for the page's own section (the home page has none). */
  section: z.union([z.number().int().positive(), z.literal('current'), z.literal('home')]).default('current'),
  scheduleOption: z.enum(SCHEDULE_OPTIONS).optional(),
  contentTypes: z.array(z.enum(CONTENT_TYPES)).default([]),
  /** Capped at 100; an invalid value becomes 1 (admin §9). */
  limit: z.number().int().default(6),
  display: z.enum(['list', 'cards', 'compact', 'hero']).default('cards'),
  /** Section listings page over their overflow (…/page/N/). */
  paginate: z.boolean().default(false),
});

/** Data of an issue list: a magazine publication's live issues, newest first, as many as the display allows (single 1, grid 12, list 13; admin §9). */
export const issueListDataSchema = z.strictObject({
  publicationId: z.number({ error: 'Field is required' }).int().positive('Must be a publication id'),
  display: z.enum(ISSUE_LIST_DISPLAYS).default('grid'),
});

const blockBase = { id: z.string().min(1), settings: blockSettingsSchema.default({}) };

export const blockSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...blockBase, type: z.literal('content_list'), data: contentListDataSchema }),
  z.strictObject({ ...blockBase, type: z.literal('content_hero'), data: z.strictObject({}).default({}) }),
  z.strictObject({ ...blockBase, type: z.literal('content_body'), data: z.strictObject({}).default({}) }),
  z.strictObject({ ...blockBase, type: z.literal('primary_image'), data: z.strictObject({}).default({}) }),
  z.strictObject({ ...blockBase, type: z.literal('related_content'), data: z.strictObject({ limit: z.number().int().min(1).max(20).default(4) }).default({ limit: 4 }) }),
  z.strictObject({ ...blockBase, type: z.literal('html'), data: z.strictObject({ html: z.string().max(100_000) }) }),
  z.strictObject({ ...blockBase, type: z.literal('image_grid'), data: z.strictObject({ assetIds: z.array(z.number().int().positive()).default([]) }).default({ assetIds: [] }) }),
  z.strictObject({ ...blockBase, type: z.literal('newsletter_subscribe'), data: z.strictObject({}).default({}) }),
  z.strictObject({ ...blockBase, type: z.literal('ad_slot'), data: z.strictObject({ slot: z.string().min(1), sizes: z.array(z.tuple([z.number().int(), z.number().int()])).default([]) }) }),
  z.strictObject({ ...blockBase, type: z.literal('gating_form'), data: z.strictObject({}).default({}) }),
  z.strictObject({ ...blockBase, type: z.literal('load_more'), data: z.strictObject({}).default({}) }),
  z.strictObject({ ...blockBase, type: z.literal('image_gallery'), data: imageGalleryDataSchema.default({ assetIds: [], includePrimaryImage: true }) }),
  z.strictObject({ ...blockBase, type: z.literal('video_player'), data: videoPlayerDataSchema.default({ videos: [] }) }),
  z.strictObject({ ...blockBase, type: z.literal('document_download'), data: z.strictObject({
    assetId: z.number().int().positive().optional(),
    label: z.string().max(200).optional(),
    /** A gated document (engine/domain/documents.ts): never published, served by the API to readers who pass its gate. */
    gated: z.boolean().optional(),
    /** The memberships that open a gated document (any one of them); without any, registered members pass. */
    membershipIds: z.array(z.number().int().positive()).max(50).optional(),
  }).default({}) }),
  z.strictObject({ ...blockBase, type: z.literal('event_list'), data: eventListDataSchema.default({ contentTypes: ['Event', 'Webinar'], when: 'upcoming', limit: 10, display: 'list' }) }),
  z.strictObject({ ...blockBase, type: z.literal('webinar_link'), data: z.strictObject({ label: z.string().max(100).optional() }).default({}) }),
  z.strictObject({ ...blockBase, type: z.literal('issue_list'), data: issueListDataSchema }),
  z.strictObject({ ...blockBase, type: z.literal('rss_feed'), data: rssFeedDataSchema }),
  z.strictObject({ ...blockBase, type: z.literal('carousel'), data: carouselDataSchema.default({ source: 'images', assetIds: [], section: 'current', contentTypes: [], limit: 6 }) }),
  z.strictObject({ ...blockBase, type: z.literal('video_playlist'), data: videoPlaylistDataSchema.default({ videos: [] }) }),
  z.strictObject({ ...blockBase, type: z.literal('company_videos'), data: companyVideosDataSchema.default({ limit: 6, display: 'cards' }) }),
  z.strictObject({ ...blockBase, type: z.literal('us_map'), data: usMapDataSchema }),
  z.strictObject({ ...blockBase, type: z.literal('comments'), data: z.strictObject({}).default({}) }),
  z.strictObject({ ...blockBase, type: z.literal('content_sidebars'), data: z.strictObject({}).default({}) }),
  /** The inquiry form (RMI): shown only when the tenant runs RMI (settings.rmi); buttonLabel names its submit button. */
  z.strictObject({ ...blockBase, type: z.literal('inquiry_form'), data: z.strictObject({ buttonLabel: z.string().trim().max(100).optional() }).default({}) }),
]);
export type Block = z.output<typeof blockSchema>;

export const rowSettingsSchema = z.strictObject({
  layout: z.enum(ROW_LAYOUTS).default('1'),
  title: z.string().max(200).optional(),
  link: z.string().optional(),
  width: z.enum(['site-width', 'restricted']).default('site-width'),
  backgroundColor: hexColor.optional(),
  textColor: hexColor.optional(),
  columnPriority: z.array(z.number().int().min(0)).optional(),
  displayCondition: z.string().optional(),
  groupBlocks: z.boolean().optional(),
  verticalPadding: z.boolean().optional(),
});

export const columnSchema = z.strictObject({ blocks: z.array(blockSchema).default([]) });

export const rowSchema = z
  .strictObject({ settings: rowSettingsSchema.default({ layout: '1', width: 'site-width' }), columns: z.array(columnSchema).min(1) })
  .refine((row) => row.columns.length === columnCount(row.settings.layout), {
    message: 'Row has a different number of columns than its layout',
    path: ['columns'],
  });

export const gridSchema = z.strictObject({ rows: z.array(rowSchema).default([]) });
export type Grid = z.output<typeof gridSchema>;

const excludeAds = z.strictObject(
  Object.fromEntries(LAYOUT_AD_EXCLUSIONS.map((k) => [k, z.boolean().optional()])) as Record<
    (typeof LAYOUT_AD_EXCLUSIONS)[number],
    z.ZodOptional<z.ZodBoolean>
  >,
);

/** Layout fields (admin §3.1) with the conditional rules checked by refinement. */
export const layoutSchema = z
  .strictObject({
    id: z.number().int().positive(),
    name: z.string().trim().min(1, 'Field is required').max(200),
    type: z.enum(LAYOUT_TYPES),
    key: z.string().optional(),
    /** url-override only: the paths it applies to ("/" is the home page). */
    aliases: z.array(z.string().min(1)).default([]),
    propagate: z.boolean().default(false),
    pageType: z.enum(['home', 'section', 'content', 'issue', 'publication']).optional(),
    contentTypes: z.array(z.enum(CONTENT_TYPES)).default([]),
    /** content-override only: the content items it applies to. */
    contentIds: z.array(z.number().int()).default([]),
    /** section layouts: the sections it is the default for (empty: every section). */
    sectionIds: z.array(z.number().int().positive()).default([]),
    gatingRequirements: z.enum(['omeda', 'membership']).optional(),
    isGlobal: z.boolean().default(false),
    hideHeader: z.boolean().default(false),
    hideFooter: z.boolean().default(false),
    loadMoreType: z.enum(LOAD_MORE_TYPES).default('none'),
    excludeAds: excludeAds.default({}),
    primaryGrid: gridSchema,
    secondaryGrid: gridSchema.optional(),
  })
  .superRefine((l, ctx) => {
    const req = (path: string) => ctx.addIssue({ code: 'custom', message: 'Field is required', path: [path] });
    if (l.type === 'module' && !l.key) req('key');
    if (l.type === 'url-override' && l.aliases.length === 0) req('aliases');
    if (l.type !== 'url-override' && l.aliases.length > 0)
      ctx.addIssue({ code: 'custom', message: 'Only url-override layouts have aliases', path: ['aliases'] });
    if (l.propagate && !l.pageType) req('pageType');
    if ((l.type === 'content-type-override' || l.type === 'content-override') && l.contentTypes.length === 0)
      req('contentTypes');
  });
export type Layout = z.output<typeof layoutSchema>;
export type LayoutInput = z.input<typeof layoutSchema>;
