// @vitest-environment happy-dom
// /admin/system's Background jobs card (issue 38): the rebuilds are its first row ("on each change",
// no button: the page's Rebuild does a full one); every timed job has "Run now", which asks the API
// to start it, says so, and reads the status again; a job already running cannot be started twice.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionContext } from '../../app/session';
import { TenantProvider } from '../../app/tenant';
import { ToastProvider } from '../../app/toasts';
import { configureTransport } from '../../data/transport';
import type { CmsUser } from '../../data/types';
import { RouterProvider } from '../../lib/router';
import SystemScreen from './system';

const USER: CmsUser = {
  id: 1, username: 'root', email: 'root@example.com', firstName: 'Root', lastName: 'Admin', role: 'admin',
  extraPermissions: [], permissions: ['manage_modules'], status: 1, isGlobal: true, tenants: [],
};
const job = (name: string, title: string, everyMs: number, running = false) => ({
  name, title, everyMs, running, lastFinishedAt: null, lastOkAt: null, lastResult: null, lastError: null, failures: 0, nextRunAt: null,
});
const STATUS = {
  mastheadVersion: '0.1.0', nodeVersion: 'v20', sqliteVersion: '3', databasePath: '/db.sqlite', databaseBytes: 1, migrationsApplied: 1, queueDepth: 0,
  mailTransport: 'outbox', mailLastSend: null, captcha: 'off', crawlerVerification: { method: 'dns', cachedVerdicts: 0 }, disk: [], warnings: [], builds: [],
  jobs: [job('rebuild', 'Site rebuilds after each change and time boundary', 0), job('feed-refresh', 'Remote feeds', 900_000), job('page-speed', 'Page speed runs', 300_000, true)],
};
const calls: { op: string; variables: Record<string, unknown> }[] = [];

configureTransport({
  version: `system-${Math.random()}`,
  bearer: () => 'token',
  fetch: async (url, init) => {
    const doc = /\/(query|mutation)\/(\w+)\.gql/.exec(url);
    if (doc) return new Response(`${doc[1]} ${doc[2]} { a }`);
    const body = JSON.parse(init.body ?? '{}') as { query: string; variables: Record<string, unknown> };
    const op = /^(?:query|mutation) (\w+)/.exec(body.query)![1]!;
    calls.push({ op, variables: body.variables });
    const data = op === 'getTenantInfo' ? [] : op === 'getSystemStatus' ? STATUS : op === 'runBackgroundJob' ? job('feed-refresh', 'Remote feeds', 900_000, true) : null;
    if (data === null) throw new Error(`unexpected operation ${op}`);
    return new Response(JSON.stringify({ data: { [op]: data } }), { headers: { 'content-type': 'application/json' } });
  },
});

async function settle() {
  for (let i = 0; i < 8; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
}
afterEach(() => { cleanup(); calls.length = 0; });

describe('system screen: background jobs', () => {
  it('lists the rebuilds first without a button, and starts a timed job with Run now', async () => {
    const session = { status: 'signed-in', user: USER, permissions: USER.permissions } as never;
    render(<RouterProvider><ToastProvider><SessionContext.Provider value={session}><TenantProvider user={USER}><SystemScreen /></TenantProvider></SessionContext.Provider></ToastProvider></RouterProvider>);
    await settle();
    const table = screen.getByRole('table', { name: 'Background jobs' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Site rebuilds after each change and time boundary', 'Remote feeds', 'Page speed runs']);
    expect(within(rows[0]!).getByText('on each change')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    // A job running now cannot be started again.
    expect((screen.getByRole('button', { name: 'Run Page speed runs now' }) as HTMLButtonElement).disabled).toBe(true);

    const before = calls.filter((c) => c.op === 'getSystemStatus').length;
    fireEvent.click(screen.getByRole('button', { name: 'Run Remote feeds now' }));
    await settle();
    expect(calls.filter((c) => c.op === 'runBackgroundJob')).toEqual([{ op: 'runBackgroundJob', variables: { name: 'feed-refresh' } }]);
    expect(screen.getByText('Remote feeds: started. Its row shows the result when it ends.')).toBeTruthy();
    expect(calls.filter((c) => c.op === 'getSystemStatus').length).toBe(before + 1);
  });
});
