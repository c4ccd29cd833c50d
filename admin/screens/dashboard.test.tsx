// @vitest-environment happy-dom
// The start page (issue 35) against a fake API behind the real transport: reader figures against
// the week before and the top stories from the content views report, scheduled and draft counts and
// the next newsletter from getDashboard, build health, and the server warnings only when the API
// gives them (it does to admins alone: tests/integration/api-captcha.test.ts).
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Permission } from '../../engine/domain/permissions';
import { configureTransport } from '../data/transport';
import { RouterProvider } from '../lib/router';
import DashboardScreen from './dashboard';

const session = vi.hoisted(() => ({ permissions: [] as Permission[] }));
vi.mock('../app/session', () => ({ useSession: () => ({ user: { firstName: 'Ana', isGlobal: false }, permissions: session.permissions }) }));
vi.mock('../app/tenant', () => ({
  useTenant: () => ({ tenant: { tenantKey: 'alpha', name: 'Alpha News', domain: 'alpha.localhost', abbreviation: 'ALP', modules: [] } }),
  publicOrigin: () => null,
}));

const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
let ops: string[] = [];
function fakeApi(warnings: string[]) {
  ops = [];
  const report = (params: string) => (params.includes('range=custom')
    ? { id: 'content-views', from: '', to: '', tenant: 'alpha', summary: { views: 340, visitors: 120 }, comparison: null, series: [], rows: [], totalRows: 0, skip: 0, limit: 25 }
    : { id: 'content-views', from: '', to: '', tenant: 'alpha', summary: { views: 4200, visitors: 1500 }, comparison: { from: '', to: '', summary: { views: 4000, visitors: 1200 } },
      series: [], rows: [{ contentId: 10100155, title: 'Diesel Prices Dip', type: 'PressRelease', views: 812 }], totalRows: 1, skip: 0, limit: 25 });
  const answers: Record<string, (v: Record<string, any>) => unknown> = {
    getContentStream: () => ({ items: [], totalCount: 0 }),
    getBuildStatus: () => ({ state: 'live', buildId: 'b1', finishedAt: new Date().toISOString(), pagesWritten: 450, warnings }),
    getDashboard: () => ({ draftCount: 9, scheduledCount: 7, nextScheduled: [{ id: 10100160, name: 'Tariff Exclusions', type: 'News', published: soon, updatedAt: null }], recentDrafts: [], nextNewsletter: { id: 4, name: 'Alpha Daily', subject: null, deploymentDate: soon } }),
    runReport: (v) => report(String(v.params)),
  };
  configureTransport({
    version: `dashboard-test-${Math.random()}`,
    bearer: () => 'token',
    tenantKey: () => 'alpha',
    fetch: async (url, init) => {
      const doc = /\/(query|mutation)\/(\w+)\.gql/.exec(url);
      if (doc) return new Response(`${doc[1]} ${doc[2]} { a }`);
      const body = JSON.parse(init.body ?? '{}') as { query: string; variables: Record<string, any> };
      const op = /^(?:query|mutation) (\w+)/.exec(body.query)![1]!;
      ops.push(op);
      const answer = answers[op];
      if (!answer) throw new Error(`unexpected operation ${op}`);
      return new Response(JSON.stringify({ data: { [op]: answer(body.variables) } }), { headers: { 'content-type': 'application/json' } });
    },
  });
}

async function show() {
  render(<RouterProvider><DashboardScreen /></RouterProvider>);
  for (let i = 0; i < 8; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
}

afterEach(cleanup);

describe('dashboard (issue 35)', () => {
  it('shows readers against the week before, scheduled and drafts, top stories, the next send and build health', async () => {
    session.permissions = ['manage_content', 'view_common_reports', 'manage_newsletter_campaigns'];
    fakeApi([]);
    await show();
    const figures = within(screen.getByRole('list', { name: 'At a glance' }));
    expect(figures.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Readers today120340 page views', 'Readers, last 7 days1,500+25% vs the week before', expect.stringMatching(/^Scheduled7next /), 'Drafts9none waiting',
    ]);
    const top = within(screen.getByRole('region', { name: 'Top stories, last 7 days' }));
    expect(top.getByRole('link', { name: 'Diesel Prices Dip' }).getAttribute('href')).toBe('/admin/edit-content/10100155');
    expect(top.getByText('Press release')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Alpha Daily' }).getAttribute('href')).toBe('/admin/edit-newsletter-campaign/4');
    expect(screen.getByText(/last build just now, 450 pages/)).toBeTruthy();
    expect(screen.queryByText('The server needs your attention')).toBeNull();
  });

  it('shows a server warning only when the API answers one, with a way to the system status', async () => {
    session.permissions = ['manage_modules', 'manage_content'];
    fakeApi(['Set MASTHEAD_RECAPTCHA_SECRET and restart: without a captcha secret the forms are refused.']);
    await show();
    const box = screen.getByText('The server needs your attention').closest('.dash-warnings') as HTMLElement;
    expect(within(box).getByText(/^Set MASTHEAD_RECAPTCHA_SECRET/)).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'System status' }).getAttribute('href')).toBe('/admin/system');
    // Without view_common_reports no report is asked for, and no reader figure shows.
    expect(ops).not.toContain('runReport');
    expect(screen.queryByText('Readers today')).toBeNull();
  });
});
