// Presentational parts of the /search island: the filter lists (type and website schedule, with
// counts), the result list and the pager. State lives in search.tsx.
import { formatCount, searchUrl, SEARCH_PAGE_SIZE, type SearchFilters } from '../../engine/domain/search';

export interface SearchItem {
  id: number;
  type: string;
  name: string;
  teaser: string;
  published: string | null;
  canonicalPath: string;
  primarySection: { id: number; name: string; canonicalPath: string } | null;
}

export interface SearchAnswer {
  items: SearchItem[];
  totalCount: number;
  facets: {
    types: { value: string; count: number }[];
    websiteSchedules: { sectionId: number; count: number; section: { id: number; name: string; fullName: string } | null }[];
  } | null;
}

export interface FacetOption<V> { value: V; label: string; count: number | null }

/** Only same-site paths become links (results come from our API, but a path is still checked). */
const safePath = (p: string) => (/^\/(?!\/)/.test(p) ? p : null);

const dateFmt = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
function displayDate(iso: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : dateFmt.format(d);
}

const TYPE_LABELS: Record<string, string> = { MediaGallery: 'Media Gallery', PressRelease: 'Press Release' };
export const typeLabel = (t: string) => TYPE_LABELS[t] ?? t;

export function FacetList<V extends string | number>({ legend, name, options, selected, onToggle }: {
  legend: string;
  name: string;
  options: FacetOption<V>[];
  selected: V[];
  onToggle: (v: V) => void;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="search-facet">
      <legend>
        {legend}
        {selected.length > 0 && <span className="search-facet-selected"> ({formatCount(selected.length)} selected)</span>}
      </legend>
      <ul>
        {options.map((o) => (
          <li key={String(o.value)}>
            <label>
              <input type="checkbox" name={name} value={String(o.value)} checked={selected.includes(o.value)} onChange={() => onToggle(o.value)} />
              <span className="search-facet-label">{o.label}</span>
              {o.count !== null && <span className="search-facet-count">{formatCount(o.count)}</span>}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export function ResultList({ items }: { items: SearchItem[] }) {
  return (
    <ol className="search-result-list">
      {items.map((it) => {
        const href = safePath(it.canonicalPath);
        const date = displayDate(it.published);
        return (
          <li key={it.id} className="search-result" data-content-id={it.id}>
            <p className="search-result-meta">
              <span className="search-result-type">{typeLabel(it.type)}</span>
              {it.primarySection && <span>{it.primarySection.name}</span>}
              {date && it.published && <time dateTime={it.published}>{date}</time>}
            </p>
            <h2 className="search-result-title">{href ? <a href={href}>{it.name}</a> : it.name}</h2>
            {it.teaser && <p className="search-result-teaser">{it.teaser}</p>}
          </li>
        );
      })}
    </ol>
  );
}

/** Previous / Next links (real hrefs, so they open in a new tab too) and the page position. */
export function Pager({ filters, total, onPage }: { filters: SearchFilters; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
  if (pages <= 1) return null;
  const page = Math.min(filters.page, pages);
  const link = (p: number, label: string, rel: string) => (
    <a className="button button-ghost" rel={rel} href={searchUrl({ ...filters, page: p })}
      onClick={(e) => { if (!e.metaKey && !e.ctrlKey && !e.shiftKey) { e.preventDefault(); onPage(p); } }}>{label}</a>
  );
  return (
    <nav className="search-pager" aria-label="Search result pages">
      {page > 1 ? link(page - 1, 'Previous', 'prev') : <span />}
      <span className="search-pager-position">Page {formatCount(page)} of {formatCount(pages)}</span>
      {page < pages ? link(page + 1, 'Next', 'next') : <span />}
    </nav>
  );
}
