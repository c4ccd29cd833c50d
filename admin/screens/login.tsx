// /admin/login (admin §4): username and password; on success goes to the redirect query when it is
// an admin path of this origin. noToken parameters are stripped from the address.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSession } from '../app/session';
import { Button } from '../components/button';
import { TextField } from '../components/fields';
import { Icon } from '../components/icons';
import { safeAdminRedirect, stripNoToken } from '../lib/navigation';
import { Link, useLocation, useNavigate } from '../lib/router';
import { requiredText } from '../lib/validation';
import { AuthLayout } from './auth-layout';

export default function LoginScreen() {
  const { login, status } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const target = safeAdminRedirect(new URLSearchParams(location.search).get('redirect'), window.location.origin);

  useEffect(() => {
    const clean = stripNoToken(location.search);
    if (clean !== location.search) navigate(`${location.pathname}${clean}`, { replace: true });
  }, [location.pathname, location.search, navigate]);

  useEffect(() => {
    if (status === 'signed-in') navigate(target, { replace: true });
  }, [status, target, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = { username: requiredText(username) ?? undefined, password: requiredText(password) ?? undefined };
    setErrors(next);
    setFailure(null);
    if (next.username || next.password) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      await login(username.trim(), password);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : 'Sign-in failed.');
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to manage your sites." footer={<span>Masthead · staff admin</span>}>
      <form ref={form} className="stack" onSubmit={submit} noValidate>
        {failure ? (
          <div className="alert alert-error" role="alert">
            <Icon name="alert" size={18} />
            <span>{failure}</span>
          </div>
        ) : null}
        <TextField label="Username" autoComplete="username" autoFocus value={username} onChange={setUsername} error={errors.username} required />
        <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} error={errors.password} required />
        <Button type="submit" variant="primary" busy={busy} className="btn-block">Sign in</Button>
        <Link className="auth-link" href="/admin/user/reset-password">Forgot your password?</Link>
      </form>
    </AuthLayout>
  );
}
