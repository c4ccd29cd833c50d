// @vitest-environment happy-dom
// The report screen (issue #20) against a fake API behind the real transport, once per definition:
// the address's parameters are what runReport receives; the summary figures show with their change
// against the comparison period; the chart describes its series; the table has the definition's
// columns, sorts by a header click (the address changes and the report is asked again) and pages;
// the exports download what the export route answers. Also: routes and menu guard each report.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORT_DEFINITIONS, type ReportDefinition, type ReportRow } from '../../../engine/domain/reports';
import { SessionContext } from '../../app/session';
import { TenantProvider } from '../../app/tenant';
import { ToastProvider } from '../../app/toasts';
import { configureTransport } from '../../data/transport';
import type { CmsUser } from '../../data/types';
import { RouterProvider } from '../../lib/router';
import { resolveRoute } from '../../routes';
import { NAV_GROUPS } from '../../shell/nav';
import ReportScreen from './report-screen';
import { describeChart } from './report-chart';
import { formatValue } from './format';

const USER = (isGlobal: boolean): CmsUser => ({
  id: 1, username: 'ops', email: 'ops@example.com', firstName: 'Ops', lastName: 'Admin', role: 'admin',
  extraPermissions: [], permissions: ['view_common_reports'], status: 1, isGlobal, tenants: isGlobal ? [] : ['alpha'],
});
const TENANTS = [{ tenantKey: 'alpha', name: 'Alpha News', domain: 'alpha.localhost', abbreviation: 'ALP' }];

/** A row of made-up values for every column of a definition (numbers for number columns). */
function rowFor(def: ReportDefinition, i: number): ReportRow {
  return Object.fromEntries(def.columns.map((c) => [c.key, c.kind === 'text' || c.kind === 'content' ? `${c.label} ${i}` : c.kind === 'date' ? `2026-11-${String(10 + i).padStart(2, '0')}` : c.kind === 'percent' ? i / 10 : 100 + i]));
}
function answerFor(def: ReportDefinition, params: URLSearchParams) {
  const summary = Object.fromEntries(def.summary.map((f, i) => [f.key, f.kind === 'percent' ? 0.25 : 1200 + i]));
  const x = def.chart?.x ?? 'day';
  return {
    id: def.id, from: '2026-10-29', to: '2026-11-27', tenant: def.crossSite ? '*' : params.get('tenant') ?? 'alpha', summary,
    comparison: def.dated ? { from: '2026-09-29', to: '2026-10-28', summary: Object.fromEntries(def.summary.map((f) => [f.key, f.kind === 'percent' ? 0.2 : 1000])) } : null,
    series: def.chart ? [1, 2, 3].map((i) => ({ [x]: x === 'day' ? `2026-11-0${i}` : `Step ${i}`, ...Object.fromEntries(def.chart!.series.map((s) => [s.key, i * 10])) })) : [],
    rows: [rowFor(def, 1), rowFor(def, 2)], totalRows: 60, skip: Number(params.get('skip') ?? 0), limit: 25,
  };
}

let runs: URLSearchParams[];
let exports: string[];

function fakeApi(def: ReportDefinition) {
  runs = [];
  exports = [];
  configureTransport({
    version: `reports-test-${Math.random()}`,
    bearer: () => 'token',
    tenantKey: () => 'alpha',
    fetch: (async (url: string, init: { body?: string }) => {
      const doc = /\/(query|mutation)\/(\w+)\.gql/.exec(url);
      if (doc) return new Response(`${doc[1]} ${doc[2]} { a }`);
      const file = /^\/api\/reports\/([\w-]+)\/export\?(.*)$/.exec(url);
      if (file) {
        exports.push(url);
        const q = new URLSearchParams(file[2]);
        return new Response(q.get('format') === 'csv' ? 'Id\r\n1\r\n' : new Uint8Array([80, 75]), {
          headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="${file[1]}_alpha.${q.get('format')}"` },
        });
      }
      const body = JSON.parse(init.body ?? '{}') as { query: string; variables: Record<string, any> };
      const op = /^(?:query|mutation) (\w+)/.exec(body.query)![1]!;
      if (op === 'getTenantInfo') return Response.json({ data: { getTenantInfo: TENANTS } });
      if (op === 'getWebsiteSectionsHierarchy') return Response.json({ data: { [op]: [{ id: 103, name: 'Markets', alias: 'markets', parentId: null }] } });
      if (op !== 'runReport') throw new Error(`unexpected operation ${op}`);
      const params = new URLSearchParams(body.variables.params as string);
      runs.push(params);
      return Response.json({ data: { runReport: answerFor(def, params) } });
    }) as never,
  });
}

async function settle() {
  for (let i = 0; i < 8; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
}
async function show(path: string, isGlobal = false) {
  window.history.pushState(null, '', path);
  const user = USER(isGlobal);
  const session = { status: 'signed-in', user, permissions: user.permissions } as never;
  const node: ReactNode = <ReportScreen />;
  render(<RouterProvider><ToastProvider><SessionContext.Provider value={session}><TenantProvider user={user}>{node}</TenantProvider></SessionContext.Provider></ToastProvider></RouterProvider>);
  await settle();
}

beforeEach(() => {
  window.localStorage.clear();
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  // happy-dom would follow the download link's blob: address away from the screen.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => { cleanup(); vi.restoreAllMocks(); });

describe.each(REPORT_DEFINITIONS.map((d) => [d.id, d] as const))('report %s', (_id, def: ReportDefinition) => {
  it('shows figures with their change, the chart, the columns; sorts, pages and exports', async () => {
    fakeApi(def);
    await show(`/admin${def.path}`);
    expect(screen.getByRole('heading', { level: 1, name: def.title })).toBeTruthy();
    expect(runs[0]!.toString()).toBe('');

    const figures = screen.getByRole('list', { name: 'Summary' });
    for (const [i, f] of def.summary.entries()) {
      const item = within(figures).getByText(f.label).closest('li')!;
      expect(item.textContent).toContain(formatValue(f.kind === 'percent' ? 0.25 : 1200 + i, f.kind));
      if (def.dated) expect(item.textContent).toContain(f.kind === 'percent' ? '+25% vs previous period' : `+${(((1200 + i) - 1000) / 10).toLocaleString('en-US', { maximumFractionDigits: 1 })}% vs previous period`);
    }
    if (def.chart) expect(screen.getByTestId('report-chart').getAttribute('aria-label')).toBe(describeChart(def.title, def.chart, answerFor(def, new URLSearchParams()).series));
    else expect(screen.queryByTestId('report-chart')).toBeNull();

    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(def.columns.map((c) => c.label));
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    // Sort by a column other than the default: the address and the next request carry it.
    const other = def.columns.find((c) => c.key !== def.defaultSort.key)!;
    await act(async () => { fireEvent.click(within(table).getByRole('button', { name: other.label })); });
    await settle();
    const expectedDir = other.kind === 'int' || other.kind === 'decimal' || other.kind === 'percent' ? 'desc' : 'asc';
    expect(new URLSearchParams(window.location.search).get('sort')).toBe(other.key);
    expect(runs.at(-1)!.get('sort')).toBe(other.key);
    expect(runs.at(-1)!.get('dir')).toBe(expectedDir);
    expect(screen.getByRole('columnheader', { name: new RegExp(other.label) }).getAttribute('aria-sort')).toBe(expectedDir === 'asc' ? 'ascending' : 'descending');

    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Next' })); });
    await settle();
    expect(runs.at(-1)!.get('skip')).toBe('25');

    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Export XLSX' })); });
    await settle();
    const url = new URL(exports.at(-1)!, 'http://x');
    expect(url.pathname).toBe(`/api/reports/${def.id}/export`);
    expect(url.searchParams.get('format')).toBe('xlsx');
    expect(url.searchParams.get('sort')).toBe(other.key);
    expect(await screen.findByText(`Downloaded ${def.id}_alpha.xlsx.`)).toBeTruthy();
  });
});

describe('parameters in the address', () => {
  it('a preset, comparison and filters from the address reach the API; changing the range rewrites the address', async () => {
    const def = REPORT_DEFINITIONS.find((d) => d.id === 'content-views')!;
    fakeApi(def);
    await show('/admin/content-views-report?range=last-7-days&compare=none&type=News');
    expect(runs[0]!.get('range')).toBe('last-7-days');
    expect(runs[0]!.get('compare')).toBe('none');
    expect(runs[0]!.get('type')).toBe('News');
    fireEvent.change(screen.getByLabelText('Date range'), { target: { value: 'custom' } });
    await settle();
    expect(new URLSearchParams(window.location.search).get('range')).toBe('custom');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await settle();
    expect(runs.at(-1)!.get('from')).toBe('2026-11-01');
  });

  it('bad parameters name the parameter instead of running the report', async () => {
    fakeApi(REPORT_DEFINITIONS[0]);
    await show('/admin/content-views-report?range=forever');
    expect(screen.getByRole('alert').textContent).toContain('range: Must be one of');
    expect(runs).toEqual([]);
  });

  it('only global staff get the all-sites choice', async () => {
    fakeApi(REPORT_DEFINITIONS[0]);
    await show('/admin/content-views-report');
    expect(screen.queryByLabelText('Sites')).toBeNull();
    cleanup();
    await show('/admin/content-views-report', true);
    fireEvent.change(screen.getByLabelText('Sites'), { target: { value: '*' } });
    await settle();
    expect(runs.at(-1)!.get('tenant')).toBe('*');
  });
});

describe('cross-site reports', () => {
  it('count every site: no site choice, and the menu offers them to global staff only', async () => {
    const def = REPORT_DEFINITIONS.find((d) => d.id === 'cross-site-reports')!;
    fakeApi(def);
    await show('/admin/cross-site-reports', true);
    expect(screen.queryByLabelText('Sites')).toBeNull();
    expect(screen.getByText(/All sites, 2026-10-29 to 2026-11-27/)).toBeTruthy();
    const links = NAV_GROUPS.flatMap((g) => g.links);
    expect(links.filter((l) => l.global).map((l) => l.href)).toEqual(expect.arrayContaining(['/admin/cross-site-reports', '/admin/cross-site-exports']));
    expect(links.find((l) => l.href === '/admin/content-views-report')?.global).toBeUndefined();
  });

  it('/admin/taxonomy-export is the taxonomy export report', () => {
    expect(resolveRoute('/taxonomy-export')?.route.permissions).toEqual(REPORT_DEFINITIONS.find((d) => d.id === 'taxonomy-export')!.permissions);
  });
});

describe('routes and menu', () => {
  it('every definition has a route and a menu link guarded by its permissions', () => {
    const links = NAV_GROUPS.flatMap((g) => g.links);
    for (const d of REPORT_DEFINITIONS) {
      expect(resolveRoute(d.path)?.route.permissions).toEqual(d.permissions);
      expect(links.find((l) => l.href === `/admin${d.path}`)?.permissions).toEqual(d.permissions);
    }
  });
});
