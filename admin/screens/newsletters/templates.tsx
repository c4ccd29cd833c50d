// /admin/newsletter-templates: every template of the site (active and inactive), with delete for
// holders of manage_newsletter_templates (refused by the API while campaigns use the template).
import { useState } from 'react';
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

export default function NewsletterTemplatesScreen() {
  const { permissions } = useSession();
  const full = hasAnyPermission(permissions, ['manage_newsletter_templates']);
  const { tenantKey } = useTenant();
  const list = useAsync(async () => {
    const [templates, items] = await Promise.all([api.getNewsletterTemplateStream({ anyStatus: true }), api.getNewsletterItems()]);
    return { templates, items, tenantKey: tenantKey as string };
  }, []);
  const [deleting, setDeleting] = useState<NewsletterTemplateSummary | null>(null);
  const toast = useToast();
  const remove = async (t: NewsletterTemplateSummary) => {
    try {
      await api.deleteNewsletterTemplate(t.id, list.data?.tenantKey ?? '');
      toast.success('Template deleted.');
      list.reload();
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setDeleting(null);
    }
  };
  const newsletterName = (id: number | null) => list.data?.items.find((i) => i.id === id)?.title ?? '—';
  const create = full ? <Link className="btn btn-primary" href="/admin/create-newsletter-template"><Icon name="plus" size={18} /><span>New template</span></Link> : null;
  return (
    <Page title="Newsletter templates" actions={create}>
      {list.loading ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : (list.data?.templates.length ?? 0) === 0 ? (
        <EmptyState icon="layouts" title="No newsletter templates yet" action={create ?? undefined}>A template sets the look of a newsletter: width, colours, fonts, header and footer.</EmptyState>
      ) : (
        <Card>
          <div className="table-wrap table-flush">
            <table className="table">
              <caption className="visually-hidden">Newsletter templates</caption>
              <thead><tr><th scope="col">Name</th><th scope="col">Status</th><th scope="col" className="col-hide-sm">Newsletter</th><th scope="col" className="col-hide-sm">Updated</th><th scope="col" className="col-id">Id</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
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
                    <td className="cell-actions">{full ? <IconButton icon="trash" label={`Delete ${t.name}`} onClick={() => setDeleting(t)} /> : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}
      {deleting ? <ConfirmDialog title="Delete template?" message={`${deleting.name} will be removed. Templates with campaigns cannot be deleted: set them inactive instead.`} confirmLabel="Delete" onCancel={() => setDeleting(null)} onConfirm={() => void remove(deleting)} /> : null}
    </Page>
  );
}
