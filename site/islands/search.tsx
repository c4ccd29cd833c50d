// The /search page (public §2, §5, §8, §9): its state is the address: the spec's `filters` JSON
// parameter (text URI-encoded, type list, websiteSchedule list, page; engine/domain/search) when a
// link brings one, shown and kept in the readable form ?text=…&type=…&section=…&page=…. Typing updates the
// search after a 500 ms debounce, submitting at once; type and schedule filters and the pager
// update it immediately. Results come from getContentStream's full-text search (document
// searchContent) with counts per type and section. The server renders the empty form; the URL is
// read once mounted (the prerendered shell is the same page for every search).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  EMPTY_SEARCH, formatCount, searchFromParams, searchTerms, searchUrl, SEARCH_DEBOUNCE_MS, SEARCH_PAGE_SIZE,
  type SearchFilters,
} from '../../engine/domain/search';
import { siteApi } from '../client/api';
import { FacetList, Pager, ResultList, typeLabel, type FacetOption, type SearchAnswer } from './search-results';

export const SEARCH_TEXTS = {
  label: 'Search for',
  placeholder: 'Start your search here...',
  submit: 'Search',
  start: 'Start typing to search.',
  loading: 'Loading results...',
  noResults: (term: string) => `No results found for "${term}".`,
  types: 'Content Type',
  schedules: 'Section',
  clear: 'Clear filters',
} as const;

/** The filters of the current address: ?filters=… (the spec's shape), else the readable ?text=&type=&section=&page=. */
export function filtersFromLocation(search: string): SearchFilters {
  return searchFromParams(new URLSearchParams(search));
}

const sameFilters = (a: SearchFilters, b: SearchFilters) =>
  a.text === b.text && a.page === b.page && a.type.join() === b.type.join() && a.websiteSchedule.join() === b.websiteSchedule.join();

const toggle = <V,>(list: V[], v: V): V[] => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; answer: SearchAnswer } | { kind: 'error'; message: string };

function useSearch(filters: SearchFilters): Status {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  useEffect(() => {
    if (searchTerms(filters.text).length === 0) { setStatus({ kind: 'idle' }); return; }
    let live = true;
    setStatus({ kind: 'loading' });
    siteApi().query<SearchAnswer>('searchContent', {
      input: {
        search: filters.text,
        ...(filters.type.length ? { includeContentTypes: filters.type } : {}),
        ...(filters.websiteSchedule.length ? { sectionIds: filters.websiteSchedule } : {}),
        pagination: { limit: SEARCH_PAGE_SIZE, skip: (filters.page - 1) * SEARCH_PAGE_SIZE },
      },
    }).then(
      (answer) => { if (live) setStatus({ kind: 'done', answer }); },
      (e: unknown) => { if (live) setStatus({ kind: 'error', message: e instanceof Error ? e.message : String(e) }); },
    );
    return () => { live = false; };
  }, [filters]);
  return status;
}

export function Search() {
  const [filters, setFilters] = useState<SearchFilters>(EMPTY_SEARCH);
  const [text, setText] = useState('');
  const sectionNames = useRef(new Map<number, string>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const status = useSearch(filters);

  // The address is the state: read it once mounted and on back/forward.
  useEffect(() => {
    const read = () => { const f = filtersFromLocation(location.search); setFilters(f); setText(f.text); return f; };
    // An address in the spec's ?filters= JSON (the mega menu's) is shown in the readable form.
    const first = read();
    if (new URLSearchParams(location.search).has('filters')) history.replaceState(null, '', searchUrl(first));
    addEventListener('popstate', read);
    return () => { removeEventListener('popstate', read); if (timer.current) clearTimeout(timer.current); };
  }, []);

  const current = useRef(filters);
  current.current = filters;
  /** Changes the search: the address first (so back and forward work), then the state. */
  const apply = (patch: Partial<SearchFilters>, replace = false) => {
    if (timer.current) { clearTimeout(timer.current); timer.current = null; }
    const next = { ...current.current, ...patch };
    if (sameFilters(current.current, next)) return;
    if (replace) history.replaceState(null, '', searchUrl(next));
    else history.pushState(null, '', searchUrl(next));
    current.current = next;
    setFilters(next);
  };

  const onText = (value: string) => {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => { timer.current = null; apply({ text: value, page: 1 }, true); }, SEARCH_DEBOUNCE_MS);
  };
  const onSubmit = (e: FormEvent) => { e.preventDefault(); apply({ text, page: 1 }); };

  const answer = status.kind === 'done' ? status.answer : null;
  for (const s of answer?.facets?.websiteSchedules ?? []) if (s.section) sectionNames.current.set(s.sectionId, s.section.fullName || s.section.name);
  const typeOptions = options(answer?.facets?.types.map((t) => ({ value: t.value, label: typeLabel(t.value), count: t.count })), filters.type, typeLabel);
  const sectionOptions = options(
    answer?.facets?.websiteSchedules.map((s) => ({ value: s.sectionId, label: sectionNames.current.get(s.sectionId) ?? `Section ${s.sectionId}`, count: s.count })),
    filters.websiteSchedule, (id) => sectionNames.current.get(id) ?? `Section ${id}`,
  );
  const filtered = filters.type.length + filters.websiteSchedule.length > 0;

  return (
    <div className="search-page">
      <form className="search-form" role="search" action="/search" method="get" onSubmit={onSubmit}>
        <label htmlFor="search-page-text">{SEARCH_TEXTS.label}</label>
        <input id="search-page-text" type="search" name="text" value={text} placeholder={SEARCH_TEXTS.placeholder}
          onChange={(e) => onText(e.target.value)} />
        <button type="submit" className="button">{SEARCH_TEXTS.submit}</button>
      </form>
      <div className="search-body">
        {(typeOptions.length > 0 || sectionOptions.length > 0) && (
          <aside className="search-filters" aria-label="Filters">
            <FacetList legend={SEARCH_TEXTS.types} name="type" options={typeOptions} selected={filters.type}
              onToggle={(v) => apply({ type: toggle(filters.type, v), page: 1 })} />
            <FacetList legend={SEARCH_TEXTS.schedules} name="websiteSchedule" options={sectionOptions} selected={filters.websiteSchedule}
              onToggle={(v) => apply({ websiteSchedule: toggle(filters.websiteSchedule, v), page: 1 })} />
            {filtered && (
              <button type="button" className="button button-ghost" onClick={() => apply({ type: [], websiteSchedule: [], page: 1 })}>
                {SEARCH_TEXTS.clear}
              </button>
            )}
          </aside>
        )}
        <section className="search-results" aria-live="polite" aria-busy={status.kind === 'loading'}>
          <Results status={status} filters={filters} onPage={(page) => { apply({ page }); window.scrollTo({ top: 0 }); }} />
        </section>
      </div>
    </div>
  );
}

/** Facet options from the answer, keeping selected values the answer no longer counts (count 0). */
function options<V extends string | number>(from: FacetOption<V>[] | undefined, selected: V[], label: (v: V) => string): FacetOption<V>[] {
  const out = [...(from ?? [])];
  if (!from) return out;
  for (const v of selected) if (!out.some((o) => o.value === v)) out.push({ value: v, label: label(v), count: 0 });
  return out;
}

function Results({ status, filters, onPage }: { status: Status; filters: SearchFilters; onPage: (p: number) => void }) {
  if (status.kind === 'idle') return <p className="search-status">{SEARCH_TEXTS.start}</p>;
  if (status.kind === 'loading') return <p className="search-status">{SEARCH_TEXTS.loading}</p>;
  if (status.kind === 'error') return <p className="search-status search-error" role="alert">{status.message}</p>;
  const { items, totalCount } = status.answer;
  if (totalCount === 0 || items.length === 0) return <p className="search-status">{SEARCH_TEXTS.noResults(filters.text)}</p>;
  const first = (filters.page - 1) * SEARCH_PAGE_SIZE + 1;
  return (
    <>
      <p className="search-summary">
        Showing {formatCount(first)}–{formatCount(first + items.length - 1)} of {formatCount(totalCount)} {totalCount === 1 ? 'result' : 'results'}
      </p>
      <ResultList items={items} />
      <Pager filters={filters} total={totalCount} onPage={onPage} />
    </>
  );
}
