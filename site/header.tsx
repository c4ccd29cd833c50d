// Header (public §2 "Header"): logo → /, search link, hamburger that opens the mega menu (a
// fragment link, so it works before the island hydrates), Join/Login or the alternate call to
// action, and the bottom navbar with the first 5 primary links, the current section's marked.
// The hamburger and the bottom navbar are islands (site/islands/mega-menu-toggle, bottom-nav).
import type { ChromeView, SiteLink } from './model';
import { A } from './link';
import { Island } from './island';
import { MegaMenuToggle } from './islands/mega-menu-toggle';
import { BottomNav } from './islands/bottom-nav';
import { AccountMenu } from './islands/account-menu';

export const BOTTOM_NAV_LINKS = 5;

function SearchIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/** The primary link that is the current section or its nearest ancestor (segment-wise prefix). */
export function currentLink(links: SiteLink[], sectionPath: string | null): SiteLink | null {
  if (!sectionPath) return null;
  let best: SiteLink | null = null;
  for (const l of links) {
    const h = l.href.replace(/\/+$/, '');
    if (!h.startsWith('/') || h === '') continue;
    if ((sectionPath === h || sectionPath.startsWith(`${h}/`)) && (!best || h.length > best.href.length)) best = l;
  }
  return best;
}

export function Header({ chrome, sectionPath }: { chrome: ChromeView; sectionPath: string | null }) {
  const nav = chrome.primary.slice(0, BOTTOM_NAV_LINKS);
  const current = currentLink(nav, sectionPath);
  return (
    <header className="site-header">
      <div className="header-bar site-width">
        <Island name="mega-menu-toggle" className="hamburger-slot" component={MegaMenuToggle} />
        <a className="logo" href="/">
          <picture><img src={chrome.logo.src} alt={chrome.siteName} height={chrome.logo.height} width={chrome.logo.width ?? undefined} /></picture>
        </a>
        <div className="header-actions">
          <a className="search-link" href="/search" aria-label="Search"><SearchIcon /></a>
          {chrome.account && (
            <Island name="account-menu" className="account-buttons" props={{ join: chrome.account.join, login: chrome.account.login }} component={AccountMenu} />
          )}
          {!chrome.account && chrome.alternateCta && <A link={chrome.alternateCta} className="button" />}
        </div>
      </div>
      {nav.length > 0 && (
        <Island name="bottom-nav" props={{ cta: chrome.headerCtaText, links: nav, current: current ? nav.indexOf(current) : -1 }} component={BottomNav} />
      )}
    </header>
  );
}
