// /admin/site-users (manage_site_users): the tenant's members, newest first, searched by username,
// e-mail, name or company (500 ms debounce, admin §5) and paged; the staff edit of a member through
// updateSiteUserProfileAdmin (names, e-mail, username, status, memberships held); and Simulate,
// which signs in as the member (public §4: 1-day session flagged as simulating) and opens the site's
// /__member/simulate with the answer's single-use code, so the site's own host gets the member cookie.
import { useState } from 'react';
import { simulatedText } from '../../../engine/domain/members';
import * as api from '../../data/api';
import type { Membership, SiteUser } from '../../data/types';
import { publicOrigin, useTenant } from '../../app/tenant';
import { errorText, useToast } from '../../app/toasts';
import { checkNavigation } from '../../lib/navigation';
import { useNavigate } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useUrlFilters } from '../../lib/use-url-filters';
import { useForm } from '../../lib/use-form';
import { Button, IconButton } from '../../components/button';
import { CheckboxGroup, RadioGroup, SelectField, TextField } from '../../components/fields';
import { Badge, EmptyState, ErrorPanel, Loading, Pager, formatDate } from '../../components/bits';
import { Page } from '../../shell/page';
import { serverFieldError, siteUserName, siteUserToForm, toSiteUserWrite, validateSiteUser, type SiteUserForm } from './member-forms';
import { useBusy } from '../../lib/use-busy';
import { ListTable, SearchField } from '../../components/list-table';
import { FormDialog } from '../../components/form-dialog';

export const PAGE_SIZE = 25;

/** The site route that spends a simulation code (api/members/simulate.ts) and lands on /account. */
export function simulateEntry(origin: string, code: string): string {
  return `${origin}/__member/simulate?code=${encodeURIComponent(code)}&to=${encodeURIComponent('/account')}`;
}

export default function SiteUsersScreen() {
  const { tenantKey, tenant } = useTenant();
  const navigate = useNavigate();
  const { params, skip, text, setText, search, setParam } = useUrlFilters('/admin/site-users');
  const status = params.get('status') ?? '';
  const [editing, setEditing] = useState<SiteUser | null>(null);
  const toast = useToast();

  const list = useAsync(async () => ({
    page: await api.getSiteUserStream({ phrase: search.trim(), status: status === '' ? undefined : Number(status), skip, limit: PAGE_SIZE }),
    tenantKey: tenantKey as string,
  }), [tenantKey, search, status, skip]);
  const memberships = useAsync(() => api.getMembershipStream().catch(() => [] as Membership[]), [tenantKey]);
  const titles = new Map((memberships.data ?? []).map((m) => [m.id, m.title]));
  const tk = list.data?.tenantKey ?? '';
  const users = list.data?.page.items ?? [];
  const total = list.data?.page.totalCount ?? 0;
  const filtered = Boolean(search || status);

  const simulate = async (u: SiteUser) => {
    const origin = publicOrigin(tenant);
    const check = origin ? checkNavigation(`${origin}/`, window.location.origin, true) : null;
    // Opened now, inside the click, so no popup blocker stands in the way; pointed at the site once signed in.
    const win = check && check.kind !== 'refused' ? window.open('', '_blank') : null;
    try {
      const r = await api.simulateSiteUser(u.username, tk);
      toast.success(r.message || simulatedText(u.username));
      if (win && origin && check && check.kind !== 'refused') {
        // The site's host never sees this host's cookies: the single-use code (60 s) makes the
        // site's own /__member/simulate set the member cookie there and land on /account.
        const entry = r.simulateCode ? checkNavigation(simulateEntry(origin, r.simulateCode), window.location.origin, true) : check;
        win.opener = null;
        win.location.href = entry.kind === 'refused' ? check.href : entry.href;
      }
    } catch (e) {
      win?.close();
      toast.error(errorText(e));
    }
  };

  return (
    <Page title="Site users" eyebrow="Members"
      top={
        <div className="filters" role="search" aria-label="Find site users">
          <SearchField id="site-user-search" placeholder="Name, e-mail, username or company" value={text} onChange={setText} />
          <SelectField label="Status" value={status} placeholder="Any status" options={[{ value: '1', label: 'Active' }, { value: '0', label: 'Inactive' }]} onChange={(x) => setParam({ status: x ?? '' })} />
          {filtered ? <button type="button" className="btn btn-ghost btn-sm filter-clear" onClick={() => { setText(''); navigate('/admin/site-users', { replace: true }); }}>Clear filters</button> : null}
        </div>
      }
      bottom={total > 0 ? <Pager skip={skip} limit={PAGE_SIZE} total={total} onPage={(s) => setParam({ skip: s ? String(s) : '' })} /> : null}>
      {list.loading && !list.data ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : users.length === 0 ? (
        filtered ? <EmptyState icon="search" title="No site users match">Try another name, e-mail address or company.</EmptyState>
          : <EmptyState icon="users" title="No site users yet">Readers appear here once they register on the site.</EmptyState>
      ) : (
        <ListTable caption="Site users, newest first" columns={['Member', { label: 'Company', className: 'col-hide-sm' }, 'Memberships', 'Status', { label: 'Registered', className: 'col-hide-sm' }]} flush={false} loading={list.loading}>
              {users.map((u) => (
                <tr key={u.id}>
                  <td className="cell-title">
                    <span className="user-cell">
                      <span className="avatar avatar-sm" aria-hidden="true">{initials(u)}</span>
                      <span>
                        <button type="button" className="link-button su-name" onClick={() => setEditing(u)}>{siteUserName(u)}</button>
                        <span className="muted block user-email">{u.email}</span>
                      </span>
                    </span>
                  </td>
                  <td className="col-hide-sm muted">{u.company || '—'}</td>
                  <td>
                    {u.memberships.length === 0 ? <span className="muted">None</span> : (
                      <span className="su-chips">{u.memberships.map((id) => <Badge key={id} tone="blue">{titles.get(id) ?? `#${id}`}</Badge>)}</span>
                    )}
                  </td>
                  <td>{u.status === 1 ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}</td>
                  <td className="col-hide-sm muted nowrap">{formatDate(u.created)}</td>
                  <td className="cell-actions">
                    <IconButton icon="edit" label={`Edit ${siteUserName(u)}`} onClick={() => setEditing(u)} />
                    <Button size="sm" variant="ghost" icon="eye" disabled={u.status !== 1} title={u.status !== 1 ? 'Inactive accounts cannot be simulated' : undefined}
                      aria-label={`Simulate ${siteUserName(u)}`} onClick={() => void simulate(u)}>Simulate</Button>
                  </td>
                </tr>
              ))}
        </ListTable>
      )}
      {editing ? (
        <SiteUserDialog user={editing} tenantKey={tk} memberships={memberships.data ?? []} onClose={() => setEditing(null)}
          onSaved={() => { setEditing(null); list.reload(); }} />
      ) : null}
    </Page>
  );
}

function initials(u: SiteUser): string {
  const s = `${u.firstName?.[0] ?? ''}${u.lastName?.[0] ?? ''}`;
  return (s || u.username.slice(0, 2)).toUpperCase();
}

function SiteUserDialog({ user, tenantKey, memberships, onClose, onSaved }: {
  user: SiteUser; tenantKey: string; memberships: Membership[]; onClose: () => void; onSaved: () => void;
}) {
  const form = useForm<SiteUserForm>(siteUserToForm(user), validateSiteUser);
  const [server, setServer] = useState<Record<string, string>>({});
  const { busy, run } = useBusy();
  const toast = useToast();
  const v = form.values;
  const err = (k: string) => form.error(k) ?? server[k];
  const set = <K extends keyof SiteUserForm>(k: K, x: SiteUserForm[K]) => {
    form.set(k, x);
    if (server[k]) setServer((s) => Object.fromEntries(Object.entries(s).filter(([key]) => key !== k)));
  };
  const options = memberships.map((m) => ({ value: String(m.id), label: `${m.title}${m.isFree ? '' : ' (paid)'}${m.status === 1 ? '' : ' · inactive'}` }));

  const save = async () => {
    if (!form.check()) return;
    const input = toSiteUserWrite(v, user);
    if (Object.keys(input).length === 0) {
      toast.info('Nothing to save: no field changed.');
      return;
    }
    await run(async () => {
      await api.updateSiteUserProfileAdmin(user.id, input, tenantKey);
      toast.success(`${siteUserName({ firstName: v.firstName, lastName: v.lastName, username: v.username })} saved.`);
      onSaved();
    }, (e) => {
      const f = serverFieldError(e);
      // "membershipIds.2" belongs to the one memberships group.
      if (f) setServer({ [f.path.split('.')[0] ?? f.path]: f.message });
      else toast.error(errorText(e));
    });
  };

  return (
    <FormDialog title={`Edit ${siteUserName(user)}`} onClose={onClose} width={720}
      description={`Member since ${formatDate(user.created)} · last changed ${formatDate(user.updated, true)}`}
      submitLabel="Save" busy={busy} onSubmit={() => void save()} formLabel="Site user">
        <div className="grid-2">
          <TextField label="First name" value={v.firstName} autoComplete="off" onChange={(x) => set('firstName', x)} onBlur={() => form.touch('firstName')} error={err('firstName')} field="firstName" />
          <TextField label="Last name" value={v.lastName} autoComplete="off" onChange={(x) => set('lastName', x)} onBlur={() => form.touch('lastName')} error={err('lastName')} field="lastName" />
          <TextField label="Email" required type="email" autoComplete="off" value={v.email} onChange={(x) => set('email', x)} onBlur={() => form.touch('email')} error={err('email')} field="email" />
          <TextField label="Username" required autoComplete="off" value={v.username} onChange={(x) => set('username', x)} onBlur={() => form.touch('username')} error={err('username')} field="username"
            hint="Members sign in with it; usually their e-mail address." />
        </div>
        <RadioGroup legend="Status" name="site-user-status" value={v.status} options={[{ value: '1', label: 'Active' }, { value: '0', label: 'Inactive' }]}
          onChange={(x) => set('status', x as '0' | '1')} />
        {options.length ? (
          <CheckboxGroup legend="Memberships" columns={2} options={options} value={v.membershipIds.map(String)}
            onChange={(x) => set('membershipIds', x.map(Number))} error={err('membershipIds')} field="membershipIds" />
        ) : <p className="field-hint">This site has no memberships.</p>}
        <dl className="su-facts">
          {([['Company', user.company], ['Job title', user.title], ['City', user.city], ['Postal code', user.postalCode], ['Region', user.region], ['Country', user.countryCode]] as const).map(([k, val]) => (
            <div key={k}><dt>{k}</dt><dd>{val || '—'}</dd></div>
          ))}
        </dl>
    </FormDialog>
  );
}
