// @vitest-environment happy-dom
// The list-screen logic the ad screens share (list-screen.tsx), through the house ads screen: rows
// with Edit and Delete for editors only; a delete asks first, then deletes in the tenant the list
// was loaded for and reloads the list; the create route opens the create dialog and closing it
// returns to the list route.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../app/toasts';
import { RouterProvider } from '../../lib/router';

let permissions: string[] = [];
const deleted: [number, string][] = [];
let rows = [
  { id: 1, name: 'Report native', kind: 'native', status: 1, priority: 10, startDate: null, endDate: null, unitKeys: [], native: { nativeTitle: 'R', nativeUrl: 'https://a.example' }, skin: null, welcome: null, sticky: null },
  { id: 2, name: 'Summit skin', kind: 'skin', status: 0, priority: 1, startDate: null, endDate: null, unitKeys: [], native: null, skin: { adTitle: 'S', adClickUrl: 'https://a.example' }, welcome: null, sticky: null },
];
vi.mock('../../app/session', () => ({ useSession: () => ({ permissions }) }));
vi.mock('../../app/tenant', () => ({ useTenant: () => ({ tenantKey: 'alpha' }) }));
vi.mock('../../app/publish', () => ({ usePublish: () => ({ track: (_n: string, _t: string, fn: () => Promise<unknown>) => fn() }) }));
vi.mock('../../data/api', () => ({
  getHouseAds: async () => rows,
  deleteHouseAd: async (id: number, tk: string) => { deleted.push([id, tk]); rows = rows.filter((r) => r.id !== id); return { ok: true }; },
}));
const { default: HouseAdsScreen } = await import('./house-ads');

const settle = async () => { for (let i = 0; i < 6; i++) await act(async () => { await new Promise((r) => setTimeout(r, 0)); }); };
const show = async (path: string) => {
  window.history.pushState(null, '', path);
  render(<RouterProvider><ToastProvider><HouseAdsScreen /></ToastProvider></RouterProvider>);
  await settle();
};
beforeEach(() => { deleted.length = 0; });
afterEach(cleanup);

describe('ad list screens (shared list logic)', () => {
  it('gives editors Edit and Delete; a delete asks first, deletes in the loaded tenant and reloads the list', async () => {
    permissions = ['manage_ad_unit_patterns'];
    await show('/admin/house-ads');
    expect(screen.getByText('Summit skin')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Summit skin' }));
    expect(deleted).toEqual([]);
    expect(screen.getByText('Summit skin will no longer be shown.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await settle();
    expect(deleted).toEqual([[2, 'alpha']]);
    expect(screen.queryByText('Summit skin')).toBeNull();
    expect(screen.getByText('House ad deleted.')).toBeTruthy();
  });

  it('opens the create dialog from its route and returns to the list route when it closes; viewers get no buttons', async () => {
    permissions = ['manage_ad_unit_patterns'];
    await show('/admin/create-house-ad');
    expect(screen.getByRole('dialog', { name: 'New house ad' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(window.location.pathname).toBe('/admin/house-ads');
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    permissions = [];
    await show('/admin/create-house-ad');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New house ad' })).toBeNull();
  });
});
