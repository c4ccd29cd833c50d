// The staff toolbar (public §6, admin §2.3): on public pages, for signed-in staff only, never with
// preview-mode=true. The static HTML holds only the empty island root with the page's ids; the bar
// appears once getStaffToolbar confirms a staff session for this site (the API decides which
// buttons the user's permissions allow and builds their admin addresses). Each button opens the
// admin route in a new window; the cache switch sets or clears the cache-bypass cookie.
import { useEffect, useState } from 'react';
import { siteApi } from '../client/api';

export interface StaffToolbarProps { contentId?: number | null; sectionId?: number | null; layoutId?: number | null }

export interface StaffToolbarData {
  username: string;
  editContentHref: string | null;
  editSectionHref: string | null;
  configureLayoutHref: string | null;
}

/** The cookie a CDN or server reads to skip its caches for this browser (public §2). Path / (admin §9). */
export const CACHE_BYPASS_COOKIE = 'mh_cache_bypass';
const CACHE_BYPASS_DAYS = 1;

export const TOOLBAR_TEXTS = {
  label: 'Staff toolbar',
  editContent: 'Edit Content',
  editSection: 'Edit Section',
  configureLayout: 'Configure layout',
  cache: 'Bypass cache',
} as const;

/** True when the address asks for preview mode (preview-mode=true). */
export function isPreviewMode(search: string): boolean {
  return new URLSearchParams(search).get('preview-mode') === 'true';
}

/** Only admin addresses over http(s) or site-absolute paths are linked (never javascript: and the like). */
export function safeAdminHref(href: unknown): string | null {
  if (typeof href !== 'string' || href.length > 500) return null;
  if (/^\/(?![/\\])/.test(href)) return href;
  try {
    const u = new URL(href);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

export function readCacheBypass(cookie: string): boolean {
  return cookie.split(';').some((c) => c.trim() === `${CACHE_BYPASS_COOKIE}=1`);
}

function writeCacheBypass(on: boolean): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = on
    ? `${CACHE_BYPASS_COOKIE}=1; path=/; max-age=${CACHE_BYPASS_DAYS * 86_400}; SameSite=Lax${secure}`
    : `${CACHE_BYPASS_COOKIE}=; path=/; max-age=0; SameSite=Lax${secure}`;
}

export function StaffToolbar({ contentId = null, sectionId = null, layoutId = null }: StaffToolbarProps) {
  const [bar, setBar] = useState<StaffToolbarData | null>(null);
  const [bypass, setBypass] = useState(false);

  useEffect(() => {
    if (isPreviewMode(location.search)) return;
    let live = true;
    siteApi().query<StaffToolbarData | null>('getStaffToolbar', { contentId, sectionId, layoutId })
      .then((data) => {
        if (!live || !data || typeof data.username !== 'string') return;
        setBypass(readCacheBypass(document.cookie));
        setBar(data);
      })
      // Readers have no staff session: nothing to show, nothing to report.
      .catch(() => undefined);
    return () => { live = false; };
  }, [contentId, sectionId, layoutId]);

  if (!bar) return null;
  const candidates = [
    { href: safeAdminHref(bar.editContentHref), label: TOOLBAR_TEXTS.editContent },
    { href: safeAdminHref(bar.editSectionHref), label: TOOLBAR_TEXTS.editSection },
    { href: safeAdminHref(bar.configureLayoutHref), label: TOOLBAR_TEXTS.configureLayout },
  ];
  const links = candidates.flatMap((l) => (l.href === null ? [] : [{ href: l.href, label: l.label }]));

  const toggleCache = () => {
    const next = !bypass;
    writeCacheBypass(next);
    setBypass(next);
  };

  return (
    <aside className="staff-toolbar" aria-label={TOOLBAR_TEXTS.label}>
      <span className="staff-toolbar__user">Staff: {bar.username}</span>
      <ul className="staff-toolbar__links">
        {links.map((l) => (
          <li key={l.label}><a className="staff-toolbar__button" href={l.href} target="_blank" rel="noopener">{l.label}</a></li>
        ))}
      </ul>
      <button type="button" role="switch" aria-checked={bypass} className="staff-toolbar__switch" onClick={toggleCache}>
        <span className="staff-toolbar__track" aria-hidden="true"><span className="staff-toolbar__thumb" /></span>
        {TOOLBAR_TEXTS.cache}
      </button>
    </aside>
  );
}
