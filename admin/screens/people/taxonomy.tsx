// /admin/taxonomy (manage_taxonomy, issue 16): the tenant's taxonomy tree — create, rename or move,
// merge a term into another (its content and child terms move, the term goes), delete, and the
// CSV export (/admin/taxonomy-export is the Taxonomy export report: the same terms as CSV or XLSX).
import { useState } from 'react';
import { TAXONOMY_TYPES } from '../../../engine/domain/enums';
import * as api from '../../data/api';
import type { TaxonomyTerm } from '../../data/types';
import { useTenant } from '../../app/tenant';
import { usePublish } from '../../app/publish';
import { errorText, useToast } from '../../app/toasts';
import { useLocation, useNavigate, useSearchParams } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/fields';
import { Badge, EmptyState, ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { FilterBox, ListTable, RowActions } from '../../components/list-table';
import { FormDialog } from '../../components/form-dialog';
import { useBusy, useDeleteFlow } from '../../lib/use-busy';
import { parentChoices, termDepths, validateTerm, type TermForm } from './people-forms';

const TYPE_OPTIONS = TAXONOMY_TYPES.map((t) => ({ value: t, label: t }));

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export default function TaxonomyScreen() {
  const { tenantKey } = useTenant();
  const navigate = useNavigate();
  const params = useSearchParams();
  const { pathname } = useLocation();
  const list = useAsync(async () => ({ items: await api.getTaxonomyTree(), tenantKey: tenantKey as string }), []);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<TaxonomyTerm | null>(null);
  const [merging, setMerging] = useState<TaxonomyTerm | null>(null);
  const creating = params.get('action') === 'add';
  const toast = useToast();
  const publish = usePublish();
  const { busy: exporting, run } = useBusy();
  const tk = list.data?.tenantKey ?? '';
  const all = list.data?.items ?? [];
  const depths = termDepths(all);
  const needle = filter.trim().toLowerCase();
  const items = all.filter((t) => !needle || t.fullName.toLowerCase().includes(needle));
  const del = useDeleteFlow((t: TaxonomyTerm) => publish.track(`Term ${t.name}`, tk, () => api.deleteTaxonomyTerm(t.id, tk)),
    () => { toast.success('Term deleted.'); list.reload(); }, (e) => toast.error(errorText(e)));
  const exportCsv = () => run(async () => download(`taxonomy-${tk}.csv`, await api.taxonomyExportCsv()), (e) => toast.error(errorText(e)));
  const close = () => { setEditing(null); if (creating) navigate(pathname, { replace: true }); };

  return (
    <Page title="Taxonomy" actions={<>
      <Button busy={exporting} onClick={() => void exportCsv()}>Export CSV</Button>
      <Button variant="primary" icon="plus" onClick={() => navigate('/admin/taxonomy?action=add')}>New term</Button>
    </>}>
      {list.loading ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : (
        <Card title={`${all.length} terms`} actions={<FilterBox label="Filter terms" value={filter} onChange={setFilter} />}>
          {items.length === 0 ? <EmptyState icon="menus" title={needle ? 'No terms match' : 'No terms yet'}>Tags, bins, locations, organizations and people that content is filed under.</EmptyState> : (
            <ListTable caption="Taxonomy terms" columns={['Term', 'Kind', 'Merge']}>
              {items.map((t) => (
                <tr key={t.id}>
                  <td style={{ paddingInlineStart: `${0.75 + (depths.get(t.id) ?? 0) * 1.25}rem` }} title={t.fullName}>
                    {t.name}{(depths.get(t.id) ?? 0) > 0 ? <span className="muted"> · {t.fullName}</span> : null}
                  </td>
                  <td><Badge tone="blue">{t.type}</Badge></td>
                  <td>
                    <Button size="sm" onClick={() => setMerging(t)} aria-label={`Merge ${t.fullName} into another term`}>Merge</Button>
                  </td>
                  <RowActions subject={t.fullName} onEdit={() => setEditing(t)} onDelete={() => del.ask(t)} />
                </tr>
              ))}
            </ListTable>
          )}
        </Card>
      )}
      {creating || editing ? <TermDialog term={editing} terms={all} tenantKey={tk} onClose={close} onSaved={() => { list.reload(); close(); }} /> : null}
      {merging ? <MergeDialog source={merging} terms={all} tenantKey={tk} onClose={() => setMerging(null)} onDone={() => { setMerging(null); list.reload(); }} /> : null}
      {del.deleting ? <ConfirmDialog title="Delete term?" message={`${del.deleting.fullName} will be removed from every item tagged with it.`} confirmLabel="Delete" onCancel={del.cancel} onConfirm={() => void del.confirm()} /> : null}
    </Page>
  );
}

function TermDialog({ term, terms, tenantKey, onClose, onSaved }: { term: TaxonomyTerm | null; terms: TaxonomyTerm[]; tenantKey: string; onClose: () => void; onSaved: () => void }) {
  const form = useForm<TermForm>({ type: term?.type ?? 'Tag', name: term?.name ?? '', parentId: term?.parentId ? String(term.parentId) : '' }, validateTerm);
  const toast = useToast();
  const publish = usePublish();
  const { busy, run } = useBusy();
  const v = form.values;
  const parents = parentChoices(terms, { ...(term ? { id: term.id } : {}), type: v.type }).map((t) => ({ value: String(t.id), label: t.fullName }));
  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      const input = { type: v.type, name: v.name.trim(), parentId: v.parentId ? Number(v.parentId) : null };
      await publish.track(`Term ${input.name}`, tenantKey, () => (term ? api.updateTaxonomyTerm(term.id, input, tenantKey) : api.createTaxonomyTerm(input, tenantKey)));
      toast.success(term ? 'Term saved.' : 'Term created.');
      onSaved();
    }, (e) => toast.error(errorText(e)));
  };
  return (
    <FormDialog title={term ? `Edit ${term.fullName}` : 'New term'} onClose={onClose} submitLabel={term ? 'Save' : 'Create term'} busy={busy} onSubmit={() => void save()}>
      <TextField label="Name" required value={v.name} onChange={(x) => form.set('name', x)} onBlur={() => form.touch('name')} error={form.error('name')} field="name" />
      <SelectField label="Kind" required value={v.type} options={TYPE_OPTIONS} onChange={(x) => { form.set('type', x ?? 'Tag'); form.set('parentId', ''); }} error={form.error('type')} field="type" />
      <SelectField label="Parent" value={v.parentId} options={parents} placeholder="(top level)" onChange={(x) => form.set('parentId', x ?? '')} error={form.error('parentId')} field="parentId" hint="Only terms of the same kind." />
    </FormDialog>
  );
}

function MergeDialog({ source, terms, tenantKey, onClose, onDone }: { source: TaxonomyTerm; terms: TaxonomyTerm[]; tenantKey: string; onClose: () => void; onDone: () => void }) {
  const [target, setTarget] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const publish = usePublish();
  const { busy, run } = useBusy();
  const options = terms.filter((t) => t.type === source.type && t.id !== source.id).map((t) => ({ value: String(t.id), label: t.fullName }));
  const merge = async () => {
    if (!target) { setError('Field is required'); return; }
    await run(async () => {
      const r = await publish.track(`Merge ${source.name}`, tenantKey, () => api.mergeTaxonomyTerms(source.id, Number(target), tenantKey));
      toast.success(`Merged into ${r.target.fullName}; ${r.movedContent} item(s) moved.`);
      onDone();
    }, (e) => toast.error(errorText(e)));
  };
  return (
    <FormDialog title={`Merge ${source.fullName}`} onClose={onClose} submitLabel="Merge" busy={busy} onSubmit={() => void merge()}
      description="Its content and child terms move to the term you pick; then it is deleted.">
      <SelectField label="Merge into" required value={target} options={options} placeholder="Pick a term" onChange={(x) => { setTarget(x ?? ''); setError(null); }} error={error} field="targetId" />
    </FormDialog>
  );
}
