// @vitest-environment happy-dom
// /admin/migrate-site-users (issue 24) against a fake API behind the real transport: choosing a file
// previews it with the guessed mapping; changing a column previews again with that mapping; invalid
// rows are listed with their field and reason and Import stays disabled until "import the valid
// rows" is ticked, which is what the import then sends.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureTransport } from '../../data/transport';
import { ToastProvider } from '../../app/toasts';
import { RouterProvider } from '../../lib/router';
import { resolveRoute } from '../../routes';
import MigrateSiteUsersScreen from './migrate-site-users';

const calls: { op: string; variables: Record<string, any> }[] = [];
const MAPPING = [{ field: 'email', label: 'E-mail address', column: 0 }, { field: 'lastName', label: 'Last name', column: null }];
const PREVIEW = {
  columns: ['Email', 'Surname'], mapping: MAPPING, total: 2, valid: 1, invalid: 1, create: 1, merge: 0,
  rows: [
    { line: 2, email: 'zoe@example.com', action: 'create', mergedWithLine: null, problems: [] },
    { line: 3, email: 'nope', action: 'invalid', mergedWithLine: null, problems: [{ field: 'email', message: 'Must be an e-mail address' }] },
  ],
};

configureTransport({
  version: `migrate-users-test-${Math.random()}`,
  bearer: () => 'token',
  tenantKey: () => 'alpha',
  fetch: async (url, init) => {
    const doc = /\/(query|mutation)\/(\w+)\.gql/.exec(url);
    if (doc) return new Response(`${doc[1]} ${doc[2]} { a }`);
    const body = JSON.parse(init.body ?? '{}') as { query: string; variables: Record<string, any> };
    const op = /^(?:query|mutation) (\w+)/.exec(body.query)![1]!;
    calls.push({ op, variables: body.variables });
    const data = op === 'previewSiteUserImport' ? PREVIEW : { created: 1, merged: 0, skipped: 1 };
    return new Response(JSON.stringify({ data: { [op]: data } }), { headers: { 'content-type': 'application/json' } });
  },
});
const settle = async () => { for (let i = 0; i < 8; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); }); };
afterEach(cleanup);

describe('/admin/migrate-site-users', () => {
  it('previews the chosen file, remaps a column, and imports only after "import the valid rows" is ticked', async () => {
    expect(resolveRoute('/migrate-site-users')?.route.permissions).toEqual(['manage_site_users']);
    render(<RouterProvider><ToastProvider><MigrateSiteUsersScreen /></ToastProvider></RouterProvider>);
    const csv = 'Email,Surname\nzoe@example.com,Ångström\nnope,X\n';
    fireEvent.change(screen.getByLabelText('File to import'), { target: { files: [new File([csv], 'users.csv', { type: 'text/csv' })] } });
    await settle();
    expect(calls.at(-1)).toEqual({ op: 'previewSiteUserImport', variables: { input: { csv } } });
    expect(screen.getByText('email: Must be an e-mail address')).toBeTruthy();
    const importButton = screen.getByRole('button', { name: /^Import/ }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: '1' } });
    await settle();
    expect(calls.at(-1)!.variables.input.mapping).toEqual([{ field: 'email', column: 0 }, { field: 'lastName', column: 1 }]);

    fireEvent.click(screen.getByLabelText(/Import the 1 valid rows/));
    expect(importButton.disabled).toBe(false);
    fireEvent.click(importButton);
    await settle();
    expect(calls.at(-1)).toEqual({ op: 'importSiteUsers', variables: { input: { csv, mapping: [{ field: 'email', column: 0 }, { field: 'lastName', column: null }], importValidRows: true } } });
  });
});
