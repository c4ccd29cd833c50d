// @vitest-environment happy-dom
// Brand copy screens (issue 24) against a fake API behind the real transport: the run screen reads
// the choice from its address (as the config screen writes it), previews with a dry run, and runs
// the same choice with dryRun false only after the confirmation.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureTransport } from '../../data/transport';
import { ToastProvider } from '../../app/toasts';
import { RouterProvider } from '../../lib/router';
import { resolveRoute } from '../../routes';
import { configFrom, runHref } from './brand-copy-config';
import BrandCopyRunScreen from './brand-copy-run';

vi.mock('../../app/session', () => ({ useSession: () => ({ user: { isGlobal: true } }) }));

const calls: Record<string, any>[] = [];
const line = (action: string, name: string) => ({ part: 'sections', action, name, detail: null });
configureTransport({
  version: `brand-copy-test-${Math.random()}`,
  bearer: () => 'token',
  tenantKey: () => 'alpha',
  fetch: async (url, init) => {
    const doc = /\/(query|mutation)\/(\w+)\.gql/.exec(url);
    if (doc) return new Response(`${doc[1]} ${doc[2]} { a }`);
    const body = JSON.parse(init.body ?? '{}') as { variables: { input: Record<string, any> } };
    calls.push(body.variables.input);
    const dryRun = body.variables.input.dryRun as boolean;
    const data = { from: 'alpha', to: 'beta', dryRun, lines: [line('create', 'insights'), line('unchanged', 'markets')], created: 1, updated: 0, unchanged: 1, warnings: 0 };
    return new Response(JSON.stringify({ data: { copyBrandConfiguration: data } }), { headers: { 'content-type': 'application/json' } });
  },
});
const settle = async () => { for (let i = 0; i < 8; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); }); };
afterEach(cleanup);

describe('brand copy screens', () => {
  it('the run screen previews the chosen copy, then runs it only after the confirmation', async () => {
    expect(resolveRoute('/aspire-to-aspire-migration-config')?.route.permissions).toEqual(['manage_modules']);
    expect(resolveRoute('/run-aspire-to-aspire-migration')?.route.permissions).toEqual(['manage_modules']);
    const choice = { from: 'alpha', to: 'beta', parts: ['sections', 'settings'], settingsKeys: ['colors'] };
    const href = runHref(choice);
    expect(configFrom(new URL(href, 'http://x').searchParams)).toEqual(choice);
    window.history.pushState(null, '', href);
    render(<RouterProvider><ToastProvider><BrandCopyRunScreen /></ToastProvider></RouterProvider>);
    const runButton = screen.getByRole('button', { name: 'Run the copy' }) as HTMLButtonElement;
    expect(runButton.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Preview (dry run)' }));
    await settle();
    expect(calls).toEqual([{ ...choice, dryRun: true }]);
    expect(screen.getByText('insights')).toBeTruthy();
    expect(runButton.disabled).toBe(false);
    fireEvent.click(runButton);
    expect(calls).toHaveLength(1);
    fireEvent.click(screen.getAllByRole('button', { name: 'Run the copy' }).at(-1)!);
    await settle();
    expect(calls.at(-1)).toEqual({ ...choice, dryRun: false });
  });
});
