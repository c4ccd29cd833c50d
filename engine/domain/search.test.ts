import { describe, expect, it } from 'vitest';
import { formatCount, parseSearchFilters, searchFiltersUrl, searchFromParams, searchHref, searchTerms, searchUrl } from './search';

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
    expect(parseSearchFilters(new URL(searchFiltersUrl(f), 'https://x.test').searchParams.get('filters'))).toEqual(f);
    expect(parseSearchFilters('{"text":"%E0%A4%A","type":"Article","websiteSchedule":["7","x",-1,2.5],"page":0}'))
      .toEqual({ text: '%E0%A4%A', type: [], websiteSchedule: [7], page: 1 });
    expect(parseSearchFilters('not json')).toEqual({ text: '', type: [], websiteSchedule: [], page: 1 });
    expect(parseSearchFilters('[1,2]').page).toBe(1);
    expect(parseSearchFilters('{"page":99999}').page).toBe(1000);
    expect(parseSearchFilters(JSON.stringify({ type: ['<script>', 'Video'] })).type).toEqual(['Video']);
  });

  it('the address bar form is readable and reads back the same search; ?filters= JSON still wins when present', () => {
    const f = { text: 'cold "chain" & ports', type: ['Article', 'News'], websiteSchedule: [101, 103], page: 3 };
    const url = searchUrl(f);
    expect(url).toBe('/search?text=cold+%22chain%22+%26+ports&type=Article&type=News&section=101&section=103&page=3');
    expect(searchFromParams(new URL(url, 'https://x.test').searchParams)).toEqual(f);
    expect(searchUrl({ text: 'diesel', type: [], websiteSchedule: [], page: 1 })).toBe('/search?text=diesel');
    expect(searchFromParams(new URL(searchHref('rail & ports'), 'https://x.test').searchParams)).toEqual({ text: 'rail & ports', type: [], websiteSchedule: [], page: 1 });
    expect(searchFromParams(new URLSearchParams('text=x&type=<b>&type=Video&section=-2&section=7&page=abc')))
      .toEqual({ text: 'x', type: ['Video'], websiteSchedule: [7], page: 1 });
    expect(searchFromParams(new URLSearchParams('page=99999')).page).toBe(1000);
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
