// /admin: the start page with numbers from the stored data (issue 35): readers today and in the last
// 7 days against the week before and the top stories (the content views report over the event
// rollups), scheduled items, drafts waiting and the next newsletter send (getDashboard), the site's
// build and queue health (getBuildStatus), and the latest edits. Server warnings show only when the
// API answers them, which it does to admins alone (global staff or manage_modules).
import { hasAnyPermission } from '../../engine/domain/permissions';
import { useSession } from '../app/session';
import { publicOrigin, useTenant } from '../app/tenant';
import * as api from '../data/api';
import { runReport } from '../data/api-reports';
import { typeLabel } from '../lib/content-labels';
import { Link } from '../lib/router';
import { useAsync } from '../lib/use-async';
import { Icon } from '../components/icons';
import { EmptyState, ErrorPanel, Loading, StatusBadge, relativeTime } from '../components/bits';
import { Card, Page } from '../shell/page';
import { BuildHealth, ComingUp, DashboardFigures, TopStories } from './dashboard-parts';

const utcDay = () => new Date().toISOString().slice(0, 10);

export default function DashboardScreen() {
  const { user, permissions } = useSession();
  const { tenant } = useTenant();
  const key = tenant?.tenantKey;
  const canContent = hasAnyPermission(permissions, ['manage_content']);
  const canReports = hasAnyPermission(permissions, ['view_common_reports']);
  const recent = useAsync(() => (canContent ? api.getContentStream({ skip: 0, limit: 6 }) : Promise.resolve(null)), [canContent, key]);
  const system = useAsync(() => (tenant ? api.getBuildStatus(tenant.tenantKey).catch(() => null) : Promise.resolve(null)), [key]);
  const dash = useAsync(() => (key ? api.getDashboard().catch(() => null) : Promise.resolve(null)), [key]);
  const week = useAsync(() => (canReports ? runReport('content-views', 'range=last-7-days').catch(() => null) : Promise.resolve(null)), [canReports, key]);
  const today = useAsync(() => (canReports ? runReport('content-views', `range=custom&from=${utcDay()}&to=${utcDay()}&compare=none`).catch(() => null) : Promise.resolve(null)), [canReports, key]);
  const warnings = system.data?.warnings ?? [];
  const hour = new Date().getHours();
  const greeting = hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
  const loadingFigures = (canReports && (week.loading || today.loading)) || dash.loading;

  return (
    <Page title={`${greeting}, ${user?.firstName ?? ''}`} eyebrow={tenant ? tenant.name : undefined}>
      {warnings.length ? (
        <div className="dash-warnings" role="status">
          <Icon name="alert" />
          <div>
            <strong>The server needs your attention</strong>
            <ul>{warnings.map((w) => <li key={w}>{w}</li>)}</ul>
            <Link href="/admin/system">System status</Link>
          </div>
        </div>
      ) : null}
      {loadingFigures ? <Loading label="Loading figures…" /> : <DashboardFigures today={today.data ?? null} week={week.data ?? null} dash={dash.data ?? null} />}
      <div className="dash">
        <div className="dash-col">
          {week.data ? <TopStories week={week.data} /> : null}
          {dash.data && (dash.data.draftCount !== null || dash.data.nextNewsletter) ? <ComingUp dash={dash.data} /> : null}
        </div>
        <div className="dash-col">
          {tenant ? (
            <Card title="Your site">
              <div className="site-card">
                <span className="site-abbr" aria-hidden="true">{tenant.abbreviation}</span>
                <div className="site-text">
                  <strong>{tenant.name}</strong>
                  <span className="muted">{tenant.domain}</span>
                </div>
                {publicOrigin(tenant) ? (
                  <a className="btn btn-secondary btn-sm" href={`${publicOrigin(tenant)}/`} target="_blank" rel="noopener noreferrer">
                    Open site<Icon name="external" size={14} />
                  </a>
                ) : null}
              </div>
              {system.data ? <BuildHealth build={system.data} /> : null}
            </Card>
          ) : null}
          {canContent ? (
            <Card title="Recently edited" actions={<Link className="btn btn-ghost btn-sm" href="/admin/content">All content</Link>}>
              {recent.loading ? <Loading /> : recent.error ? <ErrorPanel message={recent.error} onRetry={recent.reload} /> : !recent.data || recent.data.items.length === 0 ? (
                <EmptyState title="No content yet" action={<Link className="btn btn-primary" href="/admin/create-content/article">Write an article</Link>}>Articles you create will show up here.</EmptyState>
              ) : (
                <ul className="recent">
                  {recent.data.items.map((c) => (
                    <li key={c.id}>
                      <Link href={`/admin/edit-content/${c.id}`} className="recent-title">{c.name}</Link>
                      <span className="recent-meta">{typeLabel(c.type)} · {relativeTime(c.updatedAt ?? c.published)}</span>
                      <StatusBadge status={c.status} published={c.published} />
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          ) : null}
          {!canContent && !canReports ? <Card title="Getting started"><p className="muted">Your account has no editing permissions on this site yet. The menu on the left lists what you may open.</p></Card> : null}
        </div>
      </div>
    </Page>
  );
}
