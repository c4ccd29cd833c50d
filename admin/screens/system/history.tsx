// /admin/history: who changed what and when, newest first, filterable by kind of record, with the
// recorded changes of each entry on demand.
import { useState } from 'react';
import * as api from '../../data/api';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { useAsync } from '../../lib/use-async';
import { SelectField } from '../../components/fields';
import { EmptyState, ErrorPanel, Loading, Pager, formatDate, relativeTime } from '../../components/bits';
import { Card, Page } from '../../shell/page';
import type { HistoryEntry } from '../../data/types';

const PAGE = 30;
const ENTITY_TYPES = [
  { value: 'content', label: 'Content' }, { value: 'section', label: 'Sections' }, { value: 'layout', label: 'Layouts' },
  { value: 'menu', label: 'Menus' }, { value: 'redirect', label: 'Redirects' }, { value: 'settings', label: 'Site settings' },
  { value: 'adUnitPattern', label: 'Ad unit patterns' }, { value: 'cmsUser', label: 'CMS users' }, { value: 'assistant', label: 'Assistant prompts' },
];

/** The admin address of a history entry's record, when it has an editor. */
export function entityHref(e: Pick<HistoryEntry, 'entityType' | 'entityId'>): string | null {
  const t = e.entityType.toLowerCase();
  if (t === 'content') return `/admin/edit-content/${e.entityId}`;
  if (t === 'section' || t === 'website_section' || t === 'websitesection') return `/admin/edit-website-section/${e.entityId}`;
  if (t === 'layout' || t === 'web_layout') return `/admin/edit-web-layout/${e.entityId}`;
  return null;
}

export default function HistoryScreen() {
  const params = useSearchParams();
  const navigate = useNavigate();
  const type = params.get('type') ?? '';
  const skip = Number(params.get('skip') ?? 0) || 0;
  const list = useAsync(() => api.getHistory({ entityType: type, skip, limit: PAGE }), [type, skip]);
  const go = (t: string, s: number) => {
    const q = new URLSearchParams();
    if (t) q.set('type', t);
    if (s) q.set('skip', String(s));
    navigate(`/admin/history${q.toString() ? `?${q}` : ''}`, { replace: true });
  };
  return (
    <Page title="History" top={<div className="filters"><SelectField label="Record" value={type} placeholder="Everything" options={ENTITY_TYPES} onChange={(v) => go(v ?? '', 0)} /></div>}
      bottom={list.data && list.data.totalCount > PAGE ? <Pager skip={skip} limit={PAGE} total={list.data.totalCount} onPage={(s) => go(type, s)} /> : null}>
      {list.loading && !list.data ? <Loading /> : list.error ? <ErrorPanel message={list.error} onRetry={list.reload} /> : (list.data?.items.length ?? 0) === 0 ? (
        <EmptyState icon="history" title="Nothing recorded yet">Every change made in the admin is listed here.</EmptyState>
      ) : (
        <Card>
          <ol className="timeline">
            {list.data?.items.map((e) => <Entry key={e.id} entry={e} />)}
          </ol>
        </Card>
      )}
    </Page>
  );
}

function Entry({ entry }: { entry: HistoryEntry }) {
  const [open, setOpen] = useState(false);
  const href = entityHref(entry);
  const fields = Object.keys(entry.changes ?? {});
  const who = entry.actor.username ?? (entry.actor.type === 'cli' ? 'Command line' : entry.actor.type);
  return (
    <li className="timeline-item">
      <span className={`timeline-dot timeline-${entry.action}`} aria-hidden="true" />
      <div className="timeline-body">
        <p>
          <strong>{who}</strong> <span className="muted">{entry.action}d</span>{' '}
          {href ? <Link href={href}>{entry.entityType} {entry.entityId}</Link> : <span>{entry.entityType} {entry.entityId}</span>}
          {fields.length ? <span className="muted"> · {fields.slice(0, 4).join(', ')}{fields.length > 4 ? ` +${fields.length - 4}` : ''}</span> : null}
        </p>
        <time className="muted small" dateTime={entry.createdAt} title={formatDate(entry.createdAt, true)}>{relativeTime(entry.createdAt)}</time>
        {fields.length ? (
          <>
            <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>{open ? 'Hide changes' : 'Show changes'}</button>
            {open ? <pre className="changes">{JSON.stringify(entry.changes, null, 2)}</pre> : null}
          </>
        ) : null}
      </div>
    </li>
  );
}
