import { describe, expect, it } from 'vitest';
import { siteSettingsSchema, type SiteSettingsInput } from '../../domain/settings';
import { buildChrome } from './chrome';
import type { TenantIndex } from '../types';

const base: SiteSettingsInput = {
  general: { siteName: 'Acme' }, header: { logo: '/images/logo.svg' }, footer: { text: 'x' },
  tenantInfo: { name: 'Acme', domain: 'acme.test' },
  colors: { primary: { main: '#000000', container: '#111111', onContainer: '#222222' }, secondary: { main: '#333333', container: '#444444', onContainer: '#555555' } },
};

function chrome(settings: Partial<SiteSettingsInput>, menus: Partial<NonNullable<TenantIndex['menus']>> = {}, assets?: TenantIndex['assets']) {
  const index = {
    tenant: { key: 'acme', name: 'Acme', domain: 'acme.test', abbreviation: 'A', origin: 'https://acme.test', language: 'en', settings: siteSettingsSchema.parse({ ...base, ...settings }) },
    sections: [], content: [], schedules: [], redirects: [], now: Date.UTC(2027, 0, 1, 3), // still 2026 in Chicago
    menus: { header_primary: [], mega_1: [], mega_2: [], affiliated_brands: [], footer: [], ...menus },
    ...(assets ? { assets } : {}),
  } as TenantIndex;
  return buildChrome(index, { href: '/assets/site.css', integrity: 'sha384-x' });
}

describe('chrome from site settings', () => {
  it('gives the header logo a width (so the header does not move when it loads): the setting, else the media library\'s size at the logo height', () => {
    const asset = { id: 1, path: '/images/logo.svg', alt: 'Acme', width: 240, height: 40, caption: null, credit: null, mimeType: 'image/svg+xml' };
    expect(chrome({}).logo).toEqual({ src: '/images/logo.svg', height: 35, width: null });
    expect(chrome({}, {}, [asset]).logo).toEqual({ src: '/images/logo.svg', height: 35, width: 210 });
    expect(chrome({ header: { logo: '/images/logo.svg', logoWidth: 180 } }, {}, [asset]).logo.width).toBe(180);
  });

  it('gives the footer newsletter button per mode: flyout, membership (only when active), custom, none', () => {
    expect(chrome({}).newsletterButton).toEqual({ mode: 'flyout', label: 'Sign Up' });
    expect(chrome({ footer: { text: '', nlButton: { mode: 'membership' } } }).newsletterButton).toBeNull();
    expect(chrome({ footer: { text: '', nlButton: { mode: 'membership' } }, memberships: { enabled: true } }).newsletterButton)
      .toEqual({ mode: 'link', link: { label: 'Join', href: '/membership/choose', newTab: false } });
    expect(chrome({ footer: { text: '', nlButton: { mode: 'custom', label: 'Get it', link: 'https://nl.example/' } } }).newsletterButton)
      .toEqual({ mode: 'link', link: { label: 'Get it', href: 'https://nl.example/', newTab: true } });
    expect(chrome({ footer: { text: '', nlButton: { mode: 'none' } } }).newsletterButton).toBeNull();
  });
  it('shows Join (label overridable) and Login when memberships are on, else the alternate call to action', () => {
    const on = chrome({ memberships: { enabled: true, overrideRegisterButtonLabel: true, registerButtonLabel: 'Join us' } });
    expect(on.account?.join.label).toBe('Join us');
    expect(on.alternateCta).toBeNull();
    const off = chrome({ header: { logo: '/l.svg', alternateCta: { buttonLabel: 'Subscribe', buttonLink: 'https://sub.example/' } } });
    expect(off.account).toBeNull();
    expect(off.alternateCta).toEqual({ label: 'Subscribe', href: 'https://sub.example/', newTab: false });
  });
  it('drops refused menu links and opens external ones in a new tab only when flagged; copyright year in Chicago', () => {
    const c = chrome({}, { footer: [
      { label: 'Bad', href: 'javascript:alert(1)', external: true }, { label: 'Ext', href: 'https://x.example/', external: true },
      { label: 'Plain', href: 'https://y.example/', external: false }, { label: 'Local', href: '/about', external: true },
    ] });
    expect(c.footerMenu).toEqual([
      { label: 'Ext', href: 'https://x.example/', newTab: true }, { label: 'Plain', href: 'https://y.example/', newTab: false },
      { label: 'Local', href: '/about', newTab: false },
    ]);
    expect(c.year).toBe(2026);
  });
});
