// /admin/bulk-update-content (bulk_update_content): select items by a research query or by hand,
// choose what to set (status, section, published/start/end dates, authors, taxonomy terms to add
// or remove, schedules), preview exactly what changes per item (a dry run: the real update, rolled
// back), then apply: one transaction, a history row per item and one coalesced rebuild (the API's
// bulkUpdateContent). Apply is offered only for the selection and changes that were previewed.
import { useState } from 'react';
import { SCHEDULE_OPTIONS } from '../../../engine/domain/enums';
import * as api from '../../data/api';
import * as newsroom from '../../data/api-newsroom';
import { flattenTree } from '../../data/sections';
import { useTenant } from '../../app/tenant';
import { errorText, useToast } from '../../app/toasts';
import { useAsync } from '../../lib/use-async';
import { useBusy } from '../../lib/use-busy';
import { Button } from '../../components/button';
import { ChipPicker } from '../../components/chip-picker';
import { CheckboxField, RadioGroup, SelectField, TextAreaField, TextField } from '../../components/fields';
import { ErrorPanel } from '../../components/bits';
import { ListTable } from '../../components/list-table';
import { Card, Page } from '../../shell/page';
import { EMPTY_BULK, EMPTY_RESEARCH, bulkSetOf, parseIds, previewRows, toQuery, type BulkForm, type ResearchForm } from './newsroom-forms';
import { ResearchFilters, STATUS_OPTIONS, searchTerms } from './research-filters';

type Mode = 'query' | 'ids';
/** Preview rows shown at most (a 5,000-item preview stays readable). */
export const PREVIEW_ROWS = 500;

export default function BulkUpdateScreen() {
  const { tenantKey } = useTenant();
  const toast = useToast();
  const [mode, setMode] = useState<Mode>('query');
  const [filter, setFilter] = useState<ResearchForm>(EMPTY_RESEARCH);
  const [idText, setIdText] = useState('');
  const [form, setForm] = useState<BulkForm>(EMPTY_BULK);
  const [preview, setPreview] = useState<{ key: string; result: newsroom.BulkResult } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, run } = useBusy();
  const sections = useAsync(() => api.getWebsiteSectionsHierarchy(), [tenantKey]);
  const sectionOptions = flattenTree(sections.data ?? []).map((s) => ({ value: String(s.id), label: s.fullName }));
  const set = (patch: Partial<BulkForm>) => setForm({ ...form, ...patch });

  const ids = parseIds(idText);
  const selection: newsroom.BulkSelection = mode === 'ids' ? { ids: ids.ids } : { query: toQuery(filter) };
  const { set: changes, errors } = bulkSetOf(form);
  // An empty query would select every item of the site: ask for at least one filter.
  const selectionError = mode === 'ids'
    ? (ids.error ?? (ids.ids.length === 0 ? 'Enter at least one content id' : null))
    : (Object.keys(toQuery(filter)).length === 0 ? 'Set at least one filter, or select by hand' : null);
  const key = JSON.stringify([tenantKey, selection, changes]);
  const current = preview && preview.key === key ? preview.result : null;
  const rows = current ? previewRows(current.items) : [];
  const ready = !selectionError && Object.keys(errors).length === 0 && tenantKey !== null;

  const failed = (e: unknown) => { setProblem(errorText(e)); setPreview(null); };
  const runPreview = () => void run(async () => {
    setProblem(null);
    setPreview({ key, result: await newsroom.bulkUpdateContent(selection, changes, true, tenantKey as string) });
  }, failed);
  const apply = () => void run(async () => {
    setProblem(null);
    const r = await newsroom.bulkUpdateContent(selection, changes, false, tenantKey as string);
    setPreview(null);
    toast.success(`Updated ${r.count} ${r.count === 1 ? 'item' : 'items'}; the site rebuilds once for all of them.`);
  }, failed);

  return (
    <Page title="Bulk update content">
      <div className="stack">
        <Card title="1. Select items">
          <div className="stack">
            <RadioGroup legend="Select" name="bulk-mode" value={mode} onChange={(v) => setMode(v as Mode)} options={[{ value: 'query', label: 'By research query' }, { value: 'ids', label: 'By hand' }]} />
            {mode === 'query'
              ? <><ResearchFilters form={filter} onChange={setFilter} allowTenants={false} />{selectionError ? <p className="muted">{selectionError}</p> : null}</>
              : <TextAreaField label="Content ids" hint="8-digit ids, separated by commas, spaces or new lines." value={idText} onChange={setIdText} error={idText ? ids.error : null} rows={4} />}
          </div>
        </Card>
        <Card title="2. Choose what to set" description="Only what you fill in changes; everything else stays as it is.">
          <div className="stack">
            <div className="grid-3">
              <SelectField label="Status" value={form.status} placeholder="Keep" options={STATUS_OPTIONS} onChange={(v) => set({ status: v ?? '' })} />
              <SelectField label="Primary section" value={form.sectionId} placeholder="Keep" options={sectionOptions} onChange={(v) => set({ sectionId: v ?? '' })} />
              <TextField label="Published" type="datetime-local" value={form.published} onChange={(published) => set({ published })} />
              <TextField label="Start date" type="datetime-local" value={form.startDate} onChange={(startDate) => set({ startDate })} />
              <TextField label="End date" type="datetime-local" value={form.endDate} onChange={(endDate) => set({ endDate })} error={errors.endDate} />
            </div>
            <div className="grid-2">
              <ChipPicker label="Add taxonomy terms" selected={form.addTerms} onChange={(addTerms) => set({ addTerms })} search={searchTerms} />
              <ChipPicker label="Remove taxonomy terms" selected={form.removeTerms} onChange={(removeTerms) => set({ removeTerms })} search={searchTerms} />
            </div>
            <CheckboxField label="Replace authors" checked={form.replaceAuthors} onChange={(replaceAuthors) => set({ replaceAuthors })} />
            {form.replaceAuthors ? (
              <ChipPicker label="Authors" ordered selected={form.authors} onChange={(authors) => set({ authors })}
                search={async (text) => (await api.getPersonStream(text)).map((p) => ({ id: p.id, label: p.fullName }))} hint="No author chosen removes every author." />
            ) : null}
            <CheckboxField label="Replace schedules" checked={form.replaceSchedules} onChange={(replaceSchedules) => set({ replaceSchedules })} />
            {form.replaceSchedules ? (
              <div className="grid-2">
                <SelectField label="Schedule in section" value={form.scheduleSectionId} placeholder="No schedule (remove all)" options={sectionOptions} onChange={(v) => set({ scheduleSectionId: v ?? '' })} />
                <SelectField label="Schedule option" required value={form.scheduleOption} options={SCHEDULE_OPTIONS.map((o) => ({ value: o, label: o }))} onChange={(v) => set({ scheduleOption: v ?? 'Standard' })} />
              </div>
            ) : null}
            {errors.set ? <p className="muted">{errors.set}</p> : null}
          </div>
        </Card>
        <Card title="3. Preview and apply" actions={
          <div className="row-inline">
            <Button onClick={runPreview} busy={busy} disabled={!ready}>Preview changes</Button>
            <Button variant="primary" onClick={apply} busy={busy} disabled={!ready || !current || current.count === 0}>
              {current ? `Apply to ${current.count} ${current.count === 1 ? 'item' : 'items'}` : 'Apply'}
            </Button>
          </div>
        }>
          {problem ? <ErrorPanel message={problem} /> : selectionError && mode === 'ids' && idText ? null : !current ? (
            <p className="muted">Preview to see exactly what will change on each item. Nothing is written until you apply.</p>
          ) : rows.length === 0 ? <p className="muted">Nothing would change: every selected item already has these values.</p> : (
            <ListTable caption={`${current.count} of ${current.items.length} selected items would change`} columns={['Id', 'Field', 'From', 'To']} actions={false}>
              {rows.slice(0, PREVIEW_ROWS).map((r) => (
                <tr key={`${r.id}-${r.field}`}>
                  <td className="mono">{r.id}</td>
                  <td>{r.field}</td>
                  <td className="muted">{r.from}</td>
                  <td>{r.to}</td>
                </tr>
              ))}
            </ListTable>
          )}
          {rows.length > PREVIEW_ROWS ? <p className="muted">Showing the first {PREVIEW_ROWS} of {rows.length} changes.</p> : null}
        </Card>
      </div>
    </Page>
  );
}
