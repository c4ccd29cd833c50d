// Input validation shared by the API and the admin's forms: a zod schema's first issue becomes one
// BAD_USER_INPUT error naming the field, with the spec's 'Field is required' for absent values.
import { z } from 'zod';
import { AppError } from './errors';
import { TAG_MANAGER_ID, suggestTagManagerId } from './settings';

export const REQUIRED = 'Field is required';

/** Formats a zod issue path as a field name: schedules[0].sectionId. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || 'input';
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

interface Issue { code: string; path: readonly PropertyKey[]; message: string; errors?: Issue[][]; values?: unknown[] }

/** The message shown for one issue: absent values are 'Field is required'; literal unions list their options. */
function messageOf(issue: Issue, input: unknown): string {
  const value = valueAt(input, issue.path);
  const absent = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (absent && (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union'
    || issue.code === 'invalid_format' || (issue.code === 'too_small' && typeof value === 'string'))) return REQUIRED;
  if (issue.code === 'invalid_union' && issue.errors?.every((e) => e.length === 1 && e[0]?.code === 'invalid_value')) {
    return `Must be one of ${issue.errors.flatMap((e) => e[0]?.values ?? []).map(String).join(', ')}`;
  }
  if (issue.code === 'invalid_value' && issue.values && issue.values.length > 6) return 'Invalid option';
  if (issue.code === 'unrecognized_keys') return issue.message.replace(/^Unrecognized keys?/, 'Unknown field');
  return issue.message;
}

/**
 * Parses `value` with `schema`; on failure throws BAD_USER_INPUT naming the first bad field.
 * `prefix` names where the value sits in a larger input (e.g. "input").
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0] as unknown as Issue | undefined;
  const path = issue?.path ?? [];
  const field = prefix ? (path.length ? `${prefix}${typeof path[0] === 'number' ? '' : '.'}${fieldPath(path)}` : prefix) : fieldPath(path);
  throw new AppError('BAD_USER_INPUT', { field, message: issue ? messageOf(issue, value) : 'Invalid value' });
}

/** Throws BAD_USER_INPUT for `field` with `message`. */
export function badInput(field: string, message: string): never {
  throw new AppError('BAD_USER_INPUT', { field, message });
}

/**
 * The tag-manager rule (admin §5): GTM- or G- followed by upper-case letters and digits. An
 * invalid id fails with a message carrying the suggested correction.
 */
export function checkTagManagerId(id: string | undefined | null, field = 'general.tagManagerId'): void {
  if (id === undefined || id === null || id === '') return;
  if (TAG_MANAGER_ID.test(id)) return;
  const suggestion = suggestTagManagerId(id);
  throw new AppError('BAD_USER_INPUT', {
    field,
    message: `Must start with GTM- or G- followed by upper-case letters and digits; did you mean ${suggestion}?`,
    suggestion,
  } as { field: string; message: string });
}

/** Drops keys whose value is null, recursively through plain objects (GraphQL sends null for "not given"). */
export function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => withoutNulls(v)) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (v !== null && v !== undefined) out[k] = withoutNulls(v);
    return out as T;
  }
  return value;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (!v || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** A staff password: the same rule as the fixtures' (at least 12 characters), capped so hashing stays bounded. */
export const staffPasswordSchema = z.string({ error: REQUIRED }).min(1, REQUIRED).min(12, 'At least 12 characters').max(200, 'At most 200 characters');

/**
 * Refuses a URL whose scheme is not http(s) or mailto (javascript:, data:, blob:, vbscript: …;
 * admin §2.4). zod's z.url() accepts any scheme, so inputs stored as links are checked here too.
 */
export function checkLinkUrl(value: unknown, field: string): void {
  if (typeof value !== 'string' || value === '') return;
  if (!/^(https?:\/\/|mailto:)/i.test(value.trim())) badInput(field, 'Must be an http(s) or mailto: address');
}
