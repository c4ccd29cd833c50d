// /admin/user: the signed-in user's profile (first and last name; username read only, admin §5)
// and the password change with the current password.
import { useState } from 'react';
import * as api from '../data/api';
import { useSession } from '../app/session';
import { errorText, useToast } from '../app/toasts';
import { useForm } from '../lib/use-form';
import { requiredText, type FieldErrors } from '../lib/validation';
import { Button } from '../components/button';
import { TextField } from '../components/fields';
import { Badge } from '../components/bits';
import { Card, Page } from '../shell/page';
import { passwordErrors } from './reset-password';

export default function ProfileScreen() {
  const { user, reloadUser, adoptTokens } = useSession();
  const toast = useToast();
  const profile = useForm({ firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' }, (v) => {
    const e: FieldErrors = {};
    const f = requiredText(v.firstName);
    const l = requiredText(v.lastName);
    if (f) e.firstName = f;
    if (l) e.lastName = l;
    return e;
  });
  const pw = useForm({ current: '', next: '', confirm: '' }, (v) => {
    const e: FieldErrors = {};
    const c = requiredText(v.current);
    if (c) e.current = c;
    const n = passwordErrors(v.next, v.confirm);
    if (n.password) e.next = n.password;
    if (n.confirm) e.confirm = n.confirm;
    return e;
  });
  const [busy, setBusy] = useState<'profile' | 'password' | null>(null);
  if (!user) return null;

  const saveProfile = async () => {
    if (!profile.check()) return;
    setBusy('profile');
    try {
      await api.updateOwnCmsUserProfile({ firstName: profile.values.firstName.trim(), lastName: profile.values.lastName.trim() });
      await reloadUser();
      profile.reset(profile.values);
      toast.success('Profile saved.');
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(null);
    }
  };
  const savePassword = async () => {
    if (!pw.check()) return;
    setBusy('password');
    try {
      adoptTokens(await api.changeOwnCmsUserPassword(pw.values.current, pw.values.next));
      pw.reset({ current: '', next: '', confirm: '' });
      toast.success('Password changed.');
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Page title="My profile" width="narrow">
      <div className="stack-lg">
        <Card title="Profile" actions={<Badge tone={user.isGlobal ? 'violet' : 'gray'}>{user.role.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())}{user.isGlobal ? ' · all sites' : ''}</Badge>}>
          <form className="stack" onSubmit={(e) => { e.preventDefault(); void saveProfile(); }} noValidate>
            <div className="grid-2">
              <TextField label="First name" required value={profile.values.firstName} onChange={(x) => profile.set('firstName', x)} onBlur={() => profile.touch('firstName')} error={profile.error('firstName')} />
              <TextField label="Last name" required value={profile.values.lastName} onChange={(x) => profile.set('lastName', x)} onBlur={() => profile.touch('lastName')} error={profile.error('lastName')} />
              <TextField label="Username" value={user.username} onChange={() => undefined} readOnly hint="Usernames cannot be changed." />
              <TextField label="Email" value={user.email} onChange={() => undefined} readOnly />
            </div>
            <div className="form-actions"><Button type="submit" variant="primary" busy={busy === 'profile'} disabled={!profile.dirty}>Save profile</Button></div>
          </form>
        </Card>
        <Card title="Password" description="Changing it signs you out everywhere else.">
          <form className="stack" onSubmit={(e) => { e.preventDefault(); void savePassword(); }} noValidate>
            <TextField label="Current password" type="password" autoComplete="current-password" required value={pw.values.current} onChange={(x) => pw.set('current', x)} onBlur={() => pw.touch('current')} error={pw.error('current')} />
            <div className="grid-2">
              <TextField label="New password" type="password" autoComplete="new-password" required value={pw.values.next} onChange={(x) => pw.set('next', x)} onBlur={() => pw.touch('next')} error={pw.error('next')} hint="At least 12 characters." />
              <TextField label="Confirm new password" type="password" autoComplete="new-password" required value={pw.values.confirm} onChange={(x) => pw.set('confirm', x)} onBlur={() => pw.touch('confirm')} error={pw.error('confirm')} />
            </div>
            <div className="form-actions"><Button type="submit" busy={busy === 'password'}>Change password</Button></div>
          </form>
        </Card>
      </div>
    </Page>
  );
}
