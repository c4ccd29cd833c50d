// The content editor's form model: what the inputs hold (strings for dates, ids as numbers), how it
// is validated with the shared contentSchema, and what is sent to the API.
import { CONTENT_TYPES, SCHEDULE_OPTIONS, type ContentType, type ScheduleOption } from '../../../engine/domain/enums';
import { contentSchema } from '../../../engine/domain/records';
import type { ContentDetail, ContentStatusCode, EventFields } from '../../data/types';
import type { ContentWrite } from '../../data/api';
import { issuesToErrors, requiredSelect, type FieldErrors } from '../../lib/validation';

export interface ScheduleRow {
  sectionId: string;
  option: ScheduleOption;
  startDate: string;
  endDate: string;
}

export interface EventForm {
  startDate: string;
  endDate: string;
  venue: string;
  address1: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface ContentForm {
  type: ContentType;
  name: string;
  slug: string;
  teaser: string;
  body: string;
  status: string;
  published: string;
  startDate: string;
  endDate: string;
  primarySectionId: string;
  authorIds: number[];
  imageIds: number[];
  primaryImageId: number | null;
  taxonomyIds: number[];
  labels: string[];
  event: EventForm;
  linkUrl: string;
  embedCode: string;
  /** Digital edition (zmag) publication id, or '' for none. */
  zmagId: string;
  seoTitle: string;
  /** A contract id, or '' for none. */
  contractId: string;
  schedules: ScheduleRow[];
}

/** Extra fields per content type (the common ones are on every type). */
export type TypeField = 'eventDates' | 'venue' | 'webinarDate' | 'linkUrl' | 'embedCode';
export const TYPE_FIELDS: Partial<Record<ContentType, { fields: TypeField[]; linkLabel?: string }>> = {
  Event: { fields: ['eventDates', 'venue', 'linkUrl'], linkLabel: 'Registration link' },
  Webinar: { fields: ['webinarDate', 'linkUrl'], linkLabel: 'Webinar link' },
  Promotion: { fields: ['linkUrl'], linkLabel: 'Promotion link' },
  Video: { fields: ['embedCode'] },
  Podcast: { fields: ['embedCode', 'linkUrl'], linkLabel: 'Episode link' },
  Document: { fields: ['linkUrl'], linkLabel: 'File link' },
  Whitepaper: { fields: ['linkUrl'], linkLabel: 'Download link' },
  Company: { fields: ['linkUrl'], linkLabel: 'Website' },
  Product: { fields: ['linkUrl'], linkLabel: 'Product page' },
};

export function typeFields(type: ContentType): TypeField[] {
  return TYPE_FIELDS[type]?.fields ?? [];
}

/** A content type from a route segment, case-insensitive ("article" → "Article"). */
export function parseContentType(segment: string | undefined): ContentType | null {
  if (!segment) return null;
  const want = segment.toLowerCase().replace(/[-_\s]/g, '');
  return CONTENT_TYPES.find((t) => t.toLowerCase() === want) ?? null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO (or epoch) → the value of a datetime-local input, in local time. */
export function toLocalInput(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value → ISO 8601 (UTC), or null when empty. */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

const emptyEvent: EventForm = { startDate: '', endDate: '', venue: '', address1: '', city: '', state: '', postalCode: '', country: '' };

export function emptyForm(type: ContentType): ContentForm {
  return {
    type, name: '', slug: '', teaser: '', body: '', status: '2', published: '', startDate: '', endDate: '',
    primarySectionId: '', authorIds: [], imageIds: [], primaryImageId: null, taxonomyIds: [], labels: [],
    event: { ...emptyEvent }, linkUrl: '', embedCode: '', zmagId: '', seoTitle: '', contractId: '', schedules: [],
  };
}

export function fromDetail(c: ContentDetail): ContentForm {
  const e: EventFields = c.event ?? {};
  return {
    type: c.type, name: c.name, slug: c.slug ?? '', teaser: c.teaser ?? '', body: c.body ?? '', status: String(c.status),
    published: toLocalInput(c.published), startDate: toLocalInput(c.startDate), endDate: toLocalInput(c.endDate),
    primarySectionId: c.primarySectionId ? String(c.primarySectionId) : '',
    authorIds: c.authorIds ?? [], imageIds: c.imageIds ?? [], primaryImageId: c.primaryImageId ?? null,
    taxonomyIds: c.taxonomyIds ?? [], labels: c.labels ?? [],
    event: {
      startDate: toLocalInput(e.startDate), endDate: toLocalInput(e.endDate), venue: e.venue ?? '', address1: e.address1 ?? '',
      city: e.city ?? '', state: e.state ?? '', postalCode: e.postalCode ?? '', country: e.country ?? '',
    },
    linkUrl: c.linkUrl ?? '', embedCode: c.embedCode ?? '', zmagId: c.zmagId ?? '', seoTitle: c.seoTitle ?? '', contractId: c.contractId ? String(c.contractId) : '',
    schedules: (c.schedules ?? []).map((s) => ({ sectionId: String(s.sectionId), option: s.option, startDate: toLocalInput(s.startDate), endDate: toLocalInput(s.endDate) })),
  };
}

const opt = (s: string) => (s.trim() === '' ? undefined : s.trim());
const optDate = (s: string) => fromLocalInput(s) ?? undefined;

function eventInput(f: ContentForm): Record<string, string> | undefined {
  const fields = typeFields(f.type);
  if (!fields.includes('eventDates') && !fields.includes('webinarDate') && !fields.includes('venue')) return undefined;
  const e = f.event;
  const out = Object.fromEntries(Object.entries({
    startDate: optDate(e.startDate), endDate: fields.includes('eventDates') ? optDate(e.endDate) : undefined,
    venue: opt(e.venue), address1: opt(e.address1), city: opt(e.city), state: opt(e.state), postalCode: opt(e.postalCode), country: opt(e.country),
  }).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The form as contentSchema input (what fixtures and the API validate). */
export function toSchemaInput(f: ContentForm, id: number): Record<string, unknown> {
  const fields = typeFields(f.type);
  const input: Record<string, unknown> = {
    id, type: f.type, name: f.name, teaser: f.teaser, body: f.body, status: Number(f.status),
    primarySectionId: f.primarySectionId === '' ? undefined : Number(f.primarySectionId),
    authorIds: f.authorIds, imageIds: f.imageIds, taxonomyIds: f.taxonomyIds, labels: f.labels,
    schedules: f.schedules.map((s) => ({
      sectionId: s.sectionId === '' ? undefined : Number(s.sectionId), option: s.option,
      ...(optDate(s.startDate) ? { startDate: optDate(s.startDate) } : {}),
      ...(optDate(s.endDate) ? { endDate: optDate(s.endDate) } : {}),
    })),
  };
  const put = (k: string, v: unknown) => {
    if (v !== undefined) input[k] = v;
  };
  put('slug', opt(f.slug));
  put('published', optDate(f.published));
  put('startDate', optDate(f.startDate));
  put('endDate', optDate(f.endDate));
  put('primaryImageId', f.primaryImageId ?? undefined);
  put('seoTitle', opt(f.seoTitle));
  put('zmagId', opt(f.zmagId));
  put('contractId', f.contractId ? Number(f.contractId) : undefined);
  put('event', eventInput(f));
  if (fields.includes('linkUrl') || f.type === 'Promotion') put('linkUrl', opt(f.linkUrl));
  if (fields.includes('embedCode')) put('embedCode', opt(f.embedCode));
  return input;
}

/** Errors of the form, with the same rules and messages as the API (admin §5). */
export function validateContent(f: ContentForm): FieldErrors {
  const result = contentSchema.safeParse(toSchemaInput(f, 10_000_000));
  const errors = result.success ? {} : issuesToErrors(result.error.issues);
  delete errors.id;
  const section = requiredSelect(f.primarySectionId);
  if (section) errors.primarySectionId = section;
  f.schedules.forEach((s, i) => {
    const msg = requiredSelect(s.sectionId);
    if (msg) errors[`schedules.${i}.sectionId`] = msg;
  });
  if (f.event.startDate && f.event.endDate && new Date(f.event.endDate) < new Date(f.event.startDate)) errors['event.endDate'] = 'Must not be before the start';
  return errors;
}

/** What the API's create/update takes. */
export function toWrite(f: ContentForm): ContentWrite {
  const i = toSchemaInput(f, 10_000_000);
  const ev = i.event as EventFields | undefined;
  return {
    type: f.type, name: f.name.trim(), slug: opt(f.slug) ?? null, teaser: f.teaser, body: f.body,
    status: Number(f.status) as ContentStatusCode, published: fromLocalInput(f.published),
    startDate: fromLocalInput(f.startDate), endDate: fromLocalInput(f.endDate),
    primarySectionId: Number(f.primarySectionId), authorIds: f.authorIds, imageIds: f.imageIds,
    primaryImageId: f.primaryImageId, taxonomyIds: f.taxonomyIds, labels: f.labels,
    event: ev ?? null, linkUrl: (i.linkUrl as string | undefined) ?? null, embedCode: (i.embedCode as string | undefined) ?? null,
    zmagId: (i.zmagId as string | undefined) ?? null,
    seoTitle: opt(f.seoTitle) ?? null, contractId: f.contractId ? Number(f.contractId) : null,
    schedules: f.schedules.map((s) => ({ sectionId: Number(s.sectionId), option: s.option, startDate: fromLocalInput(s.startDate), endDate: fromLocalInput(s.endDate) })),
  };
}

export const STATUS_OPTIONS = [
  { value: '2', label: 'Draft' },
  { value: '1', label: 'Published' },
  { value: '0', label: 'Deleted' },
];
export const SCHEDULE_OPTION_LIST = SCHEDULE_OPTIONS.map((o) => ({ value: o, label: o }));
