// The title bar with action buttons and the content area's top, mid and bottom slots (admin §2.3).
// A card's section has an id from its title, so an address such as
// /admin/edit-site-settings#consent-and-tracking (the quick menu's settings entries) scrolls to it.
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from '../lib/router';
import { Icon } from '../components/icons';
import { cardAnchor } from './nav';

interface PageProps {
  title: string;
  /** Small text above the title, e.g. the content type. */
  eyebrow?: ReactNode;
  /** Where the back arrow goes (list screens of an editor). */
  back?: { href: string; label: string };
  actions?: ReactNode;
  top?: ReactNode;
  bottom?: ReactNode;
  children: ReactNode;
  width?: 'narrow' | 'wide' | 'full';
}

export function Page({ title, eyebrow, back, actions, top, bottom, children, width = 'wide' }: PageProps) {
  const { hash } = useLocation();
  useEffect(() => {
    document.title = `${title} · Masthead`;
  }, [title]);
  useEffect(() => {
    const anchor = decodeURIComponent(hash.slice(1));
    const card = anchor ? document.getElementById(anchor) : null;
    if (!card?.classList.contains('card')) return;
    card.scrollIntoView?.({ block: 'start' });
    card.querySelector<HTMLElement>('input, select, textarea, button')?.focus({ preventScroll: true });
  }, [hash]);
  return (
    <div className={`page page-${width}`}>
      <div className="titlebar">
        <div className="titlebar-text">
          {back ? (
            <Link className="titlebar-back" href={back.href}>
              <Icon name="arrowLeft" size={16} />
              {back.label}
            </Link>
          ) : null}
          {eyebrow ? <div className="titlebar-eyebrow">{eyebrow}</div> : null}
          <h1 className="titlebar-title" id="page-title" tabIndex={-1}>{title}</h1>
        </div>
        {actions ? <div className="titlebar-actions">{actions}</div> : null}
      </div>
      {top ? <div className="slot-top">{top}</div> : null}
      <div className="slot-mid">{children}</div>
      {bottom ? <div className="slot-bottom">{bottom}</div> : null}
    </div>
  );
}

/** A white card grouping related fields, with an optional heading. */
export function Card({ title, description, children, actions, className }: { title?: string; description?: ReactNode; children: ReactNode; actions?: ReactNode; className?: string }) {
  return (
    <section className={`card${className ? ` ${className}` : ''}`} aria-label={title} id={title ? cardAnchor(title) : undefined}>
      {title || actions ? (
        <header className="card-head">
          <div>
            {title ? <h2 className="card-title">{title}</h2> : null}
            {description ? <p className="card-desc">{description}</p> : null}
          </div>
          {actions ? <div className="card-actions">{actions}</div> : null}
        </header>
      ) : null}
      <div className="card-body">{children}</div>
    </section>
  );
}
