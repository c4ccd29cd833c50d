// The campaign grid editor (admin §3.8): rows of one column or two (layout 1_1), blocks as cards
// with their settings dialogs. Every action is a labelled button (keyboard reachable); a block
// whose settings do not pass the schema is flagged until fixed.
import { useState } from 'react';
import type { NewsletterBlockType, NewsletterGrid } from '../../../engine/domain/newsletter';
import type { SectionNode } from '../../data/types';
import { IconButton } from '../../components/button';
import { Icon } from '../../components/icons';
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
                <div className="ge-tools">
                  <IconButton icon="arrowUp" label={`Move row ${r + 1} up`} disabled={r === 0} onClick={() => onChange(moveRow(grid, r, r - 1))} />
                  <IconButton icon="arrowDown" label={`Move row ${r + 1} down`} disabled={r === grid.rows.length - 1} onClick={() => onChange(moveRow(grid, r, r + 1))} />
                  <IconButton icon="sliders" label={`Row ${r + 1} settings`} onClick={() => setEditingRow(r)} />
                  <IconButton icon="trash" label={`Remove row ${r + 1}`} onClick={() => onChange(removeRow(grid, r))} />
                </div>
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
                            <div className="ge-tools ge-block-tools">
                              <IconButton icon="arrowUp" label={`Move ${name} up`} disabled={i === 0} onClick={() => onChange(moveBlockWithin(grid, at, -1))} />
                              <IconButton icon="arrowDown" label={`Move ${name} down`} disabled={i === col.blocks.length - 1} onClick={() => onChange(moveBlockWithin(grid, at, 1))} />
                              {row.columns.length > 1 ? <IconButton icon={c === 0 ? 'arrowRight' : 'arrowLeft'} label={`Move ${name} to the ${c === 0 ? 'right' : 'left'} column`} onClick={() => onChange(moveBlockTo(grid, at, r, c === 0 ? 1 : 0))} /> : null}
                              <IconButton icon="sliders" label={`${name} settings`} onClick={() => setEditing(at)} />
                              <IconButton icon="trash" label={`Remove ${name}`} onClick={() => onChange(removeBlock(grid, at))} />
                            </div>
                          ) : null}
                        </div>
                      );
                    })}
                    {!readOnly ? (
                      adding === key ? (
                        <div className="ge-add-block">
                          <label className="visually-hidden" htmlFor={`nl-add-${key}`}>Block type</label>
                          <select id={`nl-add-${key}`} className="input input-sm" autoFocus defaultValue="" onKeyDown={(e) => e.key === 'Escape' && setAdding(null)}
                            onChange={(e) => e.target.value && add(r, c, e.target.value as NewsletterBlockType)}>
                            <option value="" disabled>Choose a block…</option>
                            {BLOCK_TYPE_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
                          </select>
                          <IconButton icon="close" label="Cancel adding a block" onClick={() => setAdding(null)} />
                        </div>
                      ) : (
                        <button type="button" className="ge-add" onClick={() => setAdding(key)}>
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
            <span className="ge-inline-label">New row</span>
            <select className="input input-sm" value={newLayout} onChange={(e) => setNewLayout(e.target.value as RowLayout)} aria-label="New row columns">
              {LAYOUTS.map((l) => <option key={l.value} value={l.value}>{l.label}</option>)}
            </select>
          </label>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange(addRow(grid, newLayout))}><Icon name="plus" size={16} /><span>Add row</span></button>
        </div>
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
