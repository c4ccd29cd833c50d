// The toolbar (admin §2.3): panel toggle, brand, tenant switcher, quick-menu button, publishing
// indicator, the internal news flyout and the account menu (both shown only when signed in).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Icon } from '../components/icons';
import { IconButton } from '../components/button';
import { useSession } from '../app/session';
import { useTenant } from '../app/tenant';
import { usePublish } from '../app/publish';
import { PHASE_LABEL } from '../lib/publish-status';
import { Link } from '../lib/router';
import { NewsFlyout } from './news-flyout';
import { useDevTools } from '../app/dev-tools';

export function Toolbar({ panelOpen, onTogglePanel, onQuickMenu }: { panelOpen: boolean; onTogglePanel: () => void; onQuickMenu: () => void }) {
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <header className="toolbar">
      <IconButton icon="panel" label={panelOpen ? 'Hide menu' : 'Show menu'} aria-expanded={panelOpen} aria-controls="side-panel" onClick={onTogglePanel} />
      <Link href="/admin" className="brand" aria-label="Masthead dashboard">
        <span className="brand-mark" aria-hidden="true">M</span>
        <span className="brand-name">Masthead</span>
      </Link>
      <TenantSwitcher />
      <button type="button" className="quick-trigger" onClick={onQuickMenu} aria-keyshortcuts="Control+K Meta+K">
        <Icon name="search" size={16} />
        <span>Go to…</span>
        <kbd className="kbd">{mac ? '⌘' : 'Ctrl'} K</kbd>
      </button>
      <div className="toolbar-spacer" />
      <PublishIndicator />
      <SignedIn><NewsFlyout /></SignedIn>
      <AccountMenu />
    </header>
  );
}

/** The internal news flyout shows only when signed in (admin §2.3). */
function SignedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return user ? <>{children}</> : null;
}

function TenantSwitcher() {
  const { tenants, tenant, canSwitch, switchTenant } = useTenant();
  if (!tenant) return null;
  if (!canSwitch) {
    return (
      <div className="tenant tenant-static" title={tenant.domain}>
        <span className="tenant-abbr" aria-hidden="true">{tenant.abbreviation}</span>
        <span className="tenant-name">{tenant.name}</span>
      </div>
    );
  }
  return (
    <label className="tenant">
      <span className="tenant-abbr" aria-hidden="true">{tenant.abbreviation}</span>
      <span className="visually-hidden">Site</span>
      <select className="tenant-select" value={tenant.tenantKey} onChange={(e) => switchTenant(e.target.value)} aria-label="Site">
        {tenants.map((t) => <option key={t.tenantKey} value={t.tenantKey}>{t.name}</option>)}
      </select>
      <Icon name="chevronDown" size={14} className="tenant-caret" />
    </label>
  );
}

function PublishIndicator() {
  const { current, dismiss } = usePublish();
  if (!current) return <div className="publish publish-idle" aria-live="polite" />;
  const { phase, buildId, liveUrl } = current;
  return (
    <div className={`publish publish-${phase}`} role="status" aria-live="polite" data-phase={phase}>
      <span className="publish-dot" aria-hidden="true" />
      <span className="publish-text">
        <strong title={phase === 'unknown' ? 'The build status is not available; the page updates when its rebuild finishes.' : undefined}>{PHASE_LABEL[phase]}</strong>
        {phase === 'live' && buildId ? <span className="publish-build"> · build <code>{buildId.slice(0, 10)}</code></span> : null}
      </span>
      {(phase === 'live' || phase === 'unknown') && liveUrl ? (
        <a className="publish-link" href={liveUrl} target="_blank" rel="noopener noreferrer">
          {phase === 'live' ? 'View live page' : 'View page'}<Icon name="external" size={14} />
        </a>
      ) : null}
      <button type="button" className="publish-close" aria-label="Hide publishing status" onClick={dismiss}><Icon name="close" size={14} /></button>
    </div>
  );
}

function AccountMenu() {
  const { user } = useSession();
  const dev = useDevTools();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  if (!user) return null;
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase() || user.username.slice(0, 2).toUpperCase();
  const items = () => [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  return (
    <div
      className="account"
      ref={ref}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          ref.current?.querySelector<HTMLElement>('.account-button')?.focus();
        }
        if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
          e.preventDefault();
          const list = items();
          const i = list.indexOf(document.activeElement as HTMLElement);
          const next = list[(i + (e.key === 'ArrowDown' ? 1 : list.length - 1)) % list.length];
          next?.focus();
        }
      }}
    >
      <button type="button" className="account-button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span className="avatar" aria-hidden="true">{initials}</span>
        <span className="account-name">{user.firstName} {user.lastName}</span>
        <Icon name="chevronDown" size={14} />
      </button>
      {open ? (
        <div className="menu" role="menu" aria-label="Account">
          <div className="menu-head" role="presentation">
            <strong>{user.firstName} {user.lastName}</strong>
            <span>{user.email}</span>
            <span className="menu-role">{user.role.replace(/_/g, ' ')}{user.isGlobal ? ' · all sites' : ''}</span>
          </div>
          <Link href="/admin/user" role="menuitem" className="menu-item" onClick={() => setOpen(false)}>
            <Icon name="profile" size={16} />My profile
          </Link>
          {dev.available ? (
            <button type="button" role="menuitemcheckbox" aria-checked={!!dev.tools} className="menu-item" onClick={() => { dev.setOn(!dev.tools); setOpen(false); }}>
              <Icon name="tool" size={16} />Developer tools: {dev.tools ? 'on' : 'off'}
            </button>
          ) : null}
          <Link href="/admin/logout" role="menuitem" className="menu-item" onClick={() => setOpen(false)}>
            <Icon name="logout" size={16} />Sign out
          </Link>
        </div>
      ) : null}
    </div>
  );
}
