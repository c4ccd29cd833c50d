// Site settings validation (shared siteSettingsSchema) with the tag-manager rule of admin §5: an
// invalid id gets a message and a suggested correction (suggestTagManagerId).
import { TAG_MANAGER_ID, siteSettingsSchema, suggestTagManagerId, type SiteSettings } from '../../../engine/domain/settings';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';

export const TAG_MANAGER_MESSAGE = 'Must start with GTM- or G- followed by upper-case letters and digits';

/** The error and suggested correction for a tag-manager id, or null when it is valid or empty. */
export function checkTagManagerId(value: string | undefined): { message: string; suggestion: string | null } | null {
  if (value === undefined || value === '') return null;
  if (TAG_MANAGER_ID.test(value)) return null;
  const suggestion = suggestTagManagerId(value);
  return { message: TAG_MANAGER_MESSAGE, suggestion: TAG_MANAGER_ID.test(suggestion) ? suggestion : null };
}

export function validateSettings(s: SiteSettings): FieldErrors {
  const r = siteSettingsSchema.safeParse(s);
  const errors = r.success ? {} : issuesToErrors(r.error.issues);
  const tm = checkTagManagerId(s.general.tagManagerId);
  if (tm) errors['general.tagManagerId'] = tm.message;
  return errors;
}

/** A copy of `obj` with the value at a dotted path replaced; '' and undefined remove optional keys. */
export function setIn<T>(obj: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  const src = (obj ?? {}) as Record<string, unknown>;
  const copy: Record<string, unknown> = { ...src };
  if (!head) return obj;
  if (rest.length === 0) {
    if (value === undefined || value === '') delete copy[head];
    else copy[head] = value;
  } else {
    copy[head] = setIn(src[head], rest.join('.'), value);
  }
  return copy as T;
}

/** setIn, then `prune` (an optional group) is removed when its last field was emptied: an empty group is no setting, a half-filled one an error. */
export function setInPruned<T>(obj: T, path: string, value: unknown, prune?: string): T {
  const next = setIn(obj, path, value);
  const group = prune ? getIn(next, prune) : undefined;
  return prune && group && typeof group === 'object' && Object.keys(group).length === 0 ? setIn(next, prune, undefined) : next;
}

export function getIn(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}
