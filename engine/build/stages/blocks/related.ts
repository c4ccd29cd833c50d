// Related content (public §9 body recommendations): the item's related items, filled up on
// Article, News and Blog pages from the build's recommender, which records what each page read.
import { BODY_RECOMMENDATION_TYPES, ContentRecommender } from '../../../domain/recommend';
import type { BlockView } from '../../../../site/model';
import type { BuildCaches } from '../../caches';
import type { TenantIndex } from '../../types';
import { itemsFor, type ResolveContext } from '../resolve-context';
import { takeUnused } from '../resolve-lists';
import { settingsView, views, type GridState, type Of, type PageEnv } from './common';

/**
 * The build's recommender: indexed once per tenant index (the main thread's fingerprints and each
 * worker's pages share it) on first use. Its ranking does not move with the build's time, and a
 * page records what it read (recommendationDeps), so incremental builds re-render the pages whose
 * recommendations an edit changes, as a full build would.
 */
export function recommenderFor(index: TenantIndex, { recommenders }: BuildCaches): ContentRecommender {
  let r = recommenders.get(index.content);
  if (!r) {
    r = new ContentRecommender(index.content.map((c) => ({ id: c.id, type: c.type, sectionId: c.sectionId, terms: c.terms, published: c.published })), index.now);
    recommenders.set(index.content, r);
  }
  return r;
}
export const recommenderOf = (ctx: ResolveContext): ContentRecommender => recommenderFor(ctx.index, ctx.caches);

/** The dependency keys (engine/build/deps.ts) of the recommendations a content page asked for, if it asked. */
export function recommendationDeps(ctx: ResolveContext, contentId: number): readonly string[] {
  return ctx.caches.consulted.get(ctx)?.get(contentId) ?? [];
}

export function resolveRelated(ctx: ResolveContext, b: Of<'related_content'>, env: PageEnv, st: GridState): BlockView | null {
  const self = env.content;
  if (!self) return null;
  const ids = (self.relatedIds ?? []).filter((id) => id !== self.id && ctx.contentById.has(id));
  const items = views(ctx, takeUnused(ids, b.data.limit, st.used), st.used);
  // Body recommendations (admin §9, public §9): Article, News and Blog pages fill the block up from the recommender.
  let recommended: { provider: string; ids: number[] } | undefined;
  if (items.length < b.data.limit && BODY_RECOMMENDATION_TYPES.includes(self.type)) {
    const recommender = recommenderOf(ctx);
    const recs = recommender.recommendSync({ contentId: self.id, limit: b.data.limit - items.length, exclude: st.used });
    // A fallback item (score 0) came from the newest candidates: the page reads that list too.
    let deps = ctx.caches.consulted.get(ctx);
    if (!deps) ctx.caches.consulted.set(ctx, (deps = new Map()));
    deps.set(self.id, recommender.depsOf(self.id, recs.length < b.data.limit - items.length || recs.some((r) => r.score === 0)));
    const more = views(ctx, recs.map((r) => r.contentId), st.used);
    if (more.length) recommended = { provider: 'masthead', ids: more.map((v) => v.id) };
    items.push(...more);
  }
  return items.length ? { kind: 'related', id: b.id, settings: settingsView(b.settings), items: itemsFor(items, 'compact', ctx.caches), ...(recommended ? { recommended } : {}) } : null;
}
