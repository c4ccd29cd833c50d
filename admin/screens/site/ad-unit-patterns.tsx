// /admin/ad-unit-patterns and /admin/create-ad-unit-pattern: ad unit patterns (layout-block is the
// only type offered, admin §3.6), checked with the shared adUnitPatternSchema.
import { useState } from 'react';
import { hasAnyPermission } from '../../../engine/domain/permissions';
import { adUnitPatternSchema } from '../../../engine/domain/records';
import * as api from '../../data/api';
import type { AdUnitPattern } from '../../data/types';
import { useSession } from '../../app/session';
import { useTenant } from '../../app/tenant';
import { usePublish } from '../../app/publish';
import { errorText, useToast } from '../../app/toasts';
import { useLocation, useNavigate } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';
import { Button, IconButton } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/fields';
import { EmptyState, ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { parseSizes } from '../layouts/block-settings';
import { ListTable } from '../../components/list-table';
import { FormDialog } from '../../components/form-dialog';
import { useBusy, useDeleteFlow } from '../../lib/use-busy';

type PatternForm = { name: string; pattern: string; type: string; sizes: string };

export function validatePattern(f: PatternForm): FieldErrors {
  const sizes = parseSizes(f.sizes);
  const r = adUnitPatternSchema.safeParse({ id: 1, name: f.name, type: f.type, pattern: f.pattern.trim(), sizes: sizes ?? [] });
  const errors = r.success ? {} : issuesToErrors(r.error.issues);
  if (errors.pattern) errors.pattern = f.pattern.trim() === '' ? 'Field is required' : errors.pattern;
  if (!sizes) errors.sizes = 'Use sizes like 300x250, 728x90';
  return errors;
}

export default function AdUnitPatternsScreen() {
  const { permissions } = useSession();
  const canEdit = hasAnyPermission(permissions, ['manage_ad_unit_patterns']);
  const { tenantKey } = useTenant();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const list = useAsync(async () => ({ items: await api.getAdUnitPatternStream(), tenantKey: tenantKey as string }), []);
  const [editing, setEditing] = useState<AdUnitPattern | null>(null);
  const toast = useToast();
  const publish = usePublish();
  const creating = pathname.startsWith('/admin/create-ad-unit-pattern');
  const tk = list.data?.tenantKey ?? '';
  const close = () => {
    setEditing(null);
    if (creating) navigate('/admin/ad-unit-patterns', { replace: true });
  };
  const del = useDeleteFlow((p: AdUnitPattern) => publish.track(p.name, tk, () => api.deleteAdUnitPattern(p.id, tk)), () => { toast.success('Pattern deleted.'); list.reload(); }, (e) => toast.error(errorText(e)));
  return (
    <Page title="Ad unit patterns" actions={canEdit ? <Button variant="primary" icon="plus" onClick={() => navigate('/admin/create-ad-unit-pattern')}>New pattern</Button> : null}>
      {list.loading ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : (list.data?.items.length ?? 0) === 0 ? (
        <EmptyState icon="ads" title="No ad unit patterns" action={canEdit ? <Button variant="primary" icon="plus" onClick={() => navigate('/admin/create-ad-unit-pattern')}>Create a pattern</Button> : undefined}>Patterns name the ad units that layout blocks request.</EmptyState>
      ) : (
        <Card>
          <ListTable caption="Ad unit patterns" columns={['Name', 'Pattern', { label: 'Sizes', className: 'col-hide-sm' }]}>
                {list.data?.items.map((p) => (
                  <tr key={p.id}>
                    <td className="cell-title">{p.name}</td>
                    <td className="mono">{p.pattern}</td>
                    <td className="col-hide-sm muted">{p.sizes.map(([w, h]) => `${w}×${h}`).join(', ') || '—'}</td>
                    <td className="cell-actions">{canEdit ? <><IconButton icon="edit" label={`Edit ${p.name}`} onClick={() => setEditing(p)} /><IconButton icon="trash" label={`Delete ${p.name}`} onClick={() => del.ask(p)} /></> : null}</td>
                  </tr>
                ))}
          </ListTable>
        </Card>
      )}
      {(creating && canEdit) || editing ? <PatternDialog pattern={editing} tenantKey={tk} onClose={close} onSaved={() => { list.reload(); close(); }} /> : null}
      {del.deleting ? <ConfirmDialog title="Delete pattern?" message={`${del.deleting.name} will be removed.`} confirmLabel="Delete" onCancel={del.cancel} onConfirm={() => void del.confirm()} /> : null}
    </Page>
  );
}

function PatternDialog({ pattern, tenantKey, onClose, onSaved }: { pattern: AdUnitPattern | null; tenantKey: string; onClose: () => void; onSaved: () => void }) {
  const form = useForm<PatternForm>(pattern ? { name: pattern.name, pattern: pattern.pattern, type: pattern.type, sizes: pattern.sizes.map(([w, h]) => `${w}x${h}`).join(', ') } : { name: '', pattern: '', type: 'layout-block', sizes: '' }, validatePattern);
  const toast = useToast();
  const publish = usePublish();
  const { busy, run } = useBusy();
  const v = form.values;
  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      const input = { name: v.name.trim(), type: v.type, pattern: v.pattern.trim(), sizes: parseSizes(v.sizes) ?? [] };
      await publish.track(input.name, tenantKey, () => (pattern ? api.updateAdUnitPattern(pattern.id, input, tenantKey) : api.createAdUnitPattern(input, tenantKey)));
      toast.success(pattern ? 'Pattern saved.' : 'Pattern created.');
      onSaved();
    }, (e) => toast.error(errorText(e)));
  };
  return (
    <FormDialog title={pattern ? 'Edit ad unit pattern' : 'New ad unit pattern'} onClose={onClose} submitLabel={pattern ? 'Save' : 'Create pattern'} busy={busy} onSubmit={() => void save()}>
        <TextField label="Name" required value={v.name} onChange={(x) => form.set('name', x)} onBlur={() => form.touch('name')} error={form.error('name')} field="name" />
        <SelectField label="Type" required value={v.type} options={[{ value: 'layout-block', label: 'Layout block' }]} onChange={(x) => x && form.set('type', x)} />
        <TextField label="Pattern" required className="mono" value={v.pattern} placeholder="/1234/site/[section]/[position]" onChange={(x) => form.set('pattern', x)} onBlur={() => form.touch('pattern')} error={form.error('pattern')} field="pattern" />
        <TextField label="Sizes" value={v.sizes} placeholder="300x250, 728x90" onChange={(x) => form.set('sizes', x)} onBlur={() => form.touch('sizes')} error={form.error('sizes')} field="sizes" />
    </FormDialog>
  );
}
