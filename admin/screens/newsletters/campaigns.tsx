// /admin/newsletter-campaigns: campaigns newest first (20 a page), filtered by template, with their
// audience status and whether the site lists them (Sent or Sending, and not hidden on web).
import { hasAnyPermission } from '../../../engine/domain/permissions';
import * as api from '../../data/api';
import { useSession } from '../../app/session';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { SelectField } from '../../components/fields';
import { Icon } from '../../components/icons';
import { Badge, EmptyState, ErrorPanel, Loading, Pager, formatDate, relativeTime } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { ListTable } from '../../components/list-table';

const PAGE = 20;
const TONES: Record<string, 'gray' | 'blue' | 'green' | 'amber' | 'red'> = { Draft: 'gray', Scheduled: 'blue', Sending: 'amber', Sent: 'green', Failed: 'red' };

export function AudienceBadge({ status, listed }: { status: string; listed: boolean }) {
  return (
    <span className="nl-badges">
      <Badge tone={TONES[status] ?? 'gray'}>{status}</Badge>
      {listed ? <Badge tone="violet">On the web</Badge> : null}
    </span>
  );
}

export default function NewsletterCampaignsScreen() {
  const { permissions } = useSession();
  const canEdit = hasAnyPermission(permissions, ['manage_newsletter_campaigns']);
  const params = useSearchParams();
  const navigate = useNavigate();
  const templateId = Number(params.get('template') ?? '') || undefined;
  const skip = Math.max(0, Number(params.get('skip') ?? '0') || 0);
  const templates = useAsync(() => api.getNewsletterTemplateStream({ anyStatus: true }), []);
  const list = useAsync(() => api.getNewsletterCampaignStream({ templateId, skip, limit: PAGE }), [templateId, skip]);
  const go = (t: number | undefined, s: number) => {
    const q = new URLSearchParams();
    if (t) q.set('template', String(t));
    if (s) q.set('skip', String(s));
    navigate(`/admin/newsletter-campaigns${q.size ? `?${q}` : ''}`, { replace: true });
  };
  const templateName = (id: number) => templates.data?.find((t) => t.id === id)?.name ?? `Template ${id}`;
  const create = canEdit ? <Link className="btn btn-primary" href="/admin/create-newsletter-campaign"><Icon name="plus" size={18} /><span>New campaign</span></Link> : null;
  return (
    <Page title="Newsletter campaigns" actions={create}
      bottom={list.data && list.data.totalCount > PAGE ? <Pager skip={skip} limit={PAGE} total={list.data.totalCount} onPage={(s) => go(templateId, s)} /> : null}
      top={<div className="filters"><SelectField label="Template" value={templateId ? String(templateId) : ''} placeholder="All templates"
        options={(templates.data ?? []).map((t) => ({ value: String(t.id), label: t.status === 1 ? t.name : `${t.name} (inactive)` }))} onChange={(x) => go(x ? Number(x) : undefined, 0)} /></div>}>
      {list.loading ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : (list.data?.items.length ?? 0) === 0 ? (
        <EmptyState icon="content" title={templateId ? 'No campaigns for this template' : 'No campaigns yet'} action={create ?? undefined}>A campaign is one issue of a newsletter: its content, subject and send.</EmptyState>
      ) : (
        <Card>
          <ListTable caption="Newsletter campaigns" columns={['Name', 'Status', { label: 'Template', className: 'col-hide-sm' }, { label: 'Deployment', className: 'col-hide-sm' }, { label: 'Updated', className: 'col-hide-sm' }, { label: 'Id', className: 'col-id' }]} actions={false}>
                {list.data?.items.map((c) => (
                  <tr key={c.id}>
                    <td className="cell-title"><Link href={`/admin/edit-newsletter-campaign/${c.id}`}>{c.name}</Link>{c.subject ? <div className="muted small nl-clamp">{c.subject}</div> : null}</td>
                    <td><AudienceBadge status={c.audienceStatus} listed={c.listed} />{c.hiddenOnWeb ? <span className="muted small"> · hidden on web</span> : null}</td>
                    <td className="col-hide-sm">{templateName(c.templateId)}</td>
                    <td className="col-hide-sm">{formatDate(c.sentAt ?? c.deploymentDate)}</td>
                    <td className="col-hide-sm muted">{relativeTime(c.updatedAt)}</td>
                    <td className="col-id mono muted">{c.id}</td>
                  </tr>
                ))}
          </ListTable>
        </Card>
      )}
    </Page>
  );
}
