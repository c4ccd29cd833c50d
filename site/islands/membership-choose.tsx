// /membership/choose (public §2): the active memberships as cards, each linking to its sign-up
// page with the reader's redirectTo. The prerendered cards come from the build (shell links); the
// island adds each membership's description and price flag from getMembershipStream.
import { useEffect, useState } from 'react';
import { MEMBER_TEXTS, safeRedirectPath } from '../../engine/domain/members';
import type { SiteLink } from '../model';
import { siteApi } from '../client/api';

export type MembershipChooseProps = { links?: SiteLink[] };

interface Card { title: string; href: string; alias: string | null; description: string | null; isFree: boolean | null }

const aliasOf = (href: string) => /^\/membership\/signup\/([^/?#]+)$/.exec(href)?.[1] ?? null;

export function MembershipChoose({ links = [] }: MembershipChooseProps) {
  const [cards, setCards] = useState<Card[]>(() => links.map((l) => ({ title: l.label, href: l.href, alias: aliasOf(l.href), description: null, isFree: null })));
  const [query, setQuery] = useState('');
  useEffect(() => {
    const back = safeRedirectPath(new URLSearchParams(location.search).get('redirectTo'));
    if (back !== '/') setQuery(`?redirectTo=${encodeURIComponent(back)}`);
    let live = true;
    siteApi().query<{ items: { title: string; alias: string; description: string | null; isFree: boolean; status: number }[] }>('getMembershipStream', { input: { status: 1 } })
      .then((r) => {
        if (!live) return;
        setCards(r.items.filter((m) => m.status === 1).map((m) => ({
          title: m.title, href: `/membership/signup/${encodeURIComponent(m.alias)}`, alias: m.alias, description: m.description, isFree: m.isFree,
        })));
      }, () => undefined);
    return () => { live = false; };
  }, []);
  if (cards.length === 0) return <p className="member-notice">{MEMBER_TEXTS.noMemberships}</p>;
  return (
    <ul className="membership-cards">
      {cards.map((c) => (
        <li key={c.href} className="membership-card">
          <h2>{c.title}</h2>
          {c.isFree !== null && <p className="membership-price">{c.isFree ? 'Free' : 'Paid membership'}</p>}
          {c.description && <p>{c.description}</p>}
          <a className="button" href={`${c.href}${query}`} data-track-step="choose-membership">{c.isFree === false ? 'Sign up' : 'Join now'}</a>
        </li>
      ))}
    </ul>
  );
}
