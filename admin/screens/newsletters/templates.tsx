// /admin/newsletter-templates: every template of the site (active and inactive), with delete for
// holders of manage_newsletter_templates (refused by the API while campaigns use the template).
import { hasAnyPermission } from '../../../engine/domain/permissions';
import * as api from '../../data/api';
import type { NewsletterTemplateSummary } from '../../data/types';
import { useSession } from '../../app/session';
import { useTenant } from '../../app/tenant';
import { errorText, useToast } from '../../app/toasts';
import { Link } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { IconButton } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { Icon } from '../../components/icons';
import { Badge, EmptyState, ErrorPanel, Loading, relativeTime } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { ListTable } from '../../components/list-table';
import { useDeleteFlow } from '../../lib/use-busy';

export default function NewsletterTemplatesScreen() {
  const { permissions } = useSession();
  const full = hasAnyPermission(permissions, ['manage_newsletter_templates']);
  const { tenantKey } = useTenant();
  const list = useAsync(async () => {
    const [templates, items] = await Promise.all([api.getNewsletterTemplateStream({ anyStatus: true }), api.getNewsletterItems()]);
    return { templates, items, tenantKey: tenantKey as string };
  }, []);
  const toast = useToast();
  const del = useDeleteFlow((t: NewsletterTemplateSummary) => api.deleteNewsletterTemplate(t.id, list.data?.tenantKey ?? ''), () => { toast.success('Template deleted.'); list.reload(); }, (e) => toast.error(errorText(e)));
  const newsletterName = (id: number | null) => list.data?.items.find((i) => i.id === id)?.title ?? '—';
  const create = full ? <Link className="btn btn-primary" href="/admin/create-newsletter-template"><Icon name="plus" size={18} /><span>New template</span></Link> : null;
  return (
    <Page title="Newsletter templates" actions={create}>
      {list.loading ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : (list.data?.templates.length ?? 0) === 0 ? (
        <EmptyState icon="layouts" title="No newsletter templates yet" action={create ?? undefined}>A template sets the look of a newsletter: width, colours, fonts, header and footer.</EmptyState>
      ) : (
        <Card>
          <ListTable caption="Newsletter templates" columns={['Name', 'Status', { label: 'Newsletter', className: 'col-hide-sm' }, { label: 'Updated', className: 'col-hide-sm' }, { label: 'Id', className: 'col-id' }]}>
                {list.data?.templates.map((t) => (
                  <tr key={t.id}>
                    <td className="cell-title">
                      <Link href={`/admin/edit-newsletter-template/${t.id}`}>{t.name}</Link>
                      {t.description ? <div className="muted small nl-clamp">{t.description}</div> : null}
                    </td>
                    <td>{t.status === 1 ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>}</td>
                    <td className="col-hide-sm">{newsletterName(t.newsletterId)}</td>
                    <td className="col-hide-sm muted">{relativeTime(t.updatedAt)}</td>
                    <td className="col-id mono muted">{t.id}</td>
                    <td className="cell-actions">{full ? <IconButton icon="trash" label={`Delete ${t.name}`} onClick={() => del.ask(t)} /> : null}</td>
                  </tr>
                ))}
          </ListTable>
        </Card>
      )}
      {del.deleting ? <ConfirmDialog title="Delete template?" message={`${del.deleting.name} will be removed. Templates with campaigns cannot be deleted: set them inactive instead.`} confirmLabel="Delete" onCancel={del.cancel} onConfirm={() => void del.confirm()} /> : null}
    </Page>
  );
}
