// @vitest-environment happy-dom
// The membership pages: /membership/choose lists the active memberships with the reader's
// redirectTo; /membership/signup/{alias} requests the mailed link (country, region, consent) and,
// opened from the link, completes registration with the membership's required common and
// demographic fields (form keys demo_{id}) and signs the member in.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_TEXTS } from '../../engine/domain/members';
import { cachedMember } from '../client/member-session';
import { MembershipChoose } from './membership-choose';
import { MembershipSignup } from './membership-signup';
import { installFakeApi, installFakeRecaptcha, MEMBER, type FakeApi } from './member-test-api';

const navigate = vi.hoisted(() => vi.fn());
vi.mock('../client/navigate', () => ({ safeNavigate: navigate }));
const track = vi.hoisted(() => vi.fn(() => true));
vi.mock('../client/events', () => ({ track, flush: vi.fn() }));

const INSIDER = {
  id: 5101, title: 'FreightWise Insider', alias: 'insider', description: 'Free membership.', status: 1, isFree: true, omedaProduct: null,
  requiredUserCommonFields: ['firstName', 'lastName', 'company', 'countryCode'], requiredUserDemographicFields: [31], additionalUserDemographicFields: [32],
};
const QUESTIONS = [
  { id: 31, demographicType: 1, description: 'Industry', omedaWebformText: null, status: 1, sequence: 1, formKey: 'demo_31', demographicValues: [{ id: 311, description: 'Shipper' }, { id: 312, description: 'Carrier' }] },
  { id: 32, demographicType: 7, description: 'Staff count', omedaWebformText: null, status: 1, sequence: 2, formKey: 'demo_32', demographicValues: [] },
];

let api: FakeApi;
beforeEach(() => { api = installFakeApi(); navigate.mockClear(); track.mockClear(); api.on('getMembership', () => INSIDER); });
afterEach(() => { cleanup(); history.replaceState(null, '', '/'); });

describe('/membership/choose', () => {
  it('lists the active memberships, linking to sign-up with the redirectTo', async () => {
    history.replaceState(null, '', '/membership/choose?redirectTo=%2Fmarkets%2F1');
    api.on('getMembershipStream', () => ({ items: [INSIDER, { ...INSIDER, id: 5102, title: 'FreightWise Pro', alias: 'pro', isFree: false, description: 'Paid.' }], totalCount: 2 }));
    render(<MembershipChoose links={[{ label: 'FreightWise Insider', href: '/membership/signup/insider', newTab: false }]} />);
    expect(screen.getByRole('heading', { name: 'FreightWise Insider' })).toBeTruthy();
    expect(await screen.findByText('Paid.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/membership/signup/pro?redirectTo=%2Fmarkets%2F1');
    expect(api.named('getMembershipStream')).toEqual([{ input: { status: 1 } }]);
  });

  it("says 'Memberships are not available at this time' when there are none", async () => {
    api.on('getMembershipStream', () => ({ items: [], totalCount: 0 }));
    render(<MembershipChoose links={[]} />);
    expect(screen.getByText(MEMBER_TEXTS.noMemberships)).toBeTruthy();
  });
});

describe('/membership/signup/{alias}', () => {
  it('requests the registration link with country, region and consent', async () => {
    history.replaceState(null, '', '/membership/signup/insider?redirectTo=%2Fwhitepapers%2F10100026');
    api.on('requestRegisterSiteUser', () => ({ ok: true, message: MEMBER_TEXTS.registrationSent }));
    render(<MembershipSignup alias="insider" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText(MEMBER_TEXTS.fieldRequired)).toHaveLength(2);
    fireEvent.change(screen.getByLabelText(/Email Address/), { target: { value: 'ivy@example.com' } });
    fireEvent.change(screen.getByLabelText(/Country/), { target: { value: 'CAN' } });
    fireEvent.change(screen.getByLabelText('Province'), { target: { value: 'ON' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(MEMBER_TEXTS.fieldRequired)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MEMBER_TEXTS.registrationSent)).toBeTruthy();
    expect(api.named('requestRegisterSiteUser')).toEqual([{
      email: 'ivy@example.com', membershipId: 5101, countryCode: 'CAN', region: 'ON',
      consent: { CASL: { country: 'CAN', region: 'ON', compliance: true } }, path: '/whitepapers/10100026',
    }]);
    // The registration funnel (public §3): the submitted request, after it succeeded, once.
    expect(track.mock.calls).toEqual([['Registration', { step: 'submit-registration', membershipId: 5101 }]]);
  });

  it('sends a reCAPTCHA token (action siteUserRegister) with the registration request when the tenant has a site key', async () => {
    const recaptcha = installFakeRecaptcha('site-key-3');
    try {
      history.replaceState(null, '', '/membership/signup/insider');
      api.on('requestRegisterSiteUser', () => ({ ok: true, message: MEMBER_TEXTS.registrationSent }));
      render(<MembershipSignup alias="insider" />);
      fireEvent.change(await screen.findByLabelText(/Email Address/), { target: { value: 'ivy@example.com' } });
      fireEvent.change(screen.getByLabelText(/Country/), { target: { value: 'CAN' } });
      fireEvent.change(screen.getByLabelText('Province'), { target: { value: 'ON' } });
      fireEvent.click(screen.getByRole('checkbox'));
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByText(MEMBER_TEXTS.registrationSent)).toBeTruthy();
      expect(api.named('requestRegisterSiteUser')[0]).toMatchObject({ email: 'ivy@example.com', recaptchaToken: 'token-for-siteUserRegister' });
      expect(recaptcha.executed).toEqual([{ key: 'site-key-3', action: 'siteUserRegister' }]);
    } finally {
      recaptcha.restore();
    }
  });

  it("shows 'Memberships are not available at this time' for an unknown membership", async () => {
    api.on('getMembership', () => { throw new Error('Membership not found'); });
    render(<MembershipSignup alias="gone" />);
    expect(await screen.findByText(MEMBER_TEXTS.noMemberships)).toBeTruthy();
  });

  it('completes the registration from the mailed link with the required common and demographic fields', async () => {
    history.replaceState(null, '', '/membership/signup/insider?id=mhg_link&redirectTo=%2Fignored');
    api.on('getSiteUserStub', () => ({ email: 'ivy@example.com', membershipId: 5101, membershipAlias: 'insider', countryCode: 'USA', region: 'IL', redirectTo: '/whitepapers/10100026', expiresAt: '2026-12-01T00:00:00.000Z', message: MEMBER_TEXTS.completeRegistration }));
    api.on('getOmedaDemographicStream', () => ({ items: QUESTIONS, totalCount: 2 }));
    api.on('registerSiteUser', () => ({ token: 'mhm_x', userInfo: MEMBER }));
    const { container } = render(<MembershipSignup alias="insider" />);
    expect(await screen.findByRole('heading', { name: MEMBER_TEXTS.completeRegistration })).toBeTruthy();
    expect(api.named('getOmedaDemographicStream')).toEqual([{ input: { demographicIds: [31, 32], pagination: { limit: 2 } } }]);
    expect(container.querySelector('select[name="demo_31"]')).toBeTruthy();
    expect(container.querySelector('input[name="demo_32"]')).toBeTruthy();
    expect(container.querySelector('input[name="title"]')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Complete registration' }));
    // password, first and last name, company, and the required Industry question
    expect(screen.getAllByText(MEMBER_TEXTS.fieldRequired)).toHaveLength(5);
    expect(api.named('registerSiteUser')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'member secret 9' } });
    fireEvent.change(screen.getByLabelText(/First Name/), { target: { value: 'Ivy' } });
    fireEvent.change(screen.getByLabelText(/Last Name/), { target: { value: 'Lane' } });
    fireEvent.change(screen.getByLabelText(/Company/), { target: { value: 'Lane Freight' } });
    fireEvent.change(screen.getByLabelText(/Industry/), { target: { value: '312' } });
    fireEvent.change(screen.getByLabelText(/Staff count/), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete registration' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/whitepapers/10100026'));
    expect(api.named('registerSiteUser')).toEqual([{
      id: 'mhg_link', password: 'member secret 9', membershipId: 5101, firstName: 'Ivy', lastName: 'Lane', company: 'Lane Freight',
      countryCode: 'USA', region: 'IL', consent: { GDPR: { country: 'USA', region: 'IL', compliance: false } },
      demographics: [{ questionId: 31, answerIds: [312] }, { questionId: 32, answerIds: [], value: '40' }],
    }]);
    expect(cachedMember()?.id).toBe(MEMBER.id);
    expect(track.mock.calls).toEqual([['Registration', { step: 'complete-registration', membershipId: 5101 }]]);
  });

  it('shows the server message for a used or expired link', async () => {
    history.replaceState(null, '', '/membership/signup/insider?id=mhg_old');
    api.on('getSiteUserStub', () => { throw new Error(MEMBER_TEXTS.linkInvalid); });
    render(<MembershipSignup alias="insider" />);
    expect((await screen.findByRole('alert')).textContent).toBe(MEMBER_TEXTS.linkInvalid);
  });
});
