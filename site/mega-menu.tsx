// Mega menu (public §2 "Mega menu"): search field, Sections, Special, Contact, affiliated brands
// and Follow us on. Opened by the header's fragment link (CSS :target) until its island adds
// Escape and focus handling; the search island will send /search?filters={…}.
import type { ChromeView } from './model';
import { A, LinkList } from './link';

export const SEARCH_PLACEHOLDER = 'Start your search here...';

export function MegaMenu({ chrome }: { chrome: ChromeView }) {
  const sponsor = chrome.sponsoredSearch;
  return (
    <div id="mega-menu" className="mega-menu" data-island="mega-menu">
      <nav className="mega-panel" aria-label="Site menu">
        <a className="mega-close" href="#top" aria-label="Close the menu">×</a>
        <form className="mega-search" action="/search" method="get" role="search" data-island="mega-search">
          <label className="visually-hidden" htmlFor="mega-search-text">Search</label>
          <input id="mega-search-text" type="search" name="text" placeholder={SEARCH_PLACEHOLDER} />
          <button type="submit" className="button">Search</button>
          {sponsor && (
            <span className="sponsor">
              {sponsor.href
                ? <A link={{ label: sponsor.alt, href: sponsor.href, newTab: true }}><img src={sponsor.logo} alt={sponsor.alt} height={35} loading="lazy" /></A>
                : <img src={sponsor.logo} alt={sponsor.alt} height={35} loading="lazy" />}
            </span>
          )}
        </form>
        <div className="mega-columns">
          {chrome.megaMenus.filter((m) => m.links.length > 0).map((m) => (
            <section key={m.title} className="mega-column">
              <h2>{m.title}</h2>
              <LinkList links={m.links} />
            </section>
          ))}
        </div>
      </nav>
    </div>
  );
}
