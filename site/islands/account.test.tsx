// @vitest-environment happy-dom
// The member's own islands: the header's Join/Login or account popover, the favourite button,
// and /account (profile sends only non-empty fields, favourites, newsletters with the spec's
// confirm and toasts). The session cache lasts 24 hours; logout clears it, the simulation flag and
// the license company, and returns to '/'.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUBSCRIBE_TEXTS } from '../../engine/domain/newsletter-subscribe';
import { cachedMember, LICENSE_COMPANY_KEY, MEMBER_CACHE_KEY, rememberMember, resetMemberState, SIMULATING_KEY } from '../client/member-session';
import { Account } from './account';
import { AccountMenu } from './account-menu';
import { FavouriteButton, FAVOURITE_TEXTS } from './favourite-button';
import { installFakeApi, MEMBER, setMemberHint, type FakeApi } from './member-test-api';

const navigate = vi.hoisted(() => vi.fn());
vi.mock('../client/navigate', () => ({ safeNavigate: navigate }));
const track = vi.hoisted(() => vi.fn(() => true));
vi.mock('../client/events', () => ({ track }));

const JOIN = { label: 'Join FreightWise', href: '/membership/choose', newTab: false };
const LOGIN = { label: 'Login', href: '/account/login', newTab: false };

let api: FakeApi;
beforeEach(() => { api = installFakeApi(); navigate.mockClear(); track.mockClear(); history.replaceState(null, '', '/markets/10100001/rates'); });
afterEach(() => { cleanup(); vi.useRealTimers(); history.replaceState(null, '', '/'); });

describe('session cache', () => {
  it('keeps the user info for 24 hours', () => {
    rememberMember(MEMBER, 1_000);
    expect(cachedMember(1_000 + 24 * 3_600_000 - 1)?.id).toBe(7);
    expect(cachedMember(1_000 + 24 * 3_600_000)).toBeNull();
    expect(localStorage.getItem(MEMBER_CACHE_KEY)).toBeNull();
  });
});

describe('header account menu', () => {
  it('asks the API nothing for an anonymous reader (no session hint cookie): no failing request on the page load', async () => {
    setMemberHint(false);
    api.on('getSiteUser', () => { throw new Error('Not signed in'); });
    render(<><AccountMenu join={JOIN} login={LOGIN} /><FavouriteButton contentId={10100001} /></>);
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join FreightWise' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('link').some((a) => a.getAttribute('href')?.startsWith('/account/login?') && a.textContent !== 'Login')).toBe(true));
    expect(api.calls).toEqual([]);
  });

  it('drops the session hint when the API answers that the session is gone, and does not ask again', async () => {
    api.on('getSiteUser', () => { throw Object.assign(new Error('You must be signed in to do that.'), { code: 'UNAUTHENTICATED' }); });
    render(<AccountMenu join={JOIN} login={LOGIN} />);
    await waitFor(() => expect(api.named('getSiteUser')).toHaveLength(1));
    await waitFor(() => expect(document.cookie).not.toContain('mh_member_hint'));
    cleanup();
    resetMemberState();
    render(<AccountMenu join={JOIN} login={LOGIN} />);
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(api.named('getSiteUser')).toHaveLength(1);
  });

  it('shows the Join and Login buttons with their labels to a logged-out reader, coming back here', async () => {
    api.on('getSiteUser', () => { throw new Error('Not signed in'); });
    render(<AccountMenu join={JOIN} login={LOGIN} />);
    await waitFor(() => expect(api.named('getSiteUser')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Join FreightWise' }).getAttribute('href')).toBe('/membership/choose?redirectTo=%2Fmarkets%2F10100001%2Frates');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/account/login?redirectTo=%2Fmarkets%2F10100001%2Frates');
  });

  it('shows the account popover to a member; Sign out clears the session and returns to /', async () => {
    rememberMember({ ...MEMBER, simulating: true });
    localStorage.setItem(LICENSE_COMPANY_KEY, 'Acme');
    api.on('logoutSiteUser', () => ({ ok: true, message: null }));
    render(<AccountMenu join={JOIN} login={LOGIN} />);
    const toggle = await screen.findByRole('button', { name: /Ivy Lane/ });
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(menu).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['My Profile', '/account#update-profile'], ['Favorites', '/account#manage-favorites'], ['Newsletters', '/account#manage-newsletters'],
    ]);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    fireEvent.click(within(menu).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(api.named('logoutSiteUser')).toHaveLength(1);
    expect([localStorage.getItem(MEMBER_CACHE_KEY), localStorage.getItem(SIMULATING_KEY), localStorage.getItem(LICENSE_COMPANY_KEY)]).toEqual([null, null, null]);
  });
});

describe('favourite button', () => {
  it('links a logged-out reader to the login page', async () => {
    api.on('getSiteUser', () => { throw new Error('Not signed in'); });
    render(<FavouriteButton contentId={10100001} />);
    await waitFor(() => expect(screen.getByRole('link').getAttribute('href')).toBe('/account/login?redirectTo=%2Fmarkets%2F10100001%2Frates'));
  });

  it('adds and removes the item for a member', async () => {
    rememberMember(MEMBER);
    api.on('addSiteUserFavorite', ({ contentId }) => ({ ...MEMBER, favoriteContent: [{ id: contentId, created: '2026-11-01T00:00:00.000Z' }] }));
    api.on('removeSiteUserFavorite', () => ({ ...MEMBER, favoriteContent: [] }));
    render(<FavouriteButton contentId={10100001} />);
    fireEvent.click(await screen.findByRole('button', { name: FAVOURITE_TEXTS.add }));
    const on = await screen.findByRole('button', { name: FAVOURITE_TEXTS.remove });
    expect(on.getAttribute('aria-pressed')).toBe('true');
    expect(cachedMember()?.favoriteContent).toEqual([{ id: 10100001, created: '2026-11-01T00:00:00.000Z' }]);
    fireEvent.click(on);
    await screen.findByRole('button', { name: FAVOURITE_TEXTS.add });
    expect(api.calls.map((c) => [c.name, c.vars])).toEqual([['addSiteUserFavorite', { contentId: 10100001 }], ['removeSiteUserFavorite', { contentId: 10100001 }]]);
    // Saving records FavoriteContent once; removing records nothing.
    expect(track.mock.calls).toEqual([['FavoriteContent', { contentId: 10100001 }]]);
  });
});

describe('/account', () => {
  const NEWSLETTERS = [{ id: 41, title: 'FreightWise Daily' }, { id: 42, title: 'Ocean Weekly' }];
  beforeEach(() => { history.replaceState(null, '', '/account'); });

  it('asks a logged-out reader to log in', async () => {
    api.on('getSiteUser', () => { throw new Error('Not signed in'); });
    render(<Account newsletters={NEWSLETTERS} />);
    expect((await screen.findByRole('link', { name: 'Log in' })).getAttribute('href')).toBe('/account/login?redirectTo=%2Faccount');
  });

  it('has the three sections and sends only the non-empty profile fields', async () => {
    rememberMember(MEMBER);
    api.on('getContentStream', () => ({ items: [] }));
    api.on('offeredNewsletters', () => []);
    api.on('updateSiteUserProfile', ({ input }) => ({ ...MEMBER, ...input }));
    const { container } = render(<Account newsletters={NEWSLETTERS} />);
    await screen.findByRole('heading', { name: 'My Profile' });
    expect([...container.querySelectorAll('section')].map((s) => s.id)).toEqual(['update-profile', 'manage-favorites', 'manage-newsletters']);
    fireEvent.change(screen.getByLabelText('Job Title'), { target: { value: 'Director' } });
    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile has been updated.')).toBeTruthy();
    expect(api.named('updateSiteUserProfile')).toEqual([{ input: { lastName: 'Lane', title: 'Director', company: 'Lane Freight', countryCode: 'USA' } }]);
  });

  it('lists favourites by title and removes one', async () => {
    rememberMember({ ...MEMBER, favoriteContent: [{ id: 10100002, created: 'x' }, { id: 10100001, created: 'y' }] });
    api.on('getContentStream', () => ({ items: [{ id: 10100001, name: 'Rates', canonicalPath: '/markets/10100001/rates' }, { id: 10100002, name: 'Ports', canonicalPath: '/markets/10100002/ports' }] }));
    api.on('offeredNewsletters', () => []);
    api.on('removeSiteUserFavorite', () => ({ ...MEMBER, favoriteContent: [{ id: 10100001, created: 'y' }] }));
    render(<Account newsletters={NEWSLETTERS} />);
    const favs = await screen.findByRole('link', { name: 'Ports' });
    expect(favs.getAttribute('href')).toBe('/markets/10100002/ports');
    expect(api.named('getContentStream')[0]).toEqual({ input: { includeContentIds: [10100002, 10100001], pagination: { limit: 200 } } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ports from favorites' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ports' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Rates' })).toBeTruthy();
  });

  it('opts in, and opts out after the confirm, with the spec toasts', async () => {
    rememberMember({ ...MEMBER, newsletters: [41] });
    api.on('getContentStream', () => ({ items: [] }));
    let offered = [{ id: 42, title: 'Ocean Weekly', description: 'Ports and carriers.' }];
    api.on('offeredNewsletters', () => offered);
    api.on('subscribeSiteUserNewsletter', () => { offered = []; return { error: false, message: null, newsletterIds: [41, 42] }; });
    api.on('unsubscribeSiteUserNewsletter', () => ({ error: true, message: 'provider down', newsletterIds: null }));
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    render(<Account newsletters={NEWSLETTERS} />);
    expect(await screen.findByText('FreightWise Daily')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Opt in' }));
    expect(await screen.findByText(SUBSCRIBE_TEXTS.optInSuccess)).toBeTruthy();
    expect(await screen.findByText(SUBSCRIBE_TEXTS.emptyLoggedIn)).toBeTruthy();
    expect(cachedMember()?.newsletters).toEqual([41, 42]);
    await act(async () => { fireEvent.click(screen.getAllByRole('button', { name: 'Opt out' })[0]!); });
    expect(confirm).toHaveBeenCalledWith(SUBSCRIBE_TEXTS.optOutConfirm);
    expect(await screen.findByText(SUBSCRIBE_TEXTS.optOutFailed)).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
