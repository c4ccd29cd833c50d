// The parts every admin list screen repeats: the flush table with a hidden caption and an
// "Actions" column, the Edit/Delete icon pair of a row, and the filter box of a card header.
import type { ReactNode } from 'react';
import { IconButton } from './button';
import { Icon } from './icons';

/** A column header: its text, and classes such as `col-hide-sm` (hidden on small screens). */
export type Column = string | { label: string; className?: string };

/**
 * A table inside `.table-wrap` (`.table-flush` inside a card, unless `flush` is false; `.is-loading`
 * while `loading`), captioned for screen readers by `caption`. After `columns` comes the "Actions"
 * column (its header visible to screen readers only) unless `actions` is false. The wrapper is a
 * focusable region named by the caption, so a table wider than a phone scrolls by keyboard too.
 */
export function ListTable({ caption, columns, actions = true, flush = true, loading = false, children }: {
  caption: string; columns: Column[]; actions?: boolean; flush?: boolean; loading?: boolean; children: ReactNode;
}) {
  return (
    // A named, focusable region: on a phone the table scrolls sideways inside it, and keyboard users scroll it too.
    <div className={`table-wrap${flush ? ' table-flush' : ''}${loading ? ' is-loading' : ''}`} role="region" aria-label={caption} tabIndex={0}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (typeof c === 'string' ? <th key={c} scope="col">{c}</th> : <th key={c.label} scope="col" className={c.className}>{c.label}</th>))}
            {actions ? <th scope="col"><span className="visually-hidden">Actions</span></th> : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The Edit and Delete buttons of a row, named "Edit {subject}" and "Delete {subject}" (without the cell). */
export function EditDeleteButtons({ subject, onEdit, onDelete }: { subject: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <IconButton icon="edit" label={`Edit ${subject}`} onClick={onEdit} />
      <IconButton icon="trash" label={`Delete ${subject}`} onClick={onDelete} />
    </>
  );
}

/** The actions cell of a row with its Edit and Delete buttons. */
export function RowActions(props: { subject: string; onEdit: () => void; onDelete: () => void }) {
  return <td className="cell-actions"><EditDeleteButtons {...props} /></td>;
}

/** The search box of a filter bar: a visible "Search" label over a search input with an icon. */
export function SearchField({ id, placeholder, value, onChange }: { id: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="field filter-search">
      <label className="field-label" htmlFor={id}>Search</label>
      <div className="combo">
        <Icon name="search" size={16} className="combo-icon" />
        <input id={id} className="input combo-input" type="search" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
      </div>
    </div>
  );
}

/** The small search box of a card header; `label` is its accessible name ("Filter redirects"). */
export function FilterBox({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="combo combo-sm">
      <Icon name="search" size={16} className="combo-icon" />
      <input className="input input-sm combo-input" type="search" aria-label={label} placeholder="Filter" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
