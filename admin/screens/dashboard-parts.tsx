// The cards of the start page (issue 35), each given its data: reader figures against the week
// before, top stories, what is coming up (scheduled items, the next newsletter), drafts waiting, and
// the site's build and queue health. Figures come from stored data only (the event rollups through
// runReport, getDashboard, getBuildStatus).
import type { ReactNode } from 'react';
import type { ReportAnswer } from '../data/api-reports';
import type { Dashboard, DashboardItem } from '../data/api';
import type { BuildStatus } from '../lib/publish-status';
import { typeLabel } from '../lib/content-labels';
import { Link } from '../lib/router';
import { EmptyState, formatDate, relativeTime } from '../components/bits';
import { Icon } from '../components/icons';
import { Card } from '../shell/page';
import { formatChange } from './reports/format';

const int = (n: number) => n.toLocaleString('en-US');

function Figure({ label, value, change, href }: { label: string; value: ReactNode; change?: ReactNode; href?: string }) {
  return (
    <li className="report-figure dash-figure">
      <span className="report-figure-label">{href ? <Link href={href}>{label}</Link> : label}</span>
      <strong className="report-figure-value">{value}</strong>
      {change ?? null}
    </li>
  );
}

/** Readers today and in the last 7 days (daily readers added up) against the 7 days before, then scheduled and drafts. */
export function DashboardFigures({ today, week, dash }: { today: ReportAnswer | null; week: ReportAnswer | null; dash: Dashboard | null }) {
  const weekNow = week?.summary.visitors ?? 0;
  const before = week?.comparison?.summary.visitors;
  const delta = week ? formatChange(weekNow, before) : null;
  return (
    <ul className="report-figures dash-figures" aria-label="At a glance">
      {today ? <Figure label="Readers today" value={int(today.summary.visitors ?? 0)} href="/admin/content-views-report?range=last-7-days"
        change={<span className="report-figure-change is-flat">{int(today.summary.views ?? 0)} page views</span>} /> : null}
      {week ? <Figure label="Readers, last 7 days" value={int(weekNow)} href="/admin/content-views-report?range=last-7-days"
        change={<span className={`report-figure-change is-${delta?.tone ?? 'flat'}`} title="Daily readers added up, against the 7 days before">
          {delta ? `${delta.text} vs the week before` : before === 0 ? 'none the week before' : 'no figures the week before'}</span>} /> : null}
      {dash?.scheduledCount !== null && dash?.scheduledCount !== undefined ? <Figure label="Scheduled" value={int(dash.scheduledCount)} href="/admin/content"
        change={<span className="report-figure-change is-flat">{dash.nextScheduled?.[0] ? `next ${formatDate(dash.nextScheduled[0].published, true)}` : 'nothing scheduled'}</span>} /> : null}
      {dash?.draftCount !== null && dash?.draftCount !== undefined ? <Figure label="Drafts" value={int(dash.draftCount)} href="/admin/content?status=2"
        change={<span className="report-figure-change is-flat">{dash.recentDrafts?.[0] ? `last edited ${relativeTime(dash.recentDrafts[0].updatedAt)}` : 'none waiting'}</span>} /> : null}
    </ul>
  );
}

/** The most read items of the last 7 days. */
export function TopStories({ week }: { week: ReportAnswer }) {
  const rows = week.rows.slice(0, 5);
  return (
    <Card title="Top stories, last 7 days" actions={<Link className="btn btn-ghost btn-sm" href="/admin/content-views-report?range=last-7-days">Content views</Link>}>
      {rows.length === 0 ? <p className="muted">No page views were counted in the last 7 days.</p> : (
        <ol className="recent top-stories">
          {rows.map((r) => (
            <li key={String(r.contentId)}>
              <Link className="recent-title" href={`/admin/edit-content/${String(r.contentId)}`}>{String(r.title ?? r.contentId)}</Link>
              <span className="recent-meta">{typeLabel(String(r.type ?? ''))}</span>
              <strong className="top-views">{int(Number(r.views ?? 0))} <span className="muted">views</span></strong>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function ItemLine({ c, when }: { c: DashboardItem; when: string }) {
  return (
    <li>
      <Link className="recent-title" href={`/admin/edit-content/${c.id}`}>{c.name}</Link>
      <span className="recent-meta">{typeLabel(c.type)} · {when}</span>
    </li>
  );
}

/** Scheduled items, soonest first, and the next newsletter send. */
export function ComingUp({ dash }: { dash: Dashboard }) {
  const scheduled = dash.nextScheduled ?? [];
  const drafts = dash.recentDrafts ?? [];
  const empty = scheduled.length === 0 && !dash.nextNewsletter && drafts.length === 0;
  return (
    <Card title="Coming up">
      {empty ? <EmptyState icon="content" title="Nothing scheduled">Items published with a future date, drafts and newsletter sends show here.</EmptyState> : (
        <div className="stack">
          {dash.nextNewsletter ? (
            <p className="dash-next-send">
              <Icon name="mail" size={16} />
              <span>Next newsletter: <Link href={`/admin/edit-newsletter-campaign/${dash.nextNewsletter.id}`}>{dash.nextNewsletter.name}</Link>, {formatDate(dash.nextNewsletter.deploymentDate, true)}</span>
            </p>
          ) : null}
          {scheduled.length ? <><h3 className="dash-sub">Scheduled</h3><ul className="recent">{scheduled.map((c) => <ItemLine key={c.id} c={c} when={`goes live ${formatDate(c.published, true)}`} />)}</ul></> : null}
          {drafts.length ? <><h3 className="dash-sub">Drafts waiting</h3><ul className="recent">{drafts.map((c) => <ItemLine key={c.id} c={c} when={`edited ${relativeTime(c.updatedAt)}`} />)}</ul></> : null}
        </div>
      )}
    </Card>
  );
}

const BUILD_TEXT: Record<BuildStatus['state'], string> = { live: 'Live', queued: 'Changes waiting', building: 'Building', failed: 'Last build failed' };

/** The site's build and rebuild queue. */
export function BuildHealth({ build }: { build: BuildStatus }) {
  const tone = build.state === 'failed' ? 'red' : build.state === 'live' ? 'green' : 'amber';
  return (
    <div className="dash-build">
      <span className={`badge badge-${tone}`}><span className="badge-dot" aria-hidden="true" />{BUILD_TEXT[build.state]}</span>
      <span className="muted">
        {build.state === 'live' && build.finishedAt ? `last build ${relativeTime(build.finishedAt)}${build.pagesWritten ? `, ${int(build.pagesWritten)} pages` : ''}` : null}
        {(build.state === 'queued' || build.state === 'building') && build.requestedAt ? `oldest change waiting since ${relativeTime(build.requestedAt)}` : null}
        {build.state === 'failed' ? (build.error ?? 'the rebuild will be retried') : null}
      </span>
    </div>
  );
}
