// Reports (issue #20): one framework for every report screen. A report is a definition (its
// parameters, summary figures, chart and table columns); the store answers it with one query
// (engine/store/queries/reports.ts); one admin screen renders any definition. This file holds what
// both sides share — the parameters (date presets, comparison period, tenant scope, filters) read
// from and written to a URL, sorting and paging, and CSV text — and re-exports the shapes
// (report-types.ts) and the catalogue of definitions (report-catalogue.ts).
// Pure and browser-safe.
import { DATE_PRESETS, COMPARISONS, type DatePreset, type Comparison, type ReportFilter, type ReportColumn, type ReportDefinition, type SortDir } from './report-types';

export { DATE_PRESETS, PRESET_LABELS, COMPARISONS, COMPARISON_LABELS, FILTERS, type DatePreset, type Comparison, type ReportFilter, type ColumnKind, type ReportColumn, type ReportFigure, type ReportChart, type ReportGroup, type ReportDefinition, type SortDir } from './report-types';
export { REPORT_DEFINITIONS, REPORT_IDS, reportById, type ReportId } from './report-catalogue';

/** A UTC day, YYYY-MM-DD. */
export type Day = string;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = (d: Day) => Date.parse(`${d}T00:00:00Z`);
const dayOf = (ms: number): Day => new Date(ms).toISOString().slice(0, 10);
export const addDays = (d: Day, n: number): Day => dayOf(dayMs(d) + n * 86_400_000);
export const isDay = (v: string): boolean => DAY.test(v) && !Number.isNaN(dayMs(v)) && dayOf(dayMs(v)) === v;
/** Days from `from` to `to`, both included. */
export const daysBetween = (from: Day, to: Day): Day[] => {
  const out: Day[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};

/** The days a preset covers, ending today (UTC). */
export function presetRange(preset: Exclude<DatePreset, 'custom'>, today: Day): { from: Day; to: Day } {
  const [y, m] = today.split('-');
  const monthStart = `${y}-${m}-01`;
  switch (preset) {
    case 'last-7-days': return { from: addDays(today, -6), to: today };
    case 'last-30-days': return { from: addDays(today, -29), to: today };
    case 'last-90-days': return { from: addDays(today, -89), to: today };
    case 'this-month': return { from: monthStart, to: today };
    case 'last-month': {
      const to = addDays(monthStart, -1);
      return { from: `${to.slice(0, 7)}-01`, to };
    }
    case 'this-year': return { from: `${y}-01-01`, to: today };
  }
}

/** The period a comparison sets beside [from, to]: as many days just before it, or the same days a year earlier. */
export function comparisonRange(from: Day, to: Day, compare: Comparison): { from: Day; to: Day } | null {
  if (compare === 'none') return null;
  if (compare === 'previous-year') {
    const back = (d: Day) => { const [y, rest] = [Number(d.slice(0, 4)) - 1, d.slice(4)]; return isDay(`${y}${rest}`) ? `${y}${rest}` : `${y}-02-28`; };
    return { from: back(from), to: back(to) };
  }
  const n = daysBetween(from, to).length;
  return { from: addDays(from, -n), to: addDays(from, -1) };
}

export const MAX_RANGE_DAYS = 731;
export const PAGE_SIZES = [25, 50, 100] as const;

export interface ReportParams {
  preset: DatePreset;
  from: Day;
  to: Day;
  compare: Comparison;
  /** A tenant key, or '*' for every tenant (global staff only; checked by the API). */
  tenant: string | null;
  section: number | null;
  type: string | null;
  author: number | null;
  sort: string;
  dir: SortDir;
  skip: number;
  limit: number;
}

export interface ParamError { field: string; message: string }

const int = (v: string | null | undefined): number | null | 'bad' => {
  if (v === null || v === undefined || v === '') return null;
  return /^\d{1,9}$/.test(v) ? Number(v) : 'bad';
};

/**
 * Reads a report's parameters from a URL's query (what the screen bookmarks) against its
 * definition; every error names its parameter. Missing parameters take the defaults: the last 30
 * days compared with the period before, the definition's sort, the first page of 25.
 */
export function parseReportParams(def: ReportDefinition, q: URLSearchParams, today: Day): { ok: true; params: ReportParams } | { ok: false; errors: ParamError[] } {
  const errors: ParamError[] = [];
  const preset = (q.get('range') ?? 'last-30-days') as DatePreset;
  if (!(DATE_PRESETS as readonly string[]).includes(preset)) errors.push({ field: 'range', message: `Must be one of ${DATE_PRESETS.join(', ')}` });
  let from = today;
  let to = today;
  if (preset === 'custom') {
    from = q.get('from') ?? '';
    to = q.get('to') ?? '';
    if (!isDay(from)) errors.push({ field: 'from', message: 'Must be a date (YYYY-MM-DD)' });
    if (!isDay(to)) errors.push({ field: 'to', message: 'Must be a date (YYYY-MM-DD)' });
    if (isDay(from) && isDay(to)) {
      if (from > to) errors.push({ field: 'to', message: 'Must not be before the start date' });
      else if (daysBetween(from, to).length > MAX_RANGE_DAYS) errors.push({ field: 'to', message: `The range must be at most ${MAX_RANGE_DAYS} days` });
    }
  } else if ((DATE_PRESETS as readonly string[]).includes(preset)) {
    ({ from, to } = presetRange(preset as Exclude<DatePreset, 'custom'>, today));
  }
  const compare = (q.get('compare') ?? 'previous-period') as Comparison;
  if (!(COMPARISONS as readonly string[]).includes(compare)) errors.push({ field: 'compare', message: `Must be one of ${COMPARISONS.join(', ')}` });
  const tenant = q.get('tenant') || null;
  if (tenant !== null && tenant !== '*' && !/^[a-z0-9][a-z0-9-]{0,62}$/.test(tenant)) errors.push({ field: 'tenant', message: 'Must be a site key or * for every site' });
  const filters = { section: int(q.get('section')), author: int(q.get('author')) };
  for (const [k, v] of Object.entries(filters)) {
    if (v === 'bad') errors.push({ field: k, message: 'Must be a whole number' });
    else if (v !== null && !def.filters.includes(k as ReportFilter)) errors.push({ field: k, message: `${def.title} cannot be filtered by ${k}` });
  }
  const type = q.get('type') || null;
  if (type !== null) {
    if (!def.filters.includes('type')) errors.push({ field: 'type', message: `${def.title} cannot be filtered by type` });
    else if (!/^[a-z][a-z0-9_-]{0,39}$/i.test(type)) errors.push({ field: 'type', message: 'Must be a content type' });
  }
  const sort = q.get('sort') ?? def.defaultSort.key;
  if (!def.columns.some((col) => col.key === sort)) errors.push({ field: 'sort', message: `Must be one of ${def.columns.map((col) => col.key).join(', ')}` });
  const dir = (q.get('dir') ?? (q.get('sort') ? 'asc' : def.defaultSort.dir)) as SortDir;
  if (dir !== 'asc' && dir !== 'desc') errors.push({ field: 'dir', message: 'Must be asc or desc' });
  const skip = int(q.get('skip'));
  if (skip === 'bad') errors.push({ field: 'skip', message: 'Must be a whole number' });
  const limit = int(q.get('limit')) ?? 25;
  if (limit === 'bad' || !(PAGE_SIZES as readonly number[]).includes(limit)) errors.push({ field: 'limit', message: `Must be one of ${PAGE_SIZES.join(', ')}` });
  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    params: {
      preset, from, to, compare, tenant, sort, dir, skip: (skip as number | null) ?? 0, limit: limit as number,
      section: filters.section as number | null, author: filters.author as number | null, type,
    },
  };
}

/** The query of a report's address: only what differs from the defaults, so links stay short. */
export function reportSearch(def: ReportDefinition, p: Partial<ReportParams>): URLSearchParams {
  const q = new URLSearchParams();
  if (p.preset && p.preset !== 'last-30-days') q.set('range', p.preset);
  if (p.preset === 'custom') { q.set('from', p.from ?? ''); q.set('to', p.to ?? ''); }
  if (p.compare && p.compare !== 'previous-period') q.set('compare', p.compare);
  if (p.tenant) q.set('tenant', p.tenant);
  if (p.section) q.set('section', String(p.section));
  if (p.type) q.set('type', p.type);
  if (p.author) q.set('author', String(p.author));
  if (p.sort && (p.sort !== def.defaultSort.key || p.dir !== def.defaultSort.dir)) { q.set('sort', p.sort); q.set('dir', p.dir ?? 'asc'); }
  if (p.skip) q.set('skip', String(p.skip));
  if (p.limit && p.limit !== 25) q.set('limit', String(p.limit));
  return q;
}

export type Cell = string | number | null;
export type ReportRow = Record<string, Cell>;
export interface ReportData {
  summary: Record<string, number>;
  series: ReportRow[];
  rows: ReportRow[];
}

/** Sorts rows by a column (numbers as numbers, text by locale, empty cells last), ties by the first column. */
export function sortRows(rows: readonly ReportRow[], key: string, dir: SortDir, tie?: string): ReportRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  const cmp = (a: Cell, b: Cell): number => {
    if (a === b) return 0;
    if (a === null || a === '') return 1;
    if (b === null || b === '') return -1;
    if (typeof a === 'number' && typeof b === 'number') return sign * (a - b);
    return sign * String(a).localeCompare(String(b));
  };
  return [...rows].sort((a, b) => cmp(a[key] ?? null, b[key] ?? null) || (tie ? cmp(a[tie] ?? null, b[tie] ?? null) * sign : 0));
}

/** The percentage change from `before` to `now` (null when there is nothing to compare with). */
export function change(now: number, before: number | undefined): number | null {
  if (before === undefined || before === 0) return null;
  return (now - before) / before;
}

/**
 * A cell as spreadsheet-safe text: a value a spreadsheet would run as a formula (= + - @, tab or
 * carriage return first) gets a leading apostrophe (OWASP's CSV-injection advice). Numbers stay numbers.
 */
export function safeCellText(v: Cell): string {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvField(v: Cell): string {
  const s = safeCellText(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The CSV lines (header first, CRLF endings) of rows under columns. */
export function* csvLines(columns: readonly ReportColumn[], rows: Iterable<ReportRow>): Generator<string> {
  yield `${columns.map((col) => csvField(col.label)).join(',')}\r\n`;
  for (const r of rows) yield `${columns.map((col) => csvField(r[col.key] ?? null)).join(',')}\r\n`;
}
