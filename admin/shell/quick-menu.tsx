// Ctrl/Cmd+K quick menu (admin §2.3): a modal of at most 700px that filters the menu entries the
// user may open as they type, then lists the content, people and sections whose names match
// (quick-search.ts); arrows move, Enter opens, Escape closes.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Permission } from '../../engine/domain/permissions';
import { Icon } from '../components/icons';
import { filterEntries, quickEntries, type NavWhen } from './nav';
import { useQuickSearch } from './quick-search';

export function QuickMenu({ permissions, when = {}, onOpen, onClose }: { permissions: readonly Permission[]; when?: NavWhen; onOpen: (href: string) => void; onClose: () => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const all = useMemo(() => quickEntries(permissions, when), [permissions, when]);
  const entries = useMemo(() => filterEntries(all, text), [all, text]);
  const { found, searching, answered } = useQuickSearch(text, permissions);
  const hits = useMemo(() => [
    ...entries.map((e) => ({ ...e, detail: undefined as string | undefined, kind: 'screen' })),
    ...found.map((f) => ({ ...f, kind: 'found' })),
  ], [entries, found]);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    input.current?.focus();
    return () => before?.focus?.();
  }, []);
  useEffect(() => setActive(0), [text]);
  useEffect(() => setActive((a) => Math.min(a, Math.max(hits.length - 1, 0))), [hits.length]);

  const open = (i: number) => {
    const hit = hits[i];
    if (hit) onOpen(hit.href);
  };

  return (
    <div className="overlay overlay-top" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="quick" role="dialog" aria-modal="true" aria-label="Quick menu">
        <div className="quick-search">
          <Icon name="search" />
          <input
            ref={input}
            type="text"
            role="combobox"
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={hits[active] ? `${id}-opt-${active}` : undefined}
            aria-label="Go to"
            placeholder="Go to…"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') {
                e.preventDefault();
                setActive((a) => Math.min(a + 1, hits.length - 1));
              } else if (e.key === 'ArrowUp') {
                e.preventDefault();
                setActive((a) => Math.max(a - 1, 0));
              } else if (e.key === 'Enter') {
                e.preventDefault();
                open(active);
              } else if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                onClose();
              } else if (e.key === 'Tab') {
                e.preventDefault();
              }
            }}
          />
          <kbd className="kbd">Esc</kbd>
        </div>
        <ul className="quick-list" id={`${id}-list`} role="listbox" aria-label="Menu entries" aria-busy={searching} data-answered={answered}>
          {hits.length === 0 && !searching ? <li className="quick-empty" role="presentation">No matches for “{text}”</li> : null}
          {hits.map((h, i) => (
            <li
              key={`${h.group}:${h.href}`}
              id={`${id}-opt-${i}`}
              role="option"
              data-kind={h.kind}
              aria-selected={i === active}
              className={`quick-item${i === active ? ' quick-item-active' : ''}`}
              onMouseMove={() => setActive(i)}
              onMouseDown={(e) => {
                e.preventDefault();
                open(i);
              }}
            >
              <Icon name={h.icon} />
              <span className="quick-label">{h.label}{h.detail ? <span className="quick-detail">{h.detail}</span> : null}</span>
              <span className="quick-group">{h.group}</span>
            </li>
          ))}
          {searching ? <li className="quick-empty quick-searching" role="presentation">Searching content, people and sections…</li> : null}
        </ul>
        <footer className="quick-foot">
          <span><kbd className="kbd">↑</kbd><kbd className="kbd">↓</kbd> to move</span>
          <span><kbd className="kbd">Enter</kbd> to open</span>
        </footer>
      </div>
    </div>
  );
}
