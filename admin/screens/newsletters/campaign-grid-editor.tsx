// The campaign grid editor (admin §3.8): rows of one column or two (layout 1_1), blocks as cards
// with their settings dialogs. Every action is a labelled button (keyboard reachable); a block
// whose settings do not pass the schema is flagged until fixed.
import { useState } from 'react';
import type { NewsletterBlockType, NewsletterGrid } from '../../../engine/domain/newsletter';
import type { SectionNode } from '../../data/types';
import { IconButton } from '../../components/button';
import { Icon } from '../../components/icons';
import { AddBlock, AddRowBar, BlockTools, RowTools } from '../../components/grid-parts';
import { BlockDialog, RowDialog } from './campaign-block-dialog';
import {
  BLOCK_LABELS, BLOCK_TYPE_OPTIONS, addBlock, addRow, blockAt, blockErrors, blockSummary, gridStats, moveBlockTo, moveBlockWithin,
  moveRow, newBlock, removeBlock, removeRow, replaceBlock, setRowLayout, updateRowSettings, type BlockAt, type RowLayout,
} from './campaign-grid';

const LAYOUTS: { value: RowLayout; label: string }[] = [{ value: '1', label: 'One column' }, { value: '1_1', label: 'Two columns (1_1)' }];

export function CampaignGridEditor({ grid, onChange, sections, readOnly }: { grid: NewsletterGrid; onChange: (g: NewsletterGrid) => void; sections: SectionNode[]; readOnly?: boolean }) {
  const [editing, setEditing] = useState<BlockAt | null>(null);
  const [editingRow, setEditingRow] = useState<number | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const [newLayout, setNewLayout] = useState<RowLayout>('1');
  const stats = gridStats(grid);
  const editingBlock = editing ? blockAt(grid, editing) : undefined;
  const editingRowValue = editingRow !== null ? grid.rows[editingRow] : undefined;

  const add = (r: number, c: number, type: NewsletterBlockType) => {
    const next = addBlock(grid, r, c, newBlock(type));
    onChange(next);
    setAdding(null);
    const at = { row: r, column: c, block: (grid.rows[r]?.columns[c]?.blocks.length ?? 0) };
    if (type !== 'fixed_ad' && type !== 'native_ad') setEditing(at);
  };

  return (
    <div className="grid-editor nl-grid" role="group" aria-label="Campaign grid">
      <div className="ge-summary">
        <span>{stats.rows} {stats.rows === 1 ? 'row' : 'rows'} · {stats.blocks} {stats.blocks === 1 ? 'block' : 'blocks'}</span>
        {stats.invalid > 0 ? <span className="nl-warn"><Icon name="alert" size={14} />{stats.invalid} {stats.invalid === 1 ? 'block needs' : 'blocks need'} settings</span> : null}
      </div>
      {grid.rows.length === 0 ? <div className="ge-empty">This campaign is empty. Add a row, then blocks.</div> : null}
      <ol className="ge-rows">
        {grid.rows.map((row, r) => (
          <li key={row.id ?? r} className="ge-row" aria-label={`Row ${r + 1}`} style={row.settings.backgroundColor ? { borderLeft: `4px solid ${row.settings.backgroundColor}` } : undefined}>
            <div className="ge-row-head">
              <span className="ge-row-title">Row {r + 1}{row.settings.title ? <span className="ge-row-name"> · {row.settings.title}</span> : null}</span>
              <span className="ge-inline">
                <select className="input input-sm" value={row.settings.layout} disabled={readOnly} aria-label={`Row ${r + 1} columns`}
                  onChange={(e) => onChange(setRowLayout(grid, r, e.target.value as RowLayout))}>
                  {LAYOUTS.map((l) => <option key={l.value} value={l.value}>{l.label}</option>)}
                </select>
              </span>
              {!readOnly ? (
                <RowTools index={r} count={grid.rows.length} onMove={(to) => onChange(moveRow(grid, r, to))} onSettings={() => setEditingRow(r)} onRemove={() => onChange(removeRow(grid, r))} />
              ) : null}
            </div>
            <div className="ge-cols" style={{ gridTemplateColumns: row.columns.length === 2 ? 'minmax(0, 1fr) minmax(0, 1fr)' : 'minmax(0, 1fr)' }}>
              {row.columns.map((col, c) => {
                const key = `${r}:${c}`;
                return (
                  <div key={c} className="ge-col" role="group" aria-label={`Row ${r + 1}, column ${c + 1}`}>
                    {col.blocks.map((b, i) => {
                      const at = { row: r, column: c, block: i };
                      const name = `${BLOCK_LABELS[b.type]}${b.settings.title ? ` “${b.settings.title}”` : ''}`;
                      const invalid = Object.keys(blockErrors(b)).length > 0;
                      return (
                        <div key={b.id ?? i} className={`ge-block${invalid ? ' nl-block-invalid' : ''}`} data-block-type={b.type}>
                          <div className="ge-block-main">
                            <div className="ge-block-text">
                              <span className="ge-block-type">{BLOCK_LABELS[b.type]}</span>
                              <span className="ge-block-title">{b.settings.title || blockSummary(b)}</span>
                              {b.settings.title ? <span className="ge-block-sub">{blockSummary(b)}</span> : null}
                              {invalid ? <span className="nl-block-flag"><Icon name="alert" size={13} />Needs settings</span> : null}
                            </div>
                          </div>
                          {!readOnly ? (
                            <BlockTools name={name} index={i} count={col.blocks.length} onMove={(d) => onChange(moveBlockWithin(grid, at, d))}
                              columnMoves={row.columns.length > 1 ? <IconButton icon={c === 0 ? 'arrowRight' : 'arrowLeft'} label={`Move ${name} to the ${c === 0 ? 'right' : 'left'} column`} onClick={() => onChange(moveBlockTo(grid, at, r, c === 0 ? 1 : 0))} /> : null}
                              onSettings={() => setEditing(at)} onRemove={() => onChange(removeBlock(grid, at))} />
                          ) : null}
                        </div>
                      );
                    })}
                    {!readOnly ? (
                      <AddBlock row={r} column={c} selectId={`nl-add-${key}`} open={adding === key} options={BLOCK_TYPE_OPTIONS}
                        onOpen={() => setAdding(key)} onCancel={() => setAdding(null)} onPick={(t) => add(r, c, t as NewsletterBlockType)} />
                    ) : null}
                  </div>
                );
              })}
            </div>
          </li>
        ))}
      </ol>
      {!readOnly ? (
        <AddRowBar label="New row" selectLabel="New row columns" value={newLayout} options={LAYOUTS} onChange={setNewLayout} onAdd={() => onChange(addRow(grid, newLayout))} />
      ) : null}
      {editing && editingBlock ? (
        <BlockDialog block={editingBlock} sections={sections} onClose={() => setEditing(null)} onApply={(b) => { onChange(replaceBlock(grid, editing, b)); setEditing(null); }} />
      ) : null}
      {editingRow !== null && editingRowValue ? (
        <RowDialog row={editingRowValue} index={editingRow} onClose={() => setEditingRow(null)} onApply={(s) => { onChange(updateRowSettings(grid, editingRow, s)); setEditingRow(null); }} />
      ) : null}
    </div>
  );
}
