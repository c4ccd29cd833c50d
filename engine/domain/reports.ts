// Reports (issue #20): one framework for every report screen. A report is a definition (its
// parameters, summary figures, chart and table columns); the store answers it with one query
// (engine/store/queries/reports.ts); one admin screen renders any definition. This file holds what
// both sides share: the catalogue of definitions, the parameters (date presets, comparison period,
// tenant scope, filters) read from and written to a URL, sorting and paging, and CSV text.
// Pure and browser-safe.
import type { Permission } from './permissions';

export const DATE_PRESETS = ['last-7-days', 'last-30-days', 'last-90-days', 'this-month', 'last-month', 'this-year', 'custom'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const PRESET_LABELS: Record<DatePreset, string> = {
  'last-7-days': 'Last 7 days', 'last-30-days': 'Last 30 days', 'last-90-days': 'Last 90 days', 'this-month': 'This month',
  'last-month': 'Last month', 'this-year': 'This year', custom: 'Custom range',
};
export const COMPARISONS = ['previous-period', 'previous-year', 'none'] as const;
export type Comparison = (typeof COMPARISONS)[number];
export const COMPARISON_LABELS: Record<Comparison, string> = { 'previous-period': 'Previous period', 'previous-year': 'Same period last year', none: 'No comparison' };
export const FILTERS = ['section', 'type', 'author'] as const;
export type ReportFilter = (typeof FILTERS)[number];

export type ColumnKind = 'text' | 'int' | 'decimal' | 'percent' | 'date' | 'content';
export interface ReportColumn { key: string; label: string; kind: ColumnKind }
export interface ReportFigure { key: string; label: string; kind: 'int' | 'percent' | 'decimal' }
export interface ReportChart {
  kind: 'line' | 'bar' | 'funnel';
  /** The series field that holds the x value (a day, a bucket, a step). */
  x: string;
  series: { key: string; label: string }[];
}
export type ReportGroup = 'Analytics' | 'Editorial' | 'Analyses' | 'Exports';

export interface ReportDefinition {
  id: string;
  /** Below /admin (admin §2.2). */
  path: string;
  title: string;
  group: ReportGroup;
  /** One sentence under the title: what the numbers are. */
  description: string;
  permissions: readonly Permission[];
  /** Whether the date range applies (undated reports describe the current state). */
  dated: boolean;
  filters: readonly ReportFilter[];
  summary: readonly ReportFigure[];
  chart: ReportChart | null;
  columns: readonly ReportColumn[];
  defaultSort: { key: string; dir: SortDir };
}
export type SortDir = 'asc' | 'desc';

const VIEW: readonly Permission[] = ['view_common_reports'];
const c = (key: string, label: string, kind: ColumnKind = 'int'): ReportColumn => ({ key, label, kind });
const f = (key: string, label: string, kind: ReportFigure['kind'] = 'int'): ReportFigure => ({ key, label, kind });
const dayChart = (series: [string, string][], kind: 'line' | 'bar' = 'line'): ReportChart => ({ kind, x: 'day', series: series.map(([key, label]) => ({ key, label })) });

export const REPORT_DEFINITIONS = [
  {
    id: 'content-views', path: '/content-views-report', title: 'Content views', group: 'Analytics', permissions: VIEW, dated: true, filters: ['section', 'type'],
    description: 'Page views of content items per day, and which items were read most.',
    summary: [f('views', 'Views'), f('visitors', 'Daily visitors'), f('items', 'Items viewed'), f('viewsPerItem', 'Views per item', 'decimal')],
    chart: dayChart([['views', 'Views'], ['visitors', 'Daily visitors']]),
    columns: [c('contentId', 'Id'), c('title', 'Content', 'content'), c('type', 'Type', 'text'), c('section', 'Section', 'text'), c('views', 'Views'), c('visitors', 'Daily visitors'), c('share', 'Share of views', 'percent')],
    defaultSort: { key: 'views', dir: 'desc' },
  },
  {
    id: 'top-content-by-pub-date', path: '/top-content-pages-by-pub-date-report', title: 'Top content by publication date', group: 'Analytics', permissions: VIEW, dated: true, filters: ['section', 'type'],
    description: 'Items published in the period, ranked by the views they drew up to its end.',
    summary: [f('published', 'Items published'), f('views', 'Views'), f('viewsPerItem', 'Views per item', 'decimal'), f('unread', 'Items without views')],
    chart: dayChart([['published', 'Items published'], ['views', 'Views of those items']], 'bar'),
    columns: [c('contentId', 'Id'), c('title', 'Content', 'content'), c('published', 'Published', 'date'), c('section', 'Section', 'text'), c('views', 'Views'), c('visitors', 'Daily visitors')],
    defaultSort: { key: 'views', dir: 'desc' },
  },
  {
    id: 'content-favorites', path: '/content-favorites-report', title: 'Content favourites', group: 'Analytics', permissions: VIEW, dated: true, filters: ['section', 'type'],
    description: 'How often readers saved items to their favourites.',
    summary: [f('favorites', 'Favourites'), f('items', 'Items favourited'), f('visitors', 'Daily readers')],
    chart: dayChart([['favorites', 'Favourites']], 'bar'),
    columns: [c('contentId', 'Id'), c('title', 'Content', 'content'), c('section', 'Section', 'text'), c('favorites', 'Favourites'), c('visitors', 'Daily readers')],
    defaultSort: { key: 'favorites', dir: 'desc' },
  },
  {
    id: 'registrations', path: '/registrations-report', title: 'Registrations', group: 'Analytics', permissions: VIEW, dated: true, filters: [],
    description: 'The registration funnel: how many readers reached each step, and how many were lost between steps.',
    summary: [f('joinClicks', 'Join clicks'), f('submitted', 'Registrations submitted'), f('completed', 'Registrations completed'), f('conversion', 'Join click to completion', 'percent')],
    chart: { kind: 'funnel', x: 'label', series: [{ key: 'events', label: 'Readers' }] },
    columns: [c('position', '#'), c('label', 'Step', 'text'), c('events', 'Events'), c('visitors', 'Daily visitors'), c('ofFirst', 'Of first step', 'percent'), c('dropOff', 'Drop-off from previous', 'percent')],
    defaultSort: { key: 'position', dir: 'asc' },
  },
  {
    id: 'incomplete-registrations', path: '/incomplete-registrations-report', title: 'Incomplete registrations', group: 'Analytics', permissions: VIEW, dated: true, filters: [],
    description: 'Registrations submitted but not completed, per day, and how many reminder e-mails went out.',
    summary: [f('submitted', 'Submitted'), f('completed', 'Completed'), f('incomplete', 'Incomplete'), f('incompleteRate', 'Incomplete share', 'percent')],
    chart: dayChart([['submitted', 'Submitted'], ['completed', 'Completed'], ['incomplete', 'Incomplete']]),
    columns: [c('day', 'Day', 'date'), c('submitted', 'Submitted'), c('completed', 'Completed'), c('incomplete', 'Incomplete'), c('reminders', 'Reminders sent')],
    defaultSort: { key: 'day', dir: 'desc' },
  },
  {
    id: 'logins', path: '/login-report', title: 'Logins', group: 'Analytics', permissions: VIEW, dated: true, filters: [],
    description: 'Member logins per day, and how often readers clicked the header login link.',
    summary: [f('logins', 'Logins'), f('visitors', 'Daily members'), f('loginClicks', 'Login link clicks'), f('perDay', 'Logins per day', 'decimal')],
    chart: dayChart([['logins', 'Logins'], ['loginClicks', 'Login link clicks']]),
    columns: [c('day', 'Day', 'date'), c('logins', 'Logins'), c('visitors', 'Daily members'), c('loginClicks', 'Login link clicks')],
    defaultSort: { key: 'day', dir: 'desc' },
  },
  {
    id: 'newsletter-subscriptions', path: '/newsletter-subscriptions-report', title: 'Newsletter subscriptions', group: 'Analytics', permissions: VIEW, dated: true, filters: [],
    description: 'Sign-ups per newsletter from the site.',
    summary: [f('subscriptions', 'Sign-ups'), f('visitors', 'Daily readers'), f('newsletters', 'Newsletters')],
    chart: dayChart([['subscriptions', 'Sign-ups']], 'bar'),
    columns: [c('newsletterId', 'Id'), c('newsletter', 'Newsletter', 'text'), c('subscriptions', 'Sign-ups'), c('visitors', 'Daily readers'), c('share', 'Share', 'percent')],
    defaultSort: { key: 'subscriptions', dir: 'desc' },
  },
  {
    id: 'menu-link-clicks', path: '/menu-link-clicks-report', title: 'Menu link clicks', group: 'Analytics', permissions: VIEW, dated: true, filters: [],
    description: 'Clicks on each menu link.',
    summary: [f('clicks', 'Clicks'), f('visitors', 'Daily visitors'), f('links', 'Links clicked')],
    chart: dayChart([['clicks', 'Clicks']], 'bar'),
    columns: [c('menu', 'Menu', 'text'), c('label', 'Link', 'text'), c('clicks', 'Clicks'), c('visitors', 'Daily visitors'), c('share', 'Share', 'percent')],
    defaultSort: { key: 'clicks', dir: 'desc' },
  },
  {
    id: 'media-gallery', path: '/media-gallery-report', title: 'Media gallery views', group: 'Analytics', permissions: VIEW, dated: true, filters: ['section', 'type'],
    description: 'Images viewed in content galleries, per item.',
    summary: [f('views', 'Gallery views'), f('visitors', 'Daily visitors'), f('items', 'Galleries viewed')],
    chart: dayChart([['views', 'Gallery views']], 'bar'),
    columns: [c('contentId', 'Id'), c('title', 'Content', 'content'), c('section', 'Section', 'text'), c('views', 'Gallery views'), c('visitors', 'Daily visitors')],
    defaultSort: { key: 'views', dir: 'desc' },
  },
  {
    id: 'company-engagement', path: '/company-engagement-report', title: 'Company engagement', group: 'Analytics', permissions: VIEW, dated: true, filters: [],
    description: 'Readers engaging with company profiles: website and social clicks and sponsored-search logo clicks.',
    summary: [f('interactions', 'Interactions'), f('companies', 'Companies'), f('websiteClicks', 'Website clicks'), f('logoClicks', 'Sponsored logo clicks')],
    chart: dayChart([['interactions', 'Interactions']], 'bar'),
    columns: [c('companyId', 'Id'), c('company', 'Company', 'content'), c('websiteClicks', 'Website clicks'), c('socialClicks', 'Social clicks'), c('logoClicks', 'Sponsored logo clicks'), c('interactions', 'Interactions')],
    defaultSort: { key: 'interactions', dir: 'desc' },
  },
  {
    id: 'sponsored-search-logo-clicks', path: '/sponsored-search-logo-clicks-report', title: 'Sponsored search logo clicks', group: 'Analytics', permissions: VIEW, dated: true, filters: [],
    description: 'Clicks on sponsoring companies\' logos in search results.',
    summary: [f('clicks', 'Clicks'), f('visitors', 'Daily visitors'), f('companies', 'Companies')],
    chart: dayChart([['clicks', 'Clicks']], 'bar'),
    columns: [c('companyId', 'Id'), c('company', 'Company', 'content'), c('clicks', 'Clicks'), c('visitors', 'Daily visitors'), c('share', 'Share', 'percent')],
    defaultSort: { key: 'clicks', dir: 'desc' },
  },
  {
    id: 'content-detail', path: '/content-detail-report', title: 'Content detail', group: 'Editorial', permissions: VIEW, dated: true, filters: ['section', 'type', 'author'],
    description: 'One row per item published in the period, with its fields.',
    summary: [f('items', 'Items'), f('authors', 'Authors'), f('sections', 'Sections')],
    chart: null,
    columns: [
      c('contentId', 'Id'), c('title', 'Content', 'content'), c('type', 'Type', 'text'), c('status', 'Status', 'text'), c('section', 'Section', 'text'),
      c('authors', 'Authors', 'text'), c('published', 'Published', 'date'), c('updated', 'Updated', 'date'), c('slug', 'Slug', 'text'), c('teaser', 'Teaser', 'text'),
    ],
    defaultSort: { key: 'published', dir: 'desc' },
  },
  {
    id: 'content-velocity', path: '/content-velocity-report', title: 'Content velocity', group: 'Editorial', permissions: VIEW, dated: true, filters: ['section', 'type', 'author'],
    description: 'Items published per day, by section.',
    summary: [f('published', 'Items published'), f('perDay', 'Per day', 'decimal'), f('sections', 'Sections'), f('authors', 'Authors')],
    chart: dayChart([['published', 'Items published']], 'bar'),
    columns: [c('section', 'Section', 'text'), c('published', 'Items published'), c('perDay', 'Per day', 'decimal'), c('share', 'Share', 'percent')],
    defaultSort: { key: 'published', dir: 'desc' },
  },
  {
    id: 'content-length', path: '/content-length-report', title: 'Content length', group: 'Editorial', permissions: VIEW, dated: true, filters: ['section', 'type', 'author'],
    description: 'Words per item published in the period, and how lengths are spread.',
    summary: [f('items', 'Items'), f('medianWords', 'Median words'), f('meanWords', 'Mean words'), f('longest', 'Longest')],
    chart: { kind: 'bar', x: 'bucket', series: [{ key: 'items', label: 'Items' }] },
    columns: [c('contentId', 'Id'), c('title', 'Content', 'content'), c('section', 'Section', 'text'), c('published', 'Published', 'date'), c('words', 'Words')],
    defaultSort: { key: 'words', dir: 'desc' },
  },
  {
    id: 'editorial-tracking', path: '/editorial-tracking-report', title: 'Editorial tracking', group: 'Editorial', permissions: VIEW, dated: true, filters: [],
    description: 'Who created, edited and deleted content in the period, from the history.',
    summary: [f('changes', 'Changes'), f('people', 'People'), f('items', 'Items touched')],
    chart: dayChart([['created', 'Created'], ['updated', 'Edited'], ['deleted', 'Deleted']], 'bar'),
    columns: [c('user', 'Who', 'text'), c('created', 'Created'), c('updated', 'Edited'), c('deleted', 'Deleted'), c('items', 'Items touched'), c('last', 'Last change', 'date')],
    defaultSort: { key: 'updated', dir: 'desc' },
  },
  {
    id: 'rmi', path: '/rmi-report', title: 'RMI inquiries', group: 'Editorial', permissions: VIEW, dated: true, filters: [],
    description: 'Inquiries readers sent from inquiry forms (request more information), per day and per item, one row per inquiry.',
    summary: [f('inquiries', 'Inquiries'), f('items', 'Items asked about'), f('companies', 'Companies'), f('perDay', 'Per day', 'decimal')],
    chart: dayChart([['inquiries', 'Inquiries']], 'bar'),
    columns: [
      c('received', 'Received', 'date'), c('name', 'Name', 'text'), c('email', 'Email', 'text'), c('company', 'Company', 'text'),
      c('contentId', 'Id'), c('title', 'Content', 'content'), c('itemInquiries', 'Inquiries about the item'), c('message', 'Message', 'text'),
    ],
    defaultSort: { key: 'received', dir: 'desc' },
  },
  {
    id: 'layout-block-usage', path: '/layout-block-usage', title: 'Layout block usage', group: 'Analyses', permissions: ['view_common_reports', 'view_site_layouts', 'manage_site_layouts'], dated: false, filters: [],
    description: 'Which block types the layouts use, and how often.',
    summary: [f('layouts', 'Layouts'), f('blocks', 'Blocks'), f('types', 'Block types used')],
    chart: { kind: 'bar', x: 'blockType', series: [{ key: 'blocks', label: 'Blocks' }] },
    columns: [c('blockType', 'Block type', 'text'), c('blocks', 'Blocks'), c('layouts', 'Layouts'), c('layoutNames', 'Used in', 'text')],
    defaultSort: { key: 'blocks', dir: 'desc' },
  },
  {
    id: 'company-export', path: '/company-export', title: 'Company export', group: 'Exports', permissions: VIEW, dated: false, filters: ['section'],
    description: 'Every company profile with its fields, to download as CSV or XLSX.',
    summary: [f('companies', 'Companies'), f('published', 'Published')],
    chart: null,
    columns: [c('contentId', 'Id'), c('name', 'Company', 'content'), c('status', 'Status', 'text'), c('section', 'Section', 'text'), c('website', 'Website', 'text'), c('teaser', 'Teaser', 'text'), c('updated', 'Updated', 'date')],
    defaultSort: { key: 'name', dir: 'asc' },
  },
] as const satisfies readonly ReportDefinition[];

export type ReportId = (typeof REPORT_DEFINITIONS)[number]['id'];
export const REPORT_IDS = REPORT_DEFINITIONS.map((d) => d.id) as ReportId[];

export function reportById(id: string): ReportDefinition | undefined {
  return (REPORT_DEFINITIONS as readonly ReportDefinition[]).find((d) => d.id === id);
}

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
