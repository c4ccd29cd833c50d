// The subscribe pane and block for a signed-in member (public §4 "Subscribe pane", §5, §6, §8): the
// newsletters the member does not have yet; ticking one opts in at once, unticking one asks
// 'Are you sure you wish to opt out from this newsletter?' and then opts out. Each answer shows
// the spec's success or failure text. Readers who are not signed in get the anonymous form.
import { useEffect, useRef, useState } from 'react';
import { SUBSCRIBE_TEXTS } from '../../engine/domain/newsletter-subscribe';
import { siteApi } from '../client/api';
import { track } from '../client/events';
import { memberChanged, signedInMember, type SignedInMember } from './newsletter-member';
import { SubscribeForm, plainText, type NewsletterOption, type SubscribeAnswer, type SubscribeFormProps } from './subscribe-form';

interface Notice { ok: boolean; text: string }

async function change(kind: 'in' | 'out', newsletterId: number, promoCode: string | null): Promise<Notice> {
  const [name, vars, success, failure] = kind === 'in'
    ? ['subscribeSiteUserNewsletter', { newsletterId, promoCode }, SUBSCRIBE_TEXTS.optInSuccess, SUBSCRIBE_TEXTS.optInFailed] as const
    : ['unsubscribeSiteUserNewsletter', { newsletterId }, SUBSCRIBE_TEXTS.optOutSuccess, SUBSCRIBE_TEXTS.optOutFailed] as const;
  try {
    const answer = await siteApi().mutation<SubscribeAnswer>(name, vars);
    if (answer.error) return { ok: false, text: failure };
    if (kind === 'in') track('NewsletterSubscription', { newsletterId, source: 'NlWidgetAuthenticated' });
    return { ok: true, text: success };
  } catch {
    return { ok: false, text: failure };
  }
}

export function SubscribeMemberList({ uid, newsletters, member, promoCode, labelledBy }: {
  uid: string; newsletters: NewsletterOption[]; member: SignedInMember; promoCode: string | null; labelledBy?: string | undefined;
}) {
  // The member's own newsletters are not offered (public §6); the list stays put while they toggle.
  const [offered] = useState(() => newsletters.filter((n) => !member.newsletters.includes(n.id)));
  const [on, setOn] = useState<number[]>([]);
  const [pending, setPending] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const confirmYes = useRef<HTMLButtonElement>(null);

  useEffect(() => { if (confirming !== null) confirmYes.current?.focus(); }, [confirming]);

  const run = async (kind: 'in' | 'out', id: number) => {
    setPending(id);
    setConfirming(null);
    const result = await change(kind, id, promoCode);
    if (result.ok) {
      setOn((list) => (kind === 'in' ? [...list, id] : list.filter((x) => x !== id)));
      memberChanged();
    }
    setNotice(result);
    setPending(null);
    document.getElementById(`${uid}-member-${id}`)?.focus();
  };
  const toggle = (id: number) => {
    setNotice(null);
    if (on.includes(id)) setConfirming(id);
    else void run('in', id);
  };

  if (offered.length === 0) return <p className="subscribe-empty">{SUBSCRIBE_TEXTS.emptyLoggedIn}</p>;
  return (
    <div className="subscribe-member">
      <fieldset className="subscribe-newsletters" aria-labelledby={labelledBy}>
        {!labelledBy && <legend>{SUBSCRIBE_TEXTS.paneTitle}</legend>}
        {offered.map((n) => (
          <div key={n.id} className="subscribe-member-item">
            <label className="subscribe-option">
              <input id={`${uid}-member-${n.id}`} type="checkbox" checked={on.includes(n.id)} disabled={pending === n.id} onChange={() => toggle(n.id)} />
              <span className="subscribe-option-text">
                <span className="subscribe-option-title">{plainText(n.title)}</span>
                {n.description && <span className="subscribe-option-description">{plainText(n.description)}</span>}
              </span>
            </label>
            {confirming === n.id && (
              <div className="subscribe-confirm" role="alertdialog" aria-labelledby={`${uid}-confirm-${n.id}`}>
                <p id={`${uid}-confirm-${n.id}`}>{SUBSCRIBE_TEXTS.optOutConfirm}</p>
                <button ref={confirmYes} type="button" className="button" onClick={() => { void run('out', n.id); }}>Yes, opt out</button>
                <button type="button" className="button button-ghost" onClick={() => { setConfirming(null); document.getElementById(`${uid}-member-${n.id}`)?.focus(); }}>Cancel</button>
              </div>
            )}
          </div>
        ))}
      </fieldset>
      <p className={`subscribe-notice${notice ? (notice.ok ? ' is-ok' : ' is-error') : ''}`} role="status">{notice?.text}</p>
    </div>
  );
}

/**
 * The pane's and the block's content: the anonymous form (also the server-rendered state), or the
 * member's list once the API says a member is signed in.
 */
export function NewsletterSignup(props: SubscribeFormProps) {
  const [member, setMember] = useState<SignedInMember | null>(null);
  useEffect(() => {
    let live = true;
    void signedInMember().then((m) => { if (live) setMember(m); });
    return () => { live = false; };
  }, []);
  if (member) return <SubscribeMemberList uid={props.uid} newsletters={props.newsletters} member={member} promoCode={props.promoCode} labelledBy={props.labelledBy} />;
  return <SubscribeForm {...props} />;
}
