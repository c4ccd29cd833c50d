// /admin/content-syndication (manage_content): share an item of this tenant with another tenant as
// a linked copy (its page there is canonical to this one, and edits here flow to it), see the
// copies this tenant shared out and received, and detach a copy (it becomes an independent item).
import { useState } from 'react';
import * as api from '../../data/api';
import * as newsroom from '../../data/api-newsroom';
import { flattenTree } from '../../data/sections';
import { useTenant } from '../../app/tenant';
import { errorText, useToast } from '../../app/toasts';
import { useAsync } from '../../lib/use-async';
import { useBusy } from '../../lib/use-busy';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/fields';
import { EmptyState, ErrorPanel, Loading, formatDate } from '../../components/bits';
import { ListTable } from '../../components/list-table';
import { Card, Page } from '../../shell/page';
import type { FieldErrors } from '../../lib/validation';

export default function ContentSyndicationScreen() {
  const { tenantKey, tenants } = useTenant();
  const toast = useToast();
  const [itemId, setItemId] = useState('');
  const [target, setTarget] = useState('');
  const [sectionId, setSectionId] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [detaching, setDetaching] = useState<newsroom.SyndicationLink | null>(null);
  const { busy, run } = useBusy();
  const links = useAsync(() => newsroom.getContentSyndication(), [tenantKey]);
  const targetSections = useAsync(async () => (target ? flattenTree(await api.getWebsiteSectionsHierarchy(target)) : []), [target]);
  const others = tenants.filter((t) => t.tenantKey !== tenantKey);
  const nameOf = (key: string) => tenants.find((t) => t.tenantKey === key)?.name ?? key;

  const share = (e: React.FormEvent) => {
    e.preventDefault();
    const next: FieldErrors = {};
    if (!/^\d{8}$/.test(itemId.trim())) next.id = 'Enter the 8-digit id of an item of this site';
    if (!target) next.targetTenantKey = 'Field is required';
    if (!sectionId) next.primarySectionId = 'Field is required';
    setErrors(next);
    if (Object.keys(next).length || !tenantKey) return;
    void run(async () => {
      const r = await newsroom.syndicateContent({ id: Number(itemId.trim()), targetTenantKey: target, primarySectionId: Number(sectionId) }, tenantKey);
      toast.success(`Shared with ${nameOf(target)} as item ${r.copyId}.`);
      setItemId('');
      links.reload();
    }, (err) => {
      const field = (err as { field?: string | null }).field;
      if (field) setErrors({ [field]: errorText(err) });
      else toast.error(errorText(err));
    });
  };
  const detach = () => {
    const link = detaching;
    if (!link || !tenantKey) return;
    void run(async () => {
      await newsroom.detachSyndicatedContent(link.copyId, tenantKey);
      toast.success(`Item ${link.copyId} on ${nameOf(link.copyTenantKey)} is now independent.`);
      setDetaching(null);
      links.reload();
    }, (err) => { setDetaching(null); toast.error(errorText(err)); });
  };

  return (
    <Page title="Content syndication">
      <div className="stack">
        <Card title="Share an item" description="The other site gets a linked copy: its page names this one as the original (rel=canonical), and edits made here flow to it until it is detached.">
          {others.length === 0 ? <p className="muted">You work on one site only: there is no other site to share with.</p> : (
            <form className="stack" onSubmit={share} aria-label="Share an item">
              <div className="grid-3">
                <TextField label="Content id" field="id" required inputMode="numeric" value={itemId} onChange={setItemId} error={errors.id} />
                <SelectField label="Share with" field="targetTenantKey" required value={target} options={others.map((t) => ({ value: t.tenantKey, label: t.name }))} onChange={(v) => { setTarget(v ?? ''); setSectionId(''); }} error={errors.targetTenantKey} />
                <SelectField label="Section on that site" field="primarySectionId" required value={sectionId} disabled={!target} options={(targetSections.data ?? []).map((s) => ({ value: String(s.id), label: s.fullName }))} onChange={(v) => setSectionId(v ?? '')} error={errors.primarySectionId} />
              </div>
              <div className="row-inline"><Button type="submit" variant="primary" icon="copy" busy={busy}>Share as linked copy</Button></div>
            </form>
          )}
        </Card>
        <Card title="Linked copies">
          {links.loading && !links.data ? <Loading /> : links.error ? <ErrorPanel message={links.error} onRetry={links.reload} /> : !links.data || links.data.length === 0 ? (
            <EmptyState icon="copy" title="No linked copies">Items shared from or to this site appear here.</EmptyState>
          ) : (
            <ListTable caption="Linked copies" columns={['Copy', 'Source', { label: 'Shared', className: 'col-hide-sm' }]}>
              {links.data.map((l) => (
                <tr key={l.copyId}>
                  <td>{l.copyName} <span className="muted">({nameOf(l.copyTenantKey)}, {l.copyId})</span></td>
                  <td>{l.sourceName} <span className="muted">({nameOf(l.sourceTenantKey)}, {l.sourceId})</span></td>
                  <td className="col-hide-sm muted nowrap">{formatDate(l.createdAt)}</td>
                  <td className="cell-actions"><Button size="sm" onClick={() => setDetaching(l)}>Detach {l.copyId}</Button></td>
                </tr>
              ))}
            </ListTable>
          )}
        </Card>
      </div>
      {detaching ? (
        <ConfirmDialog title="Detach this copy?" message={`Item ${detaching.copyId} on ${nameOf(detaching.copyTenantKey)} stays, as an independent item: it no longer follows ${detaching.sourceName} and loses its canonical link.`}
          confirmLabel="Detach" busy={busy} onCancel={() => setDetaching(null)} onConfirm={detach} />
      ) : null}
    </Page>
  );
}
