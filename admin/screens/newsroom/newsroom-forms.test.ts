// The newsroom form models: the research form ⇄ query round trip, ids typed by hand, and the bulk
// update's set (only what is filled in; nothing chosen is an error).
import { describe, expect, it } from 'vitest';
import { EMPTY_BULK, EMPTY_RESEARCH, bulkSetOf, fromQuery, parseIds, previewRows, toQuery } from './newsroom-forms';

describe('research form', () => {
  it('sends only what is filled in, and a saved query fills the same form again', () => {
    expect(toQuery(EMPTY_RESEARCH)).toEqual({});
    const form = { ...EMPTY_RESEARCH, text: ' lane ', type: 'News', sectionId: '103', taxonomy: [{ id: 130, label: 'Rates' }], authorId: '110', from: '2026-10-01', to: '2026-10-31', status: '0', tenantKeys: ['beta'] };
    const q = toQuery(form);
    expect(q).toEqual({ text: 'lane', types: ['News'], sectionIds: [103], taxonomyIds: [130], authorIds: [110], publishedFrom: '2026-10-01', publishedTo: '2026-10-31', statuses: [0], tenantKeys: ['beta'] });
    expect(fromQuery(q, (id) => (id === 130 ? 'Rates' : undefined))).toEqual({ ...form, text: 'lane' });
  });
});

describe('bulk update form', () => {
  it('reads 8-digit ids by hand and names the first that is not one', () => {
    expect(parseIds('10010001, 10010002\n10010001')).toEqual({ ids: [10010001, 10010002], error: null });
    expect(parseIds('10010001 123').error).toBe('"123" is not an 8-digit content id');
  });
  it('sets only the chosen fields; replacing authors with none clears them; nothing chosen is an error', () => {
    expect(bulkSetOf(EMPTY_BULK).errors).toEqual({ set: 'Choose at least one thing to change' });
    expect(bulkSetOf({ ...EMPTY_BULK, status: '2', replaceAuthors: true, addTerms: [{ id: 130, label: 'Rates' }] })).toEqual({
      set: { status: 2, authorIds: [], addTaxonomyIds: [130] }, errors: {},
    });
    expect(bulkSetOf({ ...EMPTY_BULK, replaceSchedules: true, scheduleSectionId: '103', scheduleOption: 'Featured' }).set).toEqual({ schedules: [{ sectionId: 103, option: 'Featured' }] });
    expect(bulkSetOf({ ...EMPTY_BULK, startDate: '2026-11-02T10:00', endDate: '2026-11-01T10:00' }).errors.endDate).toBe('Must not be before the start date');
  });
  it('previews one row per changed field, items without a change left out', () => {
    expect(previewRows([{ id: 1, changes: { status: { from: 1, to: 2 }, authorIds: { from: [5], to: [] } } }, { id: 2, changes: {} }])).toEqual([
      { id: 1, field: 'status', from: '1', to: '2' }, { id: 1, field: 'authorIds', from: '[5]', to: '[]' },
    ]);
  });
});
