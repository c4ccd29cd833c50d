// /admin/aspire-news: global admins write the internal news the toolbar flyout shows to every
// staff user (admin §2.3, §3.6): title, date, status (published or draft), alert flag and an HTML
// description (sanitised by the shared body rules, here and again by the API).
import { useState } from 'react';
import { aspireNewsSchema } from '../../../engine/domain/company';
import * as api from '../../data/api';
import type { AspireNews } from '../../data/types';
import { useSession } from '../../app/session';
import { errorText, useToast } from '../../app/toasts';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';
import { sanitizeBody } from '../../lib/sanitize-body';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/fields';
import { Badge, EmptyState, ErrorPanel, Loading, Pager, formatDate } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { ListTable, RowActions } from '../../components/list-table';
import { FormDialog } from '../../components/form-dialog';
import { useBusy, useDeleteFlow } from '../../lib/use-busy';

const PAGE = 10;
type NewsForm = { title: string; date: string; status: '1' | '2'; alert: boolean; description: string };

const today = () => new Date().toISOString().slice(0, 10);
const toIso = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T12:00:00.000Z` : day);

export function validateNews(f: NewsForm): FieldErrors {
  const r = aspireNewsSchema.safeParse({ title: f.title, date: toIso(f.date), status: Number(f.status), alert: f.alert, description: f.description });
  return r.success ? {} : issuesToErrors(r.error.issues);
}

export default function AspireNewsScreen() {
  const { user } = useSession();
  const [skip, setSkip] = useState(0);
  const [status, setStatus] = useState<'' | '1' | '2'>('');
  const list = useAsync(() => api.getAspireNewsStream({ skip, limit: PAGE, ...(status ? { status: Number(status) as 1 | 2 } : {}) }), [skip, status]);
  const [editing, setEditing] = useState<AspireNews | 'new' | null>(null);
  const toast = useToast();
  const del = useDeleteFlow((n: AspireNews) => api.deleteAspireNews(n.id), () => { toast.success('News item deleted.'); list.reload(); }, (e) => toast.error(errorText(e)));

  if (!user?.isGlobal) {
    return <Page title="Internal news"><EmptyState icon="bell" title="Global administrators only">Internal news is written by administrators of all sites. You can read it from the bell in the toolbar.</EmptyState></Page>;
  }
  return (
    <Page title="Internal news" actions={<Button variant="primary" icon="plus" onClick={() => setEditing('new')}>New item</Button>}
      top={<div className="filters"><SelectField label="Status" value={status} placeholder="All" options={[{ value: '1', label: 'Published' }, { value: '2', label: 'Draft' }]} onChange={(v) => { setStatus((v ?? '') as '' | '1' | '2'); setSkip(0); }} /></div>}
      bottom={list.data && list.data.totalCount > PAGE ? <Pager skip={skip} limit={PAGE} total={list.data.totalCount} onPage={setSkip} /> : null}>
      {list.loading && !list.data ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : (list.data?.items.length ?? 0) === 0 ? (
        <EmptyState icon="bell" title="No internal news yet">Published items appear in every staff member's toolbar; alerts are highlighted for 14 days.</EmptyState>
      ) : (
        <Card title={`${list.data?.totalCount ?? 0} items`}>
          <ListTable caption="Internal news" columns={['Title', 'Date', 'Status']}>
            {list.data?.items.map((n) => (
              <tr key={n.id}>
                <td>{n.title}{n.alert ? <> <Badge tone="red">Alert</Badge></> : null}</td>
                <td>{formatDate(n.date)}</td>
                <td>{n.status === 1 ? <Badge tone="green">Published</Badge> : <Badge>Draft</Badge>}</td>
                <RowActions subject={`news item ${n.title}`} onEdit={() => setEditing(n)} onDelete={() => del.ask(n)} />
              </tr>
            ))}
          </ListTable>
        </Card>
      )}
      {editing ? <NewsDialog item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); list.reload(); }} /> : null}
      {del.deleting ? <ConfirmDialog title="Delete news item?" message={`"${del.deleting.title}" will be removed for every staff member.`} confirmLabel="Delete" onCancel={del.cancel} onConfirm={() => void del.confirm()} /> : null}
    </Page>
  );
}

function NewsDialog({ item, onClose, onSaved }: { item: AspireNews | null; onClose: () => void; onSaved: () => void }) {
  const form = useForm<NewsForm>(item
    ? { title: item.title, date: item.date.slice(0, 10), status: String(item.status) as '1' | '2', alert: item.alert, description: item.description }
    : { title: '', date: today(), status: '2', alert: false, description: '' }, validateNews);
  const toast = useToast();
  const { busy, run } = useBusy();
  const v = form.values;
  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      await api.setAspireNews({
        ...(item ? { id: item.id } : {}), title: v.title.trim(), date: toIso(v.date), status: Number(v.status) as 1 | 2, alert: v.alert, description: sanitizeBody(v.description),
      });
      toast.success(item ? 'News item saved.' : 'News item created.');
      onSaved();
    }, (e) => toast.error(errorText(e)));
  };
  return (
    <FormDialog title={item ? 'Edit news item' : 'New news item'} onClose={onClose} submitLabel={item ? 'Save' : 'Create item'} busy={busy} onSubmit={() => void save()} width={640}>
      <TextField label="Title" required value={v.title} onChange={(x) => form.set('title', x)} onBlur={() => form.touch('title')} error={form.error('title')} field="title" />
      <TextField label="Date" type="date" required value={v.date} onChange={(x) => form.set('date', x)} onBlur={() => form.touch('date')} error={form.error('date')} field="date" />
      <SelectField label="Status" required value={v.status} options={[{ value: '1', label: 'Published' }, { value: '2', label: 'Draft' }]} onChange={(x) => form.set('status', (x ?? '2') as '1' | '2')} field="status" />
      <CheckboxField label="Alert" hint="Listed as an alert to staff who have not read it, for 14 days from its date." checked={v.alert} onChange={(x) => form.set('alert', x)} field="alert" />
      <TextAreaField label="Description" hint="HTML: paragraphs, links, lists, emphasis." rows={8} value={v.description} onChange={(x) => form.set('description', x)} error={form.error('description')} field="description" />
    </FormDialog>
  );
}
