import { describe, expect, it } from 'vitest';
import { contentSchema, redirectSchema, sectionSchema } from '../../engine/domain/records';
import { REQUIRED, errorsUnder, nextSelectValue, requiredSelect, requiredText, validate } from './validation';

describe('validation shared with the API (admin §5)', () => {
  it("empty and whitespace-only required strings fail with 'Field is required'", () => {
    expect(requiredText('')).toBe(REQUIRED);
    expect(requiredText('  \t ')).toBe(REQUIRED);
    expect(requiredText(undefined)).toBe(REQUIRED);
    expect(requiredText('x')).toBeNull();
    const r = validate(contentSchema, { id: 10100001, type: 'Article', name: '   ', primarySectionId: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.name).toBe('Field is required');
  });
  it('required selects fail on null, blank and empty multiple selections', () => {
    expect(requiredSelect(null)).toBe(REQUIRED);
    expect(requiredSelect('')).toBe(REQUIRED);
    expect(requiredSelect([])).toBe(REQUIRED);
    expect(requiredSelect('editor')).toBeNull();
    expect(requiredSelect([1])).toBeNull();
  });
  it('a required select cannot be cleared; an optional one can', () => {
    expect(nextSelectValue('editor', '', true)).toBe('editor');
    expect(nextSelectValue('editor', null, true)).toBe('editor');
    expect(nextSelectValue('editor', '', false)).toBeNull();
    expect(nextSelectValue(null, 'admin', true)).toBe('admin');
  });
  it('maps nested issues to dotted paths', () => {
    const r = validate(sectionSchema, { id: 1, name: 'Markets', manualAlias: true });
    expect(r.ok ? {} : r.errors).toEqual({ alias: 'Field is required' });
    const c = validate(contentSchema, { id: 10100001, type: 'Article', name: 'x', primarySectionId: 1, schedules: [{ sectionId: 0 }] });
    expect(c.ok ? {} : errorsUnder(c.errors, 'schedules')).toHaveProperty('0.sectionId');
    const red = validate(redirectSchema, { id: 1, from: 'no-slash', to: 'javascript:alert(1)' });
    expect(red.ok ? [] : Object.keys(red.errors).sort()).toEqual(['from', 'to']);
  });
});
