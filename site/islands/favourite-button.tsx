// The favourite button of a content page (public §1, §7 addSiteUserFavorite / removeSiteUserFavorite).
// Logged-out readers get a link to the login page that comes back here; members toggle the item
// in their favourites, listed on /account#manage-favorites.
import { useEffect, useState } from 'react';
import { siteApi } from '../client/api';
import { track } from '../client/events';
import { currentMember, herePath, MEMBER_EVENT, rememberMember, type MemberInfo } from '../client/member-session';

export type FavouriteButtonProps = { contentId: number };

export const FAVOURITE_TEXTS = { add: 'Save to favorites', remove: 'Saved to favorites', failed: 'Could not update your favorites. Please try again.' } as const;

const isFavourite = (u: MemberInfo | null, id: number) => Boolean(u?.favoriteContent?.some((f) => f.id === id));

export function FavouriteButton({ contentId }: FavouriteButtonProps) {
  const [member, setMember] = useState<MemberInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The login link comes back here; set after mount so the server and first client render agree.
  const [back, setBack] = useState('');
  useEffect(() => {
    let live = true;
    setBack(`?redirectTo=${encodeURIComponent(herePath())}`);
    void currentMember().then((u) => { if (live) setMember(u); });
    const onChange = (e: Event) => setMember((e as CustomEvent<MemberInfo | null>).detail);
    window.addEventListener(MEMBER_EVENT, onChange);
    return () => { live = false; window.removeEventListener(MEMBER_EVENT, onChange); };
  }, []);

  if (!member) {
    return (
      <a className="favourite-button" href={`/account/login${back}`}>
        <Star filled={false} /> {FAVOURITE_TEXTS.add}
      </a>
    );
  }
  const on = isFavourite(member, contentId);
  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      const u = await siteApi().mutation<MemberInfo>(on ? 'removeSiteUserFavorite' : 'addSiteUserFavorite', { contentId });
      if (!on) track('FavoriteContent', { contentId });
      rememberMember(u);
      setMember(u);
    } catch {
      setError(FAVOURITE_TEXTS.failed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className="favourite-button" aria-pressed={on} disabled={busy} onClick={() => void toggle()}>
        <Star filled={on} /> {on ? FAVOURITE_TEXTS.remove : FAVOURITE_TEXTS.add}
      </button>
      {error && <span className="field-error" role="alert">{error}</span>}
    </>
  );
}

function Star({ filled }: { filled: boolean }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}
