// Planning an edit: which inputs changed (fingerprints of the index against the live build's,
// ../deps.ts) and what they require — pages to remove, and render jobs in two phases (urgent: what
// shows the change itself; deferred: what it merely shifts). Pure but for reading the newsletter
// stamp; holds no state.
import type { Store } from '../../store/connection';
import type { OutputRow, TargetState } from '../../store/queries/builds';
import { newsletterStamp } from '../../store/queries/builds-content';
import { BuildCaches } from '../caches';
import { newsletterCodeHash } from '../config-hash';
import { affectsCrawler, authorGroup, contentGroup, digest, listingGroup, type IndexPatch } from '../deps';
import { fingerprintsOf } from '../stages/fingerprints';
import { magazineGroups } from '../stages/emit-pages';
import { normalizeFromPath, pathsRedirectsClaim } from '../stages/emit-redirects';
import { authorsWithPages, hasPage } from '../stages/pages';
import { createResolveContext, pagePath, type ResolveContext } from '../stages/resolve';
import type { BuildSection, TenantIndex } from '../types';

export type Job =
  | { kind: 'static'; assets: boolean } | { kind: 'shells' } | { kind: 'newsletters' }
  /** Sitemaps, feeds, robots.txt and the route files; routesOnly: the route files alone (stages/crawler.ts isRouteFile). */
  | { kind: 'crawler'; routesOnly?: boolean }
  | { kind: 'content'; id: number }
  /** One author page (stages/resolve-author.ts). */
  | { kind: 'author'; id: number }
  /** A publication or issue page (its group magazine:<kind>:<id>). */
  | { kind: 'magazine'; grp: string }
  /** Listing pages from..to of a group; to null: from..the last page, removing pages past it. */
  | { kind: 'listing'; grp: string; from: number; to: number | null };
export interface EditPlan {
  ctx: ResolveContext; removals: string[]; urgent: Job[]; deferred: Job[];
  /** The page groups a fresh key hits (or that are new): what the edit itself needs re-rendered. */
  freshGroups: Set<string>;
}

export interface ChangedInputs {
  changed: Set<string>;
  /** The fingerprints this computation made (a patched one: of the keys `covers` names). */
  fps: Map<string, string>;
  covers: (key: string) => boolean;
  /** The new fingerprint of each changed key (null: the input is gone), stored with the last phase. */
  inputDelta: Map<string, string | null>;
}

export const DEFAULT_MAX_SHARE = 0.5;

export function sectionOf(ctx: ResolveContext, grp: string): BuildSection | null {
  const id = grp.slice(8);
  return id === 'home' ? null : ctx.sectionById.get(Number(id)) ?? null;
}

/** The input keys whose fingerprint differs from the live build's (a patched index compares only the keys its patch can change). */
export async function changedInputs(
  store: Store, key: string, index: TenantIndex, patched: IndexPatch | null, state: TargetState, contentIds: readonly number[] | undefined,
  caches: BuildCaches = new BuildCaches(),
): Promise<ChangedInputs> {
  const { values: fps, covers } = fingerprintsOf(index, patched ?? undefined, caches);
  fps.set('nl', digest(await newsletterStamp(store, key), newsletterCodeHash(caches)));
  const changed = new Set<string>();
  for (const [k, h] of fps) if (state.inputs.get(k) !== h) changed.add(k);
  for (const k of state.inputs.keys()) if (!fps.has(k) && covers(k)) changed.add(k);
  for (const id of contentIds ?? []) changed.add(`c:${id}`);
  const inputDelta = new Map<string, string | null>();
  for (const k of changed) inputDelta.set(k, fps.get(k) ?? null);
  return { changed, inputDelta, fps, covers };
}

/**
 * True when the plan re-renders more than `maxShare` of the tenant's page groups (a full build is
 * faster). Only groups a fresh key hits count: work an interrupted second phase left over is
 * caught up incrementally, so a stream of edits never turns into a full build that would hold
 * back the next edit for seconds.
 */
export function touchesTooMuch(plan: EditPlan, state: TargetState, maxShare: number): boolean {
  const groups = new Set([...state.outputs.values()].map((o) => o.grp)).size;
  return groups > 0 && plan.freshGroups.size > maxShare * groups;
}

/** A job's identity across plans (a listing job names its page range). */
export function jobKey(j: Job): string {
  if (j.kind === 'listing') return `${j.grp}:${j.from}:${j.to ?? ''}`;
  if (j.kind === 'static') return `static:${j.assets}`;
  if (j.kind === 'crawler') return j.routesOnly ? 'crawler:routes' : 'crawler';
  return jobGroup(j) || j.kind;
}

/** The group a job renders ('' for jobs that render no page group: static files, crawler files, newsletters). */
export function jobGroup(j: Job): string {
  switch (j.kind) {
    case 'content': return contentGroup(j.id);
    case 'author': return authorGroup(j.id);
    case 'listing': case 'magazine': return j.grp;
    case 'shells': return 'shells';
    default: return '';
  }
}

/**
 * What the changed keys require: pages to remove, and render jobs in two phases. `fresh` are the
 * changed keys whose first phase has not been published yet (default: all of them); work that only
 * the others require (left over by an interrupted second phase, tenant-builder.ts) is all deferred.
 */
export function planEdit(
  index: TenantIndex, state: TargetState, changed: Set<string>, fresh: ReadonlySet<string> = changed, caches: BuildCaches = new BuildCaches(),
): EditPlan {
  const ctx = createResolveContext(index, caches);
  const byGroup = new Map<string, OutputRow[]>();
  for (const o of state.outputs.values()) {
    const list = byGroup.get(o.grp);
    if (list) list.push(o);
    else byGroup.set(o.grp, [o]);
  }
  const whole = new Set<string>();
  const pagesOf = new Map<string, Set<string>>();
  const freshGroups = new Set<string>();
  const freshPages = new Set<string>();
  for (const [grp, outs] of byGroup) {
    if (grp === 'crawler' || grp === 'newsletters') continue;
    for (const o of outs) {
      // One pass without allocating: ~13,000 outputs of ~15 keys each at 20,000 items.
      let hit = false;
      let contentOnly = true;
      let freshHit = false;
      for (const d of o.deps) {
        if (!changed.has(d)) continue;
        hit = true;
        if (!d.startsWith('c:')) contentOnly = false;
        if (fresh !== changed && fresh.has(d)) freshHit = true;
      }
      if (!hit) continue;
      if (freshHit) { freshGroups.add(grp); freshPages.add(o.path); }
      if (grp.startsWith('listing:') && contentOnly) {
        const set = pagesOf.get(grp) ?? new Set<string>();
        pagesOf.set(grp, set.add(o.path));
      } else whole.add(grp);
    }
  }
  if (fresh === changed) for (const g of [...whole, ...pagesOf.keys()]) freshGroups.add(g);
  const isFresh = (grp: string, path?: string) => fresh === changed || (path === undefined ? freshGroups.has(grp) : freshPages.has(path));
  // Groups that must exist now, and those that must go.
  const wanted = new Set<string>(['shells', listingGroup(null)]);
  for (const sct of index.sections) if (sct.alias !== 'home') wanted.add(listingGroup(sct.id));
  for (const c of index.content) if (hasPage(c)) wanted.add(contentGroup(c.id));
  for (const id of authorsWithPages(index, ctx.caches).keys()) wanted.add(authorGroup(id));
  for (const g of magazineGroups(ctx)) wanted.add(g);
  for (const g of wanted) if (!byGroup.has(g)) { whole.add(g); freshGroups.add(g); }
  const removals: string[] = [];
  for (const [grp, outs] of byGroup) {
    if (grp === 'crawler' || grp === 'newsletters' || wanted.has(grp)) continue;
    for (const o of outs) removals.push(o.path);
    whole.delete(grp);
    pagesOf.delete(grp);
    freshGroups.delete(grp);
  }
  const urgent: Job[] = [];
  const deferred: Job[] = [];
  if (changed.has('settings') || changed.has('assets')) {
    (fresh.has('settings') || fresh.has('assets') ? urgent : deferred).push({ kind: 'static', assets: changed.has('assets') });
  }
  for (const grp of whole) {
    const now = isFresh(grp) ? urgent : deferred;
    if (grp === 'shells') now.push({ kind: 'shells' });
    else if (grp.startsWith('author:')) now.push({ kind: 'author', id: Number(grp.slice(7)) });
    else if (grp.startsWith('content:')) {
      const id = Number(grp.slice(8));
      (fresh.has(`c:${id}`) || !byGroup.has(grp) ? urgent : deferred).push({ kind: 'content', id });
    } else if (grp.startsWith('magazine:')) now.push({ kind: 'magazine', grp });
    else if (grp.startsWith('listing:')) {
      now.push({ kind: 'listing', grp, from: 1, to: 1 });
      deferred.push({ kind: 'listing', grp, from: 2, to: null });
    }
  }
  for (const [grp, paths] of pagesOf) {
    if (whole.has(grp)) continue;
    const section = sectionOf(ctx, grp);
    const base = section?.path ?? '/';
    for (const path of paths) {
      const n = path === base ? 1 : Number(path.slice(pagePath(base, 2).length - 1));
      (n === 1 && isFresh(grp, path) ? urgent : deferred).push({ kind: 'listing', grp, from: n, to: n });
    }
  }
  // Sitemaps, feeds and the route files follow in the second phase: regenerating them (every
  // sitemap, feed and the /<id> rule of every item) took about half of an edit's first phase at
  // 20,000 items. A changed redirect or setting rewrites them all at once; an edit that removes a
  // page another redirect claims (a stored redirect or old alias, a promotion's path) rewrites the
  // route files at once, so that redirect applies as the page goes.
  if ([...changed].some(affectsCrawler)) {
    if (fresh.has('redirects') || fresh.has('settings')) urgent.push({ kind: 'crawler' });
    else {
      if (removals.length) {
        const claimed = pathsRedirectsClaim(index);
        if (removals.some((p) => claimed.has(normalizeFromPath(p) ?? p))) urgent.push({ kind: 'crawler', routesOnly: true });
      }
      deferred.push({ kind: 'crawler' });
    }
  }
  if (changed.has('nl')) (fresh.has('nl') ? urgent : deferred).push({ kind: 'newsletters' });
  // Newsletter pages show content (manual picks and automatic section lists, with titles, teasers
  // and images): any content or list change may alter them. They follow in the second phase,
  // because an MJML render is too slow for the first.
  // An asset change (a replaced file: new derivative names) may alter the images they show too.
  else if ([...changed].some((k) => k.startsWith('c:') || k.startsWith('list:') || k === 'assets') && [...state.outputs.values()].some((o) => o.grp === 'newsletters')) deferred.push({ kind: 'newsletters' });
  return { ctx, removals, urgent, deferred, freshGroups };
}
