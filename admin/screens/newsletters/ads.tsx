// /admin/newsletter-ads and /admin/create-newsletter-ad (the create form on the list screen): the
// newsletter ads with their placement, priority and schedules; the editor opens over the list.
import { useState } from 'react';
import { AD_PRIORITIES } from '../../../engine/domain/newsletter-ads';
import * as api from '../../data/api';
import type { NewsletterAdRecord } from '../../data/types';
import { useTenant } from '../../app/tenant';
import { errorText, useToast } from '../../app/toasts';
import { useLocation, useNavigate } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { Badge, EmptyState, ErrorPanel, Loading, relativeTime } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import { AdDialog } from './ad-dialog';
import { placementLabel, scheduleState, todayCentral } from './ad-form';
import { ListTable, RowActions } from '../../components/list-table';
import { useDeleteFlow } from '../../lib/use-busy';

const STATE_LABEL = { running: 'Running', upcoming: 'Upcoming', ended: 'Ended' } as const;
const PRIORITY_TONE: Record<number, 'blue' | 'amber' | 'gray'> = { 10: 'blue', 5: 'amber', 1: 'gray' };

export default function NewsletterAdsScreen() {
  const { tenantKey } = useTenant();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const list = useAsync(async () => {
    const [ads, templates] = await Promise.all([api.getNewsletterAdStream(), api.getNewsletterTemplateStream({ anyStatus: true })]);
    return { ads, templates, tenantKey: tenantKey as string };
  }, []);
  const [editing, setEditing] = useState<NewsletterAdRecord | null>(null);
  const creating = pathname.startsWith('/admin/create-newsletter-ad');
  const tk = list.data?.tenantKey ?? '';
  const today = todayCentral();
  const templateName = (id: number) => list.data?.templates.find((t) => t.id === id)?.name ?? `Template ${id}`;
  const close = () => {
    setEditing(null);
    if (creating) navigate('/admin/newsletter-ads', { replace: true });
  };
  const del = useDeleteFlow((a: NewsletterAdRecord) => api.deleteNewsletterAd(a.id, tk), () => { toast.success('Ad deleted.'); list.reload(); }, (e) => toast.error(errorText(e)));
  const create = <Button variant="primary" icon="plus" onClick={() => navigate('/admin/create-newsletter-ad')}>New ad</Button>;
  return (
    <Page title="Newsletter ads" actions={create}>
      {list.loading ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : (list.data?.ads.length ?? 0) === 0 ? (
        <EmptyState icon="ads" title="No newsletter ads yet" action={create}>Ads fill the fixed and native ad blocks of campaigns, chosen by template, date, position and priority.</EmptyState>
      ) : (
        <Card>
          <ListTable caption="Newsletter ads" columns={['Ad', 'Priority', { label: 'Placement', className: 'col-hide-sm' }, 'Schedules', { label: 'Updated', className: 'col-hide-sm' }]}>
                {list.data?.ads.map((a) => (
                  <tr key={a.id}>
                    <td className="cell-title"><button type="button" className="link-button nl-title-button" onClick={() => setEditing(a)}>{a.title}</button><div className="muted small nl-sub">{a.adCategory}</div></td>
                    <td><Badge tone={PRIORITY_TONE[a.priority] ?? 'gray'}>{a.priority} · {AD_PRIORITIES[a.priority as keyof typeof AD_PRIORITIES] ?? ''}</Badge></td>
                    <td className="col-hide-sm">{placementLabel(a.placement)}</td>
                    <td>
                      {a.schedules.length === 0 ? <span className="muted">Not scheduled</span> : (
                        <ul className="nl-sched-list">
                          {a.schedules.slice(0, 3).map((s, i) => {
                            const state = scheduleState(s, today);
                            return (
                              <li key={i}>
                                <span className={`nl-dot nl-dot-${state}`} aria-hidden="true" />
                                <span>{templateName(s.newsletterTemplateId)} · #{s.position} · {s.startDay} → {s.endDay}</span>
                                <span className={`nl-state nl-state-${state}`}>{STATE_LABEL[state]}</span>
                              </li>
                            );
                          })}
                          {a.schedules.length > 3 ? <li className="muted">+{a.schedules.length - 3} more</li> : null}
                        </ul>
                      )}
                    </td>
                    <td className="col-hide-sm muted">{relativeTime(a.updatedAt)}</td>
                    <RowActions subject={a.title} onEdit={() => setEditing(a)} onDelete={() => del.ask(a)} />
                  </tr>
                ))}
          </ListTable>
        </Card>
      )}
      {list.data && (creating || editing) ? (
        <AdDialog ad={editing} templates={list.data.templates.filter((t) => t.status === 1)} allTemplates={list.data.templates} tenantKey={tk} onClose={close} onSaved={() => { list.reload(); close(); }} />
      ) : null}
      {del.deleting ? <ConfirmDialog title="Delete ad?" message={`${del.deleting.title} and its schedules will be removed.`} confirmLabel="Delete" onCancel={del.cancel} onConfirm={() => void del.confirm()} /> : null}
    </Page>
  );
}
