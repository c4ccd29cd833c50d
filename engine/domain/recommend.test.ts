// The recommendation provider interface and Masthead's content-based recommender (issue #20, #17):
// section, taxonomy and recency scoring, the recommendation window, determinism, fallbacks, and an
// external adapter driven by a fake client (no network).
import { describe, expect, it } from 'vitest';
import {
  ContentRecommender, POSTING_CAP, RECOMMENDATION_WINDOW, chainProviders, externalProvider, parseRecommendationId, recommendationId,
  type ExternalRecommendation, type RecommendableItem,
} from './recommend';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-01T00:00:00Z');
const item = (id: number, o: Partial<RecommendableItem> = {}): RecommendableItem => ({ id, type: 'Article', sectionId: 1, terms: [], published: NOW - id * DAY, ...o });

describe('Masthead content-based recommender', () => {
  it('ranks shared rare terms over a shared section, and a shared section over nothing', () => {
    const items = [
      item(1, { terms: ['ports', 'rail'], sectionId: 1 }),
      item(2, { terms: ['rail'], sectionId: 9 }), // shares the rare term
      item(3, { terms: [], sectionId: 1 }), // shares the section only
      item(4, { terms: ['common'], sectionId: 8 }),
      item(5, { terms: ['common'], sectionId: 7 }),
      item(6, { terms: ['common'], sectionId: 6 }),
    ];
    const r = new ContentRecommender(items, NOW);
    expect(r.recommendSync({ contentId: 1, limit: 2 }).map((x) => x.contentId)).toEqual([2, 3]);
  });
  it('prefers the newer of two equal matches (recency)', () => {
    const r = new ContentRecommender([item(1, { terms: ['x'] }), item(50, { terms: ['x'], sectionId: 2 }), item(5, { terms: ['x'], sectionId: 2 })], NOW);
    expect(r.recommendSync({ contentId: 1, limit: 2 }).map((x) => x.contentId)).toEqual([5, 50]);
  });
  it('keeps to the window (3650 days back to now), recommendable types, and never the item itself or excluded ones', () => {
    expect(RECOMMENDATION_WINDOW).toEqual({ startDaysBack: 3650, endDaysBack: 0 });
    const r = new ContentRecommender([
      item(1, { terms: ['t'] }), item(2, { terms: ['t'], published: NOW - 3651 * DAY }), item(3, { terms: ['t'], published: NOW + DAY }),
      item(4, { terms: ['t'], type: 'Company' }), item(5, { terms: ['t'], published: null }), item(6, { terms: ['t'] }), item(7, { terms: ['t'] }),
      item(8, { terms: ['t'], published: NOW - 3650 * DAY }),
    ], NOW);
    expect(r.recommendSync({ contentId: 1, limit: 10 }).map((x) => x.contentId)).toEqual([6, 7, 8]);
    expect(r.recommendSync({ contentId: 1, limit: 10, exclude: new Set([6]) }).map((x) => x.contentId)).toEqual([7, 8]);
  });
  it('fills up with the newest items when too few match, and answers an unknown item with the newest', () => {
    const r = new ContentRecommender([item(1, { terms: ['a'], sectionId: 1 }), item(2, { sectionId: 2 }), item(3, { terms: ['a'], sectionId: 3 }), item(4, { sectionId: 4 })], NOW);
    const recs = r.recommendSync({ contentId: 1, limit: 3 });
    expect(recs.map((x) => x.contentId)).toEqual([3, 2, 4]);
    expect(recs[0]!.score).toBeGreaterThan(0);
    expect(recs[1]!.score).toBe(0);
    expect(r.recommendSync({ contentId: 999, limit: 2 }).map((x) => x.contentId)).toEqual([1, 2]);
  });
  it('is deterministic: the same items in any order give the same answer, with masthead ids', async () => {
    const items = Array.from({ length: 200 }, (_, i) => item(i + 1, { sectionId: i % 5, terms: [`t${i % 7}`, `u${i % 11}`], published: NOW - ((i * 37) % 400) * DAY }));
    const a = new ContentRecommender(items, NOW);
    const b = new ContentRecommender([...items].reverse(), NOW);
    for (const id of [1, 17, 100, 200]) expect(b.recommendSync({ contentId: id, limit: 4 })).toEqual(a.recommendSync({ contentId: id, limit: 4 }));
    const recs = await a.recommend({ contentId: 17, limit: 4 });
    expect(recs).toHaveLength(4);
    expect(recs.every((x) => x.provider === 'masthead' && x.id === `masthead:${x.contentId}`)).toBe(true);
  });
  it('answers 20,000 items in bounded work: the index is built once and each page walks capped posting lists', () => {
    const items = Array.from({ length: 20_000 }, (_, i) => item(i + 1, { sectionId: i % 3, terms: ['everywhere', `t${i % 50}`], published: NOW - (i % 3000) * DAY }));
    const r = new ContentRecommender(items, NOW);
    for (let id = 1; id <= 20_000; id++) r.recommendSync({ contentId: id, limit: 4 });
    // Each page walks at most its two terms' and its section's lists, each capped: quadratic
    // scoring would touch every candidate from every page (about 4·10⁸ entries); counted, not timed.
    expect(r.walked).toBeGreaterThan(0);
    expect(r.walked).toBeLessThanOrEqual(20_000 * 3 * POSTING_CAP);
  });
});

describe('recommendation ids', () => {
  it('name the provider and content item', () => {
    expect(recommendationId('blueconic', 42)).toBe('blueconic:42');
    expect(parseRecommendationId('masthead:10010002')).toEqual({ provider: 'masthead', contentId: 10010002 });
    expect(parseRecommendationId('other:1')).toBeNull();
    expect(parseRecommendationId('rec-1')).toBeNull();
  });
});

describe('external adapter (BlueConic named by the spec; interface only)', () => {
  const answer: ExternalRecommendation[] = [
    { id: 'a', name: 'A', url: 'https://acme.test/x/10/a' }, { id: 'b', name: 'B', url: 'https://elsewhere.test/b' },
    { id: 'c', name: 'C', url: 'https://acme.test/x/10/a' }, { id: 'd', name: 'D', url: 'https://acme.test/x/12/d' }, { id: 'e', name: 'E', url: 'https://acme.test/x/13/e' },
  ];
  const resolve = (r: ExternalRecommendation) => { const m = /acme\.test\/x\/(\d+)\//.exec(r.url); return m ? Number(m[1]) : null; };
  it('keeps answers naming the tenant\'s items, once each, without excluded ones, labelled with the provider', async () => {
    const asked: unknown[] = [];
    const p = externalProvider('blueconic', { recommendations: async (req) => { asked.push(req); return answer; } }, resolve);
    const recs = await p.recommend({ contentId: 1, limit: 4, exclude: new Set([12]) });
    expect(asked).toEqual([{ itemId: '1', count: 4 }]);
    expect(recs.map((r) => r.id)).toEqual(['blueconic:10', 'blueconic:13']);
  });
  it('answers nothing when the service fails, and a chain fills up from Masthead\'s recommender', async () => {
    const failing = externalProvider('blueconic', { recommendations: () => Promise.reject(new Error('timeout')) }, resolve);
    expect(await failing.recommend({ contentId: 1, limit: 4 })).toEqual([]);
    const ok = externalProvider('blueconic', { recommendations: async () => answer }, resolve);
    const own = new ContentRecommender([item(1, { terms: ['t'] }), item(10, { terms: ['t'] }), item(20, { terms: ['t'] }), item(21)], NOW);
    const recs = await chainProviders([ok, own]).recommend({ contentId: 1, limit: 4 });
    expect(recs.map((r) => r.id)).toEqual(['blueconic:10', 'blueconic:12', 'blueconic:13', 'masthead:20']);
  });
});
