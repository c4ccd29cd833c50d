// Grids → resolved rows (public §3 "Grid", §4 "Blocks dropped when empty", "Layout remapping").
// Blocks resolve in reading order (or the row's columnPriority), each list skipping content the
// page already shows (usedContentIds); blocks without data are dropped (blocks/: one resolver per
// block type, grouped by what they resolve), then empty columns, then empty rows; row layouts are
// remapped (1_3→1_2, 3_1→2_1, 1_2_1→1_1_1) and narrowed to the columns left.
import type { Grid } from '../../domain/layout';
import { ROW_LAYOUTS, remapRowLayout, type RowLayout } from '../../domain/rows';
import type { BlockView, RowView } from '../../../site/model';
import type { ResolveContext } from './resolve-context';
import { appendLoadMore, blockView, link, type GridState, type PageEnv } from './blocks';

export interface GridResult { rows: RowView[]; used: Set<number>; sectionIds: Set<number>; pages: number }

/** The layout of a row after some columns were dropped: the kept parts if that is a layout, else equal parts. */
export function narrowLayout(layout: RowLayout, kept: number[]): RowLayout {
  const parts = layout.split('_');
  if (kept.length === parts.length) return layout;
  if (kept.length <= 1) return '1';
  const joined = kept.map((i) => parts[i]).join('_');
  if ((ROW_LAYOUTS as readonly string[]).includes(joined)) return remapRowLayout(joined as RowLayout);
  return (['1_1', '1_1_1', '1_1_1_1'] as const)[kept.length - 2] ?? '1_1_1_1';
}

function columnOrder(count: number, priority: number[] | undefined): number[] {
  const natural = Array.from({ length: count }, (_, i) => i);
  if (!priority?.length) return natural;
  const first = priority.filter((i, at) => i < count && priority.indexOf(i) === at);
  return [...first, ...natural.filter((i) => !first.includes(i))];
}

/** Resolves a grid for a page. `used` starts with what the page already shows (its own content). */
export function resolveGrid(ctx: ResolveContext, grid: Grid, env: PageEnv, used: Set<number>): GridResult {
  const st: GridState = { used, sectionIds: new Set(), pages: 1, paginated: false };
  const rows: RowView[] = [];
  for (const row of grid.rows) {
    const layout = remapRowLayout(row.settings.layout);
    const resolved: BlockView[][] = row.columns.map(() => []);
    for (const c of columnOrder(row.columns.length, row.settings.columnPriority)) {
      for (const b of row.columns[c]?.blocks ?? []) {
        const view = blockView(ctx, b, env, st);
        if (view) resolved[c]!.push(view);
      }
    }
    const kept = resolved.map((blocks, i) => (blocks.length ? i : -1)).filter((i) => i >= 0);
    if (kept.length === 0) continue;
    const title = row.settings.title?.trim() || null;
    rows.push({
      layout: narrowLayout(layout, kept),
      title,
      link: title && row.settings.link ? link(row.settings.link, title) : null,
      width: row.settings.width,
      backgroundColor: row.settings.backgroundColor ?? null,
      textColor: row.settings.textColor ?? null,
      columns: kept.map((i) => ({ blocks: resolved[i]! })),
    });
  }
  appendLoadMore(rows, grid, env, used);
  return { rows, used, sectionIds: st.sectionIds, pages: st.pages };
}
