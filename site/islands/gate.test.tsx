// @vitest-environment happy-dom
// The gate island and the gating_form block: a pass shows the body from getGatedContent and the
// meter bar; a meter failure shows the meter wall with the configured text and a registration
// form; a membership gate shows join and login for the required membership; one API call per page.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MEMBER_TEXTS } from '../../engine/domain/members';
import { LICENSE_COMPANY_KEY } from '../client/member-session';
import { Gate, GATE_TEXTS } from './gate';
import { GatingForm } from './gate-form';
import { installFakeApi, installFakeRecaptcha, type FakeApi } from './member-test-api';

const meter = (status: string, viewsRemaining: number, text: string) => ({
  status, views: 3 - viewsRemaining, viewsRemaining, allowedViews: 3, meteringPeriod: 30, expirationTime: '2026-12-01T00:00:00.000Z', expirationDate: '12/01/2026', text,
});
const answer = (over: Record<string, unknown>) => ({
  id: 10100001, gatingType: null, gatingStatus: 'passed', passedBy: 'open', canRead: true, gate: 'none', showGatingForm: false, hiddenBlocks: [],
  meter: null, licenseCompany: null, body: null, embedCode: null, images: [], requiredMemberships: [], ...over,
});

let api: FakeApi;
beforeEach(() => { api = installFakeApi(); history.replaceState(null, '', '/markets/10100001/rates'); });
afterEach(() => { cleanup(); });

describe('gate island', () => {
  it('shows the body and the meter bar text when the meter lets the reader in', async () => {
    api.on('getGatedContent', () => answer({ body: '<p>The secret rate table.</p>', meter: meter('passed-metered-more', 2, 'You have 2 of 3 free articles left.') }));
    render(<Gate contentId={10100001} />);
    expect(screen.getByText(/The full story is loading/)).toBeTruthy();
    expect(await screen.findByText('The secret rate table.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('You have 2 of 3 free articles left.');
    expect(api.named('getGatedContent')).toEqual([{ id: 10100001 }]);
  });

  it('shows the meter wall with the meter text and a registration form on a meter failure', async () => {
    api.on('getGatedContent', () => answer({ canRead: false, gate: 'gating-form', showGatingForm: true, meter: meter('failed-metered', 0, 'You have 0 of 3 free articles left.') }));
    api.on('requestRegisterSiteUser', () => ({ ok: true, message: MEMBER_TEXTS.registrationSent }));
    const { container } = render(<Gate contentId={10100001} />);
    expect(await screen.findByText(GATE_TEXTS.meterWall)).toBeTruthy();
    expect(screen.getByText('You have 0 of 3 free articles left.')).toBeTruthy();
    expect(container.querySelector('.gate-body')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(`/account/login?redirectTo=${encodeURIComponent('/markets/10100001/rates')}`);
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'ivy@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(MEMBER_TEXTS.registrationSent)).toBeTruthy();
    expect(api.named('requestRegisterSiteUser')).toEqual([{ email: 'ivy@example.com', path: '/markets/10100001/rates' }]);
  });

  it("sends the registration request with a reCAPTCHA token (action siteUserRegister) when the tenant has a site key", async () => {
    const recaptcha = installFakeRecaptcha('site-key-2');
    try {
      api.on('getGatedContent', () => answer({ canRead: false, gate: 'gating-form', showGatingForm: true, meter: meter('failed-metered', 0, 'You have 0 of 3 free articles left.') }));
      api.on('requestRegisterSiteUser', () => ({ ok: true, message: MEMBER_TEXTS.registrationSent }));
      render(<Gate contentId={10100001} />);
      fireEvent.change(await screen.findByLabelText('Email Address'), { target: { value: 'ivy@example.com' } });
      fireEvent.click(screen.getByRole('button', { name: 'Register' }));
      expect(await screen.findByText(MEMBER_TEXTS.registrationSent)).toBeTruthy();
      expect(api.named('requestRegisterSiteUser')).toEqual([{ email: 'ivy@example.com', path: '/markets/10100001/rates', recaptchaToken: 'token-for-siteUserRegister' }]);
      expect(recaptcha.executed).toEqual([{ key: 'site-key-2', action: 'siteUserRegister' }]);
    } finally {
      recaptcha.restore();
    }
  });

  it('asks for the required membership on a failed membership gate', async () => {
    api.on('getGatedContent', () => answer({
      gatingType: 'membership', gatingStatus: 'failed', passedBy: null, canRead: false, gate: 'join-login',
      requiredMemberships: [{ id: 5102, title: 'FreightWise Pro', alias: 'pro', isFree: false }],
    }));
    render(<Gate contentId={10100001} />);
    expect(await screen.findByText('This content is available to FreightWise Pro members.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join now' }).getAttribute('href')).toBe(`/membership/signup/pro?redirectTo=${encodeURIComponent('/markets/10100001/rates')}`);
  });

  it('sends a signed-in reader the audience provider does not know to its survey, coming back to this page', async () => {
    api.on('getGatedContent', () => answer({ gatingType: 'omeda', gatingStatus: 'failed', passedBy: null, canRead: false, gate: 'survey', surveyUrl: '/__member/reader-survey' }));
    const { container } = render(<Gate contentId={10100001} />);
    expect(await screen.findByText(GATE_TEXTS.surveyWall)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Take the survey' }).getAttribute('href')).toBe(`/__member/reader-survey?redirectTo=${encodeURIComponent('/markets/10100001/rates')}`);
    // No registration form: the reader is signed in already.
    expect(container.querySelector('input[type=email]')).toBeNull();
  });

  it('links an https survey address (the provider\'s hosted form) and refuses a script address', async () => {
    api.on('getGatedContent', () => answer({ gatingType: 'omeda', gatingStatus: 'failed', canRead: false, gate: 'survey', surveyUrl: 'https://forms.example.com/fw?x=1' }));
    render(<Gate contentId={10100001} />);
    const href = (await screen.findByRole('link', { name: 'Take the survey' })).getAttribute('href')!;
    expect(new URL(href).origin).toBe('https://forms.example.com');
    expect(new URL(href).searchParams.get('x')).toBe('1');
    expect(new URL(href).searchParams.get('redirectTo')).toBe('/markets/10100001/rates');
    cleanup();
    api.on('getGatedContent', () => answer({ gatingType: 'omeda', gatingStatus: 'failed', canRead: false, gate: 'survey', surveyUrl: 'javascript:alert(1)' }));
    const { forgetGatedContent } = await import('../client/member-gate');
    forgetGatedContent();
    render(<Gate contentId={10100001} />);
    expect(await screen.findByText(GATE_TEXTS.surveyNoLink)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Take the survey' })).toBeNull();
  });

  it('remembers the site-license company the API matched', async () => {
    api.on('getGatedContent', () => answer({ passedBy: 'license', licenseCompany: 'Acme Logistics', body: '<p>Licensed.</p>' }));
    render(<Gate contentId={10100001} />);
    await screen.findByText('Licensed.');
    expect(localStorage.getItem(LICENSE_COMPANY_KEY)).toBe('Acme Logistics');
  });

  it('says so when the decision cannot be loaded', async () => {
    api.on('getGatedContent', () => { throw new Error('offline'); });
    render(<Gate contentId={10100001} />);
    expect((await screen.findByRole('alert')).textContent).toBe(GATE_TEXTS.error);
  });
});

describe('gating_form block', () => {
  it('shows only when gating passed and the meter failed, sharing the gate answer (one API call)', async () => {
    api.on('getGatedContent', () => answer({ canRead: false, gate: 'gating-form', showGatingForm: true, meter: meter('failed-metered', 0, 'Out.') }));
    render(<><Gate contentId={10100001} /><GatingForm contentId={10100001} /></>);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Register' })).toHaveLength(2));
    expect(api.named('getGatedContent')).toHaveLength(1);
  });

  it('renders nothing when the reader may read', async () => {
    api.on('getGatedContent', () => answer({ body: '<p>Open.</p>' }));
    const { container } = render(<GatingForm contentId={10100001} />);
    await waitFor(() => expect(api.named('getGatedContent')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(container.innerHTML).toBe('');
  });
});
