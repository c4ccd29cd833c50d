// @vitest-environment happy-dom
// The load-more island: click and scroll modes, the ids it sends, stopping rules (under-filled,
// no next part, 8 loads) and never showing an item twice, against a fake API client.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GraphQLClient } from '../../engine/domain/graphql-client';
import { setSiteApi } from '../client/api';
import type { ItemView, RowView } from '../model';
import { LoadMore } from './load-more';

const item = (id: number): ItemView => ({
  id, type: 'Article', title: `Story ${id}`, href: `/news/${id}/story-${id}`, newTab: false, teaser: `About ${id}`,
  date: 'October 1, 2026', dateTime: '2026-10-01', image: null, labels: [], sectionName: null,
});
const rows = (ids: number[]): RowView[] => [{
  layout: '1', title: null, link: null, width: 'site-width', backgroundColor: null, textColor: null,
  columns: [{ blocks: [{ kind: 'list', id: 'more', display: 'list', pagination: null, items: ids.map(item), settings: { title: null, link: null, colorScheme: 'default', cta: null } }] }],
}];

let calls: { name: string; vars: Record<string, any> }[];
let serve: (name: string, vars: Record<string, any>) => unknown;
/** A pool of ids served four at a time, never one the caller excludes (like the API). */
const gridServer = (pool: number[], per = 4) => (_: string, vars: Record<string, any>) => {
  const ex: number[] = vars.gridSettings.excludeContentIds;
  const ids = pool.filter((id) => !ex.includes(id)).slice(0, per);
  if (ids.length === 0) return { nextSecondaryGrid: null, hasUnderFilledBlocks: true, excludeContentIds: ex };
  return { nextSecondaryGrid: { rows: rows(ids) }, hasUnderFilledBlocks: ids.length < per, excludeContentIds: [...ex, ...ids] };
};

class FakeObserver {
  static all: FakeObserver[] = [];
  targets: Element[] = [];
  constructor(public cb: IntersectionObserverCallback, public options: IntersectionObserverInit) { FakeObserver.all.push(this); }
  observe(t: Element) { this.targets.push(t); }
  disconnect() { FakeObserver.all = FakeObserver.all.filter((o) => o !== this); }
  fire() { this.cb(this.targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry), this as never); }
}

beforeEach(() => {
  calls = [];
  FakeObserver.all = [];
  (globalThis as any).IntersectionObserver = FakeObserver;
  setSiteApi({
    query: async (name: string, vars: Record<string, any> = {}) => { calls.push({ name, vars: structuredClone(vars) }); return serve(name, vars); },
  } as unknown as GraphQLClient);
});
afterEach(() => { cleanup(); setSiteApi(null); delete (globalThis as any).IntersectionObserver; });

const shownIds = (c: HTMLElement) => [...c.querySelectorAll('[data-content-id]')].map((e) => Number(e.getAttribute('data-content-id')));

describe('load-more island', () => {
  it('custom-click: the button loads the next grid, sending what the page shows, and shows Loading Content meanwhile', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const inner = gridServer([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    serve = async (n, v) => { await gate; return inner(n, v); };
    const { container } = render(<LoadMore type="custom-click" layoutId={70} sectionId={3} excludeContentIds={[1, 2]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Load More Content' }));
    expect((await screen.findByRole('button', { name: 'Loading Content' })).hasAttribute('disabled')).toBe(true);
    await act(async () => { release(); });
    await screen.findByRole('button', { name: 'Load More Content' });
    expect(calls[0]).toEqual({ name: 'getNextSecondaryGrid', vars: { gridSettings: { layoutId: 70, sectionId: 3, excludeContentIds: [1, 2], excludeIssueIds: [] } } });
    expect(shownIds(container)).toEqual([3, 4, 5, 6]);
    expect(screen.getByRole('link', { name: 'Story 3' }).getAttribute('href')).toBe('/news/3/story-3');
  });

  it('stops after an under-filled grid, without repeating any item', async () => {
    serve = gridServer([1, 2, 3, 4, 5, 6, 7]);
    const { container } = render(<LoadMore type="custom-click" excludeContentIds={[1]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Load More Content' }));
    await screen.findByText('Story 5');
    fireEvent.click(screen.getByRole('button', { name: 'Load More Content' }));
    await screen.findByText('Story 7');
    expect(shownIds(container)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(calls[1]?.vars.gridSettings.excludeContentIds).toEqual([1, 2, 3, 4, 5]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('stops when there is no next part', async () => {
    serve = gridServer([1, 2, 3, 4]);
    render(<LoadMore type="custom-click" excludeContentIds={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Load More Content' }));
    await screen.findByText('Story 4');
    fireEvent.click(screen.getByRole('button', { name: 'Load More Content' }));
    await act(async () => { await Promise.resolve(); });
    expect(calls).toHaveLength(2);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('page-scroll: loads next pages while the marker is within 250 px, at most 8', async () => {
    let n = 0;
    serve = (_, v) => {
      n++;
      const id = 100 + n;
      return { page: { contentId: id, path: `/news/${id}/p`, heading: `Page ${id}`, content: { id, gated: false, bodyHtml: `<p>Body ${id}</p>`, teaser: '' }, rows: [] }, usedContentIds: [...v.input.excludeContentIds, id] };
    };
    const { container } = render(<LoadMore type="page-scroll" sectionId={3} contentId={100} excludeContentIds={[7]} />);
    expect(FakeObserver.all[0]?.options.rootMargin).toBe('0px 0px 250px 0px');
    expect(screen.queryByRole('button')).toBeNull();
    for (let i = 0; i < 12 && FakeObserver.all.length; i++) {
      await act(async () => { FakeObserver.all.at(-1)!.fire(); });
      await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
    }
    expect(calls).toHaveLength(8);
    expect(calls[0]?.vars.input).toEqual({ limit: 1, excludeContentIds: [7, 100], sectionId: 3, sortField: 'published', sortOrder: 'desc' });
    expect(calls[7]?.vars.input.excludeContentIds).toEqual([7, 100, 101, 102, 103, 104, 105, 106, 107]);
    expect(container.querySelectorAll('.load-more-page')).toHaveLength(8);
    expect(container.querySelector('.load-more-marker')).toBeNull();
    expect(screen.getByRole('link', { name: 'Page 108' }).getAttribute('href')).toBe('/news/108/p');
  });

  it('shows a failure and lets the reader retry with the button', async () => {
    let fail = true;
    const inner = gridServer([5, 6]);
    serve = (name, v) => { if (fail) throw new Error('Status code 500: An error occurred'); return inner(name, v); };
    render(<LoadMore type="custom-scroll" />);
    await act(async () => { FakeObserver.all.at(-1)!.fire(); });
    expect((await screen.findByRole('alert')).textContent).toContain('Status code 500');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Load More Content' }));
    await screen.findByText('Story 6');
  });
});

describe('every load-more mode (public §3)', () => {
  const pageServer = () => {
    let n = 0;
    return (_: string, v: Record<string, any>) => {
      n++;
      const id = 200 + n;
      return { page: { contentId: id, path: `/news/${id}/p`, heading: `Page ${id}`, content: { id, gated: false, bodyHtml: `<p>Body ${id}</p>`, teaser: '' }, rows: [] }, usedContentIds: [...v.input.excludeContentIds, id] };
    };
  };

  it('none: renders no button and no marker, observes nothing and asks for nothing', async () => {
    serve = gridServer([1, 2, 3]);
    const { container } = render(<LoadMore type="none" />);
    await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.querySelector('.load-more-marker')).toBeNull();
    expect(FakeObserver.all).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('custom-click: observes nothing; loads only on the button, at most 8 grids', async () => {
    serve = gridServer(Array.from({ length: 100 }, (_, i) => i + 1), 2);
    const { container } = render(<LoadMore type="custom-click" layoutId={9} />);
    expect(FakeObserver.all).toHaveLength(0);
    for (let i = 1; i <= 8; i++) {
      fireEvent.click(screen.getByRole('button', { name: 'Load More Content' }));
      await screen.findByText(`Story ${i * 2}`);
    }
    expect(calls).toHaveLength(8);
    expect(calls.every((c) => c.name === 'getNextSecondaryGrid')).toBe(true);
    expect(shownIds(container)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('custom-scroll: no button; the marker within 250 px loads the next grid, at most 8', async () => {
    serve = gridServer(Array.from({ length: 100 }, (_, i) => i + 1), 2);
    const { container } = render(<LoadMore type="custom-scroll" layoutId={9} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(FakeObserver.all[0]?.options.rootMargin).toBe('0px 0px 250px 0px');
    for (let i = 0; i < 12 && FakeObserver.all.length; i++) {
      await act(async () => { FakeObserver.all.at(-1)!.fire(); });
      await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
    }
    expect(calls).toHaveLength(8);
    expect(calls.every((c) => c.name === 'getNextSecondaryGrid')).toBe(true);
    expect(shownIds(container)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(container.querySelector('.load-more-marker')).toBeNull();
  });

  it('page-click: observes nothing; the button loads the section’s next content page, at most 8', async () => {
    serve = pageServer();
    const { container } = render(<LoadMore type="page-click" sectionId={4} contentId={200} contentTypes={['Article']} />);
    expect(FakeObserver.all).toHaveLength(0);
    for (let i = 1; i <= 8; i++) {
      fireEvent.click(screen.getByRole('button', { name: 'Load More Content' }));
      await screen.findByRole('link', { name: `Page ${200 + i}` });
    }
    expect(calls[0]).toEqual({ name: 'getNextSecondaryPage', vars: { input: { limit: 1, excludeContentIds: [200], sectionId: 4, sortField: 'published', sortOrder: 'desc', includeContentTypes: ['Article'] } } });
    expect(calls).toHaveLength(8);
    expect(container.querySelectorAll('.load-more-page')).toHaveLength(8);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
