// @vitest-environment happy-dom
// /admin/import (issue 36) against a fake API behind the real transport: Import is offered only after
// a dry run of the chosen file has finished; the dry run's report shows the counts and the skipped
// item with its line; Import uploads the file again as a real run and shows a progress bar while
// the polled record says it is running ("Importing 2 of 5"), then the import's report; an upload the
// API refuses shows its message.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CmsUser } from '../../data/types';
import { configureTransport } from '../../data/transport';
import type { ImportRecord, ImportReport } from '../../data/api-imports';
import { TenantProvider } from '../../app/tenant';
import { ToastProvider } from '../../app/toasts';
import { RouterProvider } from '../../lib/router';
import { resolveRoute } from '../../routes';
import ImportScreen from './import';

const USER: CmsUser = {
  id: 3, username: 'al', email: 'al@example.com', firstName: 'Al', lastName: 'Admin', role: 'site_admin',
  extraPermissions: [], permissions: ['bulk_update_content'], status: 1, isGlobal: false, tenants: ['alpha'],
};

const zero = { content: 0, section: 0, person: 0, taxonomy: 0, asset: 0, redirect: 0 };
const report = (dryRun: boolean): ImportReport => ({
  source: 'wordpress', file: 'site.xml', version: '1.2', dryRun, counts: { created: { ...zero, content: 5 }, updated: zero, unchanged: zero },
  warnings: { 'tag-undeclared': 1 }, warningDetails: [{ kind: 'tag-undeclared', record: 'tag ports', detail: 'created as "Ports"' }],
  skipped: [{ record: '<item> "Outlook" (id 104)', reason: 'wp:post_date_gmt is not a date: "2024-02-30"', line: 78 }], skippedTotal: 1,
  notImported: { revision: 1 }, plan: [], durationMs: 5,
});
const record = (id: number, dryRun: boolean, status: ImportRecord['status'], progress = { phase: 'done', done: 5, total: 5 as number | null }): ImportRecord => ({
  id, kind: 'wordpress', kindLabel: 'WordPress export (WXR)', dryRun, fileName: 'site.xml', fileSize: 2048, user: { id: 3, name: 'al' }, status, progress,
  startedAt: Date.UTC(2026, 0, 5, 9), finishedAt: status === 'running' ? null : Date.UTC(2026, 0, 5, 9, 1), error: null,
  summary: status === 'done' ? { created: 5, updated: 0, unchanged: 0, skipped: 1, warnings: 1 } : null, report: status === 'done' ? report(dryRun) : null,
});

/** What the fake API answers: uploads by their query, then the polls of a running import in order. */
const api = { uploads: [] as string[], answer: null as null | { status: number; body: unknown }, polls: [] as ImportRecord[], listed: [] as ImportRecord[] };

class FakeXhr {
  upload = { onprogress: null as null | ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) };
  onload: null | (() => void) = null;
  onerror: null | (() => void) = null;
  status = 0;
  responseText = '';
  #url = '';
  open(_method: string, url: string) { this.#url = url; }
  setRequestHeader() {}
  send(form: FormData) {
    api.uploads.push(`${this.#url} ${(form.get('file') as File).name}`);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      this.status = api.answer!.status;
      this.responseText = JSON.stringify(api.answer!.body);
      this.onload?.();
    }, 0);
  }
}

configureTransport({
  version: `import-test-${Math.random()}`,
  bearer: () => 'token',
  fetch: async (url) => {
    if (url.startsWith('/api/imports/')) return new Response(JSON.stringify({ import: api.polls.shift() }));
    if (url.startsWith('/api/imports')) return new Response(JSON.stringify({ imports: api.listed }));
    const doc = /\/(query|mutation)\/(\w+)\.gql/.exec(url);
    if (doc) return new Response(`${doc[1]} ${doc[2]} { a }`);
    return new Response(JSON.stringify({ data: { getTenantInfo: [{ tenantKey: 'alpha', name: 'Alpha News', domain: 'alpha.localhost', abbreviation: 'ALP' }] } }));
  },
});

const settle = async (n = 8) => { for (let i = 0; i < n; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); }); };
beforeEach(() => { vi.stubGlobal('XMLHttpRequest', FakeXhr); api.uploads = []; api.polls = []; api.listed = []; });
afterEach(() => { cleanup(); vi.unstubAllGlobals(); vi.useRealTimers(); });

async function chooseFile() {
  render(<RouterProvider><ToastProvider><TenantProvider user={USER}><ImportScreen /></TenantProvider></ToastProvider></RouterProvider>);
  await settle();
  fireEvent.change(screen.getByLabelText('Export file', { selector: 'input' }), { target: { files: [new File(['<rss/>'], 'site.xml', { type: 'text/xml' })] } });
  fireEvent.change(screen.getByLabelText('Kind of export'), { target: { value: 'wordpress' } });
}

describe('/admin/import', () => {
  it('is the route /import, for holders of bulk_update_content', () => {
    expect(resolveRoute('/import')?.route.permissions).toEqual(['bulk_update_content']);
  });

  it('offers Import only after a dry run, then runs it with a progress bar and shows the report', async () => {
    await chooseFile();
    const importButton = screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);

    api.answer = { status: 200, body: { import: record(1, true, 'done') } };
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await settle();
    expect(api.uploads).toEqual(['/api/imports?kind=wordpress&dryRun=true site.xml']);
    const dry = screen.getByRole('region', { name: 'Dry run report' });
    const counts = within(dry).getByRole('region', { name: 'What the import would do' });
    expect(within(counts).getByRole('row', { name: /Content items/ }).textContent).toBe('Content items500');
    expect(within(dry).getByRole('region', { name: 'Skipped items' }).textContent).toContain('line 78<item> "Outlook" (id 104)wp:post_date_gmt is not a date');
    expect(importButton.disabled).toBe(false);

    api.answer = { status: 202, body: { import: record(2, false, 'running', { phase: 'reading', done: 0, total: null }) } };
    api.polls = [record(2, false, 'running', { phase: 'importing', done: 2, total: 5 }), record(2, false, 'done')];
    fireEvent.click(importButton);
    await settle(4);
    expect(api.uploads.at(-1)).toBe('/api/imports?kind=wordpress&dryRun=false site.xml');
    const bar = screen.getByRole('progressbar', { name: 'Import 2 progress' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([2, 5]);
    expect(screen.getByRole('status').textContent).toContain('Importing 2 of 5 posts and pages');
    await act(async () => { await new Promise((r) => setTimeout(r, 600)); });
    await settle();
    expect(screen.queryByRole('progressbar', { name: 'Import 2 progress' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Import report' })).getByRole('region', { name: 'What the import did' })).toBeTruthy();
    expect(importButton.disabled).toBe(true);
  });

  it('shows the message of an upload the API refuses, and offers no Import', async () => {
    await chooseFile();
    api.answer = { status: 400, body: { errors: [{ message: 'file: "site.xml" is not a WordPress export (WXR): it is an RSS feed', extensions: { code: 'BAD_USER_INPUT', field: 'file' } }] } };
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(/"site\.xml" is not a WordPress export \(WXR\): it is an RSS feed/);
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
