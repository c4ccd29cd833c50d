// Full-text search through getContentStream's `search` (public §2 /search, §5): the FTS5 index of
// migration 0004 kept in sync by triggers, filters by type and website schedule, paging, counts,
// hostile text and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './api-harness';

let h: Harness;
beforeAll(async () => { h = await startApi(); });
afterAll(async () => { await h.close(); });

interface Conn {
  edges: { node: { id: number; type: string; name: string } }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
  facets: { types: { value: string; count: number }[]; websiteSchedules: { sectionId: number; count: number; section: { name: string } | null }[] } | null;
}

const search = async (input: Record<string, unknown>, opts: Parameters<Harness['op']>[2] = {}) => {
  const r = await h.op('searchContent', { input }, opts);
  expect(r.error).toBeUndefined();
  return r.data.getContentStream as Conn;
};
const ids = (c: Conn) => c.edges.map((e) => e.node.id);
const ALPHA = (i: number) => 10_010_000 + i;

describe('full-text search of content', () => {
  it('finds published items of the tenant by a word of their body, never another tenant\'s or a draft', async () => {
    const c = await search({ search: 'sailings', pagination: { limit: 100 } });
    expect(c.totalCount).toBe(11);
    expect(ids(c).sort()).toEqual(Array.from({ length: 11 }, (_, i) => ALPHA(i + 1)));
    const beta = await search({ search: 'sailings', pagination: { limit: 100 } }, { tenant: 'beta' });
    expect(beta.totalCount).toBe(11);
    expect(ids(beta).every((id) => id > 10_020_000 && id < 10_030_000)).toBe(true);
  });

  it('matches words as prefixes, all words required, ignoring case and markup', async () => {
    expect((await search({ search: 'SAIL' })).totalCount).toBe(11);
    expect((await search({ search: 'carriers lane' })).totalCount).toBe(11);
    expect((await search({ search: 'carriers zebra' })).totalCount).toBe(0);
    // The body's <p> tags are not words of the index.
    expect((await search({ search: 'p' })).totalCount).toBe(0);
  });

  it('filters by content type and by website schedule section, with counts per facet', async () => {
    const news = await search({ search: 'carriers', includeContentTypes: ['News'] });
    expect(ids(news).sort()).toEqual([ALPHA(1), ALPHA(4), ALPHA(7), ALPHA(10)]);
    const ocean = await search({ search: 'carriers', sectionIds: [103] });
    expect(ids(ocean).sort()).toEqual([ALPHA(1), ALPHA(3), ALPHA(5), ALPHA(7), ALPHA(9), ALPHA(11)]);
    const both = await search({ search: 'carriers', sectionIds: [103, 101], includeContentTypes: ['News'] });
    expect(ids(both).sort()).toEqual([ALPHA(1), ALPHA(7)]);
    // Types counted with the section filter only; sections counted with the type filter only.
    expect(both.facets?.types).toEqual([{ value: 'Article', count: 5 }, { value: 'News', count: 2 }]);
    expect(both.facets?.websiteSchedules.map((s) => [s.sectionId, s.count, s.section?.name])).toEqual([
      [103, 2, 'Ocean Freight'], [104, 2, 'Spot Rates'], [101, 1, 'Home'],
    ]);
  });

  it('pages with a total count and orders by relevance unless told otherwise', async () => {
    const first = await search({ search: 'carriers', pagination: { limit: 5 } });
    expect(first.totalCount).toBe(11);
    expect(first.pageInfo).toEqual({ hasNextPage: true, endCursor: '5' });
    const last = await search({ search: 'carriers', pagination: { limit: 5, after: '10' } });
    expect(ids(last)).toHaveLength(1);
    expect(last.pageInfo.hasNextPage).toBe(false);
    const all = new Set([...ids(first), ...ids(await search({ search: 'carriers', pagination: { limit: 5, skip: 5 } })), ...ids(last)]);
    expect(all.size).toBe(11);
    const byName = await search({ search: 'carriers', sortField: 'name', sortOrder: 'asc', pagination: { limit: 3 } });
    expect(byName.edges.map((e) => e.node.name)).toEqual(['Carriers adjust capacity on lane 1', 'Carriers adjust capacity on lane 10', 'Carriers adjust capacity on lane 11']);
  });

  it('never errors on query syntax in the text: operators and quotes are plain words or ignored', async () => {
    for (const text of ['"', '*', 'NEAR(', 'NEAR(carriers', '"carriers', 'carriers OR', 'name:carriers', '^carriers', ')(', '-', 'AND', "'; drop table content; --", '\u0000\u{1F600}']) {
      const r = await h.op('searchContent', { input: { search: text } });
      expect(r.error, text).toBeUndefined();
      expect(r.status).toBe(200);
    }
    expect((await search({ search: '"carriers' })).totalCount).toBe(11);
    expect((await search({ search: 'name:carriers' })).totalCount).toBe(0);
    expect((await search({ search: '***' })).totalCount).toBe(0);
    expect(await h.count('content')).toBe(24);
  });

  it('refuses over-long text naming the field, and relevance without a search', async () => {
    const long = await h.op('searchContent', { input: { search: 'x'.repeat(201) } });
    expect(long.error?.extensions.code).toBe('BAD_USER_INPUT');
    expect(long.error?.message).toContain('search');
    const rel = await h.op('searchContent', { input: { sortField: 'relevance' } });
    expect(rel.error?.message).toContain('input.sortField');
  });

  it('keeps the index in step with creates, updates and deletes; drafts only for staff with status any', async () => {
    const created = await h.gql(`mutation { createContent(input: { type: "Article", name: "Quokka ports", body: "<p>Marsupial logistics</p>", primarySectionId: 103, status: 2 }) { id } }`, {}, { as: 'admin' });
    const id = created.data.createContent.id as number;
    expect((await search({ search: 'marsupial' })).totalCount).toBe(0);
    expect(ids(await search({ search: 'marsupial', status: 'any' }, { as: 'admin' }))).toEqual([id]);
    const denied = await h.op('searchContent', { input: { search: 'marsupial', status: 'any' } });
    expect(denied.error?.extensions.code).toBe('FORBIDDEN');
    await h.gql(`mutation($id: Int) { updateContent(id: $id, input: { status: 1, published: "2026-01-01T00:00:00Z", body: "<p>Wombat logistics</p>" }) { id } }`, { id }, { as: 'admin' });
    expect((await search({ search: 'marsupial' })).totalCount).toBe(0);
    expect(ids(await search({ search: 'wombat' }))).toEqual([id]);
    expect(ids(await search({ search: 'quokka' }))).toEqual([id]);
    await h.gql(`mutation($id: Int) { deleteContent(id: $id) { ok } }`, { id }, { as: 'admin' });
    expect((await search({ search: 'wombat' })).totalCount).toBe(0);
  });
});
