// The build's front door for the API (api/ may import nothing else of engine/build; the lint rule
// in eslint.config.js enforces it): a page rendered for one request, grids resolved for one
// request, with the same stages as the prerendered site, and the rebuild queue's contract that an
// app is given. Nothing here writes files.
import type { Store } from '../store/connection';
import { load } from './stages/load';
import { createResolveContext, type ResolveContext } from './stages/resolve';

export { draftContent, renderDraftContentPage, type DraftPageRequest } from './stages/draft-page';
export { renderThemeTestPage, THEME_TEST_KINDS, type ThemeTestKind } from './stages/theme-test-page';
export {
  resolveNextPage, resolveSecondaryGrid, type NextPage, type NextPageRequest, type SecondaryGrid, type SecondaryGridRequest,
} from './stages/resolve-secondary';
export { playlistVideoData, recommendationsFor, rssFeedItems, type FeedItemData, type RecommendationData } from './stages/block-data';
export type { BuildContent, TenantIndex } from './types';
/** The rebuild queue's contract (queue/types.ts): apps take one to rebuild after each change. */
export type { QueuedChange, RebuildQueue } from './queue/types';

/** A tenant's live index ready for grid resolution; callers cache it per site snapshot. */
export type SiteResolver = ResolveContext;

export async function loadSiteResolver(store: Store, tenantKey: string, now: number): Promise<SiteResolver> {
  const { index } = await load(store, tenantKey, { now });
  return createResolveContext(index);
}
