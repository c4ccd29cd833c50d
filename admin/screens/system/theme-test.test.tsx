// @vitest-environment happy-dom
// /admin/test and /admin/test-form-api (issue 22): the routes resolve to the two theme test screens;
// each lists what its page holds (every block type; every form) and "Open on <site>" asks the API
// for that page's signed link of the current tenant and sends the window opened at the click there.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLOCK_TYPES } from '../../../engine/domain/layout';
import { BLOCK_LABELS, THEME_TEST_FORMS } from '../../../engine/domain/theme-test';
import type { CmsUser } from '../../data/types';
import { configureTransport } from '../../data/transport';
import { TenantProvider } from '../../app/tenant';
import { ToastProvider } from '../../app/toasts';
import { RouterProvider } from '../../lib/router';
import { resolveRoute } from '../../routes';
import { ThemeTestBlocks, ThemeTestForms } from './theme-test';

const USER: CmsUser = {
  id: 2, username: 'ana', email: 'ana@example.com', firstName: 'Ana', lastName: 'Editor', role: 'viewer',
  extraPermissions: [], permissions: ['view_site_layouts'], status: 1, isGlobal: false, tenants: ['alpha'],
};
const calls: { op: string; variables: Record<string, any>; tenant: string | undefined }[] = [];

configureTransport({
  version: `theme-test-${Math.random()}`,
  bearer: () => 'token',
  fetch: async (url, init) => {
    const doc = /\/(query|mutation)\/(\w+)\.gql/.exec(url);
    if (doc) return new Response(`${doc[1]} ${doc[2]} { a }`);
    const body = JSON.parse(init.body ?? '{}') as { query: string; variables: Record<string, any> };
    const op = /^(?:query|mutation) (\w+)/.exec(body.query)![1]!;
    calls.push({ op, variables: body.variables, tenant: (init.headers as Record<string, string>)['x-tenant-key'] });
    const data = op === 'getTenantInfo'
      ? [{ tenantKey: 'alpha', name: 'Alpha News', domain: 'alpha.localhost', abbreviation: 'ALP', url: 'https://alpha.example' }]
      : { path: `/__preview/theme-test?token=v1.${body.variables.kind}`, url: null, expiresAt: '2026-03-20T13:00:00.000Z' };
    return new Response(JSON.stringify({ data: { [op]: data } }), { headers: { 'content-type': 'application/json' } });
  },
});

async function settle() {
  for (let i = 0; i < 6; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
}
afterEach(() => { cleanup(); vi.restoreAllMocks(); calls.length = 0; });

describe('theme test screens', () => {
  it('are the screens of /admin/test and /admin/test-form-api, for layout viewers', () => {
    expect(resolveRoute('/test')?.route.permissions).toEqual(['view_site_layouts', 'manage_site_layouts']);
    expect(resolveRoute('/test-form-api')?.route.permissions).toEqual(['view_site_layouts', 'manage_site_layouts']);
  });

  it.each([
    ['blocks', ThemeTestBlocks, BLOCK_TYPES.map((t) => `${BLOCK_LABELS[t]} (${t})`)],
    ['forms', ThemeTestForms, [...THEME_TEST_FORMS]],
  ] as const)('%s: lists what the page holds and opens its signed link on the site', async (kind, Screen, items) => {
    const win = { opener: {} as unknown, location: { href: '' } };
    vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    render(<RouterProvider><ToastProvider><TenantProvider user={USER}><Screen /></TenantProvider></ToastProvider></RouterProvider>);
    await settle();
    const listed = within(screen.getByRole('list')).getAllByRole('listitem').map((li) => li.textContent);
    expect(listed).toEqual(expect.arrayContaining([...items]));
    fireEvent.click(screen.getByRole('button', { name: 'Open on Alpha News' }));
    await settle();
    expect(calls.filter((c) => c.op === 'createThemeTestLink')).toEqual([{ op: 'createThemeTestLink', variables: { kind }, tenant: 'alpha' }]);
    expect(win.location.href).toBe(`https://alpha.example/__preview/theme-test?token=v1.${kind}`);
    expect(win.opener).toBeNull();
  });
});
