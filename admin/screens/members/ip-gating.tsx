// /admin/ip-gating-settings and /admin/create-ip-gating (manage_ip_gating): site-license companies
// whose visitors pass membership gating by IP address (public §4). Each company has a name, a
// status and IP addresses or CIDR ranges, checked row by row with engine/domain/ip-range (the same
// parser the API uses). A tester shows which company an address belongs to.
import { useState } from 'react';
import * as api from '../../data/api';
import type { SiteLicenseCompany } from '../../data/types';
import { useTenant } from '../../app/tenant';
import { errorText, useToast } from '../../app/toasts';
import { useLocation, useNavigate } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import { useBusy, useDeleteFlow } from '../../lib/use-busy';
import { Button, IconButton } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { FormDialog } from '../../components/form-dialog';
import { FilterBox, ListTable, RowActions } from '../../components/list-table';
import { RadioGroup, TextField } from '../../components/fields';
import { Icon } from '../../components/icons';
import { Badge, EmptyState, ErrorPanel, Loading, formatDate } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { companyToForm, emptyCompany, serverFieldError, normalisedRange, toCompanyWrite, validateCompany, type CompanyForm } from './member-forms';

export default function IpGatingScreen() {
  const { tenantKey } = useTenant();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const list = useAsync(async () => ({ items: await api.getSiteLicenseCompanyStream(), tenantKey: tenantKey as string }), [tenantKey]);
  const [editing, setEditing] = useState<SiteLicenseCompany | null>(null);
  const [filter, setFilter] = useState('');
  const toast = useToast();
  const creating = pathname.startsWith('/admin/create-ip-gating');
  const tk = list.data?.tenantKey ?? '';
  const all = list.data?.items ?? [];
  const items = all.filter((c) => !filter || `${c.name} ${c.ranges.join(' ')}`.toLowerCase().includes(filter.toLowerCase()));
  const close = () => {
    setEditing(null);
    if (creating) navigate('/admin/ip-gating-settings', { replace: true });
  };
  const del = useDeleteFlow((c: SiteLicenseCompany) => api.deleteSiteLicenseCompany(c.id, tk), (c) => { toast.success(`${c.name} deleted.`); list.reload(); }, (e) => toast.error(errorText(e)));

  return (
    <Page title="IP gating" eyebrow="Members"
      actions={<Button variant="primary" icon="plus" onClick={() => navigate('/admin/create-ip-gating')}>New company</Button>}
      top={<IpTester tenantKey={tk} />}>
      {list.loading && !list.data ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : (
        <Card title={`${all.length} site-license ${all.length === 1 ? 'company' : 'companies'}`}
          description="Readers browsing from these addresses pass membership gating without signing in."
          actions={all.length ? (
            <FilterBox label="Filter companies" value={filter} onChange={setFilter} />
          ) : null}>
          {items.length === 0 ? (
            <EmptyState icon="globe" title={filter ? 'No companies match' : 'No site-license companies yet'}
              action={filter ? null : <Button variant="primary" icon="plus" onClick={() => navigate('/admin/create-ip-gating')}>Add a company</Button>}>
              Add a company with its office or VPN address ranges to open gated content to its staff.
            </EmptyState>
          ) : (
            <ListTable caption="Site-license companies" columns={['Company', 'IP ranges', 'Status', { label: 'Updated', className: 'col-hide-sm' }]}>
                  {items.map((c) => (
                    <tr key={c.id}>
                      <td className="cell-title"><button type="button" className="link-button" onClick={() => setEditing(c)}>{c.name}</button></td>
                      <td>
                        {c.ranges.length === 0 ? <span className="muted">None</span> : (
                          <span className="ipg-ranges">
                            {c.ranges.slice(0, 3).map((r) => <code key={r}>{r}</code>)}
                            {c.ranges.length > 3 ? <span className="muted">+{c.ranges.length - 3} more</span> : null}
                          </span>
                        )}
                      </td>
                      <td>{c.status === 1 ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}</td>
                      <td className="col-hide-sm muted nowrap">{formatDate(c.updated)}</td>
                      <RowActions subject={c.name} onEdit={() => setEditing(c)} onDelete={() => del.ask(c)} />
                    </tr>
                  ))}
            </ListTable>
          )}
        </Card>
      )}
      {creating || editing ? <CompanyDialog company={editing} tenantKey={tk} onClose={close} onSaved={() => { list.reload(); close(); }} /> : null}
      {del.deleting ? (
        <ConfirmDialog title="Delete company?" confirmLabel="Delete" onCancel={del.cancel} onConfirm={() => void del.confirm()}
          message={`Visitors from the ${del.deleting.ranges.length} ranges of ${del.deleting.name} will no longer pass gating by address.`} />
      ) : null}
    </Page>
  );
}

/** The form row of the i-th range sent (blank rows are not sent). */
function rowOfSent(f: CompanyForm, sentIndex: number): number {
  let n = -1;
  for (const [i, v] of f.ranges.entries()) {
    if (v.trim() && ++n === sentIndex) return i;
  }
  return sentIndex;
}

function CompanyDialog({ company, tenantKey, onClose, onSaved }: { company: SiteLicenseCompany | null; tenantKey: string; onClose: () => void; onSaved: () => void }) {
  const form = useForm<CompanyForm>(company ? companyToForm(company) : emptyCompany(), validateCompany);
  const [server, setServer] = useState<Record<string, string>>({});
  const { busy, run } = useBusy();
  const toast = useToast();
  const v = form.values;
  const err = (k: string) => form.error(k) ?? server[k];
  const clearServer = (k: string) => {
    if (server[k]) setServer((s) => Object.fromEntries(Object.entries(s).filter(([key]) => key !== k)));
  };
  const setRange = (i: number, value: string) => {
    form.update((f) => ({ ...f, ranges: f.ranges.map((r, j) => (j === i ? value : r)) }));
    clearServer(`ranges.${i}`);
  };
  const removeRange = (i: number) => {
    form.update((f) => ({ ...f, ranges: f.ranges.length === 1 ? [''] : f.ranges.filter((_, j) => j !== i) }));
    setServer({});
  };
  const addRange = () => {
    form.update((f) => ({ ...f, ranges: [...f.ranges, ''] }));
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-field="ranges.${v.ranges.length}"]`)?.focus());
  };

  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      const input = toCompanyWrite(v);
      if (company) await api.updateSiteLicenseCompany(company.id, input, tenantKey);
      else await api.createSiteLicenseCompany(input, tenantKey);
      toast.success(company ? `${input.name} saved.` : `${input.name} added.`);
      onSaved();
    }, (e) => {
      const f = serverFieldError(e);
      const m = f ? /^ranges\.(\d+)$/.exec(f.path) : null;
      if (f) setServer({ [m ? `ranges.${rowOfSent(v, Number(m[1]))}` : f.path]: f.message });
      else toast.error(errorText(e));
    });
  };

  return (
    <FormDialog title={company ? `Edit ${company.name}` : 'New site-license company'} onClose={onClose} width={640}
      submitLabel={company ? 'Save' : 'Add company'} busy={busy} onSubmit={() => void save()} formLabel="Site-license company">
        <TextField label="Company name" required value={v.name} onChange={(x) => { form.set('name', x); clearServer('name'); }} onBlur={() => form.touch('name')} error={err('name')} field="name" />
        <RadioGroup legend="Status" name="company-status" value={v.status} options={[{ value: '1', label: 'Active' }, { value: '0', label: 'Inactive' }]} onChange={(x) => form.set('status', x as '0' | '1')} />
        <fieldset className="field ipg-fieldset">
          <legend className="field-label">IP addresses and ranges</legend>
          <p className="field-hint">One per row: an address (<code>198.51.100.7</code>) or a CIDR range (<code>203.0.113.0/24</code>, <code>2001:db8::/32</code>).</p>
          <ol className="ipg-rows">
            {v.ranges.map((r, i) => {
              const norm = r.trim() ? normalisedRange(r) : null;
              return (
                <li key={i} className="ipg-row">
                  <TextField label={`IP range ${i + 1}`} className="label-hidden grow" value={r} placeholder="203.0.113.0/24" spellCheck={false} autoComplete="off"
                    onChange={(x) => setRange(i, x)} onBlur={() => form.touch(`ranges.${i}`)} error={err(`ranges.${i}`)} field={`ranges.${i}`}
                    hint={norm && norm !== r.trim() ? <>Stored as <code>{norm}</code></> : undefined} />
                  <IconButton icon="trash" label={`Remove IP range ${i + 1}`} onClick={() => removeRange(i)} />
                </li>
              );
            })}
          </ol>
          {err('ranges') ? <p className="field-error"><Icon name="alert" size={14} />{err('ranges')}</p> : null}
          <Button size="sm" icon="plus" onClick={addRange}>Add range</Button>
        </fieldset>
    </FormDialog>
  );
}

function IpTester({ tenantKey }: { tenantKey: string }) {
  const [ip, setIp] = useState('');
  const [result, setResult] = useState<{ ip: string; company: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusy();
  const test = async () => {
    const value = ip.trim();
    if (!value) {
      setError('Field is required');
      return;
    }
    setError(null);
    await run(async () => {
      const r = await api.testSiteLicenseIp(value, tenantKey || undefined);
      setResult({ ip: value, company: r?.companyName ?? null });
    }, (e) => setError(errorText(e)));
  };
  return (
    <form className="test-path" onSubmit={(e) => { e.preventDefault(); void test(); }} noValidate aria-label="IP address tester">
      <TextField label="Test an IP address" value={ip} placeholder="203.0.113.7" spellCheck={false} onChange={(x) => { setIp(x); setResult(null); setError(null); }} error={error} className="grow" />
      <Button type="submit" busy={busy}>Test</Button>
      {result ? (
        <p className={`test-result${result.company ? ' test-hit' : ''}`} role="status">
          {result.company ? <><Icon name="check" size={16} /><span><code>{result.ip}</code> belongs to <strong>{result.company}</strong></span></>
            : <><Icon name="info" size={16} /><span>No site-license company covers <code>{result.ip}</code></span></>}
        </p>
      ) : null}
    </form>
  );
}
