// The controls both grid editors (web layouts and newsletter campaigns) share: a row's tool buttons,
// a block's tool buttons, the "Add block" button with its type picker, and the "Add row" bar. They
// hold no grid logic: each reports the user's choice through its callbacks.
import type { ReactNode } from 'react';
import { IconButton } from './button';
import { Icon } from './icons';

/** Move up, move down, settings and remove for row `index` (0-based) of `count` rows. */
export function RowTools({ index, count, onMove, onSettings, onRemove }: {
  index: number; count: number; onMove: (to: number) => void; onSettings: () => void; onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <div className="ge-tools">
      <IconButton icon="arrowUp" label={`Move row ${n} up`} disabled={index === 0} onClick={() => onMove(index - 1)} />
      <IconButton icon="arrowDown" label={`Move row ${n} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)} />
      <IconButton icon="sliders" label={`Row ${n} settings`} onClick={onSettings} />
      <IconButton icon="trash" label={`Remove row ${n}`} onClick={onRemove} />
    </div>
  );
}

/**
 * Move up/down (by `onMove(-1 | 1)`) for block `index` of `count` in its column, then `columnMoves`
 * (the editor's own buttons to other columns), settings and remove; `name` names the block in labels.
 */
export function BlockTools({ name, index, count, onMove, columnMoves, onSettings, onRemove }: {
  name: string; index: number; count: number; onMove: (delta: -1 | 1) => void; columnMoves?: ReactNode; onSettings: () => void; onRemove: () => void;
}) {
  return (
    <div className="ge-tools ge-block-tools">
      <IconButton icon="arrowUp" label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(-1)} />
      <IconButton icon="arrowDown" label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(1)} />
      {columnMoves}
      <IconButton icon="sliders" label={`${name} settings`} onClick={onSettings} />
      <IconButton icon="trash" label={`Remove ${name}`} onClick={onRemove} />
    </div>
  );
}

/**
 * The "Add block" button of row `row`, column `column` (both 0-based); while `open`, a type picker
 * (select `#{selectId}`) in its place that reports the chosen type and closes on Escape or Cancel.
 */
export function AddBlock({ row, column, selectId, open, options, onOpen, onCancel, onPick }: {
  row: number; column: number; selectId: string; open: boolean; options: { value: string; label: string }[];
  onOpen: () => void; onCancel: () => void; onPick: (type: string) => void;
}) {
  if (!open) {
    return (
      <button type="button" className="ge-add" onClick={onOpen}>
        <Icon name="plus" size={16} />Add block<span className="visually-hidden"> to row {row + 1}, column {column + 1}</span>
      </button>
    );
  }
  return (
    <div className="ge-add-block">
      <label className="visually-hidden" htmlFor={selectId}>Block type</label>
      <select id={selectId} className="input input-sm" autoFocus defaultValue="" onKeyDown={(e) => e.key === 'Escape' && onCancel()}
        onChange={(e) => e.target.value && onPick(e.target.value)}>
        <option value="" disabled>Choose a block…</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      <IconButton icon="close" label="Cancel adding a block" onClick={onCancel} />
    </div>
  );
}

/** The bar under a grid: the new row's layout (labelled `label`, optionally `selectLabel` for screen readers) and "Add row". */
export function AddRowBar<L extends string>({ label, selectLabel, value, options, onChange, onAdd }: {
  label: string; selectLabel?: string; value: L; options: { value: L; label: string }[]; onChange: (layout: L) => void; onAdd: () => void;
}) {
  return (
    <div className="ge-add-row">
      <label className="ge-inline">
        <span className="ge-inline-label">{label}</span>
        <select className="input input-sm" value={value} onChange={(e) => onChange(e.target.value as L)} aria-label={selectLabel}>
          {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      </label>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onAdd}><Icon name="plus" size={16} /><span>Add row</span></button>
    </div>
  );
}
