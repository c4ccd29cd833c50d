// The hamburger (public §2 "Header"): a #mega-menu fragment link that opens the menu without
// script; once the menu island listens, a click opens it as a dialog instead and aria-expanded
// follows its state.
import { useEffect, useState, type MouseEvent } from 'react';
import { MEGA_MENU_ID, MEGA_MENU_STATE, megaMenuListening, requestMegaMenuOpen } from './mega-menu-events';

export function MegaMenuToggle() {
  const [expanded, setExpanded] = useState(false);
  useEffect(() => {
    const onState = (e: Event) => setExpanded(Boolean((e as CustomEvent<{ open?: boolean }>).detail?.open));
    window.addEventListener(MEGA_MENU_STATE, onState);
    return () => window.removeEventListener(MEGA_MENU_STATE, onState);
  }, []);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!megaMenuListening()) return; // the fragment link does the work
    e.preventDefault();
    requestMegaMenuOpen(e.currentTarget);
  };
  return (
    <a className="hamburger" href={`#${MEGA_MENU_ID}`} aria-label="Open the menu" aria-controls={MEGA_MENU_ID} aria-expanded={expanded} onClick={onClick}>
      <span className="hamburger-lines" />
    </a>
  );
}
