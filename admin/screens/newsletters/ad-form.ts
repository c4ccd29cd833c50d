// Newsletter ad form (admin §3.9): the fields, the schedules per template (calendar days; the API
// turns the end day into the end of the business day, Central time; position 1–100), validation
// with the shared newsletterAdSchema and the input sent to the API.
import {
  AD_PRIORITIES, NEWSLETTER_AD_PLACEMENTS, newsletterAdSchema, type PlacementKey,
} from '../../../engine/domain/newsletter-ads';
import type { NewsletterAdRecord } from '../../data/types';
import { issuesToErrors, requiredSelect, type FieldErrors } from '../../lib/validation';
import { numberValue } from './template-form';

export interface ScheduleForm {
  newsletterTemplateId: number | null;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  position: number | string;
  orderId: string;
  lineItemId: string;
}

export interface AdForm {
  title: string;
  campaignName: string;
  companySource: 'existing' | 'new';
  company: { id: number | null; name: string };
  logo: string;
  image: string;
  /** Media library images (ids as typed or picked); each wins over the path beside it. */
  logoAssetId: string;
  imageAssetId: string;
  placement: string;
  label: string;
  url: string;
  body: string;
  ctaLabel: string;
  adCategory: string;
  priority: number;
  schedules: ScheduleForm[];
}

export const PRIORITY_OPTIONS = Object.entries(AD_PRIORITIES).sort((a, b) => Number(b[0]) - Number(a[0])).map(([v, l]) => ({ value: v, label: `${v} · ${l}` }));

export function placementLabel(key: string): string {
  const p = NEWSLETTER_AD_PLACEMENTS[key as PlacementKey];
  return p ? p.label : key;
}

export function emptyAd(): AdForm {
  return {
    title: '', campaignName: '', companySource: 'new', company: { id: null, name: '' }, logo: '', image: '', logoAssetId: '', imageAssetId: '', placement: '', label: 'Advertisement',
    url: '', body: '', ctaLabel: '', adCategory: 'Advertising', priority: 10, schedules: [],
  };
}

export function blankSchedule(templateId: number | null, today: string): ScheduleForm {
  return { newsletterTemplateId: templateId, startDate: today, endDate: today, position: 1, orderId: '', lineItemId: '' };
}

export function fromAd(a: NewsletterAdRecord): AdForm {
  return {
    title: a.title, campaignName: a.campaignName ?? '', companySource: a.companySource === 'existing' ? 'existing' : 'new',
    company: { id: a.company.id ?? null, name: a.company.name }, logo: a.logo ?? '', image: a.image ?? '',
    logoAssetId: a.logoAssetId ? String(a.logoAssetId) : '', imageAssetId: a.imageAssetId ? String(a.imageAssetId) : '', placement: a.placement, label: a.label,
    url: a.url, body: a.body, ctaLabel: a.ctaLabel, adCategory: a.adCategory, priority: a.priority,
    schedules: a.schedules.map((s) => ({
      newsletterTemplateId: s.newsletterTemplateId, startDate: s.startDay, endDate: s.endDay, position: s.position, orderId: s.orderId ?? '', lineItemId: s.lineItemId ?? '',
    })),
  };
}

const opt = (v: string) => (v.trim() ? v.trim() : undefined);

/** The API's NewsletterAdInput (empty optional fields left out). */
export function toAdInput(f: AdForm): Record<string, unknown> {
  const input: Record<string, unknown> = {
    title: f.title, campaignName: opt(f.campaignName), companySource: f.companySource,
    company: { ...(f.companySource === 'existing' && f.company.id !== null ? { id: f.company.id } : {}), name: f.company.name },
    logo: opt(f.logo), image: opt(f.image), logoAssetId: numberValue(f.logoAssetId), imageAssetId: numberValue(f.imageAssetId), placement: f.placement || undefined, label: f.label, url: f.url.trim(), body: f.body, ctaLabel: f.ctaLabel,
    adCategory: f.adCategory, priority: f.priority,
    schedules: f.schedules.map((s) => ({
      newsletterTemplateId: s.newsletterTemplateId ?? undefined, startDate: s.startDate, endDate: s.endDate, position: numberValue(s.position),
      orderId: opt(s.orderId), lineItemId: opt(s.lineItemId),
    })),
  };
  return JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
}

/** Optional ad fields an update clears with null (an absent field keeps its stored value). */
const CLEARABLE = ['campaignName', 'logo', 'image', 'logoAssetId', 'imageAssetId'] as const;

/** The input of an update: toAdInput, with null for each optional field the editor emptied. */
export function toAdPatch(f: AdForm, before: NewsletterAdRecord): Record<string, unknown> {
  const input = toAdInput(f);
  for (const k of CLEARABLE) if (before[k] !== null && before[k] !== undefined && input[k] === undefined) input[k] = null;
  return input;
}

export function validateAd(f: AdForm): FieldErrors {
  const input = toAdInput(f);
  const r = newsletterAdSchema.safeParse(input);
  const errors = r.success ? {} : issuesToErrors(r.error.issues);
  const p = requiredSelect(f.placement);
  if (p) errors.placement = p;
  f.schedules.forEach((s, i) => {
    if (typeof numberValue(s.position) === 'string') errors[`schedules.${i}.position`] = 'Must be 1 to 100';
    if (!s.startDate) errors[`schedules.${i}.startDate`] = 'Field is required';
    if (!s.endDate) errors[`schedules.${i}.endDate`] = 'Field is required';
  });
  if (f.companySource === 'existing' && errors['company.id']) errors['company.id'] = 'Field is required';
  for (const k of ['logoAssetId', 'imageAssetId'] as const) if (typeof numberValue(f[k]) === 'string') errors[k] = 'Must be a whole number';
  return errors;
}

/** Today as YYYY-MM-DD in Central time (the zone ad schedules are in). */
export function todayCentral(now = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Whether a schedule runs on a Central calendar day (YYYY-MM-DD compares as text). */
export function scheduleState(s: { startDay: string; endDay: string }, today: string): 'running' | 'upcoming' | 'ended' {
  if (s.endDay < today) return 'ended';
  return s.startDay > today ? 'upcoming' : 'running';
}
