// The newsletter ad editor (admin §3.9), over the ads list: company (an existing Company item or a
// new name), creative and placement, label, category, priority, and the schedules per template.
import { AD_CATEGORIES, AD_LABELS, NEWSLETTER_AD_PLACEMENTS, PLACEMENT_KEYS, adLabelText, type PlacementKey } from '../../../engine/domain/newsletter-ads';
import * as api from '../../data/api';
import type { NewsletterAdRecord, NewsletterTemplateSummary } from '../../data/types';
import { errorText, useToast } from '../../app/toasts';
import { useForm } from '../../lib/use-form';
import { ChipPicker, type Chip } from '../../components/chip-picker';
import { RadioGroup } from '../../components/fields';
import { PathLibraryImage, PathNumber, PathSelect, PathText, Repeater } from './nl-fields';
import { PRIORITY_OPTIONS, blankSchedule, emptyAd, fromAd, placementLabel, toAdInput, toAdPatch, todayCentral, validateAd, type AdForm } from './ad-form';
import { FormDialog } from '../../components/form-dialog';
import { useBusy } from '../../lib/use-busy';

const searchCompanies = async (text: string): Promise<Chip[]> =>
  (await api.getContentStream({ search: text || undefined, type: 'Company', skip: 0, limit: 25 })).items.map((c) => ({ id: c.id, label: c.name, detail: String(c.id) }));

export function AdDialog({ ad, templates, allTemplates, tenantKey, onClose, onSaved }: {
  ad: NewsletterAdRecord | null; templates: NewsletterTemplateSummary[]; allTemplates: NewsletterTemplateSummary[]; tenantKey: string; onClose: () => void; onSaved: () => void;
}) {
  const form = useForm<AdForm>(ad ? fromAd(ad) : emptyAd(), validateAd);
  const toast = useToast();
  const { busy, run } = useBusy();
  const v = form.values;
  const placement = NEWSLETTER_AD_PLACEMENTS[v.placement as PlacementKey] as { label: string; kind: string; width?: number; height?: number } | undefined;
  const templateOptions = [
    ...templates.map((t) => ({ value: String(t.id), label: t.name })),
    ...allTemplates.filter((t) => t.status !== 1 && v.schedules.some((s) => s.newsletterTemplateId === t.id)).map((t) => ({ value: String(t.id), label: `${t.name} (inactive)` })),
  ];
  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      if (ad) await api.updateNewsletterAd(ad.id, toAdPatch(v, ad), tenantKey);
      else await api.createNewsletterAd(toAdInput(v), tenantKey);
      toast.success(ad ? 'Ad saved.' : 'Ad created.');
      onSaved();
    }, (e) => toast.error(errorText(e)));
  };
  const companyChips: Chip[] = v.company.id !== null ? [{ id: v.company.id, label: v.company.name || `Company ${v.company.id}` }] : [];
  return (
    <FormDialog title={ad ? 'Edit newsletter ad' : 'New newsletter ad'} onClose={onClose} width={860} submitLabel={ad ? 'Save' : 'Create ad'} busy={busy} onSubmit={() => void save()} formLabel="Newsletter ad">
        <div className="grid-2">
          <PathText form={form} path="title" label="Title" required />
          <PathText form={form} path="campaignName" label="Campaign name" />
        </div>
        <div className="nl-company">
          <RadioGroup legend="Company" name="companySource" value={v.companySource}
            options={[{ value: 'new', label: 'New company' }, { value: 'existing', label: 'Existing company' }]}
            onChange={(x) => form.update((s) => ({ ...s, companySource: x as AdForm['companySource'], company: { id: null, name: x === 'new' ? s.company.name : '' } }))} />
          {v.companySource === 'new' ? (
            <PathText form={form} path="company.name" label="Company name" required />
          ) : (
            <ChipPicker label="Company item" selected={companyChips} search={searchCompanies} placeholder="Search companies…" error={form.error('company.id') ?? form.error('company.name')}
              onChange={(c) => { const last = c[c.length - 1]; form.update((s) => ({ ...s, company: last ? { id: last.id, name: last.label } : { id: null, name: '' } })); }} />
          )}
        </div>
        <div className="grid-2">
          <PathSelect form={form} path="placement" label="Placement" required options={PLACEMENT_KEYS.map((k) => ({ value: k, label: `${placementLabel(k)} · ${NEWSLETTER_AD_PLACEMENTS[k].kind}` }))}
            hint={placement ? (placement.kind === 'display' ? `One linked image${placement.width ? `, ${placement.width}×${placement.height}` : ''}.` : 'Title, image, body and call to action.') : undefined} />
          <PathSelect form={form} path="label" label="Label" required options={AD_LABELS.map((l) => ({ value: l, label: l }))} />
          <PathText form={form} path="url" label="URL" required placeholder="https://" className="span-2" />
          <PathLibraryImage form={form} path="imageAssetId" label="Image" hint="An image of the media library; wins over the image address." />
          <PathLibraryImage form={form} path="logoAssetId" label="Logo" hint="An image of the media library; wins over the logo address." />
          <PathText form={form} path="image" label="Image address" required={placement?.kind === 'display' && !v.imageAssetId} placeholder="/images/… or https://" hint="When no library image is chosen." />
          <PathText form={form} path="logo" label="Logo address" placeholder="/images/… or https://" hint="When no library logo is chosen." />
          {placement?.kind !== 'display' ? <PathText form={form} path="body" label="Body" area className="span-2" /> : null}
          {placement?.kind !== 'display' ? <PathText form={form} path="ctaLabel" label="Call to action label" /> : null}
          <PathSelect form={form} path="adCategory" label="Category" required options={AD_CATEGORIES.map((c) => ({ value: c, label: c }))} />
          <PathSelect form={form} path="priority" label="Priority" required numeric options={PRIORITY_OPTIONS} hint="The highest priority scheduled for a slot wins." />
        </div>
        <p className="nl-ad-label-preview muted small">Shown above the ad: “{adLabelText(v.label as (typeof AD_LABELS)[number], v.company.name || 'Company')}”</p>
        <Repeater form={form} path="schedules" legend="Schedules" item="schedule" max={200} empty="Not scheduled: the ad is not placed in any newsletter."
          blank={() => blankSchedule(templates[0]?.id ?? null, todayCentral())}
          render={(base) => (
            <div className="nl-schedule">
              <PathSelect form={form} path={`${base}.newsletterTemplateId`} label="Template" required numeric options={templateOptions} />
              <PathText form={form} path={`${base}.startDate`} label="Start date" required type="date" />
              <PathText form={form} path={`${base}.endDate`} label="End date" required type="date" hint="Runs to the end of the business day, Central time." />
              <PathNumber form={form} path={`${base}.position`} label="Position" required hint="1 to 100" />
              <PathText form={form} path={`${base}.orderId`} label="Order id" />
              <PathText form={form} path={`${base}.lineItemId`} label="Line item id" />
            </div>
          )} />
    </FormDialog>
  );
}
