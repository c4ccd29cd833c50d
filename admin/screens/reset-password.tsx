// /admin/user/reset-password and /admin/user/activate (admin §2.2), reachable without a session.
// Without a hash: ask for a reset link by email. With ?hash=…: choose a new password (reset) or
// the first one (activate an invite).
import { useState, type FormEvent } from 'react';
import * as api from '../data/api';
import { Button } from '../components/button';
import { TextField } from '../components/fields';
import { Icon } from '../components/icons';
import { Link, useLocation } from '../lib/router';
import { requiredText } from '../lib/validation';
import { AuthLayout } from './auth-layout';

export const MIN_PASSWORD = 12;

/** The password rule of cmsUserSchema (at least 12 characters) plus the confirmation match. */
export function passwordErrors(password: string, confirm: string): { password?: string; confirm?: string } {
  const out: { password?: string; confirm?: string } = {};
  const req = requiredText(password);
  if (req) out.password = req;
  else if (password.length < MIN_PASSWORD) out.password = `At least ${MIN_PASSWORD} characters`;
  if (!out.password && confirm !== password) out.confirm = 'Passwords do not match';
  return out;
}

export default function ResetPasswordScreen() {
  const location = useLocation();
  const activate = location.pathname.startsWith('/admin/user/activate');
  const hash = new URLSearchParams(location.search).get('hash');
  if (!hash) return activate ? <MissingLink /> : <RequestReset />;
  return <ChoosePassword hash={hash} activate={activate} />;
}

function MissingLink() {
  return (
    <AuthLayout title="Activate your account" subtitle="This page needs the link from your invitation email.">
      <Link className="btn btn-secondary btn-block" href="/admin/login">Back to sign in</Link>
    </AuthLayout>
  );
}

function RequestReset() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const req = requiredText(email);
    setError(req);
    if (req) return;
    setBusy(true);
    try {
      await api.requestResetCMSUserPassword(email.trim());
      setSent(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not send the link.');
    } finally {
      setBusy(false);
    }
  };
  if (sent) {
    return (
      <AuthLayout title="Check your email" subtitle="If an account uses that address, a link to choose a new password is on its way.">
        <Link className="btn btn-secondary btn-block" href="/admin/login">Back to sign in</Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Reset your password" subtitle="Enter the email address of your account and we will send you a link.">
      <form className="stack" onSubmit={submit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" autoFocus value={email} onChange={setEmail} error={error} required />
        <Button type="submit" variant="primary" busy={busy} className="btn-block">Send reset link</Button>
        <Link className="auth-link" href="/admin/login">Back to sign in</Link>
      </form>
    </AuthLayout>
  );
}

function ChoosePassword({ hash, activate }: { hash: string; activate: boolean }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = passwordErrors(password, confirm);
    setErrors(next);
    if (next.password || next.confirm) return;
    setBusy(true);
    setFailure(null);
    try {
      if (activate) await api.validateCMSUserInvite(password, hash);
      else await api.resetCMSUserPassword(password, hash);
      setDone(true);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : 'This link is no longer valid.');
    } finally {
      setBusy(false);
    }
  };
  if (done) {
    return (
      <AuthLayout title={activate ? 'Account activated' : 'Password changed'} subtitle="You can now sign in with your new password.">
        <Link className="btn btn-primary btn-block" href="/admin/login">Sign in</Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={activate ? 'Activate your account' : 'Choose a new password'} subtitle={`Use at least ${MIN_PASSWORD} characters.`}>
      <form className="stack" onSubmit={submit} noValidate>
        {failure ? <div className="alert alert-error" role="alert"><Icon name="alert" size={18} /><span>{failure}</span></div> : null}
        <TextField label="New password" type="password" autoComplete="new-password" autoFocus value={password} onChange={setPassword} error={errors.password} required />
        <TextField label="Confirm password" type="password" autoComplete="new-password" value={confirm} onChange={setConfirm} error={errors.confirm} required />
        <Button type="submit" variant="primary" busy={busy} className="btn-block">{activate ? 'Activate account' : 'Change password'}</Button>
      </form>
    </AuthLayout>
  );
}
