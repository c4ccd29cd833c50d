// The admin layout (admin §2.3): toolbar on top, a collapsible left panel (at most 460px wide)
// with the menu the user may see, and the right content area. Ctrl/Cmd+K opens the quick menu.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useSession } from '../app/session';
import { useTenant } from '../app/tenant';
import { Icon } from '../components/icons';
import { Link, useLocation, useNavigate } from '../lib/router';
import { resolveRoute } from '../routes';
import { ACCOUNT_LINKS, TOOLS, visibleGroups, type NavGroup, type NavLink } from './nav';
import { QuickMenu } from './quick-menu';
import { Toolbar } from './toolbar';
import { DevToolsBar } from '../app/dev-tools';

const PANEL_KEY = 'masthead.admin.panel';

/** Create forms without a tenant-switch target, and retired addresses, with the list they belong to. */
const BELONGS_TO: Record<string, string> = {
  '/admin/create-cms-user': '/admin/cms-users',
  '/admin/site-settings-new': '/admin/edit-site-settings',
  '/admin/run-aspire-to-aspire-migration': '/admin/tools',
};

/** The menu address the current screen belongs to: an editor's list, the Tools page for a tool. */
export function menuHrefFor(pathname: string): string {
  const sub = pathname.replace(/^\/admin/, '').replace(/(.)\/$/, '$1') || '/';
  const found = resolveRoute(sub);
  const own = found ? `/admin${found.route.path === '/' ? '' : found.route.path}` : pathname;
  const target = BELONGS_TO[own] ?? found?.route.onTenantSwitch ?? (own.startsWith('/admin/create-content') ? '/admin/content' : own);
  return TOOLS.some((t) => t.href === target) ? '/admin/tools' : target;
}

/** Below 1024px the panel lies over the content, so it starts closed; wider, the last choice holds. */
function defaultPanelOpen(): boolean {
  if (window.innerWidth < 1024) return false;
  return window.localStorage.getItem(PANEL_KEY) !== 'closed';
}

export function Shell({ children }: { children: ReactNode }) {
  const { permissions, user } = useSession();
  const { tenant } = useTenant();
  const when = { isGlobal: !!user?.isGlobal, modules: tenant?.modules ?? [] };
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [panelOpen, setPanelOpen] = useState(defaultPanelOpen);
  const [quick, setQuick] = useState(false);
  const narrow = typeof window !== 'undefined' && window.innerWidth < 1024;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setQuick(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const togglePanel = () => {
    setPanelOpen((o) => {
      if (window.innerWidth >= 1024) window.localStorage.setItem(PANEL_KEY, o ? 'closed' : 'open');
      return !o;
    });
  };

  const groups = visibleGroups(permissions, when);
  const here = menuHrefFor(pathname);
  const onNavigate = () => {
    if (narrow) setPanelOpen(false);
  };

  return (
    <div className={`app${panelOpen ? ' app-panel-open' : ''}`}>
      <a className="skip-link" href="#main">Skip to content</a>
      <Toolbar panelOpen={panelOpen} onTogglePanel={togglePanel} onQuickMenu={() => setQuick(true)} />
      <DevToolsBar />
      <div className="app-body">
        <nav id="side-panel" className="side-panel" aria-label="Main menu" hidden={!panelOpen}>
          <ul className="nav-list nav-top">
            {ACCOUNT_LINKS.slice(0, 1).map((l) => (
              <NavItem key={l.href} link={l} active={l.href === here} onNavigate={onNavigate} />
            ))}
            {groups.map((g) => (g.links.length === 1 && g.links[0]
              ? <NavItem key={g.label} link={g.links[0]} active={g.links[0].href === here} onNavigate={onNavigate} />
              : <NavSection key={g.label} group={g} here={here} onNavigate={onNavigate} />))}
          </ul>
        </nav>
        {panelOpen && narrow ? <div className="panel-scrim" onClick={togglePanel} aria-hidden="true" /> : null}
        <main id="main" className="main" tabIndex={-1}>
          {children}
        </main>
      </div>
      {quick ? (
        <QuickMenu
          permissions={permissions}
          when={when}
          onClose={() => setQuick(false)}
          onOpen={(href) => {
            setQuick(false);
            navigate(href);
          }}
        />
      ) : null}
    </div>
  );
}

/** A top-level entry with sub-entries: a disclosure button, open while it holds the current screen or after a click. */
function NavSection({ group, here, onNavigate }: { group: NavGroup; here: string; onNavigate: () => void }) {
  const id = useId();
  const holdsHere = group.links.some((l) => l.href === here);
  const [open, setOpen] = useState(holdsHere);
  useEffect(() => {
    if (holdsHere) setOpen(true);
  }, [holdsHere]);
  return (
    <li className={`nav-section${holdsHere ? ' nav-section-here' : ''}`}>
      <button type="button" className="nav-link nav-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <Icon name={group.icon} />
        <span>{group.label}</span>
        <Icon name="chevronDown" size={14} className="nav-caret" />
      </button>
      <ul className="nav-list nav-sub" id={id} hidden={!open}>
        {group.links.map((l) => <NavItem key={l.href} link={l} active={l.href === here} onNavigate={onNavigate} />)}
      </ul>
    </li>
  );
}

function NavItem({ link, active, onNavigate }: { link: NavLink; active: boolean; onNavigate: () => void }) {
  return (
    <li>
      <Link href={link.href} className={`nav-link${active ? ' nav-link-active' : ''}`} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        <Icon name={link.icon} />
        <span>{link.label}</span>
      </Link>
    </li>
  );
}
