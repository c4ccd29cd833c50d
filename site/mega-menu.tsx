// Mega menu (public §2 "Mega menu"): search field, Sections, Special, Contact, affiliated brands
// and Follow us on. Server-rendered from the same props the mega-menu island hydrates with
// (site/islands/mega-menu.tsx): the hamburger's #mega-menu fragment opens it without script
// (CSS :target); hydrated, it is a dialog with Escape, a focus trap and the filters-JSON search.
import type { ChromeView } from './model';
import { Island } from './island';
import { MegaMenuPanel, SEARCH_PLACEHOLDER, type MegaMenuProps } from './islands/mega-menu';

export { SEARCH_PLACEHOLDER };

export function megaMenuProps(chrome: ChromeView): MegaMenuProps {
  return {
    logo: { src: chrome.logo.src, alt: chrome.siteName },
    menus: chrome.megaMenus.filter((m) => m.links.length > 0),
    sponsor: chrome.sponsoredSearch,
  };
}

export function MegaMenu({ chrome }: { chrome: ChromeView }) {
  return <Island name="mega-menu" props={megaMenuProps(chrome)} component={MegaMenuPanel} />;
}
