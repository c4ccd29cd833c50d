// /account/login (public §2, §5, §8): username and password → loginSiteUser; success caches the
// user and goes to redirectTo (empty means '/', only same-site paths: safeRedirectPath); failure
// shows the spec's text. "Forgot your password?" mails a reset link; the link (?reset=…) opens the
// new-password form here.
import { useEffect, useState, type FormEvent } from 'react';
import { MEMBER_TEXTS, safeRedirectPath } from '../../engine/domain/members';
import { siteApi } from '../client/api';
import { goTo, rememberMember, type MemberInfo } from '../client/member-session';
import { autocomplete } from '../attrs';
import { NO_VALIDATE } from './signup-fields';
import { memberCaptcha } from './captcha';

type Mode = 'login' | 'forgot' | 'reset';

export const LOGIN_TEXTS = {
  forgot: 'Forgot your password?',
  resetDone: 'Your password has been changed. You can log in now.',
  join: 'Not a member yet?',
} as const;

function query(): URLSearchParams {
  return new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function Field({ id, label, type = 'text', value, onChange, autoComplete, error }: {
  id: string; label: string; type?: string; value: string; onChange: (v: string) => void; autoComplete?: string; error?: string | undefined;
}) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={id} type={type} value={value} {...(autoComplete ? autocomplete(autoComplete) : {})} onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error && <p id={`${id}-error`} className="field-error">{error}</p>}
    </div>
  );
}

export function Login() {
  const uid = 'login';
  const [mode, setMode] = useState<Mode>('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [redirectTo, setRedirectTo] = useState('/');
  const [resetId, setResetId] = useState<string | null>(null);

  useEffect(() => {
    const q = query();
    setRedirectTo(safeRedirectPath(q.get('redirectTo')));
    const reset = q.get('reset');
    if (reset) { setResetId(reset); setMode('reset'); }
  }, []);

  async function run(task: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try { await task(); } catch (e) { setFailure(message(e)); } finally { setBusy(false); }
  }

  function required(fields: Record<string, string>): boolean {
    const next: Record<string, string> = {};
    for (const [k, v] of Object.entries(fields)) if (!v.trim()) next[k] = MEMBER_TEXTS.fieldRequired;
    setErrors(next);
    return Object.keys(next).length === 0;
  }

  function submitLogin(e: FormEvent) {
    e.preventDefault();
    if (!required({ username, password })) return;
    void run(async () => {
      try {
        const r = await siteApi().mutation<{ userInfo: MemberInfo }>('loginSiteUser', { username: username.trim(), password, ...(await memberCaptcha('siteUserLogin')) });
        rememberMember(r.userInfo);
      } catch (err) {
        // Rate limits and outages have their own message; every credential failure reads the same.
        const m = message(err);
        throw new Error(/too many|try again in/i.test(m) ? m : MEMBER_TEXTS.loginFailed);
      }
      goTo(redirectTo);
    });
  }

  function submitForgot(e: FormEvent) {
    e.preventDefault();
    if (!required({ username })) return;
    void run(async () => {
      const r = await siteApi().mutation<{ message: string }>('requestSiteUserPasswordReset', { username: username.trim(), path: redirectTo, ...(await memberCaptcha('siteUserPasswordReset')) });
      setNotice(r.message || MEMBER_TEXTS.resetSent);
    });
  }

  function submitReset(e: FormEvent) {
    e.preventDefault();
    if (!required({ password })) return;
    void run(async () => {
      await siteApi().mutation('resetSiteUserPassword', { id: resetId, password });
      setPassword('');
      setMode('login');
      setNotice(LOGIN_TEXTS.resetDone);
    });
  }

  const status = (
    <>
      {failure && <p className="form-error" role="alert">{failure}</p>}
      {notice && <p className="member-notice" role="status">{notice}</p>}
    </>
  );

  if (mode === 'reset') {
    return (
      <form className="member-form" onSubmit={submitReset} {...NO_VALIDATE}>
        <h2>Choose a new password</h2>
        {status}
        <Field id={`${uid}-new-password`} label="New Password" type="password" value={password} onChange={setPassword} autoComplete="new-password" error={errors.password} />
        <button className="button" type="submit" disabled={busy}>Set password</button>
      </form>
    );
  }
  if (mode === 'forgot') {
    return (
      <form className="member-form" onSubmit={submitForgot} {...NO_VALIDATE}>
        <h2>Reset your password</h2>
        {status}
        <Field id={`${uid}-username`} label="Email Address" type="email" value={username} onChange={setUsername} autoComplete="username" error={errors.username} />
        <button className="button" type="submit" disabled={busy}>Send reset link</button>
        <p><button type="button" className="link-button" onClick={() => { setMode('login'); setNotice(null); setFailure(null); }}>Back to log in</button></p>
      </form>
    );
  }
  return (
    <form className="member-form" onSubmit={submitLogin} {...NO_VALIDATE}>
      {status}
      <Field id={`${uid}-username`} label="Email Address" type="email" value={username} onChange={setUsername} autoComplete="username" error={errors.username} />
      <Field id={`${uid}-password`} label="Password" type="password" value={password} onChange={setPassword} autoComplete="current-password" error={errors.password} />
      <button className="button" type="submit" disabled={busy}>Log in</button>
      <p><button type="button" className="link-button" onClick={() => { setMode('forgot'); setNotice(null); setFailure(null); }}>{LOGIN_TEXTS.forgot}</button></p>
      <p className="member-aside">{LOGIN_TEXTS.join} <a href={`/membership/choose${redirectTo !== '/' ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`}>Join now</a></p>
    </form>
  );
}
