// The one anchor of the public site: re-checks the address (javascript: and the like render no
// link, only their text) and opens a new tab with rel="noopener" only for flagged links.
import type { ReactNode } from 'react';
import { safeHref } from '../engine/domain/links';
import type { SiteLink } from './model';
import type { RegistrationStep } from '../engine/domain/events';

/**
 * `step` marks a registration-funnel link (public §3: header join/login, footer join); the event
 * client (site/client/events.ts) records its click as a Registration event of that step.
 */
export function A({ link, className, children, current, step }: { link: SiteLink; className?: string; children?: ReactNode; current?: 'page' | 'true'; step?: RegistrationStep }) {
  const href = safeHref(link.href);
  if (href === null) return <span className={className}>{children ?? link.label}</span>;
  return (
    <a href={href} className={className} target={link.newTab ? '_blank' : undefined} rel={link.newTab ? 'noopener' : undefined} aria-current={current} data-track-step={step}>
      {children ?? link.label}
    </a>
  );
}

export function LinkList({ links, className, currentHref }: { links: SiteLink[]; className?: string; currentHref?: string | null }) {
  return (
    <ul className={className}>
      {links.map((l, i) => (
        <li key={i}><A link={l} current={currentHref && l.href === currentHref ? 'true' : undefined} /></li>
      ))}
    </ul>
  );
}
