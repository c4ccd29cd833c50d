// The gating_form block (public §4): shown when gating passed but the meter failed. A one-field
// registration request (requestRegisterSiteUser) for the tenant's default membership; the mailed
// link completes it on /membership/signup/{alias}. RegisterByEmail is shared with the gate's wall.
import { useEffect, useState, type FormEvent } from 'react';
import { MEMBER_TEXTS } from '../../engine/domain/members';
import { siteApi } from '../client/api';
import { gatedContent } from '../client/member-gate';
import { herePath } from '../client/member-session';
import { autocomplete } from '../attrs';
import { NO_VALIDATE } from './signup-fields';
import { memberCaptcha } from './captcha';

export function RegisterByEmail({ idPrefix, membershipId, heading = 'Register for free to keep reading' }: { idPrefix: string; membershipId?: number | null; heading?: string }) {
  const uid = idPrefix;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) { setError(MEMBER_TEXTS.fieldRequired); return; }
    setBusy(true);
    setError(null);
    try {
      const r = await siteApi().mutation<{ ok: boolean; message: string }>('requestRegisterSiteUser', {
        email: email.trim(), path: herePath(), ...(membershipId ? { membershipId } : {}), ...(await memberCaptcha('siteUserRegister')),
      });
      setSent(r.message || MEMBER_TEXTS.registrationSent);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  if (sent) return <p className="member-notice" role="status">{sent}</p>;
  return (
    <form className="register-by-email" onSubmit={submit} {...NO_VALIDATE}>
      <p className="register-by-email-heading">{heading}</p>
      <label htmlFor={`${uid}-email`}>Email Address</label>
      <div className="register-by-email-row">
        <input id={`${uid}-email`} type="email" name="email" {...autocomplete('email')} placeholder="Enter your email here"
          value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${uid}-error` : undefined} />
        <button type="submit" className="button" disabled={busy}>Register</button>
      </div>
      {error && <p id={`${uid}-error`} className="field-error" role="alert">{error}</p>}
    </form>
  );
}

/** The gating_form block's island: renders only when the page's gate answer says showGatingForm. */
export function GatingForm({ contentId }: { contentId: number }) {
  const [show, setShow] = useState(false);
  useEffect(() => {
    let live = true;
    gatedContent(contentId).then((g) => { if (live) setShow(g.showGatingForm); }, () => undefined);
    return () => { live = false; };
  }, [contentId]);
  if (!show) return null;
  return <div className="gating-form"><RegisterByEmail idPrefix={`gating-form-${contentId}`} /></div>;
}
