import { describe, expect, it } from 'vitest';
import { formatCount, parseSearchFilters, searchHref, searchTerms, searchUrl } from './search';

describe('search filters parameter', () => {
  it('mega menu href: text URI-encoded inside the JSON, empty type and schedule lists, page 1', () => {
    const href = searchHref('  rail & ports 50% ');
    expect(href.startsWith('/search?filters=')).toBe(true);
    const raw = new URL(href, 'https://x.test').searchParams.get('filters')!;
    expect(JSON.parse(raw)).toEqual({ text: 'rail%20%26%20ports%2050%25', type: [], websiteSchedule: [], page: 1 });
    expect(parseSearchFilters(raw)).toEqual({ text: 'rail & ports 50%', type: [], websiteSchedule: [], page: 1 });
  });

  it('round-trips filters and drops malformed parts field by field', () => {
    const f = { text: 'cold "chain"', type: ['Article', 'News'], websiteSchedule: [101, 103], page: 3 };
    expect(parseSearchFilters(new URL(searchUrl(f), 'https://x.test').searchParams.get('filters'))).toEqual(f);
    expect(parseSearchFilters('{"text":"%E0%A4%A","type":"Article","websiteSchedule":["7","x",-1,2.5],"page":0}'))
      .toEqual({ text: '%E0%A4%A', type: [], websiteSchedule: [7], page: 1 });
    expect(parseSearchFilters('not json')).toEqual({ text: '', type: [], websiteSchedule: [], page: 1 });
    expect(parseSearchFilters('[1,2]').page).toBe(1);
    expect(parseSearchFilters('{"page":99999}').page).toBe(1000);
    expect(parseSearchFilters(JSON.stringify({ type: ['<script>', 'Video'] })).type).toEqual(['Video']);
  });

  it('splits text into lower-case words only, so no query syntax survives', () => {
    expect(searchTerms('NEAR( "Cold" chain* -rail OR ports:')).toEqual(['near', 'cold', 'chain', 'rail', 'or', 'ports']);
    expect(searchTerms('"*^()')).toEqual([]);
    expect(searchTerms('Café über 2026')).toEqual(['café', 'über', '2026']);
  });

  it('formats counts with thousands separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(999)).toBe('999');
  });
});
