// /admin/cms-users and /admin/create-cms-user: staff accounts (admin §3.4): role (default editor),
// extra permissions, status, and global or site scope with tenants. Checked with cmsUserSchema.
import { useState } from 'react';
import { PERMISSIONS, ROLES, ROLE_NAMES, type Permission, type Role } from '../../../engine/domain/permissions';
import { cmsUserSchema } from '../../../engine/domain/records';
import * as api from '../../data/api';
import type { CmsUser } from '../../data/types';
import { useTenant } from '../../app/tenant';
import { errorText, useToast } from '../../app/toasts';
import { useLocation, useNavigate } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';
import { Button, IconButton } from '../../components/button';
import { CheckboxGroup, RadioGroup, SelectField, TextField } from '../../components/fields';
import { Badge, EmptyState, ErrorPanel, Loading, formatDate } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { ListTable } from '../../components/list-table';
import { FormDialog } from '../../components/form-dialog';
import { useBusy } from '../../lib/use-busy';

export interface UserForm {
  email: string; username: string; firstName: string; lastName: string; role: Role; extraPermissions: Permission[];
  status: '0' | '1'; scope: 'site' | 'global'; tenants: string[];
}

const ROLE_LABEL = (r: string) => r.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
const PERMISSION_LABEL = (p: string) => p.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export function validateUser(f: UserForm): FieldErrors {
  const r = cmsUserSchema.safeParse({
    id: 1, email: f.email.trim(), username: f.username.trim(), firstName: f.firstName, lastName: f.lastName, role: f.role,
    extraPermissions: f.extraPermissions, status: Number(f.status), isGlobal: f.scope === 'global', tenants: f.scope === 'global' ? [] : f.tenants,
    password: 'not-sent-invites-set-passwords',
  });
  const errors = r.success ? {} : issuesToErrors(r.error.issues);
  if (f.email.trim() === '') errors.email = 'Field is required';
  if (f.username.trim() === '') errors.username = 'Field is required';
  return errors;
}

export default function CmsUsersScreen() {
  const list = useAsync(() => api.getCmsUserStream(), []);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { tenants } = useTenant();
  const [editing, setEditing] = useState<CmsUser | null>(null);
  const creating = pathname.startsWith('/admin/create-cms-user');
  const names = new Map(tenants.map((t) => [t.tenantKey, t.name]));
  const close = () => {
    setEditing(null);
    if (creating) navigate('/admin/cms-users', { replace: true });
  };
  return (
    <Page title="CMS users" actions={<Button variant="primary" icon="plus" onClick={() => navigate('/admin/create-cms-user')}>New user</Button>}>
      {list.loading ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : (list.data ?? []).length === 0 ? <EmptyState icon="users" title="No users" /> : (
        <Card>
          <ListTable caption="CMS users" columns={['Name', { label: 'Username', className: 'col-hide-sm' }, 'Role', 'Sites', 'Status']}>
                {list.data?.map((u) => (
                  <tr key={u.id}>
                    <td className="cell-title"><span className="user-cell"><span className="avatar avatar-sm" aria-hidden="true">{(u.firstName[0] ?? '') + (u.lastName[0] ?? '')}</span><span><strong>{u.firstName} {u.lastName}</strong><span className="muted block user-email">{u.email}</span></span></span></td>
                    <td className="col-hide-sm mono muted">{u.username}</td>
                    <td>{ROLE_LABEL(u.role)}{u.extraPermissions.length ? <span className="muted"> +{u.extraPermissions.length}</span> : null}</td>
                    <td>{u.isGlobal ? <Badge tone="violet">All sites</Badge> : u.tenants.map((t) => names.get(t) ?? t).join(', ')}</td>
                    <td>{u.status === 1 ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}</td>
                    <td className="cell-actions"><IconButton icon="edit" label={`Edit ${u.firstName} ${u.lastName}`} onClick={() => setEditing(u)} /></td>
                  </tr>
                ))}
          </ListTable>
        </Card>
      )}
      {creating || editing ? <UserDialog user={editing} onClose={close} onSaved={() => { list.reload(); close(); }} /> : null}
    </Page>
  );
}

function UserDialog({ user, onClose, onSaved }: { user: CmsUser | null; onClose: () => void; onSaved: () => void }) {
  const { tenants, tenantKey } = useTenant();
  const creating = !user;
  const form = useForm<UserForm>(user ? {
    email: user.email, username: user.username, firstName: user.firstName, lastName: user.lastName, role: user.role,
    extraPermissions: user.extraPermissions, status: user.status === 1 ? '1' : '0', scope: user.isGlobal ? 'global' : 'site', tenants: user.tenants,
  } : { email: '', username: '', firstName: '', lastName: '', role: 'editor', extraPermissions: [], status: '1', scope: 'site', tenants: tenantKey ? [tenantKey] : [] },
  validateUser);
  const toast = useToast();
  const { busy, run } = useBusy();
  const v = form.values;
  const fromRole = new Set<string>(ROLES[v.role]);
  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      const input = {
        email: v.email.trim(), username: v.username.trim(), firstName: v.firstName.trim(), lastName: v.lastName.trim(), role: v.role,
        extraPermissions: v.extraPermissions.filter((p) => !fromRole.has(p)), status: Number(v.status) as 0 | 1,
        isGlobal: v.scope === 'global', tenants: v.scope === 'global' ? [] : v.tenants,
      };
      if (user) {
        await api.updateCmsUser(user.id, input);
        toast.success('User saved.');
      } else {
        const created = await api.createCmsUser(input);
        toast.success(`User created. The invitation link sent to ${created.user.email} works until ${formatDate(created.inviteExpiresAt, true)}.`);
      }
      onSaved();
    }, (e) => toast.error(errorText(e)));
  };
  return (
    <FormDialog title={user ? `${user.firstName} ${user.lastName}` : 'New CMS user'} onClose={onClose} width={720} submitLabel={user ? 'Save' : 'Create user'} busy={busy} onSubmit={() => void save()}>
        <div className="grid-2">
          <TextField label="First name" required value={v.firstName} onChange={(x) => form.set('firstName', x)} onBlur={() => form.touch('firstName')} error={form.error('firstName')} field="firstName" />
          <TextField label="Last name" required value={v.lastName} onChange={(x) => form.set('lastName', x)} onBlur={() => form.touch('lastName')} error={form.error('lastName')} field="lastName" />
          <TextField label="Email" required type="email" value={v.email} onChange={(x) => form.set('email', x)} onBlur={() => form.touch('email')} error={form.error('email')} field="email" />
          <TextField label="Username" required value={v.username} autoComplete="off" onChange={(x) => form.set('username', x)} onBlur={() => form.touch('username')} error={form.error('username')} field="username" />
          <SelectField label="Role" required value={v.role} options={ROLE_NAMES.map((r) => ({ value: r, label: ROLE_LABEL(r) }))} onChange={(x) => x && form.set('role', x as Role)} field="role" />
          <RadioGroup legend="Status" name="status" value={v.status} options={[{ value: '1', label: 'Active' }, { value: '0', label: 'Inactive' }]} onChange={(x) => form.set('status', x as '0' | '1')} />
        </div>
        <RadioGroup legend="Scope" name="scope" value={v.scope} options={[{ value: 'site', label: 'Site specific' }, { value: 'global', label: 'Global (all sites)' }]} onChange={(x) => form.set('scope', x as 'site' | 'global')} />
        {v.scope === 'site' ? <CheckboxGroup legend="Sites" required columns={3} options={tenants.map((t) => ({ value: t.tenantKey, label: t.name }))} value={v.tenants} onChange={(x) => form.set('tenants', x)} error={form.error('tenants')} field="tenants" /> : null}
        <details className="disclosure">
          <summary>Extra permissions{v.extraPermissions.filter((p) => !fromRole.has(p)).length ? ` (${v.extraPermissions.filter((p) => !fromRole.has(p)).length})` : ''}</summary>
          <p className="field-hint">Permissions the {ROLE_LABEL(v.role).toLowerCase()} role already grants are ticked and locked.</p>
          <div className="checks-grid" style={{ gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
            {PERMISSIONS.map((p) => (
              <label key={p} className="check">
                <input type="checkbox" checked={fromRole.has(p) || v.extraPermissions.includes(p)} disabled={fromRole.has(p)}
                  onChange={(e) => form.set('extraPermissions', e.target.checked ? [...v.extraPermissions, p] : v.extraPermissions.filter((x) => x !== p))} />
                <span className="check-label">{PERMISSION_LABEL(p)}</span>
              </label>
            ))}
          </div>
        </details>
        {creating ? <p className="field-hint">The new user gets an e-mail with a link to choose a password.</p> : null}
    </FormDialog>
  );
}
