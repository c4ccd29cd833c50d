// @vitest-environment happy-dom
// The newsroom screens against a fake API behind the real transport: content research (filters,
// paging, saved searches, CSV download), bulk update (a dry-run preview before any write, apply only
// what was previewed) and syndication (share, list, detach). Each test reads the calls the screen
// made, as the server would receive them.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureTransport } from '../../data/transport';
import type { CmsUser } from '../../data/types';
import { TenantProvider } from '../../app/tenant';
import { ToastProvider } from '../../app/toasts';
import { RouterProvider } from '../../lib/router';
import { resolveRoute } from '../../routes';
import ContentResearchScreen from './content-research';
import BulkUpdateScreen from './bulk-update-content';
import ContentSyndicationScreen from './content-syndication';

interface Call { op: string; variables: Record<string, any>; tenant: string | undefined }
type Answer = (variables: Record<string, any>, tenant: string | undefined) => unknown;

const USER: CmsUser = {
  id: 1, username: 'ops', email: 'ops@example.com', firstName: 'Ops', lastName: 'Admin', role: 'admin',
  extraPermissions: [], permissions: [], status: 1, isGlobal: true, tenants: [],
};
const TENANTS = [
  { tenantKey: 'alpha', name: 'Alpha News', domain: 'alpha.localhost', abbreviation: 'ALP' },
  { tenantKey: 'beta', name: 'Beta Daily', domain: 'beta.localhost', abbreviation: 'BET' },
];
const row = (id: number, name: string, status = 1, tenantKey = 'alpha') => ({ id, tenantKey, type: 'Article', name, status, published: '2026-10-01T12:00:00.000Z', primarySectionId: 103 });

let calls: Call[];

function fakeApi(answers: Record<string, Answer>) {
  calls = [];
  const base: Record<string, Answer> = {
    getTenantInfo: () => TENANTS,
    getWebsiteSectionsHierarchy: (_v, tenant) => [{ id: tenant === 'beta' ? 203 : 103, name: tenant === 'beta' ? 'Beta Markets' : 'Markets', alias: 'markets', parentId: null }],
    getPersonStream: () => [],
    matchTaxonomyStream: () => [],
  };
  configureTransport({
    version: `newsroom-test-${Math.random()}`,
    bearer: () => 'token',
    fetch: async (url, init) => {
      const doc = /\/(query|mutation)\/(\w+)\.gql/.exec(url);
      if (doc) return new Response(`${doc[1]} ${doc[2]} { a }`);
      const body = JSON.parse(init.body ?? '{}') as { query: string; variables: Record<string, any> };
      const op = /^(?:query|mutation) (\w+)/.exec(body.query)![1]!;
      const tenant = (init.headers as Record<string, string>)['x-tenant-key'];
      calls.push({ op, variables: body.variables, tenant });
      const answer = answers[op] ?? base[op];
      if (!answer) throw new Error(`unexpected operation ${op}`);
      return new Response(JSON.stringify({ data: { [op]: answer(body.variables, tenant) } }), { headers: { 'content-type': 'application/json' } });
    },
  });
}

const callsOf = (op: string) => calls.filter((c) => c.op === op);
const last = (op: string) => callsOf(op).at(-1)!;

async function settle() {
  for (let i = 0; i < 6; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
}

async function show(node: ReactNode) {
  render(<RouterProvider><ToastProvider><TenantProvider user={USER}>{node}</TenantProvider></ToastProvider></RouterProvider>);
  await settle();
}

async function click(name: string | RegExp) {
  await act(async () => { fireEvent.click(screen.getByRole('button', { name })); });
  await settle();
}
function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => { window.localStorage.clear(); });
afterEach(() => { cleanup(); vi.restoreAllMocks(); });

describe('/admin/content-research', () => {
  it('searches with the filled-in filters, pages, and reloads a saved search into the form', async () => {
    const saved: { id: number; name: string; query: Record<string, unknown>; createdAt: string }[] = [];
    fakeApi({
      researchContent: (v) => ({ rows: [row(10010001, 'Carriers adjust capacity on lane 1', v.input.statuses?.[0] ?? 1)], totalCount: 60 }),
      getResearchSearches: () => saved,
      saveResearchSearch: (v) => { const s = { id: 7, name: v.name, query: v.query, createdAt: '2026-11-01T00:00:00Z' }; saved.push(s); return s; },
      deleteResearchSearch: (v) => { saved.splice(saved.findIndex((s) => s.id === v.id), 1); return { ok: true }; },
    });
    await show(<ContentResearchScreen />);
    expect(last('researchContent').variables).toEqual({ input: { skip: 0, limit: 25 } });
    expect(screen.getByRole('link', { name: 'Carriers adjust capacity on lane 1' }).getAttribute('href')).toBe('/admin/edit-content/10010001');

    type('Text', 'lane');
    type('Status', '2');
    type('Published from', '2026-10-01');
    await click('Search');
    expect(last('researchContent').variables).toEqual({ input: { text: 'lane', statuses: [2], publishedFrom: '2026-10-01', skip: 0, limit: 25 } });
    expect(screen.getByText('1–25 of 60')).toBeTruthy();
    await click('Next');
    expect(last('researchContent').variables.input.skip).toBe(25);

    // Across tenants: a global user may add the other tenant.
    fireEvent.click(screen.getByLabelText('Beta Daily'));
    type('Search name', 'Lane drafts');
    await click('Save search');
    expect(last('saveResearchSearch').variables).toEqual({ name: 'Lane drafts', query: { text: 'lane', statuses: [2], publishedFrom: '2026-10-01', tenantKeys: ['beta'] } });

    await click('Clear');
    expect((screen.getByLabelText('Text') as HTMLInputElement).value).toBe('');
    expect(last('researchContent').variables).toEqual({ input: { skip: 0, limit: 25 } });
    await click('Load Lane drafts');
    expect((screen.getByLabelText('Text') as HTMLInputElement).value).toBe('lane');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('2');
    expect(last('researchContent').variables).toEqual({ input: { text: 'lane', statuses: [2], publishedFrom: '2026-10-01', tenantKeys: ['beta'], skip: 0, limit: 25 } });

    await click('Delete saved search Lane drafts');
    expect(last('deleteResearchSearch').variables).toEqual({ id: 7 });
    expect(screen.queryByRole('button', { name: 'Load Lane drafts' })).toBeNull();
  });

  it('downloads every match of the applied filter as a CSV file', async () => {
    const csv = 'id,tenantKey,type,name,status,published,primarySectionId\r\n10010001,alpha,Article,"Lane 1, ""quoted""",1,,103\r\n';
    fakeApi({ researchContent: () => ({ rows: [row(10010001, 'Lane 1')], totalCount: 1 }), getResearchSearches: () => [], researchContentCsv: () => csv });
    let blob: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => { blob = b as Blob; return 'blob:csv'; });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    await show(<ContentResearchScreen />);
    type('Text', 'lane 1');
    await click('Search');
    await click('Export CSV');
    expect(last('researchContentCsv').variables).toEqual({ input: { text: 'lane 1' } });
    expect(blob).not.toBeNull();
    expect(await blob!.text()).toBe(csv);
  });
});

describe('/admin/bulk-update-content', () => {
  const preview = (ids: number[], dryRun: boolean) => ({ dryRun, count: ids.length, items: ids.map((id) => ({ id, changes: { status: { from: 1, to: 2 } } })) });

  it('previews exactly what changes per item, and applies only what was previewed', async () => {
    fakeApi({ bulkUpdateContent: (v) => preview(v.input.ids, v.input.dryRun) });
    await show(<BulkUpdateScreen />);
    const apply = () => screen.getByRole('button', { name: /^Apply/ }) as HTMLButtonElement;
    fireEvent.click(screen.getByLabelText('By hand'));
    await settle();
    type('Content ids', '10010001, 10010002');
    type('Status', '2');
    expect(apply().disabled).toBe(true);
    await click('Preview changes');
    expect(last('bulkUpdateContent')).toMatchObject({ tenant: 'alpha', variables: { input: { ids: [10010001, 10010002], set: { status: 2 }, dryRun: true } } });
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['10010001status12', '10010002status12']);
    expect(apply().textContent).toBe('Apply to 2 items');

    // A change after the preview needs a new preview before it can be applied.
    type('Content ids', '10010001, 10010002, 10010003');
    expect(apply().disabled).toBe(true);
    expect(screen.queryByRole('table')).toBeNull();
    type('Content ids', '10010001, 10010002');
    expect(apply().disabled).toBe(false);

    await click('Apply to 2 items');
    expect(callsOf('bulkUpdateContent')).toHaveLength(2);
    expect(last('bulkUpdateContent').variables).toEqual({ input: { ids: [10010001, 10010002], set: { status: 2 }, dryRun: false } });
    expect(screen.getByRole('status').textContent).toContain('Updated 2 items; the site rebuilds once for all of them.');
  });

  it('selects by a research query, and shows the API\'s error naming the item', async () => {
    fakeApi({ bulkUpdateContent: () => { throw new Error('unreachable'); } });
    configureTransport({
      fetch: async (url, init) => {
        const doc = /\/(query|mutation)\/(\w+)\.gql/.exec(url);
        if (doc) return new Response(`${doc[1]} ${doc[2]} { a }`);
        const body = JSON.parse(init.body ?? '{}') as { query: string; variables: Record<string, any> };
        const op = /^(?:query|mutation) (\w+)/.exec(body.query)![1]!;
        calls.push({ op, variables: body.variables, tenant: undefined });
        if (op === 'bulkUpdateContent') {
          return new Response(JSON.stringify({ data: null, errors: [{ message: 'Item 10010002 (2 of 2): Unknown section 201', extensions: { code: 'BAD_USER_INPUT', field: 'set.primarySectionId' } }] }), { headers: { 'content-type': 'application/json' } });
        }
        const data = op === 'getTenantInfo' ? TENANTS : [];
        return new Response(JSON.stringify({ data: { [op]: data } }), { headers: { 'content-type': 'application/json' } });
      },
    });
    await show(<BulkUpdateScreen />);
    // An empty query would select the whole site: a filter is asked for first.
    expect(screen.getByText('Set at least one filter, or select by hand')).toBeTruthy();
    type('Text', 'lane');
    fireEvent.click(screen.getByLabelText('Replace schedules'));
    await settle();
    await click('Preview changes');
    expect(last('bulkUpdateContent').variables).toEqual({ input: { query: { text: 'lane' }, set: { schedules: [] }, dryRun: true } });
    expect(screen.getByText('Item 10010002 (2 of 2): Unknown section 201')).toBeTruthy();
    expect((screen.getByRole('button', { name: /^Apply/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is a route only bulk_update_content opens', () => {
    expect(resolveRoute('/bulk-update-content')?.route.permissions).toEqual(['bulk_update_content']);
  });
});

describe('/admin/content-syndication', () => {
  it('shares an item with another tenant in a section of that tenant, lists the link, and detaches it', async () => {
    const links: Record<string, unknown>[] = [];
    fakeApi({
      getContentSyndication: () => links,
      syndicateContent: (v) => {
        links.push({ copyId: 10020013, copyTenantKey: 'beta', copyName: 'Lane 1', sourceId: v.input.id, sourceTenantKey: 'alpha', sourceName: 'Lane 1', createdAt: '2026-11-25T09:00:00Z' });
        return { copyId: 10020013, sourceId: v.input.id, targetTenantKey: v.input.targetTenantKey };
      },
      detachSyndicatedContent: () => { links.length = 0; return { ok: true }; },
    });
    await show(<ContentSyndicationScreen />);
    expect(screen.getByText('No linked copies')).toBeTruthy();
    await click('Share as linked copy');
    expect(callsOf('syndicateContent')).toHaveLength(0);
    expect(screen.getByText('Enter the 8-digit id of an item of this site')).toBeTruthy();

    type(/^Content id/, '10010001');
    type(/^Share with/, 'beta');
    await settle();
    expect(last('getWebsiteSectionsHierarchy').tenant).toBe('beta');
    type(/^Section on that site/, '203');
    await click('Share as linked copy');
    expect(last('syndicateContent')).toMatchObject({ tenant: 'alpha', variables: { input: { id: 10010001, targetTenantKey: 'beta', primarySectionId: 203 } } });
    expect(screen.getByRole('table').textContent).toContain('Lane 1 (Beta Daily, 10020013)');

    await click('Detach 10020013');
    await click('Detach');
    expect(last('detachSyndicatedContent').variables).toEqual({ id: 10020013 });
    expect(screen.getByText('No linked copies')).toBeTruthy();
  });
});
