// @vitest-environment happy-dom
// The footer's subscribe pane (public §2, §4, §5, §8): a dialog that opens from Sign Up, closes with
// Close or Escape and gives focus back; the anonymous form through every validation branch with
// the spec's texts; the request it sends; success, empty and failure states; and the signed-in
// member's opt in and opt out.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUBSCRIBE_TEXTS } from '../../engine/domain/newsletter-subscribe';
import { installFakeApi, MEMBER, type FakeApi } from './member-test-api';
import { DEVELOPMENT_CAPTCHA_TOKEN } from './captcha';
import { SubscribePane, type SubscribePaneProps } from './subscribe-pane';

const track = vi.hoisted(() => vi.fn(() => true));
vi.mock('../client/events', () => ({ track }));

const NEWSLETTERS = [
  { id: 1, title: 'Daily <b>Brief</b>', description: 'Every <i>weekday</i> morning.' },
  { id: 2, title: 'Weekly Wrap', description: '' },
];
const PROPS: SubscribePaneProps = { label: 'Sign Up', title: SUBSCRIBE_TEXTS.paneTitle, newsletters: NEWSLETTERS, promoCode: 'SITE', recaptchaKey: null };

let api: FakeApi;
beforeEach(() => { api = installFakeApi(); track.mockClear(); });
afterEach(() => { cleanup(); history.replaceState(null, '', '/'); });

async function openPane(props: SubscribePaneProps = PROPS) {
  render(<div><SubscribePane {...props} /></div>);
  fireEvent.click(screen.getByRole('button', { name: props.label }));
  const dialog = await screen.findByRole('dialog', { name: SUBSCRIBE_TEXTS.paneTitle });
  // The anonymous form shows once the API says nobody is signed in.
  await waitFor(() => expect(api.named('getSiteUser').length).toBe(1));
  return dialog;
}

const pane = () => within(screen.getByRole('dialog'));
const submit = () => fireEvent.click(pane().getByRole('button', { name: 'Sign Up' }));
const alertText = () => pane().getByRole('alert').textContent;
const errorOf = (label: string) => {
  const id = pane().getByLabelText(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};
const choose = (label: string, value: string) => fireEvent.change(pane().getByLabelText(label), { target: { value } });
const tick = (name: string) => fireEvent.click(pane().getByRole('checkbox', { name: new RegExp(name) }));

describe('subscribe pane: the dialog', () => {
  it('is only a Sign Up button in the server-rendered page', () => {
    const html = renderToStaticMarkup(<SubscribePane {...PROPS} />);
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).toContain('>Sign Up</button>');
    expect(html).not.toContain(SUBSCRIBE_TEXTS.paneTitle);
  });

  it('opens titled, focuses its title, closes with Escape and gives focus back to the button', async () => {
    const dialog = await openPane();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement?.textContent).toBe(SUBSCRIBE_TEXTS.paneTitle);
    expect(screen.getByRole('button', { name: 'Sign Up', expanded: true })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign Up', expanded: false }));
  });

  it('closes with its Close button', async () => {
    await openPane();
    fireEvent.click(pane().getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement?.textContent).toBe('Sign Up');
  });

  it('keeps Tab inside the pane: Shift+Tab from the first control goes to the last, Tab from the last to the first', async () => {
    const dialog = await openPane();
    const close = pane().getByRole('button', { name: 'Close' });
    const signUp = pane().getByRole('button', { name: 'Sign Up' });
    close.focus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(signUp);
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
  });

  it('shows the anonymous empty state when no newsletter is offered', async () => {
    await openPane({ ...PROPS, newsletters: [] });
    expect(pane().getByText(SUBSCRIBE_TEXTS.emptyAnonymous)).toBeTruthy();
    expect(pane().queryByRole('button', { name: 'Sign Up' })).toBeNull();
  });
});

describe('subscribe pane: validation', () => {
  it('lists the newsletters with their HTML tags stripped, with the spec labels and placeholders', async () => {
    await openPane();
    expect(pane().getByRole('checkbox', { name: /Daily Brief/ })).toBeTruthy();
    expect(pane().getByText('Every weekday morning.')).toBeTruthy();
    expect(pane().getByLabelText('Email Address').getAttribute('placeholder')).toBe('Enter your email here');
    expect((pane().getByLabelText('Country') as HTMLSelectElement).options[0]!.textContent).toBe('Select...');
    expect(pane().queryByLabelText('State')).toBeNull();
  });

  it('asks for a newsletter first, and focuses the list', async () => {
    await openPane();
    submit();
    expect(alertText()).toBe('Please select a newsletter before continuing');
    await waitFor(() => expect(document.activeElement).toBe(pane().getByRole('checkbox', { name: /Daily Brief/ })));
    expect(api.named('subscribeAnonymousCustomer')).toEqual([]);
  });

  it('marks each required field and focuses the first one at fault', async () => {
    await openPane();
    tick('Weekly Wrap');
    submit();
    expect(alertText()).toBe('Please correct issues with this form');
    expect(errorOf('Email Address')).toBe('Field is required');
    expect(errorOf('Country')).toBe('Field is required');
    expect(pane().getByLabelText('Email Address').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(pane().getByLabelText('Email Address')));
    expect(api.named('subscribeAnonymousCustomer')).toEqual([]);
  });

  it('rejects an address that is not one', async () => {
    await openPane();
    tick('Weekly Wrap');
    fireEvent.change(pane().getByLabelText('Email Address'), { target: { value: 'not an address' } });
    choose('Country', 'FRA');
    submit();
    expect(alertText()).toBe('Please correct issues with this form');
    expect(errorOf('Email Address')).toBe('Please enter a valid email address');
    expect(errorOf('Country')).toBeUndefined();
  });

  it('shows the State select only for a country with regions, and requires it', async () => {
    await openPane();
    tick('Weekly Wrap');
    fireEvent.change(pane().getByLabelText('Email Address'), { target: { value: 'ada@example.com' } });
    choose('Country', 'USA');
    expect((pane().getByLabelText('State') as HTMLSelectElement).options.length).toBeGreaterThan(50);
    expect(pane().queryByRole('checkbox', { name: SUBSCRIBE_TEXTS.complianceText })).toBeNull();
    submit();
    expect(alertText()).toBe('Please correct issues with this form');
    expect(errorOf('State')).toBe('Field is required');
    choose('Country', 'FRA');
    expect(pane().queryByLabelText('State')).toBeNull();
  });

  it('requires the compliance box where the country requires it (Canada: Province and CASL)', async () => {
    await openPane();
    tick('Daily');
    fireEvent.change(pane().getByLabelText('Email Address'), { target: { value: 'ada@example.com' } });
    choose('Country', 'CAN');
    choose('Province', 'ON');
    submit();
    expect(alertText()).toBe('Please correct issues with this form');
    expect(errorOf(SUBSCRIBE_TEXTS.complianceText)).toBe('Field is required');
    api.on('subscribeAnonymousCustomer', () => ({ error: false, message: SUBSCRIBE_TEXTS.success, fields: null, newsletterIds: [1] }));
    fireEvent.click(pane().getByRole('checkbox', { name: SUBSCRIBE_TEXTS.complianceText }));
    // Corrections clear the messages before the next attempt.
    expect(pane().queryByRole('alert')).toBeNull();
    submit();
    await waitFor(() => expect(api.named('subscribeAnonymousCustomer')).toHaveLength(1));
    expect(api.named('subscribeAnonymousCustomer')[0]!.consent).toEqual({ CASL: { country: 'CAN', region: 'ON', compliance: true } });
  });
});

describe('subscribe pane: subscribing', () => {
  async function fillAndSend(country = 'FRA') {
    tick('Daily');
    fireEvent.change(pane().getByLabelText('Email Address'), { target: { value: ' Ada@Example.com ' } });
    choose('Country', country);
    submit();
    await waitFor(() => expect(api.named('subscribeAnonymousCustomer')).toHaveLength(1));
    return api.named('subscribeAnonymousCustomer')[0]!;
  }

  it('sends the request of public §7 and shows the success text, removing what was subscribed', async () => {
    api.on('subscribeAnonymousCustomer', () => ({ error: false, message: SUBSCRIBE_TEXTS.success, fields: null, newsletterIds: [1] }));
    await openPane();
    const sent = await fillAndSend();
    expect(sent).toEqual({
      email: 'Ada@Example.com', omedaProducts: [1], countryCode: 'FRA', regionCode: null,
      consent: { GDPR: { country: 'FRA', region: null, compliance: false } }, recaptchaToken: DEVELOPMENT_CAPTCHA_TOKEN, promoCode: 'SITE',
    });
    const ok = await pane().findByRole('status');
    expect(ok.textContent).toBe("You're all done! You will now receive updates from the newsletter(s) you selected.");
    await waitFor(() => expect(document.activeElement).toBe(ok));
    expect(pane().queryByRole('checkbox', { name: /Daily Brief/ })).toBeNull();
    expect((pane().getByRole('checkbox', { name: /Weekly Wrap/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('takes the promo code from a pk query parameter', async () => {
    history.replaceState(null, '', '/markets?pk=SPRING26');
    api.on('subscribeAnonymousCustomer', () => ({ error: false, message: SUBSCRIBE_TEXTS.success, fields: null, newsletterIds: [1] }));
    await openPane();
    expect((await fillAndSend()).promoCode).toBe('SPRING26');
  });

  it('shows the success text alone once every newsletter is subscribed', async () => {
    api.on('subscribeAnonymousCustomer', () => ({ error: false, message: SUBSCRIBE_TEXTS.success, fields: null, newsletterIds: [1] }));
    await openPane({ ...PROPS, newsletters: [NEWSLETTERS[0]!] });
    await fillAndSend();
    expect((await pane().findByRole('status')).textContent).toBe(SUBSCRIBE_TEXTS.success);
    expect(pane().queryByText(SUBSCRIBE_TEXTS.emptyAnonymous)).toBeNull();
  });

  it('shows the message and field errors of a failed answer', async () => {
    api.on('subscribeAnonymousCustomer', () => ({ error: true, message: SUBSCRIBE_TEXTS.captchaFailed, fields: null, newsletterIds: [] }));
    await openPane();
    await fillAndSend();
    await waitFor(() => expect(alertText()).toBe(SUBSCRIBE_TEXTS.captchaFailed));
    expect((pane().getByRole('checkbox', { name: /Daily Brief/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the message of a refused call (too many attempts)', async () => {
    api.on('subscribeAnonymousCustomer', () => { throw new Error('Too many attempts. Try again in 60 seconds.'); });
    await openPane();
    await fillAndSend();
    await waitFor(() => expect(alertText()).toBe('Too many attempts. Try again in 60 seconds.'));
  });
});

describe('subscribe pane: a signed-in member', () => {
  beforeEach(() => { api.on('getSiteUser', () => ({ ...MEMBER, newsletters: [1] })); });

  async function openAsMember(props: SubscribePaneProps = PROPS) {
    render(<SubscribePane {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(api.named('getSiteUser').length).toBeGreaterThan(0));
    await waitFor(() => expect(pane().queryByText('Loading…')).toBeNull());
    await waitFor(() => expect(pane().queryByLabelText('Email Address')).toBeNull());
  }

  it('offers only the newsletters the member does not have; ticking opts in at once', async () => {
    api.on('subscribeSiteUserNewsletter', () => ({ error: false, message: SUBSCRIBE_TEXTS.optInSuccess, fields: null, newsletterIds: [2] }));
    await openAsMember();
    expect(pane().queryByRole('checkbox', { name: /Daily Brief/ })).toBeNull();
    fireEvent.click(pane().getByRole('checkbox', { name: /Weekly Wrap/ }));
    await waitFor(() => expect(pane().getByRole('status').textContent).toBe('Newsletter opt in successful!'));
    expect(api.named('subscribeSiteUserNewsletter')).toEqual([{ newsletterId: 2, promoCode: 'SITE' }]);
    expect((pane().getByRole('checkbox', { name: /Weekly Wrap/ }) as HTMLInputElement).checked).toBe(true);
    expect(track.mock.calls).toEqual([['NewsletterSubscription', { newsletterId: 2, source: 'NlWidgetAuthenticated' }]]);
  });

  it('asks before opting out, and opts out only on Yes', async () => {
    api.on('subscribeSiteUserNewsletter', () => ({ error: false, message: '', fields: null, newsletterIds: [2] }));
    api.on('unsubscribeSiteUserNewsletter', () => ({ error: false, message: '', fields: null, newsletterIds: [2] }));
    await openAsMember();
    const box = () => pane().getByRole('checkbox', { name: /Weekly Wrap/ }) as HTMLInputElement;
    fireEvent.click(box());
    await waitFor(() => expect(box().checked).toBe(true));
    fireEvent.click(box());
    const ask = pane().getByRole('alertdialog');
    expect(ask.textContent).toContain('Are you sure you wish to opt out from this newsletter?');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(box().checked).toBe(true);
    expect(api.named('unsubscribeSiteUserNewsletter')).toEqual([]);
    fireEvent.click(box());
    fireEvent.click(within(pane().getByRole('alertdialog')).getByRole('button', { name: 'Yes, opt out' }));
    await waitFor(() => expect(pane().getByRole('status').textContent).toBe('Newsletter opt out successful!'));
    expect(api.named('unsubscribeSiteUserNewsletter')).toEqual([{ newsletterId: 2 }]);
    expect(box().checked).toBe(false);
  });

  it('shows the opt in and opt out failure texts', async () => {
    api.on('subscribeSiteUserNewsletter', () => ({ error: true, message: 'x', fields: null, newsletterIds: [] }));
    await openAsMember();
    fireEvent.click(pane().getByRole('checkbox', { name: /Weekly Wrap/ }));
    await waitFor(() => expect(pane().getByRole('status').textContent).toBe('Newsletter opt in failed. Please try again or contact support for assistance.'));
    expect(track).not.toHaveBeenCalled();
    api.on('subscribeSiteUserNewsletter', () => ({ error: false, message: '', fields: null, newsletterIds: [2] }));
    api.on('unsubscribeSiteUserNewsletter', () => { throw new Error('network'); });
    fireEvent.click(pane().getByRole('checkbox', { name: /Weekly Wrap/ }));
    await waitFor(() => expect((pane().getByRole('checkbox', { name: /Weekly Wrap/ }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(pane().getByRole('checkbox', { name: /Weekly Wrap/ }));
    fireEvent.click(pane().getByRole('button', { name: 'Yes, opt out' }));
    await waitFor(() => expect(pane().getByRole('status').textContent).toBe('Newsletter opt out failed. Please try again or contact support for assistance.'));
  });

  it('congratulates a member who has every newsletter', async () => {
    await openAsMember({ ...PROPS, newsletters: [NEWSLETTERS[0]!] });
    expect(pane().getByText(SUBSCRIBE_TEXTS.emptyLoggedIn)).toBeTruthy();
  });
});
