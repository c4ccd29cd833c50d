// The header's bottom navbar (public §2 "Header"): optional call-to-action text and the first 5
// primary links, the current section's marked. It hides when the page is scrolled away from the
// top, except on pages too short to scroll: there, hiding it would shorten the page until it cannot
// scroll, bringing it back at once. Scroll handling per public §9 (scroll.ts).
import { useEffect, useRef, useState } from 'react';
import { A } from '../link';
import type { SiteLink } from '../model';
import { onScroll } from './scroll';

export type BottomNavProps = {
  cta: string | null;
  links: SiteLink[];
  /** Index of the link of the current section, or -1. */
  current: number;
};

/** Scrolled at most this far, the page counts as at the top. */
export const TOP_TOLERANCE_PX = 8;

/**
 * Whether the navbar should hide: scrolled away from the top of a page that can scroll further
 * than the navbar is tall (`scrollable` = how far the page scrolls with the navbar shown).
 */
export function shouldHideNav(scrollY: number, scrollable: number, navHeight: number): boolean {
  if (scrollable <= navHeight + TOP_TOLERANCE_PX) return false;
  return scrollY > TOP_TOLERANCE_PX;
}

export function BottomNav({ cta, links, current }: BottomNavProps) {
  const [hidden, setHidden] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const navHeight = useRef(0);
  const hiddenRef = useRef(false);

  useEffect(() => {
    const update = () => {
      const nav = ref.current;
      if (!nav) return;
      if (!hiddenRef.current) navHeight.current = nav.offsetHeight;
      const doc = document.documentElement;
      // While hidden the page is shorter by the navbar: measure as if it were shown.
      const scrollable = doc.scrollHeight - window.innerHeight + (hiddenRef.current ? navHeight.current : 0);
      const next = shouldHideNav(window.scrollY, scrollable, navHeight.current);
      if (next !== hiddenRef.current) {
        hiddenRef.current = next;
        setHidden(next);
      }
    };
    update();
    return onScroll(update);
  }, []);

  return (
    <nav className={hidden ? 'bottom-nav is-hidden' : 'bottom-nav'} aria-label="Primary" ref={ref}>
      <div className="site-width bottom-nav-inner">
        {cta && <p className="bottom-nav-cta">{cta}</p>}
        <ul>
          {links.map((l, i) => (
            <li key={i}><A link={l} current={i === current ? 'true' : undefined} /></li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
