// The mega menu island (public §2 "Mega menu"): opened by the hamburger, closed by the close icon,
// Escape or a click on the backdrop; while open, focus stays inside the panel (Tab and Shift+Tab
// wrap, focus arriving elsewhere is pulled back) and the page behind does not scroll; on close the
// focus returns to the hamburger. Its search field goes to /search with the spec's filters JSON.
// Without script the same markup opens through the #mega-menu fragment (CSS :target).
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { searchHref } from '../../engine/domain/search';
import { A, LinkList } from '../link';
import type { MenuView } from '../model';
import { safeNavigate } from '../client/navigate';
import { MEGA_MENU_ID, MEGA_MENU_OPEN, announceMegaMenuState, setMegaMenuListening } from './mega-menu-events';

export const SEARCH_PLACEHOLDER = 'Start your search here...';

export type MegaMenuProps = {
  /** The site logo (public §9: 45px high in the mega menu). */
  logo: { src: string; alt: string } | null;
  menus: MenuView[];
  sponsor: { logo: string; alt: string; href: string | null } | null;
};

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0 || el === document.activeElement);
}

/** Keeps Tab and Shift+Tab inside `panel`. */
function trapTab(e: KeyboardEvent, panel: HTMLElement): void {
  const items = focusables(panel);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !panel.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !panel.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

export function MegaMenuPanel({ logo, menus, sponsor }: MegaMenuProps) {
  const [open, setOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onOpen = (e: Event) => {
      const opener = (e as CustomEvent<{ opener?: HTMLElement | null }>).detail?.opener;
      openerRef.current = opener ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
      setOpen(true);
    };
    window.addEventListener(MEGA_MENU_OPEN, onOpen);
    setMegaMenuListening(true);
    // Opened through the fragment before hydration: take over (and drop the fragment).
    if (location.hash === `#${MEGA_MENU_ID}`) {
      history.replaceState(history.state, '', `${location.pathname}${location.search}`);
      openerRef.current = document.querySelector<HTMLElement>(`[aria-controls="${MEGA_MENU_ID}"]`);
      setOpen(true);
    }
    return () => {
      window.removeEventListener(MEGA_MENU_OPEN, onOpen);
      setMegaMenuListening(false);
    };
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    const panel = panelRef.current;
    if (!panel) return undefined;
    announceMegaMenuState(true);
    document.documentElement.classList.add('mega-menu-open');
    (panel.querySelector<HTMLElement>('input[type="search"]') ?? focusables(panel)[0])?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        setOpen(false);
      } else if (e.key === 'Tab') {
        trapTab(e, panel);
      }
    };
    const onFocusIn = (e: FocusEvent) => {
      if (e.target instanceof Node && !panel.contains(e.target)) focusables(panel)[0]?.focus();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      document.documentElement.classList.remove('mega-menu-open');
      announceMegaMenuState(false);
      const opener = openerRef.current;
      openerRef.current = null;
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  const close = (e: MouseEvent) => {
    e.preventDefault();
    setOpen(false);
  };
  const onBackdrop = (e: MouseEvent) => {
    if (open && e.target === e.currentTarget) setOpen(false);
  };
  const onSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input = e.currentTarget.elements.namedItem('text');
    const text = input instanceof HTMLInputElement ? input.value : '';
    safeNavigate(searchHref(text));
  };

  return (
    <div id={MEGA_MENU_ID} className={open ? 'mega-menu is-open' : 'mega-menu'} onClick={onBackdrop}>
      <div className="mega-panel" role="dialog" aria-modal="true" aria-label="Menu" ref={panelRef}>
        <a className="mega-close" href="#top" aria-label="Close the menu" onClick={close}>×</a>
        {logo && <a className="mega-logo" href="/"><img src={logo.src} alt={logo.alt} height={45} /></a>}
        <form className="mega-search" action="/search" method="get" role="search" onSubmit={onSearch}>
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
        <nav className="mega-columns" aria-label="Site menu">
          {menus.filter((m) => m.links.length > 0).map((m) => (
            <section key={m.title} className="mega-column">
              <h2>{m.title}</h2>
              <LinkList links={m.links} />
            </section>
          ))}
        </nav>
      </div>
    </div>
  );
}
