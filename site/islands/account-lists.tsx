// #manage-favorites and #manage-newsletters of /account. Favourites are listed with their titles
// (getContentStream by id) and can be removed; newsletters the member receives can be opted out of
// (after the spec's confirm), the others opted into, each with the spec's toast texts.
import { useEffect, useState } from 'react';
import { SUBSCRIBE_TEXTS } from '../../engine/domain/newsletter-subscribe';
import { safeHref } from '../../engine/domain/links';
import { siteApi } from '../client/api';
import type { MemberInfo } from '../client/member-session';

interface FavouriteItem { id: number; name: string; canonicalPath: string }

export function AccountFavorites({ user, onChanged }: { user: MemberInfo; onChanged: (u: MemberInfo) => void }) {
  const ids = (user.favoriteContent ?? []).map((f) => f.id);
  const [items, setItems] = useState<FavouriteItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = ids.join(',');
  useEffect(() => {
    if (ids.length === 0) { setItems([]); return; }
    let live = true;
    siteApi().query<{ items: FavouriteItem[] }>('getContentStream', { input: { includeContentIds: ids.slice(0, 200), pagination: { limit: 200 } } })
      .then((r) => { if (live) setItems(ids.map((id) => r.items.find((i) => i.id === id)).filter((i): i is FavouriteItem => Boolean(i))); },
        (e: unknown) => { if (live) setError(e instanceof Error ? e.message : String(e)); });
    return () => { live = false; };
  }, [key]);
  async function remove(contentId: number) {
    try {
      onChanged(await siteApi().mutation<MemberInfo>('removeSiteUserFavorite', { contentId }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }
  if (error) return <p className="form-error" role="alert">{error}</p>;
  if (items === null) return <p className="member-loading">Loading…</p>;
  if (items.length === 0) return <p>You have not saved any content yet. Use the Save to favorites button on an article.</p>;
  return (
    <ul className="favorite-list">
      {items.map((i) => (
        <li key={i.id}>
          <a href={safeHref(i.canonicalPath) ?? '/'}>{i.name}</a>
          <button type="button" className="link-button" onClick={() => void remove(i.id)} aria-label={`Remove ${i.name} from favorites`}>Remove</button>
        </li>
      ))}
    </ul>
  );
}

interface Result { error: boolean; message: string | null; newsletterIds?: number[] | null }

export function AccountNewsletters({ user, catalogue, onChanged }: { user: MemberInfo; catalogue: { id: number; title: string }[]; onChanged: (u: MemberInfo) => void }) {
  const [offered, setOffered] = useState<{ id: number; title: string; description: string }[] | null>(null);
  const [toast, setToast] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const load = () => siteApi().query<{ id: number; title: string; description: string }[]>('offeredNewsletters', {}).then(setOffered, () => setOffered([]));
  useEffect(() => { void load(); }, []);
  const titles = new Map([...catalogue, ...(offered ?? [])].map((n) => [n.id, n.title]));
  const subscribed = user.newsletters;

  async function change(id: number, on: boolean) {
    if (!on && !window.confirm(SUBSCRIBE_TEXTS.optOutConfirm)) return;
    setBusy(id);
    setToast(null);
    try {
      const r = await siteApi().mutation<Result>(on ? 'subscribeSiteUserNewsletter' : 'unsubscribeSiteUserNewsletter', { newsletterId: id });
      if (r.error) throw new Error(r.message ?? '');
      const next = on ? [...new Set([...subscribed, id])] : subscribed.filter((n) => n !== id);
      onChanged({ ...user, newsletters: r.newsletterIds ?? next });
      setToast({ ok: true, text: on ? SUBSCRIBE_TEXTS.optInSuccess : SUBSCRIBE_TEXTS.optOutSuccess });
      await load();
    } catch {
      setToast({ ok: false, text: on ? SUBSCRIBE_TEXTS.optInFailed : SUBSCRIBE_TEXTS.optOutFailed });
    } finally {
      setBusy(null);
    }
  }
  const available = (offered ?? []).filter((n) => !subscribed.includes(n.id));
  return (
    <div className="newsletter-manage">
      {toast && <p className={toast.ok ? 'member-notice' : 'form-error'} role={toast.ok ? 'status' : 'alert'}>{toast.text}</p>}
      <h3>Your newsletters</h3>
      {subscribed.length === 0 ? <p>You are not subscribed to any newsletters yet.</p> : (
        <ul className="newsletter-list">
          {subscribed.map((id) => (
            <li key={id}>
              <span>{titles.get(id) ?? `Newsletter ${id}`}</span>
              <button type="button" className="button button-ghost" disabled={busy === id} onClick={() => void change(id, false)}>Opt out</button>
            </li>
          ))}
        </ul>
      )}
      <h3>More newsletters</h3>
      {offered === null ? <p className="member-loading">Loading…</p> : available.length === 0 ? <p>{SUBSCRIBE_TEXTS.emptyLoggedIn}</p> : (
        <ul className="newsletter-list">
          {available.map((n) => (
            <li key={n.id}>
              <span><strong>{n.title}</strong>{n.description && <span className="newsletter-description"> {n.description}</span>}</span>
              <button type="button" className="button" disabled={busy === n.id} onClick={() => void change(n.id, true)}>Opt in</button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
