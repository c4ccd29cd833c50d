// @vitest-environment happy-dom
// The /search island: the filters URL parameter in and out, debounced typing, type and schedule
// filters, paging and counts with thousands separators, against a fake API client.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GraphQLClient } from '../../engine/domain/graphql-client';
import { searchFromParams } from '../../engine/domain/search';
import { setSiteApi } from '../client/api';
import { Search } from './search';
import type { SearchAnswer } from './search-results';

const item = (id: number, name: string) => ({
  id, type: 'Article', name, teaser: `Teaser of ${name}`, published: '2026-10-01T12:00:00.000Z',
  canonicalPath: `/markets/${id}/${name.toLowerCase().replace(/\W+/g, '-')}`, primarySection: { id: 103, name: 'Ocean Freight', canonicalPath: '/markets' },
});
const answer = (over: Partial<SearchAnswer> = {}): SearchAnswer => ({
  items: Array.from({ length: 10 }, (_, i) => item(10_000_001 + i, `Result ${i + 1}`)),
  totalCount: 12_345,
  facets: {
    types: [{ value: 'Article', count: 10_000 }, { value: 'News', count: 2_345 }],
    websiteSchedules: [{ sectionId: 103, count: 1_500, section: { id: 103, name: 'Ocean Freight', fullName: 'Markets > Ocean Freight' } }],
  },
  ...over,
});

let calls: { name: string; vars: Record<string, any> }[];
let reply: () => Promise<SearchAnswer>;
beforeEach(() => {
  calls = [];
  reply = async () => answer();
  setSiteApi({
    query: async (name: string, vars: Record<string, any> = {}) => { calls.push({ name, vars }); return reply(); },
  } as unknown as GraphQLClient);
});
afterEach(() => { cleanup(); setSiteApi(null); vi.useRealTimers(); history.replaceState(null, '', '/'); });

const urlFilters = () => searchFromParams(new URLSearchParams(location.search));
const go = (filters: Record<string, unknown>) => history.replaceState(null, '', `/search?filters=${encodeURIComponent(JSON.stringify(filters))}`);

describe('search island', () => {
  it('asks nothing and invites typing when the address has no search', async () => {
    history.replaceState(null, '', '/search');
    render(<Search />);
    expect(await screen.findByText('Start typing to search.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('reads the spec\'s filters parameter and shows results with counts in thousands', async () => {
    go({ text: encodeURIComponent('ocean & rail'), type: ['News'], websiteSchedule: [103], page: 2 });
    render(<Search />);
    expect(await screen.findByText('Showing 11–20 of 12,345 results')).toBeTruthy();
    expect(calls[0]).toEqual({ name: 'searchContent', vars: { input: { search: 'ocean & rail', includeContentTypes: ['News'], sectionIds: [103], pagination: { limit: 10, skip: 10 } } } });
    expect((screen.getByLabelText('Search for') as HTMLInputElement).value).toBe('ocean & rail');
    expect(screen.getByText('10,000')).toBeTruthy();
    expect(screen.getByText('2,345')).toBeTruthy();
    expect(screen.getByText('1,500')).toBeTruthy();
    expect(screen.getAllByText('(1 selected)')).toHaveLength(2);
    // The address bar shows the same search in the readable form.
    expect(location.search).toBe('?text=ocean+%26+rail&type=News&section=103&page=2');
    const link = screen.getByRole('link', { name: 'Result 1' });
    expect(link.getAttribute('href')).toBe('/markets/10000001/result-1');
    expect((screen.getByRole('checkbox', { name: /News/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('sends typing after a 500 ms pause and writes the text into the readable address', async () => {
    history.replaceState(null, '', '/search');
    vi.useFakeTimers();
    render(<Search />);
    fireEvent.change(screen.getByLabelText('Search for'), { target: { value: 'cold chain' } });
    act(() => { vi.advanceTimersByTime(250); });
    fireEvent.change(screen.getByLabelText('Search for'), { target: { value: 'cold chain 100%' } });
    act(() => { vi.advanceTimersByTime(499); });
    expect(calls).toHaveLength(0);
    await act(async () => { vi.advanceTimersByTime(1); });
    expect(calls.map((c) => c.vars.input.search)).toEqual(['cold chain 100%']);
    expect(location.search).toBe('?text=cold+chain+100%25');
    expect(urlFilters()).toEqual({ text: 'cold chain 100%', type: [], websiteSchedule: [], page: 1 });
  });

  it('filters by type and schedule at once, back to page 1, and pages with Next', async () => {
    go({ text: 'ports', type: [], websiteSchedule: [], page: 1 });
    render(<Search />);
    await screen.findByText('Showing 1–10 of 12,345 results');
    fireEvent.click(screen.getByRole('checkbox', { name: /Article/ }));
    await screen.findByText('(1 selected)');
    expect(urlFilters()).toEqual({ text: 'ports', type: ['Article'], websiteSchedule: [], page: 1 });
    expect(calls.at(-1)?.vars.input.includeContentTypes).toEqual(['Article']);
    fireEvent.click(screen.getByRole('checkbox', { name: /Ocean Freight/ }));
    await screen.findAllByText('(1 selected)');
    expect(urlFilters().websiteSchedule).toEqual([103]);
    fireEvent.click(await screen.findByRole('link', { name: 'Next' }));
    await screen.findByText('Showing 11–20 of 12,345 results');
    expect(urlFilters().page).toBe(2);
    expect(calls.at(-1)?.vars.input).toMatchObject({ includeContentTypes: ['Article'], sectionIds: [103], pagination: { skip: 10 } });
  });

  it('says when nothing matches, showing hostile text as text', async () => {
    reply = async () => answer({ items: [], totalCount: 0, facets: { types: [], websiteSchedules: [] } });
    go({ text: encodeURIComponent('<img src=x onerror=alert(1)> "NEAR('), type: [], websiteSchedule: [], page: 1 });
    const { container } = render(<Search />);
    expect(await screen.findByText('No results found for "<img src=x onerror=alert(1)> "NEAR(".')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the API\'s message when the search fails', async () => {
    reply = async () => { throw new Error('There was a problem connecting to the database.'); };
    go({ text: 'ports', type: [], websiteSchedule: [], page: 1 });
    render(<Search />);
    expect((await screen.findByRole('alert')).textContent).toBe('There was a problem connecting to the database.');
  });
});
