// The public search's rules (public §2 "Mega menu", §5, §9): the `filters` URL parameter of
// /search, the terms a search text is split into, and the display of counts. Browser-safe: the
// search island, the mega menu, the store (full-text terms) and the API share these functions.

/** Search field update delay (public §5, §9). */
export const SEARCH_DEBOUNCE_MS = 500;
/** Results per search page. */
export const SEARCH_PAGE_SIZE = 10;
/** Longest search text accepted (longer input is cut). */
export const SEARCH_TEXT_MAX = 200;
/** At most this many words of a search text are matched. */
export const SEARCH_TERMS_MAX = 12;
/** Highest page number a filters parameter may ask for. */
export const SEARCH_PAGE_MAX = 1000;

/**
 * The `filters` JSON of /search: text URI-encoded, content types, website schedule section ids and
 * the page (1-based). This object holds the decoded text; `searchFiltersParam` encodes it.
 */
export interface SearchFilters {
  text: string;
  type: string[];
  websiteSchedule: number[];
  page: number;
}

export const EMPTY_SEARCH: SearchFilters = Object.freeze({ text: '', type: [], websiteSchedule: [], page: 1 }) as SearchFilters;

/** The value of the filters parameter (before URL encoding): JSON with the text URI-encoded. */
export function searchFiltersParam(f: SearchFilters): string {
  return JSON.stringify({ text: encodeURIComponent(f.text), type: f.type, websiteSchedule: f.websiteSchedule, page: f.page });
}

/** /search?filters=… (the spec's JSON shape) for the given filters. */
export function searchFiltersUrl(f: SearchFilters): string {
  return `/search?filters=${encodeURIComponent(searchFiltersParam(f))}`;
}

/**
 * The readable address of a search, which the search page keeps in the address bar:
 * /search?text=cold+chain&type=Article&type=News&section=101&page=2 (empty parts left out). The
 * page reads it and the spec's ?filters= JSON alike (`searchFromParams`).
 */
export function searchUrl(f: SearchFilters): string {
  const p = new URLSearchParams();
  if (f.text) p.set('text', f.text);
  for (const t of f.type) p.append('type', t);
  for (const s of f.websiteSchedule) p.append('section', String(s));
  if (f.page > 1) p.set('page', String(f.page));
  const q = p.toString();
  return q ? `/search?${q}` : '/search';
}

/** Where the mega menu's search field goes (public §2): ?filters= JSON with the text, empty type and schedule lists, page 1. */
export function searchHref(text: string): string {
  return searchFiltersUrl({ text: text.trim().slice(0, SEARCH_TEXT_MAX), type: [], websiteSchedule: [], page: 1 });
}

/**
 * The search an address asks for: its ?filters= JSON (the spec's shape, links from the mega menu
 * and older pages), else the readable parameters of `searchUrl` (and the no-script form's ?text=).
 * Malformed parts fall back field by field, as in `parseSearchFilters`.
 */
export function searchFromParams(params: URLSearchParams): SearchFilters {
  const raw = params.get('filters');
  if (raw) return parseSearchFilters(raw);
  const type = params.getAll('type').filter((t) => /^[A-Za-z]{1,40}$/.test(t));
  const sections = params.getAll('section').filter((s) => /^\d{1,12}$/.test(s)).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  const page = /^\d{1,7}$/.test(params.get('page') ?? '') ? Math.min(Math.max(Number(params.get('page')), 1), SEARCH_PAGE_MAX) : 1;
  return { text: (params.get('text') ?? '').slice(0, SEARCH_TEXT_MAX), type: [...new Set(type)].slice(0, 50), websiteSchedule: [...new Set(sections)].slice(0, 50), page };
}

function decodeText(v: unknown): string {
  if (typeof v !== 'string') return '';
  let text = v;
  try {
    text = decodeURIComponent(v);
  } catch {
    // A malformed escape is taken as typed.
  }
  return text.slice(0, SEARCH_TEXT_MAX);
}

/**
 * Reads the filters parameter (already URL-decoded, as URLSearchParams gives it). Anything missing,
 * malformed or of the wrong shape falls back to the empty search's value for that field.
 */
export function parseSearchFilters(raw: string | null | undefined): SearchFilters {
  if (!raw) return { ...EMPTY_SEARCH, type: [], websiteSchedule: [] };
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return { ...EMPTY_SEARCH, type: [], websiteSchedule: [] };
  }
  const o = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  const type = Array.isArray(o.type) ? o.type.filter((t): t is string => typeof t === 'string' && /^[A-Za-z]{1,40}$/.test(t)) : [];
  const schedules = Array.isArray(o.websiteSchedule)
    ? o.websiteSchedule.map((s) => (typeof s === 'string' && /^\d{1,12}$/.test(s) ? Number(s) : s))
      .filter((s): s is number => typeof s === 'number' && Number.isSafeInteger(s) && s > 0)
    : [];
  const page = typeof o.page === 'number' && Number.isInteger(o.page) ? Math.min(Math.max(o.page, 1), SEARCH_PAGE_MAX) : 1;
  return { text: decodeText(o.text), type: [...new Set(type)].slice(0, 50), websiteSchedule: [...new Set(schedules)].slice(0, 50), page };
}

/**
 * The words of a search text, lower-cased: runs of letters and digits (what the full-text index
 * tokenises), so quotes, operators and punctuation never reach the query syntax.
 */
export function searchTerms(text: string): string[] {
  const words = text.slice(0, SEARCH_TEXT_MAX).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, SEARCH_TERMS_MAX);
}

/** A count as readers see it: thousands separators (public §5). */
export function formatCount(n: number): string {
  return Math.trunc(n).toLocaleString('en-US');
}
