// @vitest-environment happy-dom
// The magazine screens (issue 21) against a fake API behind the real transport: publication and
// section forms refuse bad fields with the shared schemas' messages and send nothing, then create;
// the issue's stories editor places content by id and by search, reorders and removes it, and saves
// the list in section order; the print export decodes the base64 zip into a Blob download.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { strToU8, unzipSync, zipSync } from 'fflate';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureTransport } from '../../data/transport';
import { ToastProvider } from '../../app/toasts';
import { RouterProvider } from '../../lib/router';
import { resolveRoute } from '../../routes';
import MagazinePublicationsScreen from './publications';
import MagazineSectionsScreen from './sections';
import MagazineIssuesScreen from './issues';
import PrintExportsScreen from './print-exports';

interface Call { op: string; variables: Record<string, any> }
type Answer = (variables: Record<string, any>) => unknown;
let calls: Call[];

const PUB = { id: 5, name: 'Freight Monthly', description: '', logoAssetId: null, coverAssetId: null, subscribeUrl: null, renewalUrl: null, canonicalPath: '/magazine/5/freight-monthly', updatedAt: '2026-11-01T00:00:00.000Z' };
const ISSUE = { id: 9, publicationId: 5, publication: { id: 5, name: 'Freight Monthly' }, name: 'March 2026', issueDate: '2026-03-01T12:00:00.000Z', coverImage: null, status: 1, startDate: null, endDate: null, canonicalPath: '/magazine/issue/9/march-2026', updatedAt: '2026-11-01T00:00:00.000Z' };
const SECTIONS = [{ id: 21, publicationId: 5, name: 'News', position: 1 }, { id: 20, publicationId: 5, name: 'Features', position: 0 }];
const content = (id: number, name: string) => ({ id, type: 'Article', name, slug: 'x', status: 1, published: null, startDate: null, endDate: null, primarySectionId: 103 });

function fakeApi(answers: Record<string, Answer>) {
  calls = [];
  const base: Record<string, Answer> = {
    getPublicationStream: () => ({ edges: [{ node: PUB }], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 1 }),
    getIssues: () => ({ edges: [{ node: ISSUE }], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 1 }),
    getMagazineSections: () => SECTIONS,
    getWebsiteSectionsHierarchy: () => [{ id: 102, name: 'Markets', alias: 'markets', parentId: null, children: [{ id: 103, name: 'Ocean Freight', alias: 'markets/ocean-freight', parentId: 102, children: [] }] }],
  };
  configureTransport({
    version: `magazine-test-${Math.random()}`,
    bearer: () => 'token',
    tenantKey: () => 'alpha',
    fetch: async (url, init) => {
      const doc = /\/(query|mutation)\/(\w+)\.gql/.exec(url);
      if (doc) return new Response(`${doc[1]} ${doc[2]} { a }`);
      const body = JSON.parse(init.body ?? '{}') as { query: string; variables: Record<string, any> };
      const op = /^(?:query|mutation) (\w+)/.exec(body.query)![1]!;
      calls.push({ op, variables: body.variables });
      const answer = answers[op] ?? base[op];
      if (!answer) throw new Error(`unexpected operation ${op}`);
      return new Response(JSON.stringify({ data: { [op]: answer(body.variables) } }), { headers: { 'content-type': 'application/json' } });
    },
  });
}
const callsOf = (op: string) => calls.filter((c) => c.op === op);

async function settle() {
  for (let i = 0; i < 6; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
}
async function show(path: string, node: ReactNode) {
  window.history.pushState(null, '', path);
  render(<RouterProvider><ToastProvider>{node}</ToastProvider></RouterProvider>);
  await settle();
}
async function click(name: string | RegExp, within_: HTMLElement = document.body) {
  await act(async () => { fireEvent.click(within(within_).getByRole('button', { name })); });
  await settle();
}
function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => { window.localStorage.clear(); });
afterEach(() => { cleanup(); vi.restoreAllMocks(); });

describe('routes', () => {
  it('guards each screen with its permission', () => {
    expect(resolveRoute('/magazine-publications')?.route.permissions).toEqual(['manage_magazine_publications']);
    expect(resolveRoute('/magazine-issues')?.route.permissions).toEqual(['manage_magazine_issues']);
    expect(resolveRoute('/magazine-sections')?.route.permissions).toEqual(['manage_magazine_sections']);
    expect(resolveRoute('/print-exports')?.route.permissions).toEqual(['manage_print_export']);
    // The spec writes them with a trailing slash.
    expect(resolveRoute('/magazine-issues/')?.route.path).toBe('/magazine-issues');
  });
});

describe('/admin/magazine-publications', () => {
  it('?action=add opens the form; bad fields are named and nothing is sent; a valid form creates', async () => {
    fakeApi({
      createMagazinePublication: (v) => ({ ...PUB, id: 6, ...v.input }),
      getAssetStream: () => ({ rows: [{ id: 31, name: 'logo.png', path: '/media/alpha/31.png', mimeType: 'image/png', width: 400, height: 100, bytes: 10, alt: 'Logo', caption: null, credit: null, focalX: 0.5, focalY: 0.5, tags: [], decorative: false, original: '31.png', derivatives: [], usedBy: [] }], totalCount: 1 }),
    });
    await show('/admin/magazine-publications?action=add', <MagazinePublicationsScreen />);
    expect(screen.getByRole('cell', { name: 'Freight Monthly', hidden: true })).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    type('Subscribe URL', 'not a url');
    await click('Create publication', dialog);
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Field is required')).toBeTruthy();
    expect(screen.getByLabelText('Subscribe URL').getAttribute('aria-invalid')).toBe('true');
    expect(callsOf('createMagazinePublication')).toEqual([]);

    type(/^Name/, 'Port Quarterly');
    type('Subscribe URL', 'https://example.com/subscribe');
    // The logo comes from the media library.
    await click('Choose logo from the library', dialog);
    expect(callsOf('getAssetStream').at(-1)!.variables.input).toMatchObject({ type: 'image' });
    await click('Asset 31: logo.png', dialog);
    expect((screen.getByLabelText(/^Logo/) as HTMLInputElement).value).toBe('31');
    await click('Create publication', dialog);
    expect(callsOf('createMagazinePublication').map((c) => c.variables.input)).toEqual([
      { name: 'Port Quarterly', description: '', logoAssetId: 31, coverAssetId: null, subscribeUrl: 'https://example.com/subscribe', renewalUrl: null },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.location.search).toBe('');
  });
});

describe('/admin/magazine-sections', () => {
  it('creates a section for a publication, refusing a negative position', async () => {
    fakeApi({ createMagazineSection: (v) => ({ id: 22, ...v.input }) });
    await show('/admin/magazine-sections?action=add', <MagazineSectionsScreen />);
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Publication/), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Opinion' } });
    fireEvent.change(within(dialog).getByLabelText(/^Position/), { target: { value: '-1' } });
    await click('Create section', dialog);
    expect(within(dialog).getByText('Must be 0 or more')).toBeTruthy();
    expect(callsOf('createMagazineSection')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/^Position/), { target: { value: '2' } });
    await click('Create section', dialog);
    expect(callsOf('createMagazineSection').map((c) => c.variables.input)).toEqual([{ publicationId: 5, name: 'Opinion', position: 2 }]);
  });
});

describe('/admin/magazine-issues', () => {
  it('refuses an issue without a mail date, naming the field', async () => {
    fakeApi({});
    await show('/admin/magazine-issues?action=add', <MagazineIssuesScreen />);
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'April 2026' } });
    await click('Create issue', dialog);
    expect(within(dialog).getByLabelText(/^Mail date/).getAttribute('aria-invalid')).toBe('true');
    expect(callsOf('createMagazineIssue')).toEqual([]);
  });

  it('places content by id and by search into the sections, reorders, removes, and saves in section order', async () => {
    fakeApi({
      getIssue: () => ({ ...ISSUE, description: '', digitalEditionUrl: null, placements: [{ sectionId: 21, contentId: 101, position: 0 }, { sectionId: 21, contentId: 102, position: 1 }] }),
      getContent: (v) => ({ 101: content(101, 'Rates rise'), 103: content(103, 'Crane orders') } as Record<number, unknown>)[v.id] ?? null,
      getContentStream: () => ({ items: [content(104, 'Port strike ends')], totalCount: 1 }),
      setMagazineIssuePlacements: (v) => ({ ...ISSUE, placements: v.placements }),
    });
    await show('/admin/magazine-issues', <MagazineIssuesScreen />);
    await click('Place stories in March 2026');
    const news = () => screen.getByRole('region', { name: 'Section News' });
    expect(within(news()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['101 Rates rise', '102 Content 102']);

    // Features (position 0) is the first section offered; place 103 there by id.
    type('Content id', '999');
    await click('Add by id');
    expect(screen.getByText('No content with id 999 on this site')).toBeTruthy();
    type('Content id', '103');
    await click('Add by id');
    type('Content id', '101');
    await click('Add by id');
    expect(screen.getByText('Content 101 is already placed in this issue')).toBeTruthy();
    expect(callsOf('getContent').map((c) => c.variables.id)).toEqual([101, 102, 999, 103]);

    // Search and place into News, then move it to the top and remove 102.
    type(/^Place into section/, '21');
    type('Search content', 'strike');
    await click('Search');
    await click('Place Port strike ends');
    await click('Move Port strike ends up');
    await click('Move Port strike ends up');
    await click('Remove Content 102');
    expect(within(news()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['104 Port strike ends', '101 Rates rise']);

    await click('Save placements');
    expect(callsOf('setMagazineIssuePlacements').map((c) => c.variables)).toEqual([{ id: 9, placements: [
      { sectionId: 20, contentId: 103 }, { sectionId: 21, contentId: 104 }, { sectionId: 21, contentId: 101 },
    ] }]);
    expect(screen.getByRole('table', { name: 'Issues' })).toBeTruthy();
  });
});

describe('/admin/print-exports', () => {
  it('downloads the chosen issue’s zip, decoded from base64 into a Blob', async () => {
    const zip = zipSync({ 'manifest.json': strToU8('{"format":"icml"}'), 'stories/1-a.icml': strToU8('<Document/>') });
    fakeApi({ exportIssueForPrint: () => ({ filename: 'march-2026.zip', contentType: 'application/zip', bytes: zip.length, stories: 1, base64: Buffer.from(zip).toString('base64'), manifest: {} }) });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => { blobs.push(b as Blob); return 'blob:x'; });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { downloaded = this.download; });
    await show('/admin/print-exports', <PrintExportsScreen />);
    expect(screen.getByRole('link', { name: 'Download the InDesign script (zip)' }).getAttribute('href')).toBe('/scripts/indesign.zip');
    type(/^Issue/, '9');
    await click('Download zip');
    expect(callsOf('exportIssueForPrint').map((c) => c.variables)).toEqual([{ issueId: 9 }]);
    expect(downloaded).toBe('march-2026.zip');
    expect(blobs[0]!.type).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await blobs[0]!.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['manifest.json', 'stories/1-a.icml']);
  });

  it('without an issue, downloads a website section’s items over a date range as the same package', async () => {
    const zip = zipSync({ 'manifest.json': strToU8('{"format":"icml"}') });
    fakeApi({
      getIssues: () => ({ edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 }),
      exportSectionsForPrint: () => ({ filename: 'alpha-ocean-freight-2026-11-01-2026-11-20-print.zip', contentType: 'application/zip', bytes: zip.length, stories: 4, base64: Buffer.from(zip).toString('base64'), manifest: {} }),
    });
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { downloaded = this.download; });
    await show('/admin/print-exports', <PrintExportsScreen />);
    expect(screen.getByText('No issues to export')).toBeTruthy();
    type(/^Website section/, '103');
    type(/^Published from/, '2026-11-01');
    type(/^Published to/, '2026-11-20');
    await click('Download section zip');
    expect(callsOf('exportSectionsForPrint').map((c) => c.variables)).toEqual([{ sectionId: 103, from: '2026-11-01', to: '2026-11-20' }]);
    expect(downloaded).toBe('alpha-ocean-freight-2026-11-01-2026-11-20-print.zip');
    expect(await screen.findByText('Downloaded alpha-ocean-freight-2026-11-01-2026-11-20-print.zip (4 stories).')).toBeTruthy();
  });
});
