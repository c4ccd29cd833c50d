// Row layouts and their remapping (public §4 "Layout remapping"), without the zod schemas of
// layout.ts, so the render workers can use them without loading zod. layout.ts re-exports these.

/** Row layouts: column widths as parts of the row (e.g. 2_1 is two thirds and one third). */
export const ROW_LAYOUTS = ['1', '1_1', '1_2', '2_1', '1_1_1', '1_1_1_1', '1_3', '3_1', '1_2_1'] as const;
export type RowLayout = (typeof ROW_LAYOUTS)[number];

/** Layout remapping (public §4): 1_3→1_2, 3_1→2_1, 1_2_1→1_1_1. */
export function remapRowLayout(layout: RowLayout): RowLayout {
  switch (layout) {
    case '1_3': return '1_2';
    case '3_1': return '2_1';
    case '1_2_1': return '1_1_1';
    default: return layout;
  }
}

/** Number of columns a row layout has. */
export function columnCount(layout: RowLayout): number {
  return layout.split('_').length;
}
