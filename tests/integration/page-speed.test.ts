// Page speed (issue #20): the store's runs and scores (progress, build id, the history the chart
// reads, worked out here from the stored rows), and the API: startPageSpeedRun answers at once
// with a queued run while the run goes on in the background (a fake measurer and sitemap here; the
// real Lighthouse run is tests/integration/page-speed-lighthouse.test.ts), one run at a time per
// tenant, permission and tenant checks on both operations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPageSpeedScore, createPageSpeedRun, finishPageSpeedRun, listPageSpeedRuns, pageSpeedHistory, readPageSpeedRun, startPageSpeedRun,
} from '../../engine/store/queries/page-speed';
import { samplePaths, spread, type PageMeasurer } from '../../engine/services/reports/page-speed';
import { startApi, type Harness } from './api-harness';

const SITEMAP = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${
  Array.from({ length: 12 }, (_, i) => `<url><loc>https://alpha.example/markets/${i + 1}/story</loc></url>`).join('')}</urlset>`;
const INDEX = '<?xml version="1.0"?><sitemapindex><sitemap><loc>https://alpha.example/sitemap-1.xml</loc></sitemap></sitemapindex>';

const fakeFetch = (async (url: string) => {
  if (url.endsWith('/sitemap.xml')) return new Response(INDEX);
  if (url.endsWith('/sitemap-1.xml')) return new Response(SITEMAP);
  return new Response('', { status: 404 });
}) as typeof fetch;

let h: Harness;
const measured: string[] = [];
let release: () => void = () => {};
let gate = Promise.resolve();

beforeAll(async () => {
  const measurer = async (): Promise<PageMeasurer> => ({
    async measure(url) {
      await gate;
      measured.push(url);
      const n = measured.length;
      return { performance: 90 - n, accessibility: 100, bestPractices: 96, seo: 92, lcpMs: 1000 + n * 100, cls: n === 2 ? 0.05 : 0 };
    },
    async close() {},
  });
  h = await startApi({ pageSpeed: { siteUrl: (t) => `http://${t.tenantKey}.localhost:9`, samplePages: 3, measurer, fetch: fakeFetch } });
});
afterAll(async () => h?.close());

describe('page speed store', () => {
  it('records a run\'s progress and scores with the build id, and charts finished runs oldest first', async () => {
    const db = h.store.db;
    const a = await createPageSpeedRun(db, 'beta', { buildId: 'b-1', requestedBy: 'ops', now: 1_000 });
    await startPageSpeedRun(db, 'beta', a, 2);
    const scores = [
      { path: '/', form: 'mobile', performance: 80, accessibility: 100, bestPractices: 100, seo: 90, lcpMs: 2000, cls: 0.01, measuredAt: 2_000 },
      { path: '/x', form: 'mobile', performance: 71, accessibility: 96, bestPractices: 100, seo: 100, lcpMs: 3000, cls: 0.2, measuredAt: 3_000 },
    ];
    await addPageSpeedScore(db, 'beta', a, scores[0]!);
    expect(await readPageSpeedRun(db, 'beta', a)).toMatchObject({ status: 'running', pagesTotal: 2, pagesDone: 1, buildId: 'b-1' });
    await addPageSpeedScore(db, 'beta', a, scores[1]!);
    await finishPageSpeedRun(db, 'beta', a, { now: 4_000 });
    const b = await createPageSpeedRun(db, 'beta', { buildId: 'b-2', requestedBy: 'ops', now: 5_000 });
    await startPageSpeedRun(db, 'beta', b, 1);
    await addPageSpeedScore(db, 'beta', b, { ...scores[0]!, performance: 95, measuredAt: 6_000 });
    await finishPageSpeedRun(db, 'beta', b, { now: 7_000, error: null });
    expect(await pageSpeedHistory(db, 'beta')).toEqual([
      { runId: a, buildId: 'b-1', at: 3_000, pages: 2, performance: Math.round((80 + 71) / 2), accessibility: 98, bestPractices: 100, seo: 95, lcpMs: 2000, cls: 0.2 },
      { runId: b, buildId: 'b-2', at: 6_000, pages: 1, performance: 95, accessibility: 100, bestPractices: 100, seo: 90, lcpMs: 2000, cls: 0.01 },
    ]);
    expect((await listPageSpeedRuns(db, 'beta')).map((r) => [r.id, r.status])).toEqual([[b, 'done'], [a, 'done']]);
    // Another tenant's rows are not read or written through beta's key.
    expect(await pageSpeedHistory(db, 'alpha')).toEqual([]);
    expect(await readPageSpeedRun(db, 'alpha', a)).toBeNull();
    await expect(addPageSpeedScore(db, 'alpha', a, scores[0]!)).rejects.toThrow(/No page speed run/);
  });
});

describe('sampling', () => {
  it('takes the home page and pages spread over the sitemap (through an index)', async () => {
    expect(spread([1, 2, 3, 4, 5, 6, 7, 8], 4)).toEqual([1, 3, 5, 7]);
    expect(await samplePaths('http://alpha.localhost:9', 3, fakeFetch)).toEqual(['/', '/markets/1/story', '/markets/7/story']);
    const none = (async () => new Response('', { status: 404 })) as typeof fetch;
    expect(await samplePaths('http://alpha.localhost:9', 3, none)).toEqual(['/']);
  });
});

describe('page speed API', () => {
  const START = 'mutation { startPageSpeedRun { id status pagesTotal pagesDone buildId requestedBy } }';
  const REPORT = 'query { getPageSpeedReport { runs { id status pagesDone pagesTotal } history { runId pages performance accessibility lcpMs cls } pages { path form performance } } }';

  it('starts a run in the background, answers at once, refuses a second while it runs, and reports the scores when done', async () => {
    gate = new Promise((r) => { release = r; });
    const started = await h.gql(START, {}, { as: 'alphaViewer' });
    expect(started.error).toBeUndefined();
    const run = started.data.startPageSpeedRun;
    expect(run).toMatchObject({ status: 'queued', pagesDone: 0, requestedBy: 'alpha.viewer' });
    // The measurer is held: the API still answers, and a second request gets the same run.
    const again = await h.gql(START, {}, { as: 'alphaEditor' });
    expect(again.data.startPageSpeedRun.id).toBe(run.id);
    const during = await h.gql(REPORT, {}, { as: 'alphaViewer' });
    expect(during.data.getPageSpeedReport.runs[0]).toMatchObject({ id: run.id, pagesDone: 0 });
    expect(['queued', 'running']).toContain(during.data.getPageSpeedReport.runs[0].status);
    release();
    let done = during.data.getPageSpeedReport;
    for (let i = 0; i < 100 && done.runs[0].status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      done = (await h.gql(REPORT, {}, { as: 'alphaViewer' })).data.getPageSpeedReport;
    }
    expect(done.runs[0]).toMatchObject({ id: run.id, status: 'done', pagesDone: 3, pagesTotal: 3 });
    expect(measured).toEqual(['http://alpha.localhost:9/', 'http://alpha.localhost:9/markets/1/story', 'http://alpha.localhost:9/markets/7/story']);
    expect(done.pages.map((p: { path: string }) => p.path)).toEqual(['/', '/markets/1/story', '/markets/7/story']);
    expect(done.history).toEqual([{ runId: run.id, pages: 3, performance: Math.round((89 + 88 + 87) / 3), accessibility: 100, lcpMs: 1200, cls: 0.05 }]);
  });

  it('needs view_common_reports in the request\'s tenant', async () => {
    expect((await h.gql(REPORT, {}, { as: 'alphaViewer', tenant: 'beta' })).error?.extensions.code).toBe('FORBIDDEN');
    expect((await h.gql(START, {}, { as: 'alphaViewer', tenant: 'beta' })).error?.extensions.code).toBe('FORBIDDEN');
    expect((await h.gql(START, {})).error?.extensions.code).toBe('UNAUTHENTICATED');
  });
});
