// /account (public §2): My Profile (#update-profile; sends only non-empty fields, public §5),
// Favorites (#manage-favorites) and Newsletters (#manage-newsletters; opt in and out with the
// spec's confirm and toast texts), and Sign out. A username-change link (?confirmUsername=…)
// is completed here.
import { useEffect, useState } from 'react';
import { siteApi } from '../client/api';
import { currentMember, logout, rememberMember, type MemberInfo } from '../client/member-session';
import { AccountProfile } from './account-profile';
import { AccountFavorites, AccountNewsletters } from './account-lists';

export type AccountProps = { newsletters?: { id: number; title: string }[] };

type State = { kind: 'loading' } | { kind: 'anonymous' } | { kind: 'member'; user: MemberInfo };

export const ACCOUNT_TEXTS = {
  loading: 'Loading your account…',
  anonymous: 'Log in to manage your profile, favorites and newsletters.',
  usernameChanged: 'Your username has been changed.',
} as const;

export function Account({ newsletters = [] }: AccountProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const confirm = new URLSearchParams(location.search).get('confirmUsername');
    const start = confirm
      ? siteApi().mutation<MemberInfo>('updateSiteUserUsername', { id: confirm })
        .then((u) => { rememberMember(u); setNotice(ACCOUNT_TEXTS.usernameChanged); return u as MemberInfo | null; })
        .catch((e: unknown) => { setNotice(e instanceof Error ? e.message : String(e)); return currentMember(); })
      : currentMember();
    void start.then((u) => { if (live) setState(u ? { kind: 'member', user: u } : { kind: 'anonymous' }); });
    return () => { live = false; };
  }, []);

  useEffect(() => {
    // The sections appear after the member loads: honour the #anchor the reader came with.
    const id = location.hash.slice(1);
    if (state.kind === 'member' && id) document.getElementById(id)?.scrollIntoView?.();
  }, [state.kind]);

  if (state.kind === 'loading') return <p className="member-loading" aria-busy="true">{ACCOUNT_TEXTS.loading}</p>;
  if (state.kind === 'anonymous') {
    return (
      <div className="member-card">
        <p>{ACCOUNT_TEXTS.anonymous}</p>
        <p><a className="button" href="/account/login?redirectTo=%2Faccount">Log in</a> <a className="button button-ghost" href="/membership/choose">Join now</a></p>
      </div>
    );
  }
  const user = state.user;
  const update = (u: MemberInfo) => { rememberMember(u); setState({ kind: 'member', user: u }); };
  return (
    <div className="account-sections">
      {notice && <p className="member-notice" role="status">{notice}</p>}
      <nav className="account-nav" aria-label="Account">
        <a href="#update-profile">My Profile</a>
        <a href="#manage-favorites">Favorites</a>
        <a href="#manage-newsletters">Newsletters</a>
        <button type="button" className="button button-ghost" onClick={() => void logout()}>Sign out</button>
      </nav>
      <section id="update-profile" className="member-card"><h2>My Profile</h2><AccountProfile user={user} onSaved={update} /></section>
      <section id="manage-favorites" className="member-card"><h2>Favorites</h2><AccountFavorites user={user} onChanged={update} /></section>
      <section id="manage-newsletters" className="member-card"><h2>Newsletters</h2><AccountNewsletters user={user} catalogue={newsletters} onChanged={update} /></section>
    </div>
  );
}
