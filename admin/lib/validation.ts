// Form validation with the domain's zod schemas (admin §5): the same rules and messages as the API.
// Issues become a map from a dotted field path to its first message.
import type { z } from 'zod';

export const REQUIRED = 'Field is required';

export type FieldErrors = Record<string, string>;

export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

export function validate<S extends z.ZodType>(schema: S, input: unknown): Validated<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: issuesToErrors(result.error.issues) };
}

/** A required string: empty or whitespace-only text fails. */
export function requiredText(value: string | null | undefined): string | null {
  return value === null || value === undefined || value.trim() === '' ? REQUIRED : null;
}

/** A required select: null, undefined, a blank string or an empty multiple selection fails. */
export function requiredSelect(value: unknown): string | null {
  if (value === null || value === undefined) return REQUIRED;
  if (typeof value === 'string' && value.trim() === '') return REQUIRED;
  if (Array.isArray(value) && value.length === 0) return REQUIRED;
  return null;
}

/**
 * The next value of a select after the user picks `next`: a required select that has a value
 * cannot be cleared, so a blank pick keeps the current value.
 */
export function nextSelectValue<T>(current: T | null, next: T | null | '', required: boolean): T | null {
  const blank = next === null || next === '';
  if (blank && required && current !== null && current !== '') return current;
  return blank ? null : (next as T);
}

/** Errors for one field and the fields below it ("schedules.0.sectionId" belongs to "schedules"). */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(errors)) {
    if (k === prefix) out[''] = v;
    else if (k.startsWith(`${prefix}.`)) out[k.slice(prefix.length + 1)] = v;
  }
  return out;
}
