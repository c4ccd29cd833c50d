// Secondary parts of a page asked for after it loaded (public §4, §7 "Page service"): the layout's
// secondary grid (custom-click, custom-scroll) and the next content page of a section (page-click,
// page-scroll), both skipping every item the page already shows. Resolution is the build's own
// (resolve-grid.ts) over the tenant's live index, so an appended part looks exactly like a
// prerendered one and never holds a gated or metered body. Pure but for `bodyOf`.
import type { ContentType } from '../../domain/enums';
import type { Block, Grid, Layout } from '../../domain/layout';
import { sanitizeBody } from '../../html/sanitize';
import type { BuildSection } from '../types';
import { hasPage } from './pages';
import { contentView, type ResolveContext } from './resolve';
import type { PageEnv } from './blocks';
import { resolveGrid } from './resolve-grid';
import { layoutForContent, layoutForHome, layoutForSection } from './resolve-layout';
import { clampListLimit } from './resolve-lists';

type RowView = ReturnType<typeof resolveGrid>['rows'][number];

export interface SecondaryGridRequest {
  layoutId?: number | undefined; sectionId?: number | undefined;
  excludeContentIds: number[]; defaultContentTypes: ContentType[];
}
export interface SecondaryGrid { rows: RowView[]; hasUnderFilledBlocks: boolean; usedContentIds: number[] }

export interface NextPageRequest {
  sectionId?: number | undefined; includeContentTypes: ContentType[]; excludeContentIds: number[];
}
export interface NextPage {
  page: { contentId: number; path: string; heading: string; content: ReturnType<typeof contentView>; rows: RowView[] };
  usedContentIds: number[];
}

/** Rows without load-more markers: the island that asked is the only one on the page. */
function withoutMarkers(rows: RowView[]): RowView[] {
  return rows.flatMap((r) => {
    const columns = r.columns.map((c) => ({ blocks: c.blocks.filter((b) => !(b.kind === 'island' && b.island === 'load-more')) }))
      .filter((c) => c.blocks.length > 0);
    return columns.length ? [{ ...r, columns }] : [];
  });
}

function eachList(grid: Grid, fn: (b: Extract<Block, { type: 'content_list' }>) => void): void {
  for (const r of grid.rows) for (const c of r.columns) for (const b of c.blocks) if (b.type === 'content_list') fn(b);
}

/** The grid with list blocks that name no types taking the default types instead. */
function withDefaultTypes(grid: Grid, types: ContentType[]): Grid {
  if (types.length === 0) return grid;
  return {
    ...grid,
    rows: grid.rows.map((r) => ({
      ...r,
      columns: r.columns.map((c) => ({
        ...c,
        blocks: c.blocks.map((b) => (b.type === 'content_list' && !b.data.contentTypes?.length ? { ...b, data: { ...b.data, contentTypes: types } } : b)),
      })),
    })),
  } as Grid;
}

/** A list block showing fewer items than its limit (or dropped for lack of items). */
function underFilled(grid: Grid, rows: RowView[]): boolean {
  const shown = new Map<string, number>();
  for (const r of rows) for (const c of r.columns) for (const b of c.blocks) if (b.kind === 'list') shown.set(b.id, b.items.length);
  let under = false;
  eachList(grid, (b) => { if ((shown.get(b.id) ?? 0) < clampListLimit(b.data.limit)) under = true; });
  return under;
}

function layoutOf(rc: ResolveContext, layoutId: number | undefined, section: BuildSection | null): Layout {
  const byId = layoutId === undefined ? undefined : rc.index.layouts?.find((l) => l.id === layoutId);
  if (byId) return byId;
  return section ? layoutForSection(rc.layouts, section.id, section.path) : layoutForHome(rc.layouts);
}

/** The layout's secondary grid (else its primary) without the excluded items; null when nothing new is left. */
export function resolveSecondaryGrid(rc: ResolveContext, f: SecondaryGridRequest): SecondaryGrid | null {
  const section = f.sectionId === undefined ? rc.homeSection : rc.sectionById.get(f.sectionId) ?? null;
  if (f.sectionId !== undefined && !section) return null;
  const layout = layoutOf(rc, f.layoutId, section);
  const grid = withDefaultTypes(layout.secondaryGrid ?? layout.primaryGrid, f.defaultContentTypes);
  // "content" turns off list pagination: an appended grid continues the listing instead.
  const env: PageEnv = { kind: 'content', path: section?.path ?? '/', page: 1, section, content: null, contentView: null, layout };
  const used = new Set(f.excludeContentIds);
  const before = used.size;
  const rows = withoutMarkers(resolveGrid(rc, grid, env, used).rows);
  if (used.size === before) return null;
  return { rows, hasUnderFilledBlocks: underFilled(grid, rows), usedContentIds: [...used] };
}

/** The newest item not yet shown (of the section and types asked), resolved as its page's primary grid. */
export async function resolveNextPage(rc: ResolveContext, f: NextPageRequest, bodyOf: (id: number) => Promise<string>): Promise<NextPage | null> {
  const section = f.sectionId === undefined ? null : rc.sectionById.get(f.sectionId) ?? null;
  if (f.sectionId !== undefined && !section) return null;
  const inSection = section ? new Set(rc.lists.candidates(section.id, undefined, f.includeContentTypes)) : null;
  const types = f.includeContentTypes.length ? new Set<string>(f.includeContentTypes) : null;
  const excluded = new Set(f.excludeContentIds);
  // index.content is newest published first: the spec's sortField published, sortOrder desc.
  const c = rc.index.content.find((x) => !excluded.has(x.id) && hasPage(x) && (!types || types.has(x.type)) && (!inSection || inSection.has(x.id)));
  if (!c) return null;
  const view = contentView(rc, c, sanitizeBody(await bodyOf(c.id)));
  const layout = layoutForContent(rc.layouts, c);
  const env: PageEnv = { kind: 'content', path: c.path, page: 1, section: rc.sectionById.get(c.sectionId) ?? null, content: c, contentView: view, layout };
  const used = new Set([...excluded, c.id]);
  const rows = withoutMarkers(resolveGrid(rc, layout.primaryGrid, env, used).rows);
  return { page: { contentId: c.id, path: c.path, heading: c.name, content: view, rows }, usedContentIds: [...used] };
}
