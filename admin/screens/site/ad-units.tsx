// /admin/ad-units and /admin/create-ad-unit: the tenant's ad units (public §3 Ad unit), checked with
// the shared adUnitSchema. Sizes are typed as 300x250, the size mapping one breakpoint per line
// ("1024: 728x90, 970x90").
import { AD_EXCLUDABLE_PAGE_TYPES, AD_TYPE_LABELS, adUnitSchema, type AdUnitType } from '../../../engine/domain/ads';
import { AD_UNIT_TYPES } from '../../../engine/domain/enums';
import * as api from '../../data/api';
import type { AdUnitView } from '../../data/types';
import { usePublish } from '../../app/publish';
import { errorText, useToast } from '../../app/toasts';
import { useForm } from '../../lib/use-form';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';
import { CheckboxField, CheckboxGroup, SelectField, TextAreaField, TextField } from '../../components/fields';
import { EmptyState, ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { parseSizes } from '../layouts/block-settings';
import { ListTable } from '../../components/list-table';
import { FormDialog } from '../../components/form-dialog';
import { useBusy } from '../../lib/use-busy';
import { DeleteConfirm, NewButton, RowActions, useListScreen } from './list-screen';

export type AdUnitForm = {
  key: string; type: string; size: string; sizeMapping: string; useSectionAlias: boolean; refreshRate: string;
  excludePageTypes: string[]; targetId: string; position: string;
};

const sizesText = (s: readonly (readonly [number, number])[]) => s.map(([w, h]) => `${w}x${h}`).join(', ');

/** One breakpoint per line, "minWidth: WxH, WxH"; null when a line does not read. */
export function parseSizeMapping(text: string): { minWidth: number; sizes: [number, number][] }[] | null {
  const out: { minWidth: number; sizes: [number, number][] }[] = [];
  for (const line of text.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const m = /^(\d+)\s*:\s*(.*)$/.exec(line);
    const sizes = m ? parseSizes(m[2] ?? '') : null;
    if (!m || !sizes) return null;
    out.push({ minWidth: Number(m[1]), sizes });
  }
  return out;
}

export function emptyAdUnit(): AdUnitForm {
  return { key: '', type: 'layout-block', size: '', sizeMapping: '', useSectionAlias: false, refreshRate: '0', excludePageTypes: [], targetId: '', position: '3' };
}

export function adUnitFormOf(u: AdUnitView): AdUnitForm {
  return {
    key: u.key, type: u.type, size: sizesText(u.size), sizeMapping: u.sizeMapping.map((m) => `${m.minWidth}: ${sizesText(m.sizes)}`).join('\n'),
    useSectionAlias: u.useSectionAlias, refreshRate: String(u.refreshRate), excludePageTypes: [...u.excludePageTypes], targetId: u.targetId ?? '', position: String(u.position),
  };
}

const wholeNumber = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN);

export function toAdUnitWrite(f: AdUnitForm): api.AdUnitWrite {
  return {
    key: f.key.trim(), type: f.type, size: parseSizes(f.size) ?? [], sizeMapping: parseSizeMapping(f.sizeMapping) ?? [],
    useSectionAlias: f.useSectionAlias, refreshRate: wholeNumber(f.refreshRate), excludePageTypes: f.excludePageTypes,
    targetId: f.targetId.trim() || null, position: wholeNumber(f.position),
  };
}

export function validateAdUnit(f: AdUnitForm): FieldErrors {
  const w = toAdUnitWrite(f);
  const r = adUnitSchema.safeParse({ ...w, id: 1, targetId: w.targetId ?? undefined });
  const errors = r.success ? {} : issuesToErrors(r.error.issues);
  for (const k of Object.keys(errors)) if (k.startsWith('sizeMapping')) errors.sizeMapping = errors[k]!;
  if (!parseSizes(f.size)) errors.size = 'Use sizes like 300x250, 728x90';
  if (!parseSizeMapping(f.sizeMapping)) errors.sizeMapping = 'One breakpoint per line, like 1024: 728x90, 970x90';
  if (Number.isNaN(w.refreshRate)) errors.refreshRate = 'Must be a whole number of seconds';
  if (Number.isNaN(w.position)) errors.position = 'Must be a whole number';
  return errors;
}

export default function AdUnitsScreen() {
  const screen = useListScreen<AdUnitView>({
    load: api.getAdUnits, listPath: '/admin/ad-units', createPath: '/admin/create-ad-unit', permission: 'manage_ad_unit_patterns',
    name: (u) => u.key, remove: (u, tk) => api.deleteAdUnit(u.id, tk), deleted: 'Ad unit deleted.',
  });
  const { list } = screen;
  const newButton = <NewButton screen={screen}>New ad unit</NewButton>;
  return (
    <Page title="Ad units" actions={newButton}>
      {list.loading ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : screen.items.length === 0 ? (
        <EmptyState icon="ads" title="No ad units" action={screen.canEdit ? newButton : undefined}>Ad units are the slots pages request ads for.</EmptyState>
      ) : (
        <Card>
          <ListTable caption="Ad units" columns={['Key', 'Type', { label: 'Sizes', className: 'col-hide-sm' }, { label: 'Refresh', className: 'col-hide-sm' }, { label: 'Excluded pages', className: 'col-hide-sm' }]}>
            {screen.items.map((u) => (
              <tr key={u.id}>
                <td className="cell-title mono">{u.key}</td>
                <td>{AD_TYPE_LABELS[u.type as AdUnitType] ?? u.type}</td>
                <td className="col-hide-sm muted">{u.size.map(([w, h]) => `${w}×${h}`).join(', ') || 'Fluid'}</td>
                <td className="col-hide-sm muted">{u.refreshRate ? `${u.refreshRate} s` : 'Never'}</td>
                <td className="col-hide-sm muted">{u.excludePageTypes.join(', ') || '—'}</td>
                <RowActions screen={screen} item={u} />
              </tr>
            ))}
          </ListTable>
        </Card>
      )}
      {screen.dialogOpen ? <AdUnitDialog unit={screen.editing} tenantKey={screen.tenantKey} onClose={screen.close} onSaved={screen.saved} /> : null}
      <DeleteConfirm screen={screen} title="Delete ad unit?" message={(u) => `${u.key} will be removed from every page.`} />
    </Page>
  );
}

function AdUnitDialog({ unit, tenantKey, onClose, onSaved }: { unit: AdUnitView | null; tenantKey: string; onClose: () => void; onSaved: () => void }) {
  const form = useForm<AdUnitForm>(unit ? adUnitFormOf(unit) : emptyAdUnit(), validateAdUnit);
  const toast = useToast();
  const publish = usePublish();
  const { busy, run } = useBusy();
  const v = form.values;
  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      const input = toAdUnitWrite(v);
      await publish.track(input.key, tenantKey, () => (unit ? api.updateAdUnit(unit.id, input, tenantKey) : api.createAdUnit(input, tenantKey)));
      toast.success(unit ? 'Ad unit saved.' : 'Ad unit created.');
      onSaved();
    }, (e) => toast.error(errorText(e)));
  };
  const bodyOrList = v.type === 'content-body-native' || v.type === 'content-body-embed' || v.type === 'content-list-native';
  return (
    <FormDialog title={unit ? 'Edit ad unit' : 'New ad unit'} onClose={onClose} submitLabel={unit ? 'Save' : 'Create ad unit'} busy={busy} onSubmit={() => void save()}>
      <TextField label="Key" required className="mono" value={v.key} placeholder="header-leaderboard" onChange={(x) => form.set('key', x)} onBlur={() => form.touch('key')} error={form.error('key')} field="key" />
      <SelectField label="Type" required value={v.type} options={AD_UNIT_TYPES.map((t) => ({ value: t, label: AD_TYPE_LABELS[t] }))} onChange={(x) => x && form.set('type', x)} field="type" />
      <TextField label="Sizes" value={v.size} placeholder="728x90, 970x90" hint="Empty for native units (fluid)." onChange={(x) => form.set('size', x)} onBlur={() => form.touch('size')} error={form.error('size')} field="size" />
      <TextAreaField label="Size mapping" className="mono" rows={3} value={v.sizeMapping} placeholder={'0: 320x50\n1024: 728x90, 970x90'} hint="One breakpoint per line: viewport width, then the sizes from that width. The slot reserves the tallest." onChange={(x) => form.set('sizeMapping', x)} onBlur={() => form.touch('sizeMapping')} error={form.error('sizeMapping')} field="sizeMapping" />
      <CheckboxField label="Use the section alias" hint="The ad unit path includes the section's GAM alias (else its alias)." checked={v.useSectionAlias} onChange={(x) => form.set('useSectionAlias', x)} field="useSectionAlias" />
      <TextField label="Refresh rate (seconds)" inputMode="numeric" value={v.refreshRate} hint="0 never refreshes; otherwise at least 30. Refreshes only while more than 75% in view." onChange={(x) => form.set('refreshRate', x)} onBlur={() => form.touch('refreshRate')} error={form.error('refreshRate')} field="refreshRate" />
      {bodyOrList ? <TextField label={v.type === 'content-list-native' ? 'List position' : 'After paragraphs'} inputMode="numeric" value={v.position} onChange={(x) => form.set('position', x)} onBlur={() => form.touch('position')} error={form.error('position')} field="position" /> : null}
      <CheckboxGroup legend="Exclude page types" options={AD_EXCLUDABLE_PAGE_TYPES.map((p) => ({ value: p, label: p[0]!.toUpperCase() + p.slice(1) }))} value={v.excludePageTypes} onChange={(x) => form.set('excludePageTypes', x)} field="excludePageTypes" />
      <TextField label="Target id" className="mono" value={v.targetId} placeholder="ad-header-leaderboard" hint="The slot element's id; empty uses ad-<key>." onChange={(x) => form.set('targetId', x)} onBlur={() => form.touch('targetId')} error={form.error('targetId')} field="targetId" />
    </FormDialog>
  );
}
