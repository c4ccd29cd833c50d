// Pure edits of a campaign grid (admin §3.8): rows of layout 1 or 1_1 (at most two columns), and
// blocks added, moved and removed without mutating the input. Every result keeps each row's column
// count equal to its layout, the rule newsletterGridSchema checks; narrowing a row to one column
// keeps the right column's blocks (they move below the left column's).
import {
  newsletterBlockSchema, newsletterBlockSettingsSchema, NEWSLETTER_BLOCK_TYPES, type NewsletterBlock, type NewsletterBlockType, type NewsletterGrid,
} from '../../../engine/domain/newsletter';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';
import { getPath, numberValue, setPath } from './template-form';

export type CampaignRow = NewsletterGrid['rows'][number];
export type RowLayout = CampaignRow['settings']['layout'];
export interface BlockAt { row: number; column: number; block: number }

export const BLOCK_LABELS: Record<NewsletterBlockType, string> = {
  content_list: 'Content list',
  content_list_new: 'Content list (new)',
  html: 'HTML',
  fixed_ad: 'Fixed ad',
  native_ad: 'Native ad',
  issue: 'Magazine issue',
  contacts: 'Contacts',
  passendo_ad: 'Passendo ad',
};

export const BLOCK_TYPE_OPTIONS = NEWSLETTER_BLOCK_TYPES.map((t) => ({ value: t, label: BLOCK_LABELS[t] }));

let counter = 0;
/** A block id unique within the editor session. */
export function blockId(type: string): string {
  counter += 1;
  return `${type.replace(/_/g, '-')}-${Date.now().toString(36)}${counter.toString(36)}`;
}

/** A new block of a type with the schema's defaults (the settings dialog fills what is required). */
export function newBlock(type: NewsletterBlockType, id = blockId(type)): NewsletterBlock {
  const settings = newsletterBlockSettingsSchema.parse({});
  switch (type) {
    case 'content_list':
    case 'content_list_new':
      return {
        id, type, settings,
        data: {
          population_mode: 'manual', contentTypes: [], contentIds: [], numberOfItems: 1, showLabels: false, showAuthor: false,
          showEventInfo: false, showTeaser: true, teaserMode: 'fallback', teaserLength: 175, imagePosition: 'above', imageSize: 'large', imageShaping: 'max',
        },
      };
    case 'html': return { id, type, settings, data: { html: '' } };
    case 'fixed_ad': return { id, type, settings, data: { position: 1 } };
    case 'native_ad': return { id, type, settings, data: { position: 1 } };
    case 'issue': return { id, type, settings, data: { publicationId: undefined as unknown as number, displayMode: 'image_above_text', text: '' } };
    case 'contacts': return { id, type, settings, data: { contactsGroupTitle: '', contacts: [] } };
    case 'passendo_ad': return { id, type, settings, data: { placementId: '' } };
  }
}

export function emptyRow(layout: RowLayout): CampaignRow {
  return {
    settings: { layout, title: '', editableTitle: false, titleStyles: {} },
    columns: layout === '1_1' ? [{ blocks: [] }, { blocks: [] }] : [{ blocks: [] }],
  };
}

const withRow = (g: NewsletterGrid, r: number, fn: (row: CampaignRow) => CampaignRow): NewsletterGrid =>
  ({ ...g, rows: g.rows.map((row, i) => (i === r ? fn(row) : row)) });

export function addRow(g: NewsletterGrid, layout: RowLayout): NewsletterGrid {
  return { ...g, rows: [...g.rows, emptyRow(layout)] };
}

export function removeRow(g: NewsletterGrid, r: number): NewsletterGrid {
  return { ...g, rows: g.rows.filter((_, i) => i !== r) };
}

export function moveRow(g: NewsletterGrid, from: number, to: number): NewsletterGrid {
  if (to < 0 || to >= g.rows.length || from === to) return g;
  const rows = [...g.rows];
  const [row] = rows.splice(from, 1);
  if (!row) return g;
  rows.splice(to, 0, row);
  return { ...g, rows };
}

/** Changes a row's layout; going to one column keeps every block (right column after left). */
export function setRowLayout(g: NewsletterGrid, r: number, layout: RowLayout): NewsletterGrid {
  return withRow(g, r, (row) => {
    if (row.settings.layout === layout) return row;
    const settings = { ...row.settings, layout };
    if (layout === '1_1') return { settings, columns: [row.columns[0] ?? { blocks: [] }, { blocks: [] }] };
    return { settings, columns: [{ blocks: row.columns.flatMap((c) => c.blocks) }] };
  });
}

export function updateRowSettings(g: NewsletterGrid, r: number, settings: CampaignRow['settings']): NewsletterGrid {
  return withRow(g, r, (row) => {
    const next = setRowLayout({ rows: [row] }, 0, settings.layout).rows[0] as CampaignRow;
    return { ...next, settings };
  });
}

const withColumn = (g: NewsletterGrid, r: number, c: number, fn: (blocks: NewsletterBlock[]) => NewsletterBlock[]) =>
  withRow(g, r, (row) => ({ ...row, columns: row.columns.map((col, i) => (i === c ? { ...col, blocks: fn(col.blocks) } : col)) }));

export function addBlock(g: NewsletterGrid, r: number, c: number, block: NewsletterBlock): NewsletterGrid {
  return withColumn(g, r, c, (blocks) => [...blocks, block]);
}

export function blockAt(g: NewsletterGrid, at: BlockAt): NewsletterBlock | undefined {
  return g.rows[at.row]?.columns[at.column]?.blocks[at.block];
}

export function removeBlock(g: NewsletterGrid, at: BlockAt): NewsletterGrid {
  return withColumn(g, at.row, at.column, (blocks) => blocks.filter((_, i) => i !== at.block));
}

export function replaceBlock(g: NewsletterGrid, at: BlockAt, block: NewsletterBlock): NewsletterGrid {
  return withColumn(g, at.row, at.column, (blocks) => blocks.map((b, i) => (i === at.block ? block : b)));
}

/** Moves a block up (-1) or down (1) within its column. */
export function moveBlockWithin(g: NewsletterGrid, at: BlockAt, delta: -1 | 1): NewsletterGrid {
  return withColumn(g, at.row, at.column, (blocks) => {
    const to = at.block + delta;
    if (to < 0 || to >= blocks.length) return blocks;
    const next = [...blocks];
    const [b] = next.splice(at.block, 1);
    if (b) next.splice(to, 0, b);
    return next;
  });
}

/** Moves a block to the end of another column (any row). */
export function moveBlockTo(g: NewsletterGrid, at: BlockAt, row: number, column: number): NewsletterGrid {
  const b = blockAt(g, at);
  if (!b || !g.rows[row]?.columns[column] || (at.row === row && at.column === column)) return g;
  return addBlock(removeBlock(g, at), row, column, b);
}

/** A block's problems by field path ("data.contentIds"), from the shared block schema. */
export function blockErrors(b: unknown): FieldErrors {
  const r = newsletterBlockSchema.safeParse(b);
  return r.success ? {} : issuesToErrors(r.error.issues);
}

export function gridStats(g: NewsletterGrid): { rows: number; blocks: number; invalid: number } {
  const blocks = g.rows.flatMap((r) => r.columns.flatMap((c) => c.blocks));
  return { rows: g.rows.length, blocks: blocks.length, invalid: blocks.filter((b) => Object.keys(blockErrors(b)).length > 0).length };
}

/** One line describing a block's data for its card in the editor. */
export function blockSummary(b: NewsletterBlock): string {
  switch (b.type) {
    case 'content_list':
    case 'content_list_new':
      return b.data.population_mode === 'manual'
        ? `${b.data.contentIds.length} chosen ${b.data.contentIds.length === 1 ? 'item' : 'items'}`
        : `Latest ${b.data.numberOfItems} from section ${b.data.section ?? '—'}${b.data.contentTypes.length ? ` · ${b.data.contentTypes.join(', ')}` : ''}`;
    case 'html': return b.data.html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 48) || 'Empty';
    case 'fixed_ad':
    case 'native_ad': return `Position ${b.data.position}${b.data.placement ? ` · ${b.data.placement}` : ''}`;
    case 'issue': return b.data.publicationId !== undefined ? `Publication ${b.data.publicationId} · ${b.data.displayMode.replace(/_/g, ' ')}` : 'No publication chosen';
    case 'contacts': return `${b.data.contacts.length} ${b.data.contacts.length === 1 ? 'contact' : 'contacts'}`;
    case 'passendo_ad': return b.data.placementId ? `Placement ${b.data.placementId}` : 'No placement id';
  }
}

/** Number fields of a block's settings and data (typed text until it parses). */
export const BLOCK_NUMBER_PATHS = [
  'settings.titleFontSize', 'settings.contentFontSize', 'data.numberOfItems', 'data.teaserLength', 'data.maxImageSize',
  'data.position', 'data.publicationId', 'data.issueId', 'data.section',
];
/** Optional strings of a block that are absent when left empty. */
const BLOCK_OPTIONAL_PATHS = [
  'settings.label', 'settings.title', 'settings.titleLink', 'settings.backgroundColor', 'settings.titleColor',
  'settings.contentFontColor', 'settings.ctaColor', 'data.placement', 'data.addtlDemos',
];

/** A block as edited in its dialog → the block the schema checks (numbers parsed, empty optionals dropped). */
export function cleanBlock(draft: NewsletterBlock): NewsletterBlock {
  let out: unknown = draft;
  for (const p of BLOCK_NUMBER_PATHS) {
    const v = getPath(out, p);
    if (typeof v === 'string') out = setPath(out, p, numberValue(v));
  }
  for (const p of BLOCK_OPTIONAL_PATHS) {
    const v = getPath(out, p);
    if (typeof v === 'string' && v.trim() === '') out = setPath(out, p, undefined);
  }
  return out as NewsletterBlock;
}

/** The dialog's errors: unparsable numbers first, then the shared block schema. */
export function validateBlockDraft(draft: NewsletterBlock): FieldErrors {
  const b = cleanBlock(draft);
  const errors: FieldErrors = {};
  for (const p of BLOCK_NUMBER_PATHS) if (typeof getPath(b, p) === 'string') errors[p] = 'Must be a number';
  for (const [k, v] of Object.entries(blockErrors(b))) errors[k] ??= v;
  return errors;
}
