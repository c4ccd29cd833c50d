// The input keys (../deps.ts) a resolved page read: its content, sections and lists, its layout's
// blocks' pools, and its recommendations.
import type { PageView } from '../../../site/model';
import type { BuildContent } from '../types';
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

/** The input keys a resolved page read. */
export function pageDeps(ctx: ResolveContext, page: PageView, self?: BuildContent): string[] {
  const keys = new Set<string>(['settings', 'menus', 'layouts', 'home', 'assets', `layout:${page.layoutId ?? 0}`]);
  const addSection = (id: number | null | undefined) => {
    if (id === null || id === undefined) return;
    keys.add(`s:${id}`);
    for (const s of sectionChain(ctx, id)) keys.add(`s:${s.id}`);
  };
  if (ctx.homeSection) keys.add(`s:${ctx.homeSection.id}`);
  else if (page.kind !== 'print') keys.add('list:all');
  for (const id of page.inputs.contentIds) {
    keys.add(`c:${id}`);
    addSection(ctx.contentById.get(id)?.sectionId);
  }
  if (self) {
    keys.add(`c:${self.id}`);
    keys.add(`mag:c:${self.id}`);
    addSection(self.sectionId);
    for (const id of self.relatedIds ?? []) keys.add(`c:${id}`);
    for (const a of self.authors) keys.add(`pa:${a.id}`);
    for (const k of recommendationDeps(ctx, self.id)) keys.add(k);
  }
  for (const id of page.inputs.sectionIds) {
    keys.add(`list:${id}`);
    addSection(id);
  }
  for (const k of layoutBlockKeys(ctx, page.layoutId)) keys.add(k);
  return [...keys].sort();
}

/** The input keys of an issue or publication page: pageDeps plus its own magazine key. */
export function magazinePageDeps(ctx: ResolveContext, page: PageView, key: string): string[] {
  return [...new Set([...pageDeps(ctx, page), key])].sort();
}
