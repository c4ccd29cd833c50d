// Newsletter template form (admin §3.7): the values are the template itself with every default of
// newsletterTemplateSchema filled in; number fields may hold the typed text until it is valid.
// Validation is the shared schema (same rules and messages as the API), after clearing optional
// fields left empty. Which header fields show depends on the header style.
import { newsletterTemplateSchema, type NewsletterTemplate } from '../../../engine/domain/newsletter';
import type { NewsletterTemplateRecord } from '../../data/types';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';

/** The form's values: the template, with optional ids as '' and numbers possibly as typed text. */
export type TemplateForm = Omit<NewsletterTemplate, 'legacyNewsletterProductId' | 'newsletterId'> & {
  legacyNewsletterProductId: string;
  newsletterId: number | null;
};

/** Optional strings that are absent (not '') when left empty. */
const OPTIONAL_PATHS = [
  'header.image', 'footer.subscriptions.subscribeLink', 'footer.subscriptions.manageSubscriptionsLink',
  'deploymentSettings.deploymentTypeId', 'deploymentSettings.outputCriteria', 'deploymentSettings.billingCategoryCode',
  'socialLinks.facebook', 'socialLinks.twitter', 'socialLinks.instagram', 'socialLinks.pinterest', 'socialLinks.linkedin', 'socialLinks.youtube',
];

/** Number fields of the form (typed text is kept until it parses). */
export const NUMBER_PATHS = [
  'gridTitleStyles.fontSize', 'gridTitleStyles.borderTopSize', 'gridTitleStyles.borderBottomSize',
  'header.borderTopSize', 'header.borderBottomSize', 'footer.imageBar.imageWidth', 'header.imageAssetId',
];

export function emptyTemplate(): TemplateForm {
  const t = newsletterTemplateSchema.parse({ name: 'x', footer: { subscriptions: { unsubscribeLink: '/x' } } });
  return {
    ...t,
    name: '',
    legacyNewsletterProductId: '',
    newsletterId: null,
    footer: { ...t.footer, subscriptions: { unsubscribeLink: '' } },
  };
}

/** A stored template as form values (defaults filled for anything the record lacks). */
export function fromTemplate(r: NewsletterTemplateRecord): TemplateForm {
  const base = emptyTemplate();
  // The record's own id and stamp are not template fields: the strict schema would refuse them on save.
  const { id: _id, updatedAt: _updated, ...fields } = r;
  const merged = mergeDefaults(base, fields) as TemplateForm;
  return { ...merged, legacyNewsletterProductId: r.legacyNewsletterProductId ?? '', newsletterId: r.newsletterId ?? null };
}

function mergeDefaults(base: unknown, value: unknown): unknown {
  if (value === null || value === undefined) return base;
  if (Array.isArray(value) || typeof value !== 'object' || !base || typeof base !== 'object' || Array.isArray(base)) return value;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = mergeDefaults(out[k], v);
  return out;
}

export function getPath(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

/** A copy with the value at a dotted path replaced (arrays are indexed by number); undefined removes the key. */
export function setPath<T>(obj: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return obj;
  if (Array.isArray(obj)) {
    const copy = [...obj];
    copy[Number(head)] = rest.length ? setPath(copy[Number(head)], rest.join('.'), value) : value;
    return copy as T;
  }
  const copy: Record<string, unknown> = { ...((obj ?? {}) as Record<string, unknown>) };
  const next = rest.length ? setPath(copy[head], rest.join('.'), value) : value;
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy as T;
}

/** Typed number text → number; '' → undefined (the default applies); anything else stays text. */
export function numberValue(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v;
}

/** The form as the API's NewsletterTemplateInput. */
export function toTemplateInput(f: TemplateForm): Record<string, unknown> {
  let out: Record<string, unknown> = { ...f } as unknown as Record<string, unknown>;
  for (const p of NUMBER_PATHS) out = setPath(out, p, numberValue(getPath(out, p)));
  for (const p of OPTIONAL_PATHS) {
    const v = getPath(out, p);
    if (typeof v === 'string' && v.trim() === '') out = setPath(out, p, undefined);
  }
  if (f.legacyNewsletterProductId.trim() === '') delete out.legacyNewsletterProductId;
  if (f.newsletterId === null) delete out.newsletterId;
  out.deploymentSettings = { ...(out.deploymentSettings as object), queryName: f.deploymentSettings.queryName.map((x) => x.trim()).filter(Boolean) };
  return out;
}

/**
 * The input of an update: toTemplateInput, with null for each optional field the editor emptied
 * (the API keeps a stored value a patch leaves out; null clears it).
 */
export function toTemplatePatch(f: TemplateForm, before: NewsletterTemplateRecord): Record<string, unknown> {
  let out = toTemplateInput(f);
  for (const p of [...OPTIONAL_PATHS, 'header.imageAssetId']) {
    const was = getPath(before, p);
    if (was !== undefined && was !== null && getPath(out, p) === undefined) out = setPath(out, p, null);
  }
  return out;
}

export function validateTemplate(f: TemplateForm): FieldErrors {
  const input = toTemplateInput(f);
  const errors: FieldErrors = {};
  for (const p of NUMBER_PATHS) if (typeof getPath(input, p) === 'string') errors[p] = 'Must be a whole number';
  const r = newsletterTemplateSchema.safeParse(input);
  if (!r.success) for (const [k, v] of Object.entries(issuesToErrors(r.error.issues))) errors[k] ??= v;
  return errors;
}

/** Header fields by header style: 1 full image, 2 split image plus social, 3 date, name and logo. */
export function headerFields(style: 1 | 2 | 3): { imageLabel: string; date: boolean; social: boolean } {
  return { imageLabel: style === 3 ? 'Logo' : 'Header image', date: style === 3, social: style === 2 };
}
