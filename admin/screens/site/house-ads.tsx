// /admin/house-ads and /admin/create-house-ad: the creatives Masthead serves itself (natives, skin,
// welcome ad, sticky bottom) with their schedule and priority, checked with the shared
// houseAdSchema. Each kind shows its own fields (public §3 Native ad, Ad skin, Welcome ad).
import { HOUSE_AD_KIND_LABELS, HOUSE_AD_KINDS, HOUSE_AD_PRIORITIES, houseAdSchema, type HouseAdKind } from '../../../engine/domain/house-ads';
import * as api from '../../data/api';
import type { HouseAdView } from '../../data/types';
import { usePublish } from '../../app/publish';
import { errorText, useToast } from '../../app/toasts';
import { useForm } from '../../lib/use-form';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/fields';
import { EmptyState, ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { ListTable } from '../../components/list-table';
import { FormDialog } from '../../components/form-dialog';
import { LibraryImageField } from '../../components/asset-id-field';
import { useBusy } from '../../lib/use-busy';
import { DeleteConfirm, NewButton, RowActions, useListScreen } from './list-screen';

interface CreativeField { key: string; label: string; number?: boolean; area?: boolean; library?: boolean; options?: readonly { value: string; label: string }[]; hint?: string }

/** The fields of each kind's creative, in form order. */
export const CREATIVE_FIELDS: Readonly<Record<HouseAdKind, readonly CreativeField[]>> = {
  native: [
    { key: 'nativeTitle', label: 'Title' }, { key: 'nativeSummary', label: 'Summary', area: true }, { key: 'nativeUrl', label: 'Link' },
    { key: 'nativeImageAssetId', label: 'Image', number: true, library: true, hint: 'An image of the media library; wins over the image path.' },
    { key: 'nativeImagePath', label: 'Image path', hint: 'When no library image is chosen: a site path like /images/brand/picture.jpg' },
    { key: 'nativeImpressionTrackerUrl', label: 'Impression tracker', hint: 'https:// address requested once per viewable impression, with advertising consent.' },
    { key: 'labels', label: 'Label', hint: 'Shown above the ad; Sponsored when empty.' },
  ],
  skin: [
    { key: 'adTitle', label: 'Title' }, { key: 'adSkinType', label: 'Skin type', options: [{ value: 'reskin', label: 'Reskin' }, { value: 'siteskin', label: 'Siteskin' }] },
    { key: 'adSkinWidth', label: 'Site width (px)', number: true }, { key: 'adClickUrl', label: 'Click link' }, { key: 'adImagePath', label: 'Banner image path' },
    { key: 'background', label: 'Background colour', hint: 'Like #1a2b3c' }, { key: 'backgroundImagePath', label: 'Background image path' },
    { key: 'leftImagePath', label: 'Left column image path' }, { key: 'leftUrl', label: 'Left column link' },
    { key: 'rightImagePath', label: 'Right column image path' }, { key: 'rightUrl', label: 'Right column link' },
  ],
  welcome: [
    { key: 'adType', label: 'Ad type', options: [{ value: 'welcomeAdImage', label: 'Image' }, { value: 'welcomeAdTag', label: 'Tag' }] },
    { key: 'adImagePath', label: 'Image path' }, { key: 'adClickUrl', label: 'Click link' }, { key: 'adTag', label: 'Tag', area: true, hint: 'Runs in a sandboxed frame, with advertising consent only.' },
    { key: 'adDelay', label: 'Delay (seconds)', number: true }, { key: 'adLength', label: 'Length (seconds)', number: true },
    { key: 'mobileAlternate', label: 'Mobile image path' }, { key: 'desktopAlternate', label: 'Desktop image path' },
  ],
  sticky: [
    { key: 'imagePath', label: 'Image path' }, { key: 'clickUrl', label: 'Click link' }, { key: 'alt', label: 'Image description' },
    { key: 'width', label: 'Width (px)', number: true }, { key: 'height', label: 'Height (px)', number: true },
  ],
};

export type HouseAdForm = {
  name: string; kind: HouseAdKind; active: boolean; priority: string; startDate: string; endDate: string; unitKeys: string;
  creative: Record<string, string>;
};

export function emptyHouseAd(): HouseAdForm {
  return { name: '', kind: 'native', active: true, priority: '10', startDate: '', endDate: '', unitKeys: '', creative: {} };
}

export function houseAdFormOf(a: HouseAdView): HouseAdForm {
  const c = (a[a.kind as HouseAdKind] ?? {}) as Record<string, unknown>;
  return {
    name: a.name, kind: a.kind as HouseAdKind, active: a.status === 1, priority: String(a.priority),
    startDate: a.startDate?.slice(0, 10) ?? '', endDate: a.endDate?.slice(0, 10) ?? '', unitKeys: a.unitKeys.join(', '),
    creative: Object.fromEntries(Object.entries(c).map(([k, v]) => [k, String(v)])),
  };
}

export function toHouseAdWrite(f: HouseAdForm): api.HouseAdWrite {
  const creative: Record<string, unknown> = {};
  for (const field of CREATIVE_FIELDS[f.kind]) {
    const v = (f.creative[field.key] ?? '').trim();
    if (v === '') continue;
    creative[field.key] = field.number && /^-?\d+$/.test(v) ? Number(v) : v;
  }
  return {
    name: f.name.trim(), kind: f.kind, status: f.active ? 1 : 0, priority: Number(f.priority),
    startDate: f.startDate || null, endDate: f.endDate || null,
    unitKeys: f.unitKeys.split(/[\s,]+/).filter(Boolean), [f.kind]: creative,
  };
}

export function validateHouseAd(f: HouseAdForm): FieldErrors {
  const w = toHouseAdWrite(f);
  const r = houseAdSchema.safeParse({ ...w, id: 1, startDate: w.startDate ?? undefined, endDate: w.endDate ?? undefined });
  return r.success ? {} : issuesToErrors(r.error.issues);
}

const fmtDate = (iso: string | null) => (iso ? iso.slice(0, 10) : '…');

export default function HouseAdsScreen() {
  const screen = useListScreen<HouseAdView>({
    load: api.getHouseAds, listPath: '/admin/house-ads', createPath: '/admin/create-house-ad', permission: 'manage_ad_unit_patterns',
    name: (a) => a.name, remove: (a, tk) => api.deleteHouseAd(a.id, tk), deleted: 'House ad deleted.',
  });
  const { list } = screen;
  const newButton = <NewButton screen={screen}>New house ad</NewButton>;
  return (
    <Page title="House ads" actions={newButton}>
      {list.loading ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : screen.items.length === 0 ? (
        <EmptyState icon="ads" title="No house ads" action={screen.canEdit ? newButton : undefined}>House ads are the natives, skins, welcome and sticky ads the site serves itself.</EmptyState>
      ) : (
        <Card>
          <ListTable caption="House ads" columns={['Name', 'Kind', 'Priority', { label: 'Schedule', className: 'col-hide-sm' }, { label: 'Status', className: 'col-hide-sm' }]}>
            {screen.items.map((a) => (
              <tr key={a.id}>
                <td className="cell-title">{a.name}</td>
                <td>{HOUSE_AD_KIND_LABELS[a.kind as HouseAdKind] ?? a.kind}</td>
                <td>{HOUSE_AD_PRIORITIES[a.priority as 10 | 5 | 1] ?? a.priority}</td>
                <td className="col-hide-sm muted">{a.startDate || a.endDate ? `${fmtDate(a.startDate)} – ${fmtDate(a.endDate)}` : 'Always'}</td>
                <td className="col-hide-sm">{a.status === 1 ? 'Active' : 'Paused'}</td>
                <RowActions screen={screen} item={a} />
              </tr>
            ))}
          </ListTable>
        </Card>
      )}
      {screen.dialogOpen ? <HouseAdDialog ad={screen.editing} tenantKey={screen.tenantKey} onClose={screen.close} onSaved={screen.saved} /> : null}
      <DeleteConfirm screen={screen} title="Delete house ad?" message={(a) => `${a.name} will no longer be shown.`} />
    </Page>
  );
}

function HouseAdDialog({ ad, tenantKey, onClose, onSaved }: { ad: HouseAdView | null; tenantKey: string; onClose: () => void; onSaved: () => void }) {
  const form = useForm<HouseAdForm>(ad ? houseAdFormOf(ad) : emptyHouseAd(), validateHouseAd);
  const toast = useToast();
  const publish = usePublish();
  const { busy, run } = useBusy();
  const v = form.values;
  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      const input = toHouseAdWrite(v);
      await publish.track(input.name, tenantKey, () => (ad ? api.updateHouseAd(ad.id, input, tenantKey) : api.createHouseAd(input, tenantKey)));
      toast.success(ad ? 'House ad saved.' : 'House ad created.');
      onSaved();
    }, (e) => toast.error(errorText(e)));
  };
  const setCreative = (k: string, x: string) => form.set('creative', { ...v.creative, [k]: x });
  return (
    <FormDialog title={ad ? 'Edit house ad' : 'New house ad'} onClose={onClose} submitLabel={ad ? 'Save' : 'Create house ad'} busy={busy} onSubmit={() => void save()}>
      <TextField label="Name" required value={v.name} onChange={(x) => form.set('name', x)} onBlur={() => form.touch('name')} error={form.error('name')} field="name" />
      <SelectField label="Kind" required value={v.kind} disabled={!!ad} options={HOUSE_AD_KINDS.map((k) => ({ value: k, label: HOUSE_AD_KIND_LABELS[k] }))} onChange={(x) => x && form.update((p) => ({ ...p, kind: x as HouseAdKind, creative: {} }))} field="kind" />
      <SelectField label="Priority" required value={v.priority} options={Object.entries(HOUSE_AD_PRIORITIES).sort(([a], [b]) => Number(b) - Number(a)).map(([value, label]) => ({ value, label }))} onChange={(x) => x && form.set('priority', x)} field="priority" />
      <TextField label="Start date" type="date" value={v.startDate} onChange={(x) => form.set('startDate', x)} error={form.error('startDate')} field="startDate" />
      <TextField label="End date" type="date" value={v.endDate} onChange={(x) => form.set('endDate', x)} onBlur={() => form.touch('endDate')} error={form.error('endDate')} field="endDate" />
      <CheckboxField label="Active" checked={v.active} onChange={(x) => form.set('active', x)} field="status" />
      {v.kind === 'native' ? <TextField label="Ad units" className="mono" value={v.unitKeys} placeholder="list-native, body-native" hint="The native units it fills; empty fills every one." onChange={(x) => form.set('unitKeys', x)} onBlur={() => form.touch('unitKeys')} error={form.error('unitKeys')} field="unitKeys" /> : null}
      {CREATIVE_FIELDS[v.kind].map((f) => {
        const path = `${v.kind}.${f.key}`;
        const common = { label: f.label, value: v.creative[f.key] ?? '', hint: f.hint, error: form.error(path) ?? (f === CREATIVE_FIELDS[v.kind][0] ? form.error(v.kind) : undefined), field: path };
        if (f.library) return <LibraryImageField key={f.key} {...common} onChange={(x) => setCreative(f.key, x)} onBlur={() => form.touch(path)} />;
        if (f.options) return <SelectField key={f.key} {...common} options={f.options} onChange={(x) => setCreative(f.key, x ?? '')} placeholder="Default" />;
        if (f.area) return <TextAreaField key={f.key} {...common} rows={3} onChange={(x) => setCreative(f.key, x)} onBlur={() => form.touch(path)} />;
        return <TextField key={f.key} {...common} inputMode={f.number ? 'numeric' : undefined} onChange={(x) => setCreative(f.key, x)} onBlur={() => form.touch(path)} />;
      })}
    </FormDialog>
  );
}
