// The input keys (../deps.ts) a resolved page read: its content, sections and lists, its layout's
// blocks' pools, and its recommendations.
import type { PageView } from '../../../site/model';
import type { BuildContent } from '../types';
import type { DepKeys } from '../caches';
import { playlistKey } from '../playlists';
import { sectionChain, type ResolveContext } from './resolve-context';
import { recommendationDeps } from './blocks/related';

/**
 * The keys a page's layout blocks read beyond what the page records: the sections its list blocks
 * name (their activation changes the page), the publications its issue lists show, and the pools
 * event lists and company videos pick from (a new event or video changes the page).
 */
function layoutBlockKeys(ctx: ResolveContext, layoutId: number | null): string[] {
  const layout = (ctx.index.layouts ?? []).find((l) => l.id === layoutId);
  if (!layout) return [];
  const keys: string[] = [];
  for (const row of layout.primaryGrid.rows) {
    for (const col of row.columns) {
      for (const b of col.blocks) {
        if (b.type === 'content_list' && typeof b.data.section === 'number') keys.push(`s:${b.data.section}`, `list:${b.data.section}`);
        else if (b.type === 'issue_list') keys.push(`mag:p:${b.data.publicationId}`);
        else if (b.type === 'event_list') keys.push('events');
        else if (b.type === 'company_videos') keys.push('videos');
        else if (b.type === 'rss_feed') keys.push(`feed:${b.data.url}`);
        else if (b.type === 'video_playlist' && b.data.playlistId) keys.push(`feed:${playlistKey(b.data.playlistId)}`);
      }
    }
  }
  return keys;
}

/**
 * The keys pageDeps takes from the tenant alone, kept per resolve context (one index's snapshot; an
 * incremental update makes a new context): a section's key with its chain's, a listed item's key
 * with its section's, a layout's block keys. pageDeps runs twice per item (page and print view);
 * building each key string again was most of its cost.
 */
function depKeys(ctx: ResolveContext): DepKeys {
  let m = ctx.caches.depKeys.get(ctx);
  if (!m) ctx.caches.depKeys.set(ctx, (m = { sections: new Map(), contents: new Map(), layouts: new Map() }));
  return m;
}

/** `s:<id>` of a section and of the sections of its chain (sectionChain). */
function sectionKeys(ctx: ResolveContext, m: DepKeys, id: number): readonly string[] {
  let keys = m.sections.get(id);
  if (!keys) m.sections.set(id, (keys = [`s:${id}`, ...sectionChain(ctx, id).map((s) => `s:${s.id}`)]));
  return keys;
}

/** `c:<id>` of a listed item and its section's keys. */
function contentKeys(ctx: ResolveContext, m: DepKeys, id: number): readonly string[] {
  let keys = m.contents.get(id);
  if (!keys) {
    const sectionId = ctx.contentById.get(id)?.sectionId;
    m.contents.set(id, (keys = sectionId === null || sectionId === undefined ? [`c:${id}`] : [`c:${id}`, ...sectionKeys(ctx, m, sectionId)]));
  }
  return keys;
}

/** The input keys a resolved page read. */
export function pageDeps(ctx: ResolveContext, page: PageView, self?: BuildContent): string[] {
  const m = depKeys(ctx);
  const keys = new Set<string>(['settings', 'menus', 'layouts', 'home', 'assets', `layout:${page.layoutId ?? 0}`]);
  const addAll = (list: readonly string[]) => { for (const k of list) keys.add(k); };
  if (ctx.homeSection) keys.add(`s:${ctx.homeSection.id}`);
  else if (page.kind !== 'print') keys.add('list:all');
  for (const id of page.inputs.contentIds) addAll(contentKeys(ctx, m, id));
  if (self) {
    keys.add(`c:${self.id}`);
    keys.add(`mag:c:${self.id}`);
    if (self.sectionId !== null && self.sectionId !== undefined) addAll(sectionKeys(ctx, m, self.sectionId));
    for (const id of self.relatedIds ?? []) keys.add(`c:${id}`);
    for (const a of self.authors) keys.add(`pa:${a.id}`);
    addAll(recommendationDeps(ctx, self.id));
  }
  for (const id of page.inputs.sectionIds) {
    keys.add(`list:${id}`);
    addAll(sectionKeys(ctx, m, id));
  }
  let block = m.layouts.get(page.layoutId);
  if (!block) m.layouts.set(page.layoutId, (block = layoutBlockKeys(ctx, page.layoutId)));
  addAll(block);
  return [...keys].sort();
}

/** The input keys of an issue or publication page: pageDeps plus its own magazine key. */
export function magazinePageDeps(ctx: ResolveContext, page: PageView, key: string): string[] {
  return [...new Set([...pageDeps(ctx, page), key])].sort();
}
