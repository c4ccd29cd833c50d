// /admin/newsletter-content: the newsletters readers subscribe to (title, description,
// showInSubscribeBlock), checked with the shared newsletter schema. An item a template deploys to or
// with subscribers cannot be deleted (the API refuses); hide it from the subscribe block instead.
import { useState } from 'react';
import { newsletterSchema } from '../../../engine/domain/records';
import * as api from '../../data/api';
import type { NewsletterItemRecord } from '../../data/types';
import { useTenant } from '../../app/tenant';
import { errorText, useToast } from '../../app/toasts';
import { useAsync } from '../../lib/use-async';
import { useForm } from '../../lib/use-form';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { CheckboxField, TextAreaField, TextField } from '../../components/fields';
import { Badge, EmptyState, ErrorPanel, Loading } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { ListTable, RowActions } from '../../components/list-table';
import { FormDialog } from '../../components/form-dialog';
import { useBusy, useDeleteFlow } from '../../lib/use-busy';

export type ItemForm = { title: string; description: string; omedaProductId: string; showInSubscribeBlock: boolean };

export function validateItem(f: ItemForm): FieldErrors {
  const r = newsletterSchema.safeParse({ id: 1, ...toItemWrite(f) });
  return r.success ? {} : issuesToErrors(r.error.issues);
}

export function toItemWrite(f: ItemForm): api.NewsletterItemWrite {
  return { title: f.title, description: f.description, showInSubscribeBlock: f.showInSubscribeBlock, ...(f.omedaProductId.trim() ? { omedaProductId: f.omedaProductId.trim() } : {}) };
}

export default function NewsletterContentScreen() {
  const { tenantKey } = useTenant();
  const list = useAsync(async () => ({ items: await api.getNewsletterItems(), tenantKey: tenantKey as string }), []);
  const [editing, setEditing] = useState<NewsletterItemRecord | 'new' | null>(null);
  const toast = useToast();
  const tk = list.data?.tenantKey ?? '';
  const del = useDeleteFlow((n: NewsletterItemRecord) => api.deleteNewsletterItem(n.id, tk), () => { toast.success('Newsletter deleted.'); list.reload(); }, (e) => toast.error(errorText(e)));
  const create = <Button variant="primary" icon="plus" onClick={() => setEditing('new')}>New newsletter</Button>;
  return (
    <Page title="Newsletter content" actions={create}>
      {list.loading ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : (list.data?.items.length ?? 0) === 0 ? (
        <EmptyState icon="menus" title="No newsletters yet" action={create}>Newsletters are what readers subscribe to; templates deploy to them.</EmptyState>
      ) : (
        <Card>
          <ListTable caption="Newsletters" columns={['Newsletter', 'Subscribe block', { label: 'Product id', className: 'col-hide-sm' }, { label: 'Id', className: 'col-id' }]}>
                {list.data?.items.map((n) => (
                  <tr key={n.id}>
                    <td className="cell-title"><button type="button" className="link-button nl-title-button" onClick={() => setEditing(n)}>{n.title}</button>{n.description ? <div className="muted small nl-clamp">{n.description.replace(/<[^>]+>/g, '')}</div> : null}</td>
                    <td>{n.showInSubscribeBlock ? <Badge tone="green">Offered</Badge> : <Badge>Hidden</Badge>}</td>
                    <td className="col-hide-sm mono muted">{n.omedaProductId ?? '—'}</td>
                    <td className="col-id mono muted">{n.id}</td>
                    <RowActions subject={n.title} onEdit={() => setEditing(n)} onDelete={() => del.ask(n)} />
                  </tr>
                ))}
          </ListTable>
        </Card>
      )}
      {editing ? <ItemDialog item={editing === 'new' ? null : editing} tenantKey={tk} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); list.reload(); }} /> : null}
      {del.deleting ? <ConfirmDialog title="Delete newsletter?" message={`${del.deleting.title} will be removed. Newsletters with subscribers or templates cannot be deleted: hide them from the subscribe block instead.`} confirmLabel="Delete" onCancel={del.cancel} onConfirm={() => void del.confirm()} /> : null}
    </Page>
  );
}

function ItemDialog({ item, tenantKey, onClose, onSaved }: { item: NewsletterItemRecord | null; tenantKey: string; onClose: () => void; onSaved: () => void }) {
  const form = useForm<ItemForm>(item ? { title: item.title, description: item.description, omedaProductId: item.omedaProductId ?? '', showInSubscribeBlock: item.showInSubscribeBlock } : { title: '', description: '', omedaProductId: '', showInSubscribeBlock: true }, validateItem);
  const toast = useToast();
  const { busy, run } = useBusy();
  const v = form.values;
  const save = async () => {
    if (!form.check()) return;
    await run(async () => {
      if (item) await api.updateNewsletterItem(item.id, toItemWrite(v), tenantKey);
      else await api.createNewsletterItem(toItemWrite(v), tenantKey);
      toast.success(item ? 'Newsletter saved.' : 'Newsletter created.');
      onSaved();
    }, (e) => toast.error(errorText(e)));
  };
  return (
    <FormDialog title={item ? 'Edit newsletter' : 'New newsletter'} onClose={onClose} submitLabel={item ? 'Save' : 'Create newsletter'} busy={busy} onSubmit={() => void save()} formLabel="Newsletter">
        <TextField label="Title" required value={v.title} onChange={(x) => form.set('title', x)} onBlur={() => form.touch('title')} error={form.error('title')} field="title" />
        <TextAreaField label="Description" value={v.description} onChange={(x) => form.set('description', x)} error={form.error('description')} field="description" />
        <TextField label="Omeda product id" className="mono" value={v.omedaProductId} onChange={(x) => form.set('omedaProductId', x)} error={form.error('omedaProductId')} field="omedaProductId" />
        <CheckboxField label="Show in subscribe block" hint="Offered in the subscribe pane and block." checked={v.showInSubscribeBlock} onChange={(x) => form.set('showInSubscribeBlock', x)} />
    </FormDialog>
  );
}
