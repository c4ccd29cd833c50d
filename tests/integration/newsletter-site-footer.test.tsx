// @vitest-environment happy-dom
// The footer's newsletter button in each mode (public §2 "Footer"): flyout is the subscribe pane
// island with the newsletters flagged for the subscribe block; membership is Join, Manage for a
// signed-in member, only when memberships are on; custom is the configured link (new tab when it
// contains http); otherwise, or with newsletters off, nothing.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { load } from 'cheerio';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { siteSettingsSchema, type SiteSettingsInput } from '../../engine/domain/settings';
import { buildChrome } from '../../engine/build/stages/chrome';
import type { TenantIndex } from '../../engine/build/types';
import { Footer } from '../../site/footer';
import { installFakeApi, MEMBER, type FakeApi } from '../../site/islands/member-test-api';
import { NewsletterButton } from '../../site/islands/newsletter-button';

const base: SiteSettingsInput = {
  general: { siteName: 'Acme' }, header: { logo: '/images/logo.svg' }, footer: { text: 'x' },
  tenantInfo: { name: 'Acme', domain: 'acme.test', reCAPTCHAPublicKey: 'site-key-1' },
  newsletters: { enabledNewsletters: true, subscribeBlockSettings: { promoCode: 'FOOT' } },
  colors: { primary: { main: '#000000', container: '#111111', onContainer: '#222222' }, secondary: { main: '#333333', container: '#444444', onContainer: '#555555' } },
};

function footer(settings: Partial<SiteSettingsInput>) {
  const index = {
    tenant: { key: 'acme', name: 'Acme', domain: 'acme.test', abbreviation: 'A', origin: 'https://acme.test', language: 'en', settings: siteSettingsSchema.parse({ ...base, ...settings }) },
    sections: [], content: [], schedules: [], redirects: [], now: Date.UTC(2026, 5, 1),
    newsletters: [
      { id: 1, title: 'Daily', description: 'Every morning', showInSubscribeBlock: true },
      { id: 2, title: 'Internal', description: '', showInSubscribeBlock: false },
    ],
  } as TenantIndex;
  return load(renderToStaticMarkup(<Footer chrome={buildChrome(index, { href: '/a.css', integrity: 'sha384-x' })} />));
}

const nl = (mode: string, extra: Record<string, unknown> = {}) => ({ footer: { text: 'x', nlButton: { mode, ...extra } } }) as Partial<SiteSettingsInput>;

let api: FakeApi;
beforeEach(() => { api = installFakeApi(); });
afterEach(() => { cleanup(); });

describe('footer newsletter button', () => {
  it('flyout: the Sign Up button of the subscribe pane island, with the flagged newsletters, promo code and captcha key', () => {
    const $ = footer(nl('flyout'));
    const island = $('[data-island="subscribe-pane"]');
    expect(island.find('button').text()).toBe('Sign Up');
    expect(island.find('button').attr('aria-haspopup')).toBe('dialog');
    expect(JSON.parse(island.attr('data-props')!)).toEqual({
      label: 'Sign Up', title: 'Select the newsletters you want to receive', newsletters: [{ id: 1, title: 'Daily', description: 'Every morning' }], promoCode: 'FOOT', recaptchaKey: 'site-key-1',
    });
  });

  it('membership: Join for readers, as an island that can swap in Manage; nothing when memberships are off', () => {
    const $ = footer({ ...nl('membership'), memberships: { enabled: true } } as Partial<SiteSettingsInput>);
    const island = $('[data-island="newsletter-button"]');
    expect(island.find('a').text()).toBe('Join');
    expect(island.find('a').attr('href')).toBe('/membership/choose');
    expect(JSON.parse(island.attr('data-props')!).manage).toEqual({ label: 'Manage', href: '/account#manage-newsletters', newTab: false });
    expect(footer(nl('membership'))('.footer-column .button').length).toBe(0);
  });

  it('custom: the configured link, in a new tab when it contains http', () => {
    const a = footer(nl('custom', { label: 'Get the briefing', link: 'https://nl.example/signup' }))('.footer-column a.button');
    expect(a.text()).toBe('Get the briefing');
    expect(a.attr('href')).toBe('https://nl.example/signup');
    expect(a.attr('target')).toBe('_blank');
    expect(footer(nl('custom', { label: 'Local', link: '/newsletters' }))('.footer-column a.button').attr('target')).toBeUndefined();
  });

  it('none, or newsletters turned off: no button', () => {
    expect(footer(nl('none'))('.footer-column .button, [data-island="subscribe-pane"]').length).toBe(0);
    const off = footer({ ...nl('flyout'), newsletters: { enabledNewsletters: false } } as Partial<SiteSettingsInput>);
    expect(off('[data-island="subscribe-pane"]').length).toBe(0);
  });
});

describe('membership-mode button in the browser', () => {
  const links = { join: { label: 'Join', href: '/membership/choose', newTab: false }, manage: { label: 'Manage', href: '/account#manage-newsletters', newTab: false } };

  it('stays Join for an anonymous reader', async () => {
    render(<NewsletterButton {...links} />);
    await waitFor(() => expect(api.named('getSiteUser')).toHaveLength(1));
    expect(screen.getByRole('link').textContent).toBe('Join');
  });

  it('becomes Manage, linking to /account#manage-newsletters, for a signed-in member', async () => {
    api.on('getSiteUser', () => MEMBER);
    render(<NewsletterButton {...links} />);
    await waitFor(() => expect(screen.getByRole('link').textContent).toBe('Manage'));
    expect(screen.getByRole('link').getAttribute('href')).toBe('/account#manage-newsletters');
  });
});
