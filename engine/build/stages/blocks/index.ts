// The one dispatch of layout blocks (public §3 "Grid", §4 "Blocks dropped when empty"): each block
// type to its resolver, grouped by what they resolve — lists.ts (schedule lists, carousels, load
// more, issue lists), related.ts (related content and the recommender), events.ts, media.ts,
// feeds.ts (remote RSS feeds and playlists), content.ts (the page's own content and fixed
// markup), forms.ts; ad slots go to resolve-ads.ts. A resolver returns the block's view, or null
// when the block drops.
import type { Block } from '../../../domain/layout';
import type { BlockView } from '../../../../site/model';
import { blockAdSlot } from '../resolve-ads';
import type { ResolveContext } from '../resolve-context';
import { adEnvOf, settingsView, type GridState, type PageEnv } from './common';
import { resolveComments, resolveContentBody, resolveContentHero, resolveContentSidebars, resolveHtml, resolvePrimaryImage, resolveUsMap } from './content';
import { resolveEventList, resolveWebinarLink } from './events';
import { resolveRssFeed, resolveVideoPlaylist } from './feeds';
import { resolveGatingForm, resolveInquiryForm, resolveNewsletterSubscribe } from './forms';
import { resolveCarousel, resolveIssueList, resolveList, resolveLoadMore } from './lists';
import { resolveCompanyVideos, resolveDocument, resolveGallery, resolveImageGrid, resolveVideo } from './media';
import { resolveRelated } from './related';

export { appendLoadMore } from './lists';
export { adEnvOf, link, pagePath, settingsView, type GridState, type PageEnv } from './common';

function resolveBlock(ctx: ResolveContext, b: Block, env: PageEnv, st: GridState): BlockView | null {
  switch (b.type) {
    case 'content_list': return resolveList(ctx, b, env, st);
    case 'content_hero': return resolveContentHero(b, env);
    case 'content_body': return resolveContentBody(b, env);
    case 'primary_image': return resolvePrimaryImage(b, env);
    case 'related_content': return resolveRelated(ctx, b, env, st);
    case 'html': return resolveHtml(ctx, b);
    case 'image_grid': return resolveImageGrid(ctx, b);
    case 'newsletter_subscribe': return resolveNewsletterSubscribe(ctx, b);
    case 'ad_slot': {
      // The block names an ad unit by key; without that unit (or when the page may not have it) the block is dropped.
      const slot = blockAdSlot(ctx, adEnvOf(env), b.data.slot, b.id);
      return slot ? { kind: 'ad', id: b.id, settings: settingsView(b.settings), slot } : null;
    }
    case 'gating_form': return resolveGatingForm(b, env);
    case 'load_more': return resolveLoadMore(b, env, st);
    case 'image_gallery': return resolveGallery(ctx, b, env);
    case 'video_player': return resolveVideo(b, env);
    case 'document_download': return resolveDocument(ctx, b, env);
    case 'webinar_link': return resolveWebinarLink(b, env);
    case 'inquiry_form': return resolveInquiryForm(ctx, b, env);
    case 'issue_list': return resolveIssueList(ctx, b);
    case 'event_list': return resolveEventList(ctx, b, st.used);
    case 'rss_feed': return resolveRssFeed(ctx, b);
    case 'carousel': return resolveCarousel(ctx, b, env, st);
    case 'video_playlist': return resolveVideoPlaylist(ctx, b);
    case 'company_videos': return resolveCompanyVideos(ctx, b, env, st.used);
    case 'us_map': return resolveUsMap(b, env);
    case 'comments': return resolveComments(ctx, b, env);
    case 'content_sidebars': return resolveContentSidebars(b, env);
  }
}

/** Blocks whose view is the same on every page: resolved once per layout block and shared. */
const STATIC_BLOCKS = new Set<Block['type']>(['html', 'image_grid', 'newsletter_subscribe']);

/** A layout block's view on this page, or null when it drops. */
export function blockView(ctx: ResolveContext, b: Block, env: PageEnv, st: GridState): BlockView | null {
  if (!STATIC_BLOCKS.has(b.type)) return resolveBlock(ctx, b, env, st);
  let view = ctx.staticBlocks.get(b);
  if (view === undefined) {
    view = resolveBlock(ctx, b, env, st);
    ctx.staticBlocks.set(b, view);
  }
  return view;
}
