// Pure form models of the newsroom screens (issue 16): the research filter form ⇄ the API's
// research query, the bulk update's "what to set" form → the API's set, ids typed by hand, and the
// per-item rows of a dry-run preview.
import type { BulkChange, BulkSet, ResearchQuery } from '../../data/api-newsroom';
import type { Chip } from '../../components/chip-picker';
import type { FieldErrors } from '../../lib/validation';

export interface ResearchForm {
  text: string;
  type: string;
  sectionId: string;
  taxonomy: Chip[];
  authorId: string;
  from: string;
  to: string;
  status: string;
  /** Other tenants to search as well (global users). */
  tenantKeys: string[];
}

export const EMPTY_RESEARCH: ResearchForm = { text: '', type: '', sectionId: '', taxonomy: [], authorId: '', from: '', to: '', status: '', tenantKeys: [] };

/** The API filter of a form: only what is filled in. */
export function toQuery(f: ResearchForm): ResearchQuery {
  const q: ResearchQuery = {};
  if (f.text.trim()) q.text = f.text.trim();
  if (f.type) q.types = [f.type];
  if (f.sectionId) q.sectionIds = [Number(f.sectionId)];
  if (f.taxonomy.length) q.taxonomyIds = f.taxonomy.map((c) => c.id);
  if (f.authorId) q.authorIds = [Number(f.authorId)];
  if (f.from) q.publishedFrom = f.from;
  if (f.to) q.publishedTo = f.to;
  if (f.status !== '') q.statuses = [Number(f.status)];
  if (f.tenantKeys.length) q.tenantKeys = [...f.tenantKeys];
  return q;
}

/** A saved query back in the form; `termName` labels the taxonomy chips (ids until known). */
export function fromQuery(q: ResearchQuery, termName: (id: number) => string | undefined = () => undefined): ResearchForm {
  return {
    text: q.text ?? '',
    type: q.types?.[0] ?? '',
    sectionId: q.sectionIds?.[0] !== undefined ? String(q.sectionIds[0]) : '',
    taxonomy: (q.taxonomyIds ?? []).map((id) => ({ id, label: termName(id) ?? `Term ${id}` })),
    authorId: q.authorIds?.[0] !== undefined ? String(q.authorIds[0]) : '',
    from: q.publishedFrom ?? '',
    to: q.publishedTo ?? '',
    status: q.statuses?.[0] !== undefined ? String(q.statuses[0]) : '',
    tenantKeys: q.tenantKeys ?? [],
  };
}

/** Field-level checks the API would also make, so a wrong range is named before any call. */
export function researchErrors(f: ResearchForm): FieldErrors {
  const e: FieldErrors = {};
  if (f.from && f.to && f.from > f.to) e.to = 'Must not be before the "from" date';
  return e;
}

/** Ids typed by hand: 8-digit numbers separated by commas, spaces or new lines. */
export function parseIds(text: string): { ids: number[]; error: string | null } {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const bad = parts.find((p) => !/^\d{8}$/.test(p));
  if (bad) return { ids: [], error: `"${bad}" is not an 8-digit content id` };
  return { ids: [...new Set(parts.map(Number))], error: null };
}

export interface BulkForm {
  status: string;
  sectionId: string;
  published: string;
  startDate: string;
  endDate: string;
  replaceAuthors: boolean;
  authors: Chip[];
  addTerms: Chip[];
  removeTerms: Chip[];
  replaceSchedules: boolean;
  scheduleSectionId: string;
  scheduleOption: string;
}

export const EMPTY_BULK: BulkForm = {
  status: '', sectionId: '', published: '', startDate: '', endDate: '', replaceAuthors: false, authors: [],
  addTerms: [], removeTerms: [], replaceSchedules: false, scheduleSectionId: '', scheduleOption: 'Standard',
};

/** A local date-time (datetime-local input) as the ISO instant the API stores. */
function isoOf(local: string): string {
  const ms = Date.parse(local);
  return Number.isNaN(ms) ? local : new Date(ms).toISOString();
}

/** The API's `set` for the form, or the errors that stop it (nothing chosen, a bad date range). */
export function bulkSetOf(f: BulkForm): { set: BulkSet; errors: FieldErrors } {
  const set: BulkSet = {};
  const errors: FieldErrors = {};
  if (f.status !== '') set.status = Number(f.status);
  if (f.sectionId) set.primarySectionId = Number(f.sectionId);
  if (f.published) set.published = isoOf(f.published);
  if (f.startDate) set.startDate = isoOf(f.startDate);
  if (f.endDate) set.endDate = isoOf(f.endDate);
  if (f.startDate && f.endDate && Date.parse(f.endDate) < Date.parse(f.startDate)) errors.endDate = 'Must not be before the start date';
  if (f.replaceAuthors) set.authorIds = f.authors.map((c) => c.id);
  if (f.addTerms.length) set.addTaxonomyIds = f.addTerms.map((c) => c.id);
  if (f.removeTerms.length) set.removeTaxonomyIds = f.removeTerms.map((c) => c.id);
  if (f.replaceSchedules) {
    if (f.scheduleSectionId) set.schedules = [{ sectionId: Number(f.scheduleSectionId), option: f.scheduleOption || 'Standard' }];
    else set.schedules = [];
  }
  if (Object.keys(set).length === 0 && Object.keys(errors).length === 0) errors.set = 'Choose at least one thing to change';
  return { set, errors };
}

export interface PreviewRow { id: number; field: string; from: string; to: string }

const show = (v: unknown): string => (v === null || v === undefined || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** One row per changed field of each item, in the API's order; items without a change are left out. */
export function previewRows(items: readonly BulkChange[]): PreviewRow[] {
  return items.flatMap((it) => Object.entries(it.changes).map(([field, c]) => ({ id: it.id, field, from: show(c.from), to: show(c.to) })));
}
