// /admin/ad-unit-patterns and /admin/create-ad-unit-pattern: ad unit patterns (layout-block is the
// only type offered, admin §3.6), checked with the shared adUnitPatternSchema.
import { adUnitPatternSchema } from '../../../engine/domain/records';
import * as api from '../../data/api';
import type { AdUnitPattern } from '../../data/types';
import { usePublish } from '../../app/publish';
import { errorText, useToast } from '../../app/toasts';
import { useForm } from '../../lib/use-form';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';
import { SelectField, TextField } from '../../components/fields';
import { EmptyState, ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { parseSizes } from '../layouts/block-settings';
import { ListTable } from '../../components/list-table';
import { FormDialog } from '../../components/form-dialog';
import { useBusy } from '../../lib/use-busy';
import { DeleteConfirm, NewButton, RowActions, useListScreen } from './list-screen';

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
  const screen = useListScreen<AdUnitPattern>({
    load: api.getAdUnitPatternStream, listPath: '/admin/ad-unit-patterns', createPath: '/admin/create-ad-unit-pattern', permission: 'manage_ad_unit_patterns',
    name: (p) => p.name, remove: (p, tk) => api.deleteAdUnitPattern(p.id, tk), deleted: 'Pattern deleted.',
  });
  const { list } = screen;
  return (
    <Page title="Ad unit patterns" actions={<NewButton screen={screen}>New pattern</NewButton>}>
      {list.loading ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : screen.items.length === 0 ? (
        <EmptyState icon="ads" title="No ad unit patterns" action={screen.canEdit ? <NewButton screen={screen}>Create a pattern</NewButton> : undefined}>Patterns name the ad units that layout blocks request.</EmptyState>
      ) : (
        <Card>
          <ListTable caption="Ad unit patterns" columns={['Name', 'Pattern', { label: 'Sizes', className: 'col-hide-sm' }]}>
            {screen.items.map((p) => (
              <tr key={p.id}>
                <td className="cell-title">{p.name}</td>
                <td className="mono">{p.pattern}</td>
                <td className="col-hide-sm muted">{p.sizes.map(([w, h]) => `${w}×${h}`).join(', ') || '—'}</td>
                <RowActions screen={screen} item={p} />
              </tr>
            ))}
          </ListTable>
        </Card>
      )}
      {screen.dialogOpen ? <PatternDialog pattern={screen.editing} tenantKey={screen.tenantKey} onClose={screen.close} onSaved={screen.saved} /> : null}
      <DeleteConfirm screen={screen} title="Delete pattern?" message={(p) => `${p.name} will be removed.`} />
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
