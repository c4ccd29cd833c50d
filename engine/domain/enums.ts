// The spec's enumerations (admin §3, public §3). One definition each, used by store, api, admin and site.

export const CONTENT_TYPES = [
  'Article', 'Blog', 'Company', 'Contact', 'Document', 'Event', 'Group', 'MediaGallery', 'News',
  'Page', 'Podcast', 'PressRelease', 'Product', 'Promotion', 'Supplier', 'Venue', 'Video',
  'Webinar', 'Whitepaper',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Content status codes (admin §3.5). */
export const CONTENT_STATUS = { DELETED: 0, PUBLISHED: 1, DRAFT: 2 } as const;
export type ContentStatus = (typeof CONTENT_STATUS)[keyof typeof CONTENT_STATUS];

export const SCHEDULE_OPTIONS = ['Standard', 'Featured', 'Pinned', 'Sponsored', 'Recommended'] as const;
export type ScheduleOption = (typeof SCHEDULE_OPTIONS)[number];

export const TAXONOMY_TYPES = ['Bin', 'Tag', 'Location', 'Organization', 'Person'] as const;
export type TaxonomyType = (typeof TAXONOMY_TYPES)[number];

/** Font choices (admin §3.6): key → label. */
export const FONTS = {
  encode_sans_condensed: 'Encode Sans Condensed',
  fira_sans: 'Fira Sans',
  georgia: 'Georgia',
  ibm_plex_sans: 'IBM Plex Sans',
  open_sans: 'Open Sans',
  poppins: 'Poppins',
  pt_sans: 'PT Sans',
  raleway: 'Raleway',
} as const;
export type FontKey = keyof typeof FONTS;
export const FONT_KEYS = Object.keys(FONTS) as [FontKey, ...FontKey[]];

export const SOCIAL_NETWORKS = [
  'Email', 'Facebook', 'Flipboard', 'Instagram', 'Instapaper', 'Linkedin', 'Other', 'Pinterest',
  'Pocket', 'Quora', 'Reddit', 'Skype', 'Telegram', 'Tumblr', 'Twitter', 'Whatsapp', 'Youtube',
] as const;

export const LAYOUT_TYPES = [
  'content', 'section', 'content-override', 'content-type-override', 'url-override', 'module',
] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];

export const LOAD_MORE_TYPES = ['none', 'custom-click', 'custom-scroll', 'page-click', 'page-scroll'] as const;
export type LoadMoreType = (typeof LOAD_MORE_TYPES)[number];

/** Exclude-ad flags a layout may set (admin §3.1). */
export const LAYOUT_AD_EXCLUSIONS = [
  'welcomeAd', 'headerLeaderboardAd', 'stickyLeaderboardAd', 'contentBodyNativeAd',
  'contentBodyEmbedAd', 'contentListNativeAd', 'reskinAd',
] as const;

export const AD_UNIT_TYPES = [
  'header-leaderboard', 'content-list-native', 'content-body-native', 'content-body-embed',
  'reskin', 'sticky-bottom', 'layout-block',
] as const;
export const AD_PAGE_TYPES = ['page', 'reskin', 'content-body-native', 'content-list-native'] as const;

export const MENU_KEYS = ['header_primary', 'mega_1', 'mega_2', 'affiliated_brands', 'footer'] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

export const NL_BUTTON_MODES = ['flyout', 'membership', 'custom', 'none'] as const;

/** A content type as people write it: "PressRelease" → "Press release", "MediaGallery" → "Media gallery". */
export function contentTypeLabel(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(' ');
  return words.map((w, i) => (i === 0 ? w : w.toLowerCase())).join(' ');
}

/** A value of a content type column, named when it is a content type (other text is left alone). */
export function maybeContentTypeLabel(value: string): string {
  return (CONTENT_TYPES as readonly string[]).includes(value) ? contentTypeLabel(value) : value;
}
