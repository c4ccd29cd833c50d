// /admin: a start page with the shortcuts this user may use and the latest edited content.
import { hasAnyPermission } from '../../engine/domain/permissions';
import { useSession } from '../app/session';
import { publicOrigin, useTenant } from '../app/tenant';
import * as api from '../data/api';
import { Link } from '../lib/router';
import { useAsync } from '../lib/use-async';
import { Icon } from '../components/icons';
import { EmptyState, ErrorPanel, Loading, StatusBadge, relativeTime } from '../components/bits';
import { Card, Page } from '../shell/page';
import { visibleGroups } from '../shell/nav';

export default function DashboardScreen() {
  const { user, permissions } = useSession();
  const { tenant } = useTenant();
  const canContent = hasAnyPermission(permissions, ['manage_content']);
  const recent = useAsync(() => (canContent ? api.getContentStream({ skip: 0, limit: 6 }) : Promise.resolve(null)), [canContent]);
  const system = useAsync(() => (tenant ? api.getBuildStatus(tenant.tenantKey).catch(() => null) : Promise.resolve(null)), [tenant?.tenantKey]);
  const warnings = system.data?.warnings ?? [];
  const shortcuts = visibleGroups(permissions, { isGlobal: !!user?.isGlobal }).flatMap((g) => g.links).slice(0, 6);
  const hour = new Date().getHours();
  const greeting = hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';

  return (
    <Page title={`${greeting}, ${user?.firstName ?? ''}`} eyebrow={tenant ? tenant.name : undefined}>
      <div className="dash">
        <div className="dash-col">
        {warnings.length ? (
          <Card title="System status">
            <ul className="system-warnings" role="status">{warnings.map((w) => <li key={w}>{w}</li>)}</ul>
          </Card>
        ) : null}
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
          </Card>
        ) : null}
        <Card title="Shortcuts" className="dash-shortcuts">
          {shortcuts.length === 0 ? <p className="muted">Your account has no editing permissions on this site yet.</p> : (
            <ul className="shortcut-grid">
              {shortcuts.map((l) => (
                <li key={l.href}>
                  <Link className="shortcut" href={l.href}>
                    <span className="shortcut-icon"><Icon name={l.icon} /></span>
                    <span>{l.label}</span>
                    <Icon name="chevronRight" size={16} className="shortcut-go" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
        </div>
        {canContent ? (
          <Card title="Recently edited" actions={<Link className="btn btn-ghost btn-sm" href="/admin/content">All content</Link>}>
            {recent.loading ? <Loading /> : recent.error ? <ErrorPanel message={recent.error} onRetry={recent.reload} /> : !recent.data || recent.data.items.length === 0 ? (
              <EmptyState title="No content yet" action={<Link className="btn btn-primary" href="/admin/create-content/article">Write an article</Link>}>Articles you create will show up here.</EmptyState>
            ) : (
              <ul className="recent">
                {recent.data.items.map((c) => (
                  <li key={c.id}>
                    <Link href={`/admin/edit-content/${c.id}`} className="recent-title">{c.name}</Link>
                    <span className="recent-meta">{c.type} · {relativeTime(c.updatedAt ?? c.published)}</span>
                    <StatusBadge status={c.status} />
                  </li>
                ))}
              </ul>
            )}
          </Card>
        ) : null}
      </div>
    </Page>
  );
}
