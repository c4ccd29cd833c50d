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

/** /search?filters=… for the given filters. */
export function searchUrl(f: SearchFilters): string {
  return `/search?filters=${encodeURIComponent(searchFiltersParam(f))}`;
}

/** Where the mega menu's search field goes: the text with empty type and schedule lists, page 1. */
export function searchHref(text: string): string {
  return searchUrl({ text: text.trim().slice(0, SEARCH_TEXT_MAX), type: [], websiteSchedule: [], page: 1 });
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
