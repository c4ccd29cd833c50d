// @vitest-environment happy-dom
// The login island: success caches the user and goes to redirectTo (empty → '/', other sites →
// '/'); a failure shows the spec's text; required fields; the reset request and the reset link.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_TEXTS } from '../../engine/domain/members';
import { cachedMember } from '../client/member-session';
import { Login, LOGIN_TEXTS } from './login';
import { installFakeApi, installFakeRecaptcha, MEMBER, type FakeApi, type FakeRecaptcha } from './member-test-api';

const navigate = vi.hoisted(() => vi.fn());
vi.mock('../client/navigate', () => ({ safeNavigate: navigate }));

let api: FakeApi;
beforeEach(() => { api = installFakeApi(); navigate.mockClear(); });
afterEach(() => { cleanup(); history.replaceState(null, '', '/'); });

function logIn(username = 'ivy@example.com', password = 'member secret 9') {
  fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login island', () => {
  it('signs in, caches the user and goes to the same-site redirectTo', async () => {
    history.replaceState(null, '', `/account/login?redirectTo=${encodeURIComponent('/markets/10100026/toolkit?x=1')}`);
    api.on('loginSiteUser', () => ({ token: 'mhm_x', userInfo: MEMBER }));
    render(<Login />);
    logIn();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/markets/10100026/toolkit?x=1'));
    expect(api.named('loginSiteUser')).toEqual([{ username: 'ivy@example.com', password: 'member secret 9' }]);
    expect(cachedMember()?.username).toBe('ivy@example.com');
  });

  it.each([
    ['missing', '/account/login'],
    ['empty', '/account/login?redirectTo='],
    ['another site', `/account/login?redirectTo=${encodeURIComponent('https://evil.example/x')}`],
    ['protocol-relative', `/account/login?redirectTo=${encodeURIComponent('//evil.example/x')}`],
  ])('goes to / when redirectTo is %s', async (_, url) => {
    history.replaceState(null, '', url);
    api.on('loginSiteUser', () => ({ token: 'mhm_x', userInfo: MEMBER }));
    render(<Login />);
    logIn();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
  });

  it('shows the spec text when the login fails, and stays', async () => {
    api.on('loginSiteUser', () => { throw new Error('Invalid username or password'); });
    render(<Login />);
    logIn('ivy@example.com', 'wrong password');
    expect((await screen.findByRole('alert')).textContent).toBe(MEMBER_TEXTS.loginFailed);
    expect(navigate).not.toHaveBeenCalled();
    expect(cachedMember()).toBeNull();
  });

  it('marks empty fields as required without calling the API', () => {
    render(<Login />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getAllByText(MEMBER_TEXTS.fieldRequired)).toHaveLength(2);
    expect(api.calls).toHaveLength(0);
  });

  it('requests a reset link and, from the link, sets a new password', async () => {
    api.on('requestSiteUserPasswordReset', () => ({ ok: true, message: MEMBER_TEXTS.resetSent }));
    render(<Login />);
    fireEvent.click(screen.getByRole('button', { name: LOGIN_TEXTS.forgot }));
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'ivy@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MEMBER_TEXTS.resetSent)).toBeTruthy();
    expect(api.named('requestSiteUserPasswordReset')).toEqual([{ username: 'ivy@example.com', path: '/' }]);
    cleanup();

    history.replaceState(null, '', '/account/login?reset=mhr_token');
    api.on('resetSiteUserPassword', () => ({ ok: true }));
    render(<Login />);
    fireEvent.change(await screen.findByLabelText('New Password'), { target: { value: 'new secret 10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(LOGIN_TEXTS.resetDone)).toBeTruthy();
    expect(api.named('resetSiteUserPassword')).toEqual([{ id: 'mhr_token', password: 'new secret 10' }]);
  });
});

describe('login island captcha', () => {
  let recaptcha: FakeRecaptcha | null = null;
  afterEach(() => { recaptcha?.restore(); recaptcha = null; });

  it("sends a reCAPTCHA token for the login with the tenant's site key and the action the API checks", async () => {
    recaptcha = installFakeRecaptcha('site-key-1');
    api.on('loginSiteUser', () => ({ token: 'mhm_x', userInfo: MEMBER }));
    render(<Login />);
    logIn();
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(api.named('loginSiteUser')).toEqual([{ username: 'ivy@example.com', password: 'member secret 9', recaptchaToken: 'token-for-siteUserLogin' }]);
    expect(recaptcha.executed).toEqual([{ key: 'site-key-1', action: 'siteUserLogin' }]);
  });

  it('sends a token with the reset request (action siteUserPasswordReset)', async () => {
    recaptcha = installFakeRecaptcha('site-key-1');
    api.on('requestSiteUserPasswordReset', () => ({ ok: true, message: MEMBER_TEXTS.resetSent }));
    render(<Login />);
    fireEvent.click(screen.getByRole('button', { name: LOGIN_TEXTS.forgot }));
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'ivy@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MEMBER_TEXTS.resetSent)).toBeTruthy();
    expect(api.named('requestSiteUserPasswordReset')).toEqual([{ username: 'ivy@example.com', path: '/', recaptchaToken: 'token-for-siteUserPasswordReset' }]);
  });

  it('sends no token and loads no script without a site key', async () => {
    recaptcha = installFakeRecaptcha(null);
    api.on('loginSiteUser', () => ({ token: 'mhm_x', userInfo: MEMBER }));
    render(<Login />);
    logIn();
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(api.named('loginSiteUser')[0]).not.toHaveProperty('recaptchaToken');
    expect(recaptcha.executed).toEqual([]);
    expect(recaptcha.scripts).toBe(0);
  });
});
