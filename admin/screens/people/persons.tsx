// /admin/persons (issue 16; admin §2.2): authors and contacts — list with search (the list limit is
// 9999, admin §9), create (also from the quick menu's "New person", ?action=add), edit and delete.
// A person's author page is built once they sign live content; the list links to it.
import { useState } from 'react';
import { SOCIAL_NETWORKS } from '../../../engine/domain/enums';
import * as api from '../../data/api';
import type { Person } from '../../data/types';
import { useTenant } from '../../app/tenant';
import { usePublish } from '../../app/publish';
import { errorText, useToast } from '../../app/toasts';
import { useNavigate, useSearchParams } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { SelectField, TextAreaField, TextField } from '../../components/fields';
import { Badge, EmptyState, ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { FilterBox, ListTable, RowActions } from '../../components/list-table';
import { FormDialog } from '../../components/form-dialog';
import { LibraryImageField } from '../../components/asset-id-field';
import { useBusy, useDeleteFlow } from '../../lib/use-busy';
import { personForm, personInput, validatePerson, type PersonForm } from './people-forms';

const NETWORK_OPTIONS = SOCIAL_NETWORKS.map((n) => ({ value: n, label: n }));

export default function PersonsScreen() {
  const { tenantKey } = useTenant();
  const params = useSearchParams();
  const navigate = useNavigate();
  const [phrase, setPhrase] = useState('');
  const list = useAsync(async () => ({ items: await api.getPersonList(), tenantKey: tenantKey as string }), []);
  const [editing, setEditing] = useState<Person | null>(null);
  const creating = params.get('action') === 'add';
  // ?edit=<id> (the quick menu's people results) opens that person's editor once the list is in.
  const editId = Number(params.get('edit') ?? '');
  const opened = editing ?? (editId ? list.data?.items.find((p) => p.id === editId) ?? null : null);
  const toast = useToast();
  const publish = usePublish();
  const tk = list.data?.tenantKey ?? '';
  const needle = phrase.trim().toLowerCase();
  const items = (list.data?.items ?? []).filter((p) => !needle || `${p.fullName} ${p.title ?? ''}`.toLowerCase().includes(needle));
  const del = useDeleteFlow((p: Person) => publish.track(`Person ${p.fullName}`, tk, () => api.deletePerson(p.id, tk)),
    () => { toast.success('Person deleted.'); list.reload(); }, (e) => toast.error(errorText(e)));
  const close = () => { setEditing(null); if (creating || editId) navigate('/admin/persons', { replace: true }); };

  return (
    <Page title="People" actions={<Button variant="primary" icon="plus" onClick={() => navigate('/admin/persons?action=add')}>New person</Button>}>
      {list.loading ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : (
        <Card title={`${list.data?.items.length ?? 0} people`} actions={<FilterBox label="Search people" value={phrase} onChange={setPhrase} />}>
          {items.length === 0 ? <EmptyState icon="users" title={needle ? 'No people match' : 'No people yet'}>Authors and contacts are listed here.</EmptyState> : (
            <ListTable caption="People" columns={['Name', { label: 'Title', className: 'col-hide-sm' }, 'Status']}>
              {items.map((p) => (
                <tr key={p.id}>
                  <td>{p.fullName}{p.authorPath ? <span className="muted mono"> {p.authorPath}</span> : null}</td>
                  <td className="col-hide-sm muted">{p.title ?? ''}</td>
                  <td>{p.status === 0 ? <Badge tone="gray">Inactive</Badge> : <Badge tone="green">Active</Badge>}</td>
                  <RowActions subject={p.fullName} onEdit={() => setEditing(p)} onDelete={() => del.ask(p)} />
                </tr>
              ))}
            </ListTable>
          )}
        </Card>
      )}
      {creating || opened ? (
        <PersonDialog key={opened?.id ?? 'new'} person={opened} tenantKey={tk} onClose={close} onSaved={() => { list.reload(); close(); }} />
      ) : null}
      {del.deleting ? <ConfirmDialog title="Delete person?" message={`${del.deleting.fullName} will be removed. People who sign content cannot be deleted.`} confirmLabel="Delete" onCancel={del.cancel} onConfirm={() => void del.confirm()} /> : null}
    </Page>
  );
}

function PersonDialog({ person, tenantKey, onClose, onSaved }: { person: Person | null; tenantKey: string; onClose: () => void; onSaved: () => void }) {
  const form = useForm<PersonForm>(personForm(person), validatePerson);
  const toast = useToast();
  const publish = usePublish();
  const { busy, run } = useBusy();
  const v = form.values;
  const setLink = (i: number, patch: Partial<{ network: string; url: string }>) =>
    form.set('socialLinks', v.socialLinks.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      const input = personInput(v);
      const name = `${input.firstName} ${input.lastName}`;
      await publish.track(`Person ${name}`, tenantKey, () => (person ? api.updatePerson(person.id, input, tenantKey) : api.createPerson(input, tenantKey)));
      toast.success(person ? 'Person saved.' : 'Person created.');
      onSaved();
    }, (e) => toast.error(errorText(e)));
  };
  return (
    <FormDialog title={person ? `Edit ${person.fullName}` : 'New person'} onClose={onClose} submitLabel={person ? 'Save' : 'Create person'} busy={busy} onSubmit={() => void save()} width={640}>
      <div className="grid-2">
        <TextField label="First name" required value={v.firstName} onChange={(x) => form.set('firstName', x)} onBlur={() => form.touch('firstName')} error={form.error('firstName')} field="firstName" />
        <TextField label="Last name" required value={v.lastName} onChange={(x) => form.set('lastName', x)} onBlur={() => form.touch('lastName')} error={form.error('lastName')} field="lastName" />
      </div>
      <TextField label="Title" value={v.title} placeholder="Senior reporter" onChange={(x) => form.set('title', x)} error={form.error('title')} field="title" />
      <TextAreaField label="Bio" rows={4} value={v.bio} onChange={(x) => form.set('bio', x)} error={form.error('bio')} field="bio" hint="HTML allowed; cleaned by the body rules when saved." />
      <div className="grid-2">
        <LibraryImageField label="Photo" value={v.imageId} onChange={(x) => form.set('imageId', x)} error={form.error('imageId')} field="imageId" />
        <SelectField label="Status" required value={v.status} options={[{ value: '1', label: 'Active' }, { value: '0', label: 'Inactive' }]} onChange={(x) => form.set('status', (x ?? '1') as '0' | '1')} />
      </div>
      <fieldset className="plain stack">
        <legend className="field-label">Social links</legend>
        {v.socialLinks.map((l, i) => (
          <div className="grid-2" key={i}>
            <SelectField label={`Network ${i + 1}`} required value={l.network} options={NETWORK_OPTIONS} onChange={(x) => setLink(i, { network: x ?? 'Other' })} error={form.error(`socialLinks.${i}.network`)} />
            <div className="row">
              <TextField label={`Address ${i + 1}`} required value={l.url} placeholder="https://…" onChange={(x) => setLink(i, { url: x })} error={form.error(`socialLinks.${i}.url`)} field={`socialLinks.${i}.url`} className="grow" />
              <Button onClick={() => form.set('socialLinks', v.socialLinks.filter((_, j) => j !== i))} aria-label={`Remove link ${i + 1}`}>Remove</Button>
            </div>
          </div>
        ))}
        <div><Button icon="plus" onClick={() => form.set('socialLinks', [...v.socialLinks, { network: 'Linkedin', url: '' }])}>Add link</Button></div>
      </fieldset>
    </FormDialog>
  );
}
