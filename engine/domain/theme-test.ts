// The theme test pages (issue 22; admin §2.2 /admin/test and /admin/test-form-api): what they show,
// shared by the renderer (engine/build/stages/theme-test-page.ts) and the admin screens.
import type { BlockType } from './layout';

/** blocks: every layout block type (/admin/test); forms: every site form (/admin/test-form-api). */
export const THEME_TEST_KINDS = ['blocks', 'forms'] as const;
export type ThemeTestKind = (typeof THEME_TEST_KINDS)[number];

/** What each block type is called on the test page (the layout editor's names). */
export const BLOCK_LABELS: Record<BlockType, string> = {
  content_list: 'Content list', content_hero: 'Content hero', content_body: 'Content body', primary_image: 'Primary image',
  related_content: 'Related content', html: 'HTML', image_grid: 'Image grid', newsletter_subscribe: 'Newsletter subscribe',
  ad_slot: 'Ad slot', gating_form: 'Gating form', load_more: 'Load more', issue_list: 'Magazine issues',
  image_gallery: 'Image gallery', video_player: 'Video player', document_download: 'Document download',
  webinar_link: 'Webinar link', event_list: 'Event and webinar list', rss_feed: 'RSS feed',
  carousel: 'Carousel', video_playlist: 'Video playlist', company_videos: 'Company videos', us_map: 'US map', comments: 'Comments', content_sidebars: 'Content sidebars',
  inquiry_form: 'Inquiry form',
};

/** The forms of the site, in the order the forms page shows them. */
export const THEME_TEST_FORMS = ['Newsletter subscribe', 'Registration (gating form)', 'Member login', 'Subscribe pane'] as const;
