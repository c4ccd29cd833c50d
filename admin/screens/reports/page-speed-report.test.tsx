// @vitest-environment happy-dom
// The page speed screen (issue #20) against a fake API behind the real transport: stored runs'
// scores charted (the chart's description names them) and the newest run's pages in a table; the
// button starts a run, whose progress shows and is asked for again until it ends; a failed run says why.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionContext } from '../../app/session';
import { TenantProvider } from '../../app/tenant';
import { ToastProvider } from '../../app/toasts';
import { configureTransport } from '../../data/transport';
import type { PageSpeedReport, PageSpeedRunView } from '../../data/api-reports';
import type { CmsUser } from '../../data/types';
import { RouterProvider } from '../../lib/router';
import { resolveRoute } from '../../routes';
import PageSpeedReportScreen from './page-speed-report';

const USER: CmsUser = {
  id: 1, username: 'ops', email: 'ops@example.com', firstName: 'Ops', lastName: 'Admin', role: 'admin',
  extraPermissions: [], permissions: ['view_common_reports'], status: 1, isGlobal: false, tenants: ['alpha'],
};
const TENANTS = [{ tenantKey: 'alpha', name: 'Alpha News', domain: 'alpha.localhost', abbreviation: 'ALP' }];

const run = (o: Partial<PageSpeedRunView>): PageSpeedRunView => ({
  id: 1, buildId: 'b-1', status: 'done', pagesTotal: 2, pagesDone: 2, error: null, requestedBy: 'ops', createdAt: '2026-11-20T10:00:00Z', finishedAt: '2026-11-20T10:02:00Z', ...o,
});
const STORED: PageSpeedReport = {
  runs: [run({ id: 2, buildId: 'b-2' }), run({})],
  history: [
    { runId: 1, buildId: 'b-1', at: '2026-11-20T10:02:00Z', pages: 2, performance: 71, accessibility: 98, bestPractices: 100, seo: 92, lcpMs: 2400, cls: 0.02 },
    { runId: 2, buildId: 'b-2', at: '2026-11-21T10:02:00Z', pages: 2, performance: 88, accessibility: 100, bestPractices: 100, seo: 92, lcpMs: 1800, cls: 0 },
  ],
  pages: [
    { path: '/', form: 'mobile', performance: 90, accessibility: 100, bestPractices: 100, seo: 92, lcpMs: 1600, cls: 0 },
    { path: '/markets/1/story', form: 'mobile', performance: 86, accessibility: 100, bestPractices: 100, seo: 92, lcpMs: 2000, cls: 0 },
  ],
};

let answers: PageSpeedReport[];
let ops: string[];

function fakeApi(first: PageSpeedReport, started?: PageSpeedRunView) {
  answers = [first];
  ops = [];
  configureTransport({
    version: `page-speed-test-${Math.random()}`,
    bearer: () => 'token',
    tenantKey: () => 'alpha',
    fetch: (async (url: string, init: { body?: string }) => {
      const doc = /\/(query|mutation)\/(\w+)\.gql/.exec(url);
      if (doc) return new Response(`${doc[1]} ${doc[2]} { a }`);
      const body = JSON.parse(init.body ?? '{}') as { query: string };
      const op = /^(?:query|mutation) (\w+)/.exec(body.query)![1]!;
      ops.push(op);
      if (op === 'getTenantInfo') return Response.json({ data: { getTenantInfo: TENANTS } });
      if (op === 'getPageSpeedReport') return Response.json({ data: { getPageSpeedReport: answers.length > 1 ? answers.shift() : answers[0] } });
      if (op === 'startPageSpeedRun' && started) return Response.json({ data: { startPageSpeedRun: started } });
      throw new Error(`unexpected operation ${op}`);
    }) as never,
  });
}

async function settle() {
  for (let i = 0; i < 8; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
}
async function show() {
  window.history.pushState(null, '', '/admin/page-speed-report');
  const session = { status: 'signed-in', user: USER, permissions: USER.permissions } as never;
  render(<RouterProvider><ToastProvider><SessionContext.Provider value={session}><TenantProvider user={USER}><PageSpeedReportScreen /></TenantProvider></SessionContext.Provider></ToastProvider></RouterProvider>);
  await settle();
}

afterEach(() => { cleanup(); });

describe('page speed screen', () => {
  it('charts the stored runs and lists the newest run\'s pages', async () => {
    fakeApi(STORED);
    await show();
    expect(screen.getByTestId('report-chart').getAttribute('aria-label')).toBe('Performance by run: 159 in all, highest 88 (2026-11-21 10:02 (b-2)).');
    const table = screen.getByRole('table', { name: 'Pages measured' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['/', 'mobile', '90', '100', '100', '92', '1.6 s', '0.000'],
      ['/markets/1/story', 'mobile', '86', '100', '100', '92', '2.0 s', '0.000'],
    ]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('starts a run, shows its progress while it runs, and the new scores when it ends', async () => {
    const queued = run({ id: 3, status: 'queued', pagesTotal: 0, pagesDone: 0, finishedAt: null });
    fakeApi({ runs: [], history: [], pages: [] }, queued);
    await show();
    expect(screen.getByText('No page speed runs yet')).toBeTruthy();
    answers = [
      { runs: [run({ id: 3, status: 'running', pagesTotal: 2, pagesDone: 1, finishedAt: null })], history: [], pages: [] },
      { ...STORED, runs: [run({ id: 3 })] },
    ];
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Run Lighthouse' })); });
    await settle();
    expect(ops).toContain('startPageSpeedRun');
    expect(screen.getByRole('status').textContent).toBe('Measuring page 2 of 2…');
    expect((screen.getByRole('progressbar', { name: 'Pages measured' }) as HTMLProgressElement).value).toBe(1);
    expect((screen.getByRole('button', { name: 'Run Lighthouse' }) as HTMLButtonElement).disabled).toBe(true);
    // The screen asks again after the poll interval; the run has ended by then.
    await act(async () => { await new Promise((r) => setTimeout(r, 2100)); });
    await settle();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('table', { name: 'Pages measured' })).toBeTruthy();
  });

  it('says why the last run failed; the route is guarded by view_common_reports', async () => {
    fakeApi({ runs: [run({ status: 'failed', error: 'Chromium did not start' })], history: [], pages: [] });
    await show();
    expect(screen.getByRole('alert').textContent).toContain('Chromium did not start');
    expect(resolveRoute('/page-speed-report')?.route.permissions).toEqual(['view_common_reports']);
  });
});
