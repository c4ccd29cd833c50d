// A searchable multiple selection shown as chips (authors, taxonomy, sections). Keyboard: type to
// search, arrows to move, Enter to add, Backspace on an empty box removes the last chip.
import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from './icons';

export interface Chip {
  id: number;
  label: string;
  detail?: string;
}

interface Props {
  label: string;
  selected: readonly Chip[];
  onChange: (chips: Chip[]) => void;
  search: (text: string) => Promise<Chip[]>;
  placeholder?: string;
  error?: string | null;
  hint?: string;
  /** Renders chips in order with move buttons (author order matters). */
  ordered?: boolean;
}

export function ChipPicker({ label, selected, onChange, search, placeholder = 'Search…', error, hint, ordered }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [hits, setHits] = useState<Chip[]>([]);
  const [active, setActive] = useState(0);
  const [loading, setLoading] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    const t = setTimeout(() => {
      searchRef.current(text).then(
        (r) => {
          if (!live) return;
          setHits(r.filter((h) => !selected.some((s) => s.id === h.id)).slice(0, 50));
          setActive(0);
          setLoading(false);
        },
        () => live && setLoading(false),
      );
    }, text ? 250 : 0);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [text, open, selected]);

  useEffect(() => {
    // The event's path, not target.contains(): picking an option removes it from the list before
    // this listener runs, and a removed target would read as a press outside.
    const onDown = (e: MouseEvent) => {
      if (box.current && !e.composedPath().includes(box.current)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, []);

  const add = (chip: Chip | undefined) => {
    if (!chip) return;
    onChange([...selected, chip]);
    // Not offered again while the next search (without it) is on its way.
    setHits((h) => h.filter((x) => x.id !== chip.id));
    setActive(0);
    setText('');
  };
  const remove = (chipId: number) => onChange(selected.filter((c) => c.id !== chipId));
  const move = (i: number, d: -1 | 1) => {
    const next = [...selected];
    const [c] = next.splice(i, 1);
    if (!c) return;
    next.splice(i + d, 0, c);
    onChange(next);
  };

  return (
    <div className={`field${error ? ' field-invalid' : ''}`} ref={box}>
      <label className="field-label" htmlFor={id}>{label}</label>
      {selected.length > 0 ? (
        <ul className="chips" aria-label={`Selected ${label.toLowerCase()}`}>
          {selected.map((c, i) => (
            <li key={c.id} className="chip">
              <span className="chip-label">{c.label}</span>
              {ordered && i > 0 ? <button type="button" className="chip-btn" aria-label={`Move ${c.label} earlier`} onClick={() => move(i, -1)}><Icon name="chevronLeft" size={14} /></button> : null}
              <button type="button" className="chip-btn" aria-label={`Remove ${c.label}`} onClick={() => remove(c.id)}><Icon name="close" size={14} /></button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="combo">
        <Icon name="search" size={16} className="combo-icon" />
        <input
          id={id}
          className="input combo-input"
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={open && hits[active] ? `${id}-o${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          placeholder={placeholder}
          value={text}
          onFocus={() => setOpen(true)}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') { e.preventDefault(); setOpen(true); setActive((a) => Math.min(a + 1, hits.length - 1)); }
            else if (e.key === 'ArrowUp') { e.preventDefault(); setActive((a) => Math.max(a - 1, 0)); }
            else if (e.key === 'Enter') { if (open && hits[active]) { e.preventDefault(); add(hits[active]); } }
            else if (e.key === 'Escape') { if (open) { e.stopPropagation(); setOpen(false); } }
            else if (e.key === 'Backspace' && text === '' && selected.length > 0) remove((selected[selected.length - 1] as Chip).id);
          }}
        />
        {open ? (
          <ul className="combo-list" id={`${id}-list`} role="listbox" aria-label={label}>
            {loading && hits.length === 0 ? <li className="combo-empty" role="presentation">Searching…</li> : null}
            {!loading && hits.length === 0 ? <li className="combo-empty" role="presentation">{text ? `No matches for “${text}”` : 'Nothing to add'}</li> : null}
            {hits.map((h, i) => (
              <li
                key={h.id}
                id={`${id}-o${i}`}
                role="option"
                aria-selected={i === active}
                className={`combo-option${i === active ? ' combo-option-active' : ''}`}
                onMouseMove={() => setActive(i)}
                onMouseDown={(e) => { e.preventDefault(); add(h); }}
              >
                <span>{h.label}</span>
                {h.detail ? <span className="combo-detail">{h.detail}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {hint && !error ? <p className="field-hint" id={`${id}-hint`}>{hint}</p> : null}
      {error ? <p className="field-error" id={`${id}-error`}><Icon name="alert" size={14} />{error}</p> : null}
    </div>
  );
}
