// /admin/redirects and /admin/create-redirect: list, create, edit and delete redirects (checked
// with the shared redirectSchema), and test where a path goes.
import { useState } from 'react';
import { redirectSchema } from '../../../engine/domain/records';
import * as api from '../../data/api';
import type { Redirect } from '../../data/types';
import { useTenant } from '../../app/tenant';
import { usePublish } from '../../app/publish';
import { errorText, useToast } from '../../app/toasts';
import { useLocation, useNavigate } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { CheckboxField, TextField } from '../../components/fields';
import { Icon } from '../../components/icons';
import { EmptyState, ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { FilterBox, ListTable, RowActions } from '../../components/list-table';
import { FormDialog } from '../../components/form-dialog';
import { useBusy, useDeleteFlow } from '../../lib/use-busy';

type RedirectForm = { from: string; to: string; preserveQueryString: boolean };

export function validateRedirect(f: RedirectForm): FieldErrors {
  const r = redirectSchema.safeParse({ id: 1, from: f.from.trim(), to: f.to, preserveQueryString: f.preserveQueryString });
  return r.success ? {} : issuesToErrors(r.error.issues);
}

export default function RedirectsScreen() {
  const { tenantKey } = useTenant();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const list = useAsync(async () => ({ items: await api.getRedirectStream(), tenantKey: tenantKey as string }), []);
  const [editing, setEditing] = useState<Redirect | null>(null);
  const [filter, setFilter] = useState('');
  const toast = useToast();
  const publish = usePublish();
  const creating = pathname.startsWith('/admin/create-redirect');
  const tk = list.data?.tenantKey ?? '';
  const items = (list.data?.items ?? []).filter((r) => !filter || `${r.from} ${r.to}`.toLowerCase().includes(filter.toLowerCase()));

  const del = useDeleteFlow((r: Redirect) => publish.track(`Redirect ${r.from}`, tk, () => api.deleteRedirect(r.id, tk)), () => { toast.success('Redirect deleted.'); list.reload(); }, (e) => toast.error(errorText(e)));

  return (
    <Page title="Redirects" actions={<Button variant="primary" icon="plus" onClick={() => navigate('/admin/create-redirect')}>New redirect</Button>}
      top={<TestPath />}>
      {list.loading ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : (
        <Card title={`${list.data?.items.length ?? 0} redirects`} actions={
          <FilterBox label="Filter redirects" value={filter} onChange={setFilter} />
        }>
          {items.length === 0 ? <EmptyState icon="redirects" title={filter ? 'No redirects match' : 'No redirects yet'}>Redirects send an old address to a new one with a 301.</EmptyState> : (
            <ListTable caption="Redirects" columns={['From', 'To', { label: 'Query string', className: 'col-hide-sm' }]}>
                  {items.map((r) => (
                    <tr key={r.id}>
                      <td className="mono">{r.from}</td>
                      <td className="mono"><span className="arrow-to" aria-hidden="true">→ </span>{r.to}</td>
                      <td className="col-hide-sm muted">{r.preserveQueryString ? 'Kept' : 'Dropped'}</td>
                      <RowActions subject={`redirect from ${r.from}`} onEdit={() => setEditing(r)} onDelete={() => del.ask(r)} />
                    </tr>
                  ))}
            </ListTable>
          )}
        </Card>
      )}
      {creating || editing ? (
        <RedirectDialog redirect={editing} tenantKey={tk} onClose={() => { setEditing(null); if (creating) navigate('/admin/redirects', { replace: true }); }} onSaved={() => { list.reload(); setEditing(null); if (creating) navigate('/admin/redirects', { replace: true }); }} />
      ) : null}
      {del.deleting ? <ConfirmDialog title="Delete redirect?" message={`${del.deleting.from} will no longer redirect to ${del.deleting.to}.`} confirmLabel="Delete" onCancel={del.cancel} onConfirm={() => void del.confirm()} /> : null}
    </Page>
  );
}

function RedirectDialog({ redirect, tenantKey, onClose, onSaved }: { redirect: Redirect | null; tenantKey: string; onClose: () => void; onSaved: () => void }) {
  const form = useForm<RedirectForm>(redirect ? { from: redirect.from, to: redirect.to, preserveQueryString: redirect.preserveQueryString } : { from: '', to: '', preserveQueryString: false }, validateRedirect);
  const toast = useToast();
  const publish = usePublish();
  const { busy, run } = useBusy();
  const v = form.values;
  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      const input = { from: v.from.trim(), to: v.to.trim(), preserveQueryString: v.preserveQueryString };
      await publish.track(`Redirect ${input.from}`, tenantKey, () => (redirect ? api.updateRedirect(redirect.id, input, tenantKey) : api.createRedirect(input, tenantKey)));
      toast.success(redirect ? 'Redirect saved.' : 'Redirect created.');
      onSaved();
    }, (e) => toast.error(errorText(e)));
  };
  return (
    <FormDialog title={redirect ? 'Edit redirect' : 'New redirect'} onClose={onClose} submitLabel={redirect ? 'Save' : 'Create redirect'} busy={busy} onSubmit={() => void save()}>
        <TextField label="From" required value={v.from} placeholder="/old-path" onChange={(x) => form.set('from', x)} onBlur={() => form.touch('from')} error={form.error('from')} field="from" />
        <TextField label="To" required value={v.to} placeholder="/new-path or https://…" onChange={(x) => form.set('to', x)} onBlur={() => form.touch('to')} error={form.error('to')} field="to" />
        <CheckboxField label="Keep the query string" checked={v.preserveQueryString} onChange={(x) => form.set('preserveQueryString', x)} />
    </FormDialog>
  );
}

function TestPath() {
  const [path, setPath] = useState('');
  const [result, setResult] = useState<{ path: string; to: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusy();
  const test = async () => {
    const p = path.trim();
    if (!p) {
      setError('Field is required');
      return;
    }
    if (!p.startsWith('/')) {
      setError('Must be a path starting with /');
      return;
    }
    setError(null);
    await run(async () => {
      const r = await api.getWebsiteRedirect(p, true);
      setResult({ path: p, to: r?.to ?? null });
    }, (e) => setError(errorText(e)));
  };
  return (
    <form className="test-path" onSubmit={(e) => { e.preventDefault(); void test(); }} noValidate aria-label="Redirect tester">
      <TextField label="Test a path" value={path} placeholder="/old-path?utm_source=x" onChange={(x) => { setPath(x); setResult(null); }} error={error} className="grow" />
      <Button type="submit" busy={busy}>Test</Button>
      {result ? (
        <p className={`test-result${result.to ? ' test-hit' : ''}`} role="status">
          {result.to ? <><Icon name="check" size={16} /><span><code>{result.path}</code> redirects to <code>{result.to}</code></span></> : <><Icon name="info" size={16} /><span>No redirect for <code>{result.path}</code></span></>}
        </p>
      ) : null}
    </form>
  );
}
