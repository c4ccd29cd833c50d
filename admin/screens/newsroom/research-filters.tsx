// The research filter form shared by /admin/content-research and /admin/bulk-update-content: text,
// type, section, taxonomy, author, published date range, status and (for users who work on several
// tenants) other tenants to search as well. Options load once per tenant.
import * as api from '../../data/api';
import { flattenTree } from '../../data/sections';
import { useTenant } from '../../app/tenant';
import { useAsync } from '../../lib/use-async';
import { ChipPicker } from '../../components/chip-picker';
import { CheckboxGroup, SelectField, TextField } from '../../components/fields';
import type { FieldErrors } from '../../lib/validation';
import type { ResearchForm } from './newsroom-forms';
import { CONTENT_TYPE_OPTIONS } from '../../lib/content-labels';

export const STATUS_OPTIONS = [{ value: '1', label: 'Published' }, { value: '2', label: 'Draft' }, { value: '0', label: 'Deleted' }];

export const searchTerms = async (text: string) =>
  (await api.matchTaxonomyStream(text)).map((t) => ({ id: t.id, label: t.fullName || t.name, ...(t.type ? { detail: t.type } : {}) }));

export function ResearchFilters({ form, onChange, errors = {}, allowTenants }: {
  form: ResearchForm; onChange: (f: ResearchForm) => void; errors?: FieldErrors; allowTenants: boolean;
}) {
  const { tenantKey, tenants } = useTenant();
  const sections = useAsync(() => api.getWebsiteSectionsHierarchy(), [tenantKey]);
  const people = useAsync(() => api.getPersonStream(), [tenantKey]);
  const set = (patch: Partial<ResearchForm>) => onChange({ ...form, ...patch });
  const others = tenants.filter((t) => t.tenantKey !== tenantKey);
  return (
    <div className="grid-3" role="group" aria-label="Research filters">
      <TextField label="Text" field="text" placeholder="Words in the title, teaser or body" value={form.text} onChange={(text) => set({ text })} error={errors.text} />
      <SelectField label="Type" value={form.type} placeholder="All types" options={CONTENT_TYPE_OPTIONS} onChange={(v) => set({ type: v ?? '' })} />
      <SelectField label="Section" value={form.sectionId} placeholder="All sections" options={flattenTree(sections.data ?? []).map((s) => ({ value: String(s.id), label: s.fullName }))} onChange={(v) => set({ sectionId: v ?? '' })} />
      <SelectField label="Author" value={form.authorId} placeholder="Any author" options={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.fullName || `Person ${p.id}` }))} onChange={(v) => set({ authorId: v ?? '' })} />
      <ChipPicker label="Taxonomy" selected={form.taxonomy} onChange={(taxonomy) => set({ taxonomy })} search={searchTerms} placeholder="Any term" />
      <SelectField label="Status" value={form.status} placeholder="Any status" options={STATUS_OPTIONS} onChange={(v) => set({ status: v ?? '' })} />
      <TextField label="Published from" type="date" field="from" value={form.from} onChange={(from) => set({ from })} error={errors.from} />
      <TextField label="Published to" type="date" field="to" value={form.to} onChange={(to) => set({ to })} error={errors.to} />
      {allowTenants && others.length ? (
        <CheckboxGroup legend="Also search" options={others.map((t) => ({ value: t.tenantKey, label: t.name }))} value={form.tenantKeys} onChange={(tenantKeys) => set({ tenantKeys })} />
      ) : null}
    </div>
  );
}
