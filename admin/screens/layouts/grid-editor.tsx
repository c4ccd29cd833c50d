// The visual grid editor: rows drawn with their column proportions, blocks as cards. Everything is
// reachable with buttons (keyboard); blocks can also be dragged between columns.
import { useState } from 'react';
import { ROW_LAYOUTS, type Block, type Grid, type RowLayout } from '../../../engine/domain/layout';
import { issueListLimit } from '../../../engine/domain/magazine';
import type { SectionNode } from '../../data/types';
import { IconButton } from '../../components/button';
import { Icon } from '../../components/icons';
import { AddBlock, AddRowBar, BlockTools, RowTools } from '../../components/grid-parts';
import { BlockSettingsDialog, RowSettingsDialog } from './block-settings';
import {
  BLOCK_LABELS, BLOCK_TYPE_OPTIONS, addBlock, addRow, gridStats, layoutTracks, moveBlockTo, moveBlockWithin,
  moveRow, newBlock, removeBlock, removeRow, replaceBlock, setRowLayout, updateRowSettings, type BlockAddress,
} from './grid-ops';

const LAYOUT_LABEL = (l: RowLayout) => l.split('_').join(' : ');

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

function blockSummary(b: Block): string {
  switch (b.type) {
    case 'content_list': return `${b.data.limit} ${b.data.limit === 1 ? 'item' : 'items'} · ${b.data.display}${b.data.scheduleOption ? ` · ${b.data.scheduleOption}` : ''}`;
    case 'related_content': return `${b.data.limit} items`;
    case 'ad_slot': return `${b.data.slot}${b.data.sizes.length ? ` · ${b.data.sizes.map(([w, h]) => `${w}×${h}`).join(', ')}` : ''}`;
    case 'html': return b.data.html ? `${b.data.html.replace(/<[^>]+>/g, ' ').trim().slice(0, 40) || 'HTML'}` : 'Empty';
    case 'image_grid': return `${b.data.assetIds.length} images`;
    case 'image_gallery': return `${b.data.includePrimaryImage ? 'Primary image + ' : ''}${b.data.assetIds.length} images`;
    case 'video_player': return `${b.data.videos.length} ${b.data.videos.length === 1 ? 'video' : 'videos'}`;
    case 'event_list': return `${b.data.when === 'upcoming' ? 'Upcoming' : 'Past'} ${b.data.contentTypes.map((t) => `${t.toLowerCase()}s`).join(' and ')} · ${b.data.limit}`;
    case 'document_download': return b.data.assetId === undefined ? 'No document' : `Document ${b.data.assetId}${b.data.gated ? ' · gated' : ''}`;
    case 'rss_feed': return b.data.url ? `${hostOf(b.data.url)} · ${b.data.limit} ${b.data.limit === 1 ? 'item' : 'items'}` : 'No feed';
    case 'carousel': return b.data.source === 'images' ? `${b.data.assetIds.length} images` : `Content · up to ${b.data.limit} slides`;
    case 'video_playlist': return `${b.data.playlistId ? `Playlist ${b.data.playlistId} + ` : ''}${b.data.videos.length} ${b.data.videos.length === 1 ? 'video' : 'videos'}`;
    case 'company_videos': return `${b.data.limit} videos · ${b.data.display}`;
    case 'us_map': return b.data.linkTemplate || 'No link';
    case 'inquiry_form': return `Shown when RMI is on${b.data.buttonLabel ? ` · “${b.data.buttonLabel}”` : ''}`;
    case 'issue_list': return `Publication ${b.data.publicationId} · ${b.data.display} (${issueListLimit(b.data.display)} at most)`;
    default: return '';
  }
}

export function GridEditor({ grid, onChange, sections, readOnly, label = 'Primary grid' }: {
  grid: Grid; onChange: (g: Grid) => void; sections: SectionNode[]; readOnly?: boolean; label?: string;
}) {
  const [editing, setEditing] = useState<BlockAddress | null>(null);
  const [editingRow, setEditingRow] = useState<number | null>(null);
  const [adding, setAdding] = useState<{ row: number; column: number } | null>(null);
  const [dragging, setDragging] = useState<BlockAddress | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [newLayout, setNewLayout] = useState<RowLayout>('1');
  const stats = gridStats(grid);
  const editingBlock = editing ? grid.rows[editing.row]?.columns[editing.column]?.blocks[editing.block] : undefined;
  const editingRowValue = editingRow !== null ? grid.rows[editingRow] : undefined;

  return (
    <div className="grid-editor" aria-label={label} role="group">
      <div className="ge-summary">
        <span>{stats.rows} {stats.rows === 1 ? 'row' : 'rows'} · {stats.columns} columns · {stats.blocks} blocks</span>
      </div>
      {grid.rows.length === 0 ? <div className="ge-empty">This grid is empty. Add a row to start.</div> : null}
      <ol className="ge-rows">
        {grid.rows.map((row, r) => (
          <li key={r} className="ge-row" aria-label={`Row ${r + 1}`}>
            <div className="ge-row-head">
              <span className="ge-row-title">Row {r + 1}{row.settings.title ? <span className="ge-row-name"> · {row.settings.title}</span> : null}</span>
              <label className="ge-inline">
                <span className="visually-hidden">Row {r + 1} layout</span>
                <select className="input input-sm" value={row.settings.layout} disabled={readOnly} onChange={(e) => onChange(setRowLayout(grid, r, e.target.value as RowLayout))} aria-label={`Row ${r + 1} layout`}>
                  {ROW_LAYOUTS.map((l) => <option key={l} value={l}>{LAYOUT_LABEL(l)}</option>)}
                </select>
              </label>
              {!readOnly ? (
                <RowTools index={r} count={grid.rows.length} onMove={(to) => onChange(moveRow(grid, r, to))} onSettings={() => setEditingRow(r)} onRemove={() => onChange(removeRow(grid, r))} />
              ) : null}
            </div>
            <div className="ge-cols" style={{ gridTemplateColumns: layoutTracks(row.settings.layout) }}>
              {row.columns.map((col, c) => {
                const key = `${r}:${c}`;
                return (
                  <div
                    key={c}
                    className={`ge-col${over === key ? ' ge-col-over' : ''}`}
                    role="group"
                    aria-label={`Row ${r + 1}, column ${c + 1}`}
                    onDragOver={(e) => { if (dragging) { e.preventDefault(); setOver(key); } }}
                    onDragLeave={() => setOver((o) => (o === key ? null : o))}
                    onDrop={(e) => {
                      e.preventDefault();
                      if (dragging) onChange(moveBlockTo(grid, dragging, r, c));
                      setDragging(null);
                      setOver(null);
                    }}
                  >
                    {col.blocks.map((b, i) => {
                      const at = { row: r, column: c, block: i };
                      const name = `${BLOCK_LABELS[b.type]}${b.settings.title ? ` “${b.settings.title}”` : ''}`;
                      return (
                        <div key={b.id} className="ge-block" draggable={!readOnly} onDragStart={() => setDragging(at)} onDragEnd={() => { setDragging(null); setOver(null); }}>
                          <div className="ge-block-main">
                            {!readOnly ? <Icon name="grip" size={16} className="ge-grip" /> : null}
                            <div className="ge-block-text">
                              <span className="ge-block-type">{BLOCK_LABELS[b.type]}</span>
                              <span className="ge-block-title">{b.settings.title || blockSummary(b) || '\u00a0'}</span>
                              {b.settings.title && blockSummary(b) ? <span className="ge-block-sub">{blockSummary(b)}</span> : null}
                            </div>
                          </div>
                          {!readOnly ? (
                            <BlockTools name={name} index={i} count={col.blocks.length} onMove={(d) => onChange(moveBlockWithin(grid, at, d))}
                              columnMoves={row.columns.length > 1 ? <>
                                <IconButton icon="arrowLeft" label={`Move ${name} to the left column`} disabled={c === 0} onClick={() => onChange(moveBlockTo(grid, at, r, c - 1))} />
                                <IconButton icon="arrowRight" label={`Move ${name} to the right column`} disabled={c === row.columns.length - 1} onClick={() => onChange(moveBlockTo(grid, at, r, c + 1))} />
                              </> : null}
                              onSettings={() => setEditing(at)} onRemove={() => onChange(removeBlock(grid, at))} />
                          ) : null}
                        </div>
                      );
                    })}
                    {!readOnly ? (
                      <AddBlock row={r} column={c} selectId={`add-${key}`} open={adding !== null && adding.row === r && adding.column === c} options={BLOCK_TYPE_OPTIONS}
                        onOpen={() => setAdding({ row: r, column: c })} onCancel={() => setAdding(null)}
                        onPick={(t) => { onChange(addBlock(grid, r, c, newBlock(t as Block['type']))); setAdding(null); }} />
                    ) : null}
                  </div>
                );
              })}
            </div>
          </li>
        ))}
      </ol>
      {!readOnly ? (
        <AddRowBar label="New row layout" value={newLayout} options={ROW_LAYOUTS.map((l) => ({ value: l, label: LAYOUT_LABEL(l) }))} onChange={setNewLayout} onAdd={() => onChange(addRow(grid, newLayout))} />
      ) : null}
      {editing && editingBlock ? (
        <BlockSettingsDialog block={editingBlock} sections={sections} onClose={() => setEditing(null)} onApply={(b) => { onChange(replaceBlock(grid, editing, b)); setEditing(null); }} />
      ) : null}
      {editingRow !== null && editingRowValue ? (
        <RowSettingsDialog row={editingRowValue} index={editingRow} onClose={() => setEditingRow(null)} onApply={(s) => { onChange(updateRowSettings(grid, editingRow, s)); setEditingRow(null); }} />
      ) : null}
    </div>
  );
}
