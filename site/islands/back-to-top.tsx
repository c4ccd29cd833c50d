// Back To Top (public §2 "Page template"). Without script: a link to #top at the end of the page
// (the document's top). Hydrated: a floating button shown once the page is scrolled down by more
// than a screen (CSS hides it otherwise, out of the tab order too), which scrolls to the top (smoothly unless reduced motion is asked for) and moves
// the focus to the header, so keyboard users continue from the top.
import { useEffect, useState, type MouseEvent } from 'react';
import { onScroll } from './scroll';

export const BACK_TO_TOP_LABEL = 'Back To Top';

export function BackToTop() {
  const [enhanced, setEnhanced] = useState(false);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    setEnhanced(true);
    const update = () => setVisible(window.scrollY > window.innerHeight);
    update();
    return onScroll(update);
  }, []);

  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    document.querySelector<HTMLElement>('.site-header a[href], .site-header button')?.focus({ preventScroll: true });
  };

  const className = ['back-to-top', enhanced && 'is-floating', enhanced && visible && 'is-visible'].filter(Boolean).join(' ');
  return (
    <a className={className} href="#top" onClick={onClick}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M12 5 5 12h4.5v7h5v-7H19z" fill="currentColor" /></svg>
      <span>{BACK_TO_TOP_LABEL}</span>
    </a>
  );
}
