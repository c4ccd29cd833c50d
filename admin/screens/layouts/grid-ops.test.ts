import { describe, expect, it } from 'vitest';
import { gridSchema, type Grid } from '../../../engine/domain/layout';
import {
  addBlock, addRow, gridStats, layoutTracks, moveBlockTo, moveBlockWithin, moveRow, newBlock, removeBlock,
  removeRow, setRowLayout,
} from './grid-ops';

const empty: Grid = { rows: [] };
const ids = (g: Grid, r: number, c: number) => g.rows[r]?.columns[c]?.blocks.map((b) => b.id);

describe('grid editing', () => {
  it('adds rows with as many columns as their layout and stays valid for gridSchema', () => {
    let g = addRow(empty, '2_1');
    g = addRow(g, '1_1_1');
    expect(g.rows.map((r) => r.columns.length)).toEqual([2, 3]);
    g = addBlock(g, 0, 0, newBlock('content_list', 'a'));
    g = addBlock(g, 0, 1, newBlock('html', 'b'));
    g = addBlock(g, 1, 2, newBlock('ad_slot', 'c'));
    expect(gridSchema.safeParse(g).success).toBe(true);
    expect(gridStats(g)).toEqual({ rows: 2, columns: 5, blocks: 3 });
  });
  it('moves and removes rows without touching the input', () => {
    const g = addRow(addRow(empty, '1'), '1_1');
    const moved = moveRow(g, 1, 0);
    expect(moved.rows.map((r) => r.settings.layout)).toEqual(['1_1', '1']);
    expect(g.rows.map((r) => r.settings.layout)).toEqual(['1', '1_1']);
    expect(removeRow(moved, 0).rows.map((r) => r.settings.layout)).toEqual(['1']);
    expect(moveRow(g, 0, 5)).toEqual(g);
  });
  it('changing a row layout keeps every block: dropped columns spill into the last one', () => {
    let g = addRow(empty, '1_1_1');
    g = addBlock(g, 0, 0, newBlock('html', 'a'));
    g = addBlock(g, 0, 1, newBlock('html', 'b'));
    g = addBlock(g, 0, 2, newBlock('html', 'c'));
    const one = setRowLayout(g, 0, '1');
    expect(ids(one, 0, 0)).toEqual(['a', 'b', 'c']);
    const four = setRowLayout(g, 0, '1_1_1_1');
    expect(four.rows[0]?.columns).toHaveLength(4);
    expect(gridSchema.safeParse(one).success && gridSchema.safeParse(four).success).toBe(true);
  });
  it('moves blocks within a column and across columns and rows, and removes them', () => {
    let g = addRow(addRow(empty, '1_1'), '1');
    g = addBlock(g, 0, 0, newBlock('html', 'a'));
    g = addBlock(g, 0, 0, newBlock('html', 'b'));
    g = moveBlockWithin(g, { row: 0, column: 0, block: 1 }, -1);
    expect(ids(g, 0, 0)).toEqual(['b', 'a']);
    g = moveBlockTo(g, { row: 0, column: 0, block: 0 }, 0, 1);
    expect([ids(g, 0, 0), ids(g, 0, 1)]).toEqual([['a'], ['b']]);
    g = moveBlockTo(g, { row: 0, column: 1, block: 0 }, 1, 0);
    expect(ids(g, 1, 0)).toEqual(['b']);
    g = removeBlock(g, { row: 1, column: 0, block: 0 });
    expect(gridStats(g).blocks).toBe(1);
  });
  it('renders a layout as CSS tracks', () => {
    expect(layoutTracks('2_1')).toBe('minmax(0, 2fr) minmax(0, 1fr)');
    expect(layoutTracks('1')).toBe('minmax(0, 1fr)');
  });
});
