// The toolbar's internal news flyout (admin §2.3, §4): a bell with the unread count, the alerts
// (unread alerts of the last 14 days), the list 10 at a time (all or unread only) and a detail view.
// Opening an item's details marks it read, once (the API keeps the first read).
import { useCallback, useEffect, useRef, useState } from 'react';
import * as api from '../data/api';
import type { AspireNews } from '../data/types';
import { errorText } from '../app/toasts';
import { formatDate } from '../components/bits';
import { Icon } from '../components/icons';
import { sanitizeBody } from '../lib/sanitize-body';

const PAGE = 10;

export function NewsFlyout() {
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState(0);
  const [alerts, setAlerts] = useState<AspireNews[]>([]);
  const [page, setPage] = useState<{ items: AspireNews[]; totalCount: number } | null>(null);
  const [skip, setSkip] = useState(0);
  const [onlyUnread, setOnlyUnread] = useState(false);
  const [detail, setDetail] = useState<AspireNews | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);

  const refresh = useCallback(async () => {
    try {
      const [p, a] = await Promise.all([api.getAspireNewsStream({ skip, limit: PAGE, hideRead: onlyUnread }), api.getAspireNewsAlerts()]);
      setUnread(p.unreadCount);
      setPage(p);
      setAlerts(a);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, [skip, onlyUnread]);

  useEffect(() => { void refresh(); }, [refresh]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => { if (!ref.current?.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const show = async (item: AspireNews) => {
    setDetail(item);
    if (item.hasRead || item.status !== 1) return;
    try {
      const read = await api.markAspireNewsRead(item.id);
      setDetail(read);
      await refresh();
    } catch (e) {
      setError(errorText(e));
    }
  };

  const row = (n: AspireNews) => (
    <li key={n.id}>
      <button type="button" className={`news-row${n.hasRead ? '' : ' news-unread'}`} onClick={() => void show(n)}>
        {n.alert ? <Icon name="alert" size={14} /> : null}
        <span className="news-title">{n.title}</span>
        <time className="muted small" dateTime={n.date}>{formatDate(n.date)}</time>
        {n.status === 2 ? <span className="muted small">Draft</span> : null}
        {!n.hasRead && n.status === 1 ? <span className="visually-hidden">(unread)</span> : null}
      </button>
    </li>
  );

  return (
    <div className="news" ref={ref} onKeyDown={(e) => { if (e.key === 'Escape') setOpen(false); }}>
      <button type="button" className="news-button" aria-haspopup="dialog" aria-expanded={open}
        aria-label={`Internal news, ${unread} unread`} onClick={() => { setOpen((o) => !o); setDetail(null); void refresh(); }}>
        <Icon name="bell" size={18} />
        {unread > 0 ? <span className="news-count" aria-hidden="true">{unread > 99 ? '99+' : unread}</span> : null}
      </button>
      {open ? (
        <div className="menu news-panel" role="dialog" aria-label="Internal news">
          {error ? <p className="field-error" role="alert">{error}</p> : null}
          {detail ? (
            <article className="news-detail">
              <button type="button" className="link-button" onClick={() => setDetail(null)}><Icon name="chevronLeft" size={14} />All news</button>
              <h2>{detail.title}</h2>
              <p className="muted small"><time dateTime={detail.date}>{formatDate(detail.date)}</time>{detail.alert ? ' · Alert' : ''}{detail.status === 2 ? ' · Draft' : ''}</p>
              <div className="news-body" dangerouslySetInnerHTML={{ __html: sanitizeBody(detail.description) }} />
            </article>
          ) : (
            <>
              {alerts.length ? (
                <section aria-label="Alerts">
                  <h2 className="news-heading">Alerts</h2>
                  <ul className="news-list">{alerts.map(row)}</ul>
                </section>
              ) : null}
              <div className="news-head">
                <h2 className="news-heading">News</h2>
                <label className="small"><input type="checkbox" checked={onlyUnread} onChange={(e) => { setOnlyUnread(e.target.checked); setSkip(0); }} /> Unread only</label>
              </div>
              {page && page.items.length === 0 ? <p className="muted small">{onlyUnread ? 'Nothing unread.' : 'No news yet.'}</p> : null}
              <ul className="news-list">{page?.items.map(row)}</ul>
              {page && page.totalCount > PAGE ? (
                <div className="news-pager">
                  <button type="button" className="link-button" disabled={skip === 0} onClick={() => setSkip(Math.max(0, skip - PAGE))}>Newer</button>
                  <span className="muted small">{skip + 1}–{Math.min(skip + PAGE, page.totalCount)} of {page.totalCount}</span>
                  <button type="button" className="link-button" disabled={skip + PAGE >= page.totalCount} onClick={() => setSkip(skip + PAGE)}>Older</button>
                </div>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
