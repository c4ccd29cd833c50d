// Secondary content paging (public §4, §7 "Page service"): getNextSecondaryGrid resolves the
// layout's secondary grid (custom-click, custom-scroll) and getNextSecondaryPage the next content
// page of a section (page-click, page-scroll), both skipping every item the page already shows.
// Resolution is the build's own (engine/build/resolve-grid) over the tenant's live index, so an
// appended part looks exactly like a prerendered one and never holds a gated or metered body.
import { z } from 'zod';
import { CONTENT_TYPES, type ContentType } from '../../engine/domain/enums';
import type { Block, Grid, Layout } from '../../engine/domain/layout';
import { parseInput, withoutNulls } from '../../engine/domain/validation';
import { load } from '../../engine/build/load';
import { hasPage } from '../../engine/build/pages';
import { contentView, createResolveContext, type ResolveContext } from '../../engine/build/resolve';
import { resolveGrid, type PageEnv } from '../../engine/build/resolve-grid';
import { layoutForContent, layoutForHome, layoutForSection } from '../../engine/build/resolve-layout';
import { clampListLimit } from '../../engine/build/resolve-lists';
import { sanitizeBody } from '../../engine/html/sanitize';
import type { BuildSection } from '../../engine/build/types';
import { contentByIds } from '../../engine/store/queries/content';
import type { GqlContext } from '../context';
import type { SiteSnapshot } from '../site-cache';

type RowView = ReturnType<typeof resolveGrid>['rows'][number];

/** Most ids a caller may send back (8 loads of full pages stay far below this). */
export const MAX_EXCLUDED = 2000;

// One resolve context per site snapshot: a committed change (or the snapshot's lifetime) drops
// the snapshot, and with it this tenant index.
const contexts = new WeakMap<SiteSnapshot, Promise<ResolveContext>>();

async function resolveContext(ctx: GqlContext): Promise<ResolveContext> {
  const site = await ctx.site();
  let rc = contexts.get(site);
  if (!rc) {
    const tenantKey = (await ctx.tenant()).tenantKey;
    rc = load(ctx.services.store, tenantKey, { now: ctx.services.now() }).then(({ index }) => createResolveContext(index));
    contexts.set(site, rc);
    rc.catch(() => contexts.delete(site));
  }
  return rc;
}

const idList = z.array(z.number().int().positive()).max(MAX_EXCLUDED, `At most ${MAX_EXCLUDED} ids`);
const gridInput = z.strictObject({
  layoutId: z.number().int().positive().optional(),
  sectionId: z.number().int().positive().optional(),
  excludeContentIds: idList.default([]),
  excludeIssueIds: idList.default([]),
  defaultContentTypes: z.array(z.enum(CONTENT_TYPES)).max(50).default([]),
});
const pageInput = z.strictObject({
  limit: z.number().int().optional(),
  includeContentTypes: z.array(z.enum(CONTENT_TYPES)).max(50).default([]),
  excludeContentIds: idList.default([]),
  sectionId: z.number().int().positive().optional(),
  sortField: z.enum(['published']).default('published'),
  sortOrder: z.enum(['desc']).default('desc'),
});

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

export async function nextSecondaryGrid(ctx: GqlContext, raw: unknown) {
  const f = parseInput(gridInput, withoutNulls(raw ?? {}), 'gridSettings');
  const rc = await resolveContext(ctx);
  const section = f.sectionId === undefined ? rc.homeSection : rc.sectionById.get(f.sectionId) ?? null;
  const layout = layoutOf(rc, f.layoutId, section);
  const none = { nextSecondaryGrid: null, hasUnderFilledBlocks: true, excludeContentIds: f.excludeContentIds, excludeIssueIds: f.excludeIssueIds };
  if (f.sectionId !== undefined && !section) return none;
  const grid = withDefaultTypes(layout.secondaryGrid ?? layout.primaryGrid, f.defaultContentTypes);
  // "content" turns off list pagination: an appended grid continues the listing instead.
  const env: PageEnv = { kind: 'content', path: section?.path ?? '/', page: 1, section, content: null, contentView: null, layout };
  const used = new Set(f.excludeContentIds);
  const before = used.size;
  const rows = withoutMarkers(resolveGrid(rc, grid, env, used).rows);
  if (used.size === before) return none;
  return { nextSecondaryGrid: { rows }, hasUnderFilledBlocks: underFilled(grid, rows), excludeContentIds: [...used], excludeIssueIds: f.excludeIssueIds };
}

export async function nextSecondaryPage(ctx: GqlContext, raw: unknown) {
  const f = parseInput(pageInput, withoutNulls(raw ?? {}), 'input');
  const rc = await resolveContext(ctx);
  const none = { page: null, usedContentIds: f.excludeContentIds, usedIssueIds: [] as number[] };
  const section = f.sectionId === undefined ? null : rc.sectionById.get(f.sectionId) ?? null;
  if (f.sectionId !== undefined && !section) return none;
  const inSection = section ? new Set(rc.lists.candidates(section.id, undefined, f.includeContentTypes)) : null;
  const types = f.includeContentTypes.length ? new Set<string>(f.includeContentTypes) : null;
  const excluded = new Set(f.excludeContentIds);
  // index.content is newest published first: the spec's sortField published, sortOrder desc.
  const c = rc.index.content.find((x) => !excluded.has(x.id) && hasPage(x) && (!types || types.has(x.type)) && (!inSection || inSection.has(x.id)));
  if (!c) return none;
  const [row] = await contentByIds(ctx.services.store.db, rc.index.tenant.key, [c.id]);
  const view = contentView(rc, c, sanitizeBody(row?.body ?? ''));
  const layout = layoutForContent(rc.layouts, c);
  const env: PageEnv = { kind: 'content', path: c.path, page: 1, section: rc.sectionById.get(c.sectionId) ?? null, content: c, contentView: view, layout };
  const used = new Set([...excluded, c.id]);
  const rows = withoutMarkers(resolveGrid(rc, layout.primaryGrid, env, used).rows);
  return {
    page: { contentId: c.id, path: c.path, heading: c.name, content: view, rows },
    usedContentIds: [...used],
    usedIssueIds: [],
  };
}
