// Pure edits of a layout grid for the visual editor: rows, columns and blocks are added, moved and
// removed without mutating the input, and every result keeps each row's column count equal to its
// layout (the rule gridSchema checks).
import {
  BLOCK_TYPES, columnCount, type Block, type BlockType, type Grid, type RowLayout,
} from '../../../engine/domain/layout';

export type Row = Grid['rows'][number];
export type Column = Row['columns'][number];

export interface BlockAddress {
  row: number;
  column: number;
  block: number;
}

export function newBlockId(): string {
  const rnd = Math.random().toString(36).slice(2, 8);
  return `b-${Date.now().toString(36)}-${rnd}`;
}

/** A block of `type` with the data its schema needs. */
export function newBlock(type: BlockType, id: string = newBlockId()): Block {
  const settings = {};
  switch (type) {
    case 'content_list':
      return { id, type, settings, data: { section: 'current', contentTypes: [], limit: 6, display: 'cards', paginate: false } };
    case 'related_content':
      return { id, type, settings, data: { limit: 4 } };
    case 'html':
      return { id, type, settings, data: { html: '' } };
    case 'image_grid':
      return { id, type, settings, data: { assetIds: [] } };
    case 'ad_slot':
      return { id, type, settings, data: { slot: 'layout-block', sizes: [] } };
    case 'image_gallery':
      return { id, type, settings, data: { assetIds: [], includePrimaryImage: true } };
    case 'video_player':
      return { id, type, settings, data: { videos: [] } };
    case 'issue_list':
      // the publication is chosen in the block's settings before it can be applied
      return { id, type, settings, data: { display: 'grid' } } as unknown as Block;
    case 'event_list':
      return { id, type, settings, data: { contentTypes: ['Event', 'Webinar'], when: 'upcoming', limit: 10, display: 'list' } };
    case 'rss_feed':
      // the feed address is given in the block's settings before it can be applied
      return { id, type, settings, data: { url: '', limit: 5, showSummary: false } };
    case 'carousel':
      return { id, type, settings, data: { source: 'images', assetIds: [], section: 'current', contentTypes: [], limit: 6 } };
    case 'video_playlist':
      return { id, type, settings, data: { videos: [] } };
    case 'company_videos':
      return { id, type, settings, data: { limit: 6, display: 'cards' } };
    case 'us_map':
      // the link template is given in the block's settings before it can be applied
      return { id, type, settings, data: { linkTemplate: '' } };
    default:
      return { id, type, settings, data: {} } as Block;
  }
}

export const BLOCK_LABELS: Record<BlockType, string> = {
  content_list: 'Content list',
  content_hero: 'Content hero',
  content_body: 'Content body',
  primary_image: 'Primary image',
  related_content: 'Related content',
  html: 'HTML',
  image_grid: 'Image grid',
  newsletter_subscribe: 'Newsletter signup',
  ad_slot: 'Ad slot',
  gating_form: 'Gating form',
  load_more: 'Load more',
  image_gallery: 'Image gallery',
  video_player: 'Video player',
  document_download: 'Document download',
  webinar_link: 'Webinar link',
  issue_list: 'Magazine issues',
  event_list: 'Event and webinar list',
  rss_feed: 'RSS feed',
  carousel: 'Carousel',
  video_playlist: 'Video playlist',
  company_videos: 'Company videos',
  us_map: 'US map',
  comments: 'Comments',
  content_sidebars: 'Content sidebars',
  inquiry_form: 'Inquiry form',
};
export const BLOCK_TYPE_OPTIONS = BLOCK_TYPES.map((t) => ({ value: t, label: BLOCK_LABELS[t] }));

export function newRow(layout: RowLayout = '1'): Row {
  return {
    settings: { layout, width: 'site-width' },
    columns: Array.from({ length: columnCount(layout) }, () => ({ blocks: [] })),
  };
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

function mapRow(grid: Grid, index: number, fn: (row: Row) => Row): Grid {
  return { ...grid, rows: grid.rows.map((r, i) => (i === index ? fn(r) : r)) };
}

function mapColumn(grid: Grid, row: number, column: number, fn: (col: Column) => Column): Grid {
  return mapRow(grid, row, (r) => ({ ...r, columns: r.columns.map((c, i) => (i === column ? fn(c) : c)) }));
}

export function addRow(grid: Grid, layout: RowLayout = '1', at = grid.rows.length): Grid {
  const rows = [...grid.rows];
  rows.splice(at, 0, newRow(layout));
  return { ...grid, rows };
}

export function removeRow(grid: Grid, index: number): Grid {
  return { ...grid, rows: grid.rows.filter((_, i) => i !== index) };
}

export function moveRow(grid: Grid, from: number, to: number): Grid {
  return { ...grid, rows: move(grid.rows, from, to) };
}

/**
 * Changes a row's layout. Extra columns are added empty; when columns are dropped, their blocks
 * move to the last remaining column so nothing is lost.
 */
export function setRowLayout(grid: Grid, index: number, layout: RowLayout): Grid {
  return mapRow(grid, index, (row) => {
    const want = columnCount(layout);
    let columns = row.columns.map((c) => ({ blocks: [...c.blocks] }));
    if (columns.length > want) {
      const spill = columns.slice(want).flatMap((c) => c.blocks);
      columns = columns.slice(0, want);
      const last = columns[want - 1] as Column;
      columns[want - 1] = { blocks: [...last.blocks, ...spill] };
    }
    while (columns.length < want) columns.push({ blocks: [] });
    return { ...row, settings: { ...row.settings, layout }, columns };
  });
}

export function updateRowSettings(grid: Grid, index: number, patch: Partial<Row['settings']>): Grid {
  return mapRow(grid, index, (row) => ({ ...row, settings: { ...row.settings, ...patch } }));
}

export function addBlock(grid: Grid, row: number, column: number, block: Block): Grid {
  return mapColumn(grid, row, column, (c) => ({ blocks: [...c.blocks, block] }));
}

export function removeBlock(grid: Grid, at: BlockAddress): Grid {
  return mapColumn(grid, at.row, at.column, (c) => ({ blocks: c.blocks.filter((_, i) => i !== at.block) }));
}

export function replaceBlock(grid: Grid, at: BlockAddress, block: Block): Grid {
  return mapColumn(grid, at.row, at.column, (c) => ({ blocks: c.blocks.map((b, i) => (i === at.block ? block : b)) }));
}

/** Moves a block up or down inside its column. */
export function moveBlockWithin(grid: Grid, at: BlockAddress, delta: -1 | 1): Grid {
  return mapColumn(grid, at.row, at.column, (c) => ({ blocks: move(c.blocks, at.block, at.block + delta) }));
}

/** Moves a block to another column (any row), appended at its end or at `index`. */
export function moveBlockTo(grid: Grid, from: BlockAddress, toRow: number, toColumn: number, index?: number): Grid {
  const block = grid.rows[from.row]?.columns[from.column]?.blocks[from.block];
  const target = grid.rows[toRow]?.columns[toColumn];
  if (!block || !target) return grid;
  const without = removeBlock(grid, from);
  return mapColumn(without, toRow, toColumn, (c) => {
    const blocks = [...c.blocks];
    let at = index ?? blocks.length;
    if (toRow === from.row && toColumn === from.column && index !== undefined && index > from.block) at -= 1;
    blocks.splice(Math.max(0, Math.min(at, blocks.length)), 0, block);
    return { blocks };
  });
}

/** CSS grid-template-columns of a row layout: '2_1' is 'minmax(0, 2fr) minmax(0, 1fr)'. */
export function layoutTracks(layout: RowLayout): string {
  // minmax(0, …): a column is never widened by its content (a block's title does not wrap).
  return layout.split('_').map((n) => `minmax(0, ${n}fr)`).join(' ');
}

/** Counts of rows, columns and blocks, for the editor's summary line. */
export function gridStats(grid: Grid): { rows: number; columns: number; blocks: number } {
  let columns = 0;
  let blocks = 0;
  for (const r of grid.rows) {
    columns += r.columns.length;
    for (const c of r.columns) blocks += c.blocks.length;
  }
  return { rows: grid.rows.length, columns, blocks };
}
