// /admin/magazine-publications (issue 21; admin §2.2): the tenant's magazine publications — list,
// create (also ?action=add from the menu), edit and delete (with its issues and sections). Fields are
// checked with the shared publication schema; the API's refusals show as toasts.
import { useState } from 'react';
import * as api from '../../data/api-magazine';
import type { MagazinePublication } from '../../data/api-magazine';
import { errorText, useToast } from '../../app/toasts';
import { useNavigate, useSearchParams } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { TextAreaField, TextField } from '../../components/fields';
import { EmptyState, ErrorPanel, Loading, formatDate } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { ListTable, RowActions } from '../../components/list-table';
import { FormDialog } from '../../components/form-dialog';
import { useBusy, useDeleteFlow } from '../../lib/use-busy';
import { LibraryImageField as AssetIdField } from '../../components/asset-id-field';
import { publicationForm, publicationInput, validatePublication, type PublicationForm } from './magazine-forms';

const HOME = '/admin/magazine-publications';

export default function MagazinePublicationsScreen() {
  const params = useSearchParams();
  const navigate = useNavigate();
  const list = useAsync(() => api.getPublicationStream(), []);
  const [editing, setEditing] = useState<MagazinePublication | null>(null);
  const creating = params.get('action') === 'add';
  const toast = useToast();
  const del = useDeleteFlow((p: MagazinePublication) => api.deleteMagazinePublication(p.id),
    () => { toast.success('Publication deleted.'); list.reload(); }, (e) => toast.error(errorText(e)));
  const close = () => { setEditing(null); if (creating) navigate(HOME, { replace: true }); };
  const items = list.data ?? [];
  return (
    <Page title="Magazine publications" actions={<Button variant="primary" icon="plus" onClick={() => navigate(`${HOME}?action=add`)}>New publication</Button>}>
      {list.loading ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : items.length === 0 ? (
        <EmptyState icon="content" title="No publications yet">A publication groups the magazine’s issues and their sections.</EmptyState>
      ) : (
        <Card>
          <ListTable caption="Publications" columns={['Name', { label: 'Page', className: 'col-hide-sm' }, { label: 'Updated', className: 'col-hide-sm' }]}>
            {items.map((p) => (
              <tr key={p.id}>
                <td className="cell-title">{p.name}</td>
                <td className="col-hide-sm muted mono">{p.canonicalPath}</td>
                <td className="col-hide-sm muted">{formatDate(p.updatedAt)}</td>
                <RowActions subject={p.name} onEdit={() => setEditing(p)} onDelete={() => del.ask(p)} />
              </tr>
            ))}
          </ListTable>
        </Card>
      )}
      {creating || editing ? <PublicationDialog publication={editing} onClose={close} onSaved={() => { list.reload(); close(); }} /> : null}
      {del.deleting ? <ConfirmDialog title="Delete publication?" message={`${del.deleting.name} will be removed with its issues and sections.`} confirmLabel="Delete" onCancel={del.cancel} onConfirm={() => void del.confirm()} /> : null}
    </Page>
  );
}

function PublicationDialog({ publication, onClose, onSaved }: { publication: MagazinePublication | null; onClose: () => void; onSaved: () => void }) {
  const form = useForm<PublicationForm>(publicationForm(publication), validatePublication);
  const toast = useToast();
  const { busy, run } = useBusy();
  const v = form.values;
  const field = (key: keyof PublicationForm) => ({ value: v[key], onChange: (x: string) => form.set(key, x), onBlur: () => form.touch(key), error: form.error(key), field: key });
  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      const input = publicationInput(v);
      if (publication) await api.updateMagazinePublication(publication.id, input);
      else await api.createMagazinePublication(input);
      toast.success(publication ? 'Publication saved.' : 'Publication created.');
      onSaved();
    }, (e) => toast.error(errorText(e)));
  };
  return (
    <FormDialog title={publication ? 'Edit publication' : 'New publication'} onClose={onClose} submitLabel={publication ? 'Save' : 'Create publication'} busy={busy} onSubmit={() => void save()}>
      <TextField label="Name" required {...field('name')} />
      <TextAreaField label="Description" {...field('description')} />
      <AssetIdField label="Logo" {...field('logoAssetId')} />
      <AssetIdField label="Cover" {...field('coverAssetId')} />
      <TextField label="Subscribe URL" type="url" {...field('subscribeUrl')} />
      <TextField label="Renewal URL" type="url" {...field('renewalUrl')} />
    </FormDialog>
  );
}
