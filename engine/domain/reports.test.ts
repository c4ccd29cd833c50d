// The report framework's shared rules (issue #20): date presets and comparison periods, parameters
// read from and written to an address, sorting, and CSV text that spreadsheets read safely.
import { describe, expect, it } from 'vitest';
import {
  comparisonRange, csvField, csvLines, parseReportParams, presetRange, REPORT_DEFINITIONS, reportById, reportSearch, sortRows,
} from './reports';

const views = reportById('content-views')!;
const q = (s: string) => new URLSearchParams(s);

describe('date ranges', () => {
  it('presets end today and cover their days', () => {
    expect(presetRange('last-7-days', '2026-11-27')).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(presetRange('last-30-days', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetRange('this-month', '2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(presetRange('last-month', '2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('this-year', '2026-11-27')).toEqual({ from: '2026-01-01', to: '2026-11-27' });
  });
  it('the previous period has as many days just before; the previous year the same days a year back', () => {
    expect(comparisonRange('2026-11-21', '2026-11-27', 'previous-period')).toEqual({ from: '2026-11-14', to: '2026-11-20' });
    expect(comparisonRange('2024-02-01', '2024-02-29', 'previous-year')).toEqual({ from: '2023-02-01', to: '2023-02-28' });
    expect(comparisonRange('2026-11-21', '2026-11-27', 'none')).toBeNull();
  });
});

describe('parameters', () => {
  it('defaults: last 30 days against the previous period, the definition sort, 25 rows', () => {
    const p = parseReportParams(views, q(''), '2026-11-27');
    expect(p).toEqual({ ok: true, params: expect.objectContaining({ preset: 'last-30-days', from: '2026-10-29', to: '2026-11-27', compare: 'previous-period', sort: 'views', dir: 'desc', skip: 0, limit: 25, tenant: null }) });
  });
  it('every bad parameter is named', () => {
    const p = parseReportParams(views, q('range=custom&from=2026-02-30&to=x&compare=later&sort=nope&dir=up&limit=7&skip=-1&section=a&tenant=A B&author=5'), '2026-11-27');
    expect(p.ok).toBe(false);
    expect(!p.ok && p.errors.map((e) => e.field)).toEqual(['from', 'to', 'compare', 'tenant', 'section', 'author', 'sort', 'dir', 'skip', 'limit']);
  });
  it('a custom range must be ordered and at most two years', () => {
    const bad = parseReportParams(views, q('range=custom&from=2026-11-02&to=2026-11-01'), '2026-11-27');
    expect(!bad.ok && bad.errors[0]).toEqual({ field: 'to', message: 'Must not be before the start date' });
    const long = parseReportParams(views, q('range=custom&from=2020-01-01&to=2026-11-01'), '2026-11-27');
    expect(!long.ok && long.errors[0]?.field).toBe('to');
  });
  it('the address keeps only what differs from the defaults, and reads back the same', () => {
    const p = parseReportParams(views, q('range=custom&from=2026-11-01&to=2026-11-10&type=News&sort=title&dir=asc&skip=25'), '2026-11-27');
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    const s = reportSearch(views, p.params).toString();
    expect(s).toBe('range=custom&from=2026-11-01&to=2026-11-10&type=News&sort=title&dir=asc&skip=25');
    expect(parseReportParams(views, q(s), '2026-11-27')).toEqual(p);
    const defaults = parseReportParams(views, q(''), '2026-11-27');
    expect(defaults.ok && reportSearch(views, defaults.params).toString()).toBe('');
  });
});

describe('definitions', () => {
  it('ids and paths are unique; sorts name a column; chart x values are series fields', () => {
    expect(new Set(REPORT_DEFINITIONS.map((d) => d.id)).size).toBe(REPORT_DEFINITIONS.length);
    expect(new Set(REPORT_DEFINITIONS.map((d) => d.path)).size).toBe(REPORT_DEFINITIONS.length);
    for (const d of REPORT_DEFINITIONS) {
      expect(d.columns.map((c) => c.key)).toContain(d.defaultSort.key);
      expect(d.permissions.length).toBeGreaterThan(0);
    }
  });
});

describe('sorting and CSV', () => {
  it('sorts numbers as numbers and text by locale, empty cells last', () => {
    const rows = [{ a: 10, b: 'beta' }, { a: 9, b: 'Alpha' }, { a: null, b: '' }, { a: 100, b: 'gamma' }];
    expect(sortRows(rows, 'a', 'asc').map((r) => r.a)).toEqual([9, 10, 100, null]);
    expect(sortRows(rows, 'a', 'desc').map((r) => r.a)).toEqual([100, 10, 9, null]);
    expect(sortRows(rows, 'b', 'asc').map((r) => r.b)).toEqual(['Alpha', 'beta', 'gamma', '']);
  });
  it('quotes commas, quotes and line breaks; defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField(-2)).toBe('-2');
    expect(csvField(null)).toBe('');
    expect([...csvLines([{ key: 'x', label: 'X, label', kind: 'text' }], [{ x: '=1' }, { x: 'ok' }])].join('')).toBe('"X, label"\r\n\'=1\r\nok\r\n');
  });
});
