// Small presentational pieces shared by screens: status badges, empty states, loading and error
// panels, the pager and a date formatter.
import type { ReactNode } from 'react';
import { Button } from './button';
import { Icon } from './icons';
import { contentState } from '../lib/content-labels';

export const STATUS_LABEL: Record<number, string> = { 0: 'Deleted', 1: 'Published', 2: 'Draft' };

/** A content status; given the publication date, a published item dated ahead shows as Scheduled with its time. */
export function StatusBadge({ status, published }: { status: number; published?: string | null }) {
  if (published !== undefined && contentState(status, published) === 'scheduled') {
    return (
      <span className="status-scheduled" title={`Goes live ${formatDate(published, true)}`}>
        <span className="badge badge-blue"><span className="badge-dot" aria-hidden="true" />Scheduled</span>
        <span className="status-when">{formatDate(published, true)}</span>
      </span>
    );
  }
  const tone = status === 1 ? 'green' : status === 0 ? 'red' : 'amber';
  return <span className={`badge badge-${tone}`}><span className="badge-dot" aria-hidden="true" />{STATUS_LABEL[status] ?? `Status ${status}`}</span>;
}

export function Badge({ tone = 'gray', children }: { tone?: 'gray' | 'blue' | 'green' | 'amber' | 'red' | 'violet'; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

export function EmptyState({ icon = 'folder', title, children, action }: { icon?: string; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty">
      <div className="empty-icon"><Icon name={icon} size={22} /></div>
      <h2>{title}</h2>
      {children ? <p>{children}</p> : null}
      {action}
    </div>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function ErrorPanel({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="error-panel" role="alert">
      <Icon name="alert" />
      <div>
        <strong>Could not load this page</strong>
        <p>{message}</p>
      </div>
      {onRetry ? <Button size="sm" onClick={onRetry}>Try again</Button> : null}
    </div>
  );
}

export function Pager({ skip, limit, total, onPage }: { skip: number; limit: number; total: number; onPage: (skip: number) => void }) {
  const from = total === 0 ? 0 : skip + 1;
  const to = Math.min(skip + limit, total);
  return (
    <nav className="pager" aria-label="Pagination">
      <span className="pager-count" aria-live="polite">{from}–{to} of {total.toLocaleString('en-US')}</span>
      <Button size="sm" icon="chevronLeft" disabled={skip === 0} onClick={() => onPage(Math.max(0, skip - limit))}>Previous</Button>
      <Button size="sm" disabled={to >= total} onClick={() => onPage(skip + limit)}>Next</Button>
    </nav>
  );
}

const MONTHS = ['Jan.', 'Feb.', 'March', 'April', 'May', 'June', 'July', 'Aug.', 'Sept.', 'Oct.', 'Nov.', 'Dec.'];

/** Dates in the spec's style (admin §9): March, April, June, July in full, Sept., others abbreviated. */
export function formatDate(value: string | number | null | undefined, withTime = false): string {
  if (value === null || value === undefined || value === '') return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  const month = MONTHS[d.getMonth()] ?? '';
  const date = `${month} ${d.getDate()}, ${d.getFullYear()}`;
  if (!withTime) return date;
  const time = d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `${date}, ${time}`;
}

/** "3 minutes ago" style text for recent times. */
export function relativeTime(value: string | number | null | undefined, now = Date.now()): string {
  if (value === null || value === undefined) return '—';
  const t = new Date(value).getTime();
  if (Number.isNaN(t)) return '—';
  const s = Math.round((now - t) / 1000);
  if (s < 45) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 24) return `${h} h ago`;
  return formatDate(t);
}
