// /admin/magazine-sections (issue 21; admin §2.2): a publication's issue sections in order — filter by
// publication, create (also ?action=add), edit (name, position) and delete (with the placements into
// it). Fields are checked with the shared section schema.
import { useState } from 'react';
import * as api from '../../data/api-magazine';
import type { MagazinePublication, MagazineSection } from '../../data/api-magazine';
import { errorText, useToast } from '../../app/toasts';
import { useNavigate, useSearchParams } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/fields';
import { EmptyState, ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { ListTable, RowActions } from '../../components/list-table';
import { FormDialog } from '../../components/form-dialog';
import { useBusy, useDeleteFlow } from '../../lib/use-busy';
import { sectionForm, sectionInput, validateSection, type SectionForm } from './magazine-forms';

const HOME = '/admin/magazine-sections';

export default function MagazineSectionsScreen() {
  const params = useSearchParams();
  const navigate = useNavigate();
  const [publicationId, setPublicationId] = useState<number | undefined>(undefined);
  const data = useAsync(async () => {
    const [publications, sections] = await Promise.all([api.getPublicationStream(), api.getMagazineSections(publicationId)]);
    return { publications, sections };
  }, [publicationId]);
  const [editing, setEditing] = useState<MagazineSection | null>(null);
  const creating = params.get('action') === 'add';
  const toast = useToast();
  const del = useDeleteFlow((s: MagazineSection) => api.deleteMagazineSection(s.id),
    () => { toast.success('Section deleted.'); data.reload(); }, (e) => toast.error(errorText(e)));
  const close = () => { setEditing(null); if (creating) navigate(HOME, { replace: true }); };
  const publications = data.data?.publications ?? [];
  const names = new Map(publications.map((p) => [p.id, p.name]));
  const sections = data.data?.sections ?? [];
  const nextPosition = sections.filter((s) => s.publicationId === publicationId).reduce((n, s) => Math.max(n, s.position + 1), 0);
  return (
    <Page title="Magazine sections" actions={<Button variant="primary" icon="plus" onClick={() => navigate(`${HOME}?action=add`)}>New section</Button>}>
      {data.loading && !data.data ? <Loading /> : data.error ? <ErrorPanel message={data.error} onRetry={data.reload} /> : (
        <Card actions={
          <SelectField label="Publication" value={publicationId ? String(publicationId) : ''} placeholder="All publications"
            options={publications.map((p) => ({ value: String(p.id), label: p.name }))} onChange={(x) => setPublicationId(x ? Number(x) : undefined)} />
        }>
          {sections.length === 0 ? <EmptyState icon="sections" title="No sections yet">Sections order an issue’s stories (Features, News…).</EmptyState> : (
            <ListTable caption="Sections" columns={['Name', 'Publication', 'Position']}>
              {sections.map((s) => (
                <tr key={s.id}>
                  <td className="cell-title">{s.name}</td>
                  <td className="muted">{names.get(s.publicationId) ?? `#${s.publicationId}`}</td>
                  <td className="mono">{s.position}</td>
                  <RowActions subject={s.name} onEdit={() => setEditing(s)} onDelete={() => del.ask(s)} />
                </tr>
              ))}
            </ListTable>
          )}
        </Card>
      )}
      {(creating && data.data) || editing ? (
        <SectionDialog section={editing} publications={publications} publicationId={publicationId} nextPosition={nextPosition} onClose={close} onSaved={() => { data.reload(); close(); }} />
      ) : null}
      {del.deleting ? <ConfirmDialog title="Delete section?" message={`${del.deleting.name} will be removed with the stories placed into it.`} confirmLabel="Delete" onCancel={del.cancel} onConfirm={() => void del.confirm()} /> : null}
    </Page>
  );
}

function SectionDialog({ section, publications, publicationId, nextPosition, onClose, onSaved }: {
  section: MagazineSection | null; publications: MagazinePublication[]; publicationId?: number; nextPosition: number; onClose: () => void; onSaved: () => void;
}) {
  const form = useForm<SectionForm>(sectionForm(section, publicationId, nextPosition), validateSection);
  const toast = useToast();
  const { busy, run } = useBusy();
  const v = form.values;
  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      const input = sectionInput(v);
      if (section) await api.updateMagazineSection(section.id, input);
      else await api.createMagazineSection(input);
      toast.success(section ? 'Section saved.' : 'Section created.');
      onSaved();
    }, (e) => toast.error(errorText(e)));
  };
  return (
    <FormDialog title={section ? 'Edit section' : 'New section'} onClose={onClose} submitLabel={section ? 'Save' : 'Create section'} busy={busy} onSubmit={() => void save()}>
      <SelectField label="Publication" required value={v.publicationId} options={publications.map((p) => ({ value: String(p.id), label: p.name }))}
        onChange={(x) => { form.set('publicationId', x ?? ''); form.touch('publicationId'); }} error={form.error('publicationId')} field="publicationId" />
      <TextField label="Name" required value={v.name} onChange={(x) => form.set('name', x)} onBlur={() => form.touch('name')} error={form.error('name')} field="name" />
      <TextField label="Position" inputMode="numeric" hint="0 comes first" value={v.position} onChange={(x) => form.set('position', x)} onBlur={() => form.touch('position')} error={form.error('position')} field="position" />
    </FormDialog>
  );
}
