// Update semantics shared by the admin operations: a patch names only the fields it changes; a
// field sent as null is cleared (and then fails 'Field is required' if the field is required).
import { AppError } from '../../domain/errors';
import { withoutNulls } from '../../domain/validation';

export function mergePatch<T extends Record<string, unknown>>(current: T, patch: unknown, field = 'input'): Record<string, unknown> {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) throw new AppError('BAD_USER_INPUT', { field, message: 'Field is required' });
  const out: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(patch as Record<string, unknown>)) {
    if (v === undefined) continue;
    if (v === null) delete out[k];
    else out[k] = withoutNulls(v);
  }
  return out;
}

/** The input of a create: nulls mean "not given". */
export function createInput(input: unknown, field = 'input'): Record<string, unknown> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new AppError('BAD_USER_INPUT', { field, message: 'Field is required' });
  return withoutNulls(input as Record<string, unknown>);
}

/** A positive integer id argument, or BAD_USER_INPUT naming it. */
export function idArg(value: unknown, field = 'id'): number {
  if (value === undefined || value === null) throw new AppError('BAD_USER_INPUT', { field, message: 'Field is required' });
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) throw new AppError('BAD_USER_INPUT', { field, message: 'Must be a positive whole number' });
  return value;
}

/** Fields of a record that are null become absent, so the record reads like an input. */
export function asInput(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null && v !== undefined));
}
