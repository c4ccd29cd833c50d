// The tenant's chrome (header, mega menu, bottom navbar, footer) from site settings and menus,
// built once per tenant. Every link passes engine/domain/links: refused addresses are dropped.
import { siteConsentConfig } from '../../domain/consent';
import { zonedYear } from '../../domain/dates';
import { linkTarget, safeHref } from '../../domain/links';
import type { ChromeView, ClientScripts, SiteLink } from '../../../site/model';
import type { BuildMenuLink, TenantIndex } from '../types';
import { newsletterSignup } from './chrome-newsletter';

const SOCIAL_LABELS: Record<string, string> = {
  facebook: 'Facebook', instagram: 'Instagram', linkedin: 'LinkedIn', pinterest: 'Pinterest', twitter: 'X (Twitter)', youtube: 'YouTube',
};

export function menuLinks(links: readonly BuildMenuLink[] | undefined): SiteLink[] {
  const out: SiteLink[] = [];
  for (const l of links ?? []) {
    const t = linkTarget(l.href, l.external);
    if (t && l.label.trim()) out.push({ label: l.label, href: t.href, newTab: t.newTab });
  }
  return out;
}

function footerButton(index: TenantIndex): ChromeView['newsletterButton'] {
  const s = index.tenant.settings;
  const nl = s.footer.nlButton ?? { mode: 'flyout' };
  if (s.newsletters?.enabledNewsletters === false) return null;
  // Public §2: the flyout button reads Sign Up (a configured label applies to the custom mode).
  if (nl.mode === 'flyout') return { mode: 'flyout', label: 'Sign Up' };
  if (nl.mode === 'membership') {
    // Join for readers who are logged out; the account island swaps in Manage (/account#manage-newsletters).
    return s.memberships?.enabled ? { mode: 'link', link: { label: 'Join', href: '/membership/choose', newTab: false } } : null;
  }
  if (nl.mode === 'custom') {
    const href = safeHref(nl.link);
    // Public §2: a custom link opens a new tab when it contains http.
    return href && nl.label ? { mode: 'link', link: { label: nl.label, href, newTab: href.includes('http') } } : null;
  }
  return null;
}

const imgSrc = (src: string | undefined | null): string | null => (src ? safeHref(src) : null);

/**
 * An image's width at `height` from the size the media library knows of it, or null. The header
 * logo needs one: without it the image is 0 px wide until it loads and the header moves (CLS).
 */
function libraryWidth(index: TenantIndex, src: string, height: number): number | null {
  const a = index.assets?.find((x) => x.path === src);
  return a && a.width > 0 && a.height > 0 ? Math.round((a.width * height) / a.height) : null;
}

export function buildChrome(index: TenantIndex, css: { href: string; integrity: string }, client: ClientScripts | null = null): ChromeView {
  const s = index.tenant.settings;
  const menus = index.menus;
  const primary = menuLinks(menus?.header_primary);
  const social: SiteLink[] = Object.entries(s.socialLinks ?? {})
    .map(([k, v]) => ({ k, t: linkTarget(v, true) }))
    .filter((x) => x.t !== null)
    .map(({ k, t }) => ({ label: SOCIAL_LABELS[k] ?? k, href: t!.href, newTab: t!.newTab }));
  const affiliated = menuLinks(menus?.affiliated_brands);
  const m = s.memberships;
  const joinLabel = m?.overrideRegisterButtonLabel && m.registerButtonLabel?.trim() ? m.registerButtonLabel : 'Join Now';
  const alt = s.header.alternateCta;
  const altLink = alt ? linkTarget(alt.buttonLink) : null;
  const sponsor = s.sponsoredSearch;
  const logo = imgSrc(s.header.logo) ?? '/favicon.ico';
  return {
    siteName: s.general.siteName,
    language: index.tenant.language || 'en',
    origin: index.tenant.origin,
    year: zonedYear(index.now),
    cssHref: css.href,
    cssIntegrity: css.integrity,
    favicon: imgSrc(s.general.favicon),
    logo: { src: logo, height: s.header.logoHeight ?? 35, width: s.header.logoWidth ?? libraryWidth(index, logo, s.header.logoHeight ?? 35) },
    footerLogo: { src: imgSrc(s.general.whiteLogo) ?? logo, height: s.footer.logoHeight ?? 45 },
    headerCtaText: s.headerCtaText?.trim() || null,
    account: m?.enabled
      ? { join: { label: joinLabel, href: '/membership/choose', newTab: false }, login: { label: 'Login', href: '/account/login', newTab: false } }
      : null,
    alternateCta: !m?.enabled && alt && altLink ? { label: alt.buttonLabel, href: altLink.href, newTab: altLink.newTab } : null,
    primary,
    megaMenus: [
      { title: 'Sections', links: primary },
      { title: 'Special', links: menuLinks(menus?.mega_1) },
      { title: 'Contact', links: menuLinks(menus?.mega_2) },
      { title: 'Affiliated Brands', links: affiliated },
      { title: 'Follow us on', links: social },
    ],
    social,
    affiliated,
    footerMenu: menuLinks(menus?.footer),
    footerText: s.footer.text ?? '',
    signupText: s.footer.signupText?.trim() || null,
    contactUsText: s.footer.contactUsText?.trim() || null,
    newsletterButton: footerButton(index),
    newsletterSignup: newsletterSignup(index),
    sponsoredSearch: sponsor?.enabled && imgSrc(sponsor.logo)
      ? { logo: imgSrc(sponsor.logo)!, alt: 'Search sponsor', href: sponsor.clickUrl ? safeHref(sponsor.clickUrl) : null }
      : null,
    tagManagerId: s.general.tagManagerId ?? null,
    consent: siteConsentConfig(s),
    recaptchaKey: s.tenantInfo.reCAPTCHAPublicKey?.trim() || null,
    tenantKey: index.tenant.key,
    client,
  };
}
