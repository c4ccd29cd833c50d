// @vitest-environment happy-dom
// Developer-tools mode in the admin (admin §6): the account menu offers it to holders of
// manage_modules only; on, a bar marks it, its server selector points the API calls at another
// server (refusing an address that would send the staff token in clear text), a site key outside
// the user's sites is ignored and said so, and turning it off puts everything back.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Permission } from '../../engine/domain/permissions';
import { DevToolsBar, DevToolsProvider } from '../app/dev-tools';
import { SessionContext } from '../app/session';
import { TenantProvider } from '../app/tenant';
import { ToastProvider } from '../app/toasts';
import { PublishProvider } from '../app/publish';
import { configureTransport, request } from '../data/transport';
import type { CmsUser } from '../data/types';
import { RouterProvider } from '../lib/router';
import { Toolbar } from './toolbar';

const TENANTS = [
  { tenantKey: 'alpha', name: 'Alpha News', domain: 'alpha.localhost', abbreviation: 'ALP' },
  { tenantKey: 'beta', name: 'Beta Weekly', domain: 'beta.localhost', abbreviation: 'BET' },
];
const user = (permissions: Permission[]): CmsUser => ({
  id: 1, username: 'dev', email: 'dev@example.com', firstName: 'Dee', lastName: 'Veloper', role: 'admin',
  extraPermissions: [], permissions, status: 1, isGlobal: false, tenants: ['alpha'],
});

/** Every GraphQL POST's address, in order. */
let posts: string[];

function fakeApi() {
  posts = [];
  configureTransport({
    endpoint: '/graphql',
    documentsBase: '/graphql',
    version: `dev-tools-test-${Math.random()}`,
    bearer: () => 'token',
    fetch: (async (url: string, init: { body?: string }) => {
      const doc = /\/(query|mutation)\/(\w+)\.gql/.exec(url);
      if (doc) return new Response(`${doc[1]} ${doc[2]} { a }`);
      posts.push(url);
      const op = /^(?:query|mutation) (\w+)/.exec((JSON.parse(init.body ?? '{}') as { query: string }).query)![1]!;
      if (op === 'getTenantInfo') return Response.json({ data: { getTenantInfo: TENANTS } });
      return Response.json({ data: { [op]: null } });
    }) as never,
  });
}

async function settle() {
  for (let i = 0; i < 8; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
}

async function show(permissions: Permission[]) {
  const u = user(permissions);
  const session = { status: 'signed-in', user: u, permissions } as never;
  render(
    <RouterProvider><ToastProvider><SessionContext.Provider value={session}><TenantProvider user={u}><DevToolsProvider><PublishProvider>
      <Toolbar panelOpen onTogglePanel={() => undefined} onQuickMenu={() => undefined} />
      <DevToolsBar />
    </PublishProvider></DevToolsProvider></TenantProvider></SessionContext.Provider></ToastProvider></RouterProvider>,
  );
  await settle();
}

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Path=/admin; Max-Age=0`;
  }
}

async function openAccountMenu() {
  fireEvent.click(screen.getByRole('button', { name: /Dee Veloper/ }));
  await settle();
  return screen.getByRole('menu', { name: 'Account' });
}

beforeEach(() => {
  window.history.pushState(null, '', '/admin');
  window.localStorage.clear();
  clearCookies();
  fakeApi();
});
afterEach(() => {
  cleanup();
  clearCookies();
});

describe('developer-tools mode', () => {
  it('is not offered without manage_modules', async () => {
    await show(['manage_content']);
    expect(within(await openAccountMenu()).queryByRole('menuitemcheckbox')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Developer tools' })).toBeNull();
  });

  it('marks itself when on, sends the API calls to the chosen server, refuses a clear-text address, and goes back when turned off', async () => {
    await show(['manage_modules']);
    expect(screen.queryByRole('region', { name: 'Developer tools' })).toBeNull();
    const toggle = within(await openAccountMenu()).getByRole('menuitemcheckbox', { name: 'Developer tools: off' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await settle();
    const bar = screen.getByRole('region', { name: 'Developer tools' });
    expect(within(bar).getByText('Developer tools on')).toBeTruthy();
    expect(document.cookie).toContain('mh_devtools=1');

    // The server selector: this server first; "Other…" takes an address.
    const server = within(bar).getByRole('combobox', { name: 'API server' }) as HTMLSelectElement;
    expect([...server.options].map((o) => o.textContent)).toEqual(['This server (/graphql)', 'Other…']);
    fireEvent.change(server, { target: { value: '' } });
    const address = within(bar).getByRole('textbox', { name: 'Other API server' });
    fireEvent.change(address, { target: { value: 'http://staging.example.com/graphql' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'Use' }));
    await settle();
    expect(within(bar).getByText(/Enter a path on this server \(\/graphql\) or an https address/)).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(address, { target: { value: 'https://staging.example.com/graphql' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'Use' }));
    await settle();
    expect((within(bar).getByRole('combobox', { name: 'API server' }) as HTMLSelectElement).value).toBe('https://staging.example.com/graphql');
    posts = [];
    await request('query', 'getTenantInfo');
    expect(posts).toEqual(['https://staging.example.com/graphql']);

    // Turned off from the account menu: the bar goes and the calls go to this server again.
    fireEvent.click(within(await openAccountMenu()).getByRole('menuitemcheckbox', { name: 'Developer tools: on' }));
    await settle();
    expect(screen.queryByRole('region', { name: 'Developer tools' })).toBeNull();
    expect(document.cookie).not.toContain('mh_devtools=1');
    expect(document.cookie).not.toContain('mh_devtools_endpoint');
    posts = [];
    await request('query', 'getTenantInfo');
    expect(posts).toEqual(['/graphql']);
  });

  it('ignores a site key cookie naming a site that is not the user\'s, and says so', async () => {
    document.cookie = 'mh_devtools=1; Path=/admin';
    document.cookie = 'mh_devtools_tenant=beta; Path=/admin';
    await show(['manage_modules']);
    const bar = screen.getByRole('region', { name: 'Developer tools' });
    expect(within(bar).getByRole('alert').textContent).toBe('Ignored: site "beta" (not one of your sites).');
    const site = within(bar).getByRole('combobox', { name: 'Site key' }) as HTMLSelectElement;
    expect([...site.options].map((o) => o.value)).toEqual(['', 'alpha']);
  });
});
