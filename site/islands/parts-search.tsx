// Part search on the parts directory page (issue 42, sourceesb module): the page is static, so the
// search runs in the browser over the page's own prerendered payload (PARTS_SEARCH_JSON: every part
// with its page path), fetched once on the first search. The address keeps the search (?q=…), so a
// search can be linked; the server renders the empty form, and the full list stays below it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { searchParts } from '../../engine/domain/sourceesb';
import type { PartRowView } from '../model';
import { autocomplete } from '../attrs';

export const PARTS_SEARCH_TEXTS = {
  label: 'Part number or keyword',
  submit: 'Search parts',
  loading: 'Searching…',
  failed: 'The part search is unavailable right now.',
  none: (q: string) => `No parts match "${q}".`,
  found: (n: number) => (n === 1 ? '1 part found' : `${n} parts found`),
} as const;
const SHOWN = 50;

type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error' } | { kind: 'done'; q: string; parts: PartRowView[] };

export function PartsSearch({ indexHref }: { indexHref: string }) {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const parts = useRef<Promise<PartRowView[]> | null>(null);
  const run = (text: string) => {
    const query = text.trim();
    if (!query) { setStatus({ kind: 'idle' }); return; }
    setStatus({ kind: 'loading' });
    parts.current ??= fetch(indexHref, { headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() as Promise<{ module?: { parts?: PartRowView[] } }> : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((page) => page.module?.parts ?? []);
    parts.current.then(
      (all) => setStatus({ kind: 'done', q: query, parts: searchParts(all, query) }),
      () => { parts.current = null; setStatus({ kind: 'error' }); },
    );
  };
  useEffect(() => {
    const initial = new URLSearchParams(window.location.search).get('q') ?? '';
    if (initial) { setQ(initial); run(initial); }
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const url = new URL(window.location.href);
    if (q.trim()) url.searchParams.set('q', q.trim()); else url.searchParams.delete('q');
    window.history.replaceState(null, '', url);
    run(q);
  };
  return (
    <div className="parts-search">
      <form role="search" action="/parts" method="get" onSubmit={submit}>
        <label htmlFor="parts-q">{PARTS_SEARCH_TEXTS.label}</label>
        <input id="parts-q" name="q" type="search" value={q} onChange={(e) => setQ(e.target.value)} {...autocomplete('off')} />
        <button type="submit" className="button">{PARTS_SEARCH_TEXTS.submit}</button>
      </form>
      <div className="parts-search-results" aria-live="polite">
        {status.kind === 'loading' && <p>{PARTS_SEARCH_TEXTS.loading}</p>}
        {status.kind === 'error' && <p>{PARTS_SEARCH_TEXTS.failed}</p>}
        {status.kind === 'done' && status.parts.length === 0 && <p>{PARTS_SEARCH_TEXTS.none(status.q)}</p>}
        {status.kind === 'done' && status.parts.length > 0 && (
          <>
            <p>{PARTS_SEARCH_TEXTS.found(status.parts.length)}</p>
            <ul className="parts-results">
              {status.parts.slice(0, SHOWN).map((p) => (
                <li key={p.href}><a href={p.href}><strong>{p.partNumber}</strong> {p.name}</a>{p.manufacturer && <span> · {p.manufacturer}</span>}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
