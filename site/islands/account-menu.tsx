// The header's member area (public §2 "Header", §6): Join and Login buttons for logged-out readers
// (labels from the membership settings, resolved into the chrome), and for a logged-in member the
// account popover with My Profile, Favorites, Newsletters and Sign out.
import { useEffect, useRef, useState } from 'react';
import type { SiteLink } from '../model';
import { currentMember, displayName, herePath, logout, MEMBER_EVENT, type MemberInfo } from '../client/member-session';

export type AccountMenuProps = { join: SiteLink; login: SiteLink };

export const ACCOUNT_LINKS = [
  { label: 'My Profile', href: '/account#update-profile' },
  { label: 'Favorites', href: '/account#manage-favorites' },
  { label: 'Newsletters', href: '/account#manage-newsletters' },
] as const;

function withBack(href: string, back: string): string {
  return back && href.startsWith('/') && !href.includes('?') ? `${href}?redirectTo=${encodeURIComponent(back)}` : href;
}

export function AccountMenu({ join, login }: AccountMenuProps) {
  const [member, setMember] = useState<MemberInfo | null>(null);
  const [open, setOpen] = useState(false);
  const [back, setBack] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const menuId = 'account-menu-popover';
  useEffect(() => {
    let live = true;
    const here = herePath();
    if (!location.pathname.startsWith('/account') && !location.pathname.startsWith('/membership')) setBack(here);
    void currentMember().then((u) => { if (live) setMember(u); });
    const onChange = (e: Event) => setMember((e as CustomEvent<MemberInfo | null>).detail);
    window.addEventListener(MEMBER_EVENT, onChange);
    return () => { live = false; window.removeEventListener(MEMBER_EVENT, onChange); };
  }, []);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    const onClick = (e: MouseEvent) => { if (root.current && !root.current.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => { document.removeEventListener('keydown', onKey); document.removeEventListener('click', onClick); };
  }, [open]);

  if (!member) {
    return (
      <>
        <a className="button" href={withBack(join.href, back)} data-track-step="click-join-header">{join.label}</a>
        <a className="button button-ghost login-button" href={withBack(login.href, back)} data-track-step="click-login-header">
          <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2.2" />
            <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          <span className="button-label">{login.label}</span>
        </a>
      </>
    );
  }
  const name = displayName(member);
  return (
    <div className="account-popover" ref={root}>
      <button type="button" className="account-toggle" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        <span className="account-avatar" aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>
        <span className="account-name">{name}</span>
      </button>
      <div id={menuId} className="account-menu" hidden={!open}>
        {member.simulating && <p className="account-simulating">Simulating {member.username}</p>}
        <ul>
          {ACCOUNT_LINKS.map((l) => <li key={l.href}><a href={l.href}>{l.label}</a></li>)}
        </ul>
        <button type="button" className="button button-ghost account-signout" onClick={() => void logout()}>Sign out</button>
      </div>
    </div>
  );
}
