// How the hamburger (mega-menu-toggle island) and the menu (mega-menu island) talk: window events,
// since islands hydrate as separate roots. Until the menu island has hydrated and listens, the
// hamburger stays a plain #mega-menu fragment link (CSS :target opens the menu without script).

export const MEGA_MENU_ID = 'mega-menu';
/** Asks the menu to open; detail.opener gets the focus back when it closes. */
export const MEGA_MENU_OPEN = 'masthead:mega-menu-open';
/** The menu's open state changed (detail.open), so the hamburger can update aria-expanded. */
export const MEGA_MENU_STATE = 'masthead:mega-menu-state';

let listening = false;

/** Set by the menu island while it listens for open requests. */
export function setMegaMenuListening(value: boolean): void {
  listening = value;
}

/** True when an open request will be handled by the hydrated menu. */
export function megaMenuListening(): boolean {
  return listening;
}

export function requestMegaMenuOpen(opener: HTMLElement | null): void {
  window.dispatchEvent(new CustomEvent(MEGA_MENU_OPEN, { detail: { opener } }));
}

export function announceMegaMenuState(open: boolean): void {
  window.dispatchEvent(new CustomEvent(MEGA_MENU_STATE, { detail: { open } }));
}
