// The visual grid editor: rows drawn with their column proportions, blocks as cards. Everything is
// reachable with buttons (keyboard); blocks can also be dragged between columns.
import { useState } from 'react';
import { ROW_LAYOUTS, type Block, type Grid, type RowLayout } from '../../../engine/domain/layout';
import type { SectionNode } from '../../data/types';
import { IconButton } from '../../components/button';
import { Icon } from '../../components/icons';
import { BlockSettingsDialog, RowSettingsDialog } from './block-settings';
import {
  BLOCK_LABELS, BLOCK_TYPE_OPTIONS, addBlock, addRow, gridStats, layoutTracks, moveBlockTo, moveBlockWithin,
  moveRow, newBlock, removeBlock, removeRow, replaceBlock, setRowLayout, updateRowSettings, type BlockAddress,
} from './grid-ops';

const LAYOUT_LABEL = (l: RowLayout) => l.split('_').join(' : ');

function blockSummary(b: Block): string {
  switch (b.type) {
    case 'content_list': return `${b.data.limit} ${b.data.limit === 1 ? 'item' : 'items'} · ${b.data.display}${b.data.scheduleOption ? ` · ${b.data.scheduleOption}` : ''}`;
    case 'related_content': return `${b.data.limit} items`;
    case 'ad_slot': return `${b.data.slot}${b.data.sizes.length ? ` · ${b.data.sizes.map(([w, h]) => `${w}×${h}`).join(', ')}` : ''}`;
    case 'html': return b.data.html ? `${b.data.html.replace(/<[^>]+>/g, ' ').trim().slice(0, 40) || 'HTML'}` : 'Empty';
    case 'image_grid': return `${b.data.assetIds.length} images`;
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
                <div className="ge-tools">
                  <IconButton icon="arrowUp" label={`Move row ${r + 1} up`} disabled={r === 0} onClick={() => onChange(moveRow(grid, r, r - 1))} />
                  <IconButton icon="arrowDown" label={`Move row ${r + 1} down`} disabled={r === grid.rows.length - 1} onClick={() => onChange(moveRow(grid, r, r + 1))} />
                  <IconButton icon="sliders" label={`Row ${r + 1} settings`} onClick={() => setEditingRow(r)} />
                  <IconButton icon="trash" label={`Remove row ${r + 1}`} onClick={() => onChange(removeRow(grid, r))} />
                </div>
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
                            <div className="ge-tools ge-block-tools">
                              <IconButton icon="arrowUp" label={`Move ${name} up`} disabled={i === 0} onClick={() => onChange(moveBlockWithin(grid, at, -1))} />
                              <IconButton icon="arrowDown" label={`Move ${name} down`} disabled={i === col.blocks.length - 1} onClick={() => onChange(moveBlockWithin(grid, at, 1))} />
                              {row.columns.length > 1 ? <IconButton icon="arrowLeft" label={`Move ${name} to the left column`} disabled={c === 0} onClick={() => onChange(moveBlockTo(grid, at, r, c - 1))} /> : null}
                              {row.columns.length > 1 ? <IconButton icon="arrowRight" label={`Move ${name} to the right column`} disabled={c === row.columns.length - 1} onClick={() => onChange(moveBlockTo(grid, at, r, c + 1))} /> : null}
                              <IconButton icon="sliders" label={`${name} settings`} onClick={() => setEditing(at)} />
                              <IconButton icon="trash" label={`Remove ${name}`} onClick={() => onChange(removeBlock(grid, at))} />
                            </div>
                          ) : null}
                        </div>
                      );
                    })}
                    {!readOnly ? (
                      adding && adding.row === r && adding.column === c ? (
                        <div className="ge-add-block">
                          <label className="visually-hidden" htmlFor={`add-${key}`}>Block type</label>
                          <select id={`add-${key}`} className="input input-sm" autoFocus defaultValue="" onKeyDown={(e) => e.key === 'Escape' && setAdding(null)} onChange={(e) => {
                            if (!e.target.value) return;
                            onChange(addBlock(grid, r, c, newBlock(e.target.value as Block['type'])));
                            setAdding(null);
                          }}>
                            <option value="" disabled>Choose a block…</option>
                            {BLOCK_TYPE_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
                          </select>
                          <IconButton icon="close" label="Cancel adding a block" onClick={() => setAdding(null)} />
                        </div>
                      ) : (
                        <button type="button" className="ge-add" onClick={() => setAdding({ row: r, column: c })}>
                          <Icon name="plus" size={16} />Add block<span className="visually-hidden"> to row {r + 1}, column {c + 1}</span>
                        </button>
                      )
                    ) : null}
                  </div>
                );
              })}
            </div>
          </li>
        ))}
      </ol>
      {!readOnly ? (
        <div className="ge-add-row">
          <label className="ge-inline">
            <span className="ge-inline-label">New row layout</span>
            <select className="input input-sm" value={newLayout} onChange={(e) => setNewLayout(e.target.value as RowLayout)}>
              {ROW_LAYOUTS.map((l) => <option key={l} value={l}>{LAYOUT_LABEL(l)}</option>)}
            </select>
          </label>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange(addRow(grid, newLayout))}><Icon name="plus" size={16} /><span>Add row</span></button>
        </div>
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
