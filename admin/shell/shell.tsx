// The admin layout (admin §2.3): toolbar on top, a collapsible left panel (at most 460px wide)
// with the menu the user may see, and the right content area. Ctrl/Cmd+K opens the quick menu.
import { useEffect, useState, type ReactNode } from 'react';
import { useSession } from '../app/session';
import { useTenant } from '../app/tenant';
import { Icon } from '../components/icons';
import { Link, useLocation, useNavigate } from '../lib/router';
import { ACCOUNT_LINKS, visibleGroups, type NavLink } from './nav';
import { QuickMenu } from './quick-menu';
import { Toolbar } from './toolbar';

const PANEL_KEY = 'masthead.admin.panel';

function isActive(link: NavLink, pathname: string): boolean {
  if (link.href === '/admin') return pathname === '/admin' || pathname === '/admin/';
  const section = link.href.replace(/^\/admin\//, '').split('/')[0] ?? '';
  const here = pathname.replace(/^\/admin\//, '');
  const related: Record<string, string[]> = {
    content: ['content', 'edit-content'],
    'website-sections': ['website-sections', 'edit-website-section', 'create-website-section'],
    layouts: ['layouts', 'edit-web-layout', 'create-web-layout'],
    redirects: ['redirects', 'create-redirect'],
    'ad-unit-patterns': ['ad-unit-patterns', 'create-ad-unit-pattern'],
    'cms-users': ['cms-users', 'create-cms-user'],
  };
  if (link.href.startsWith('/admin/create-content')) return here.startsWith('create-content');
  const first = here.split('/')[0] ?? '';
  return (related[section] ?? [section]).includes(first);
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
  const onNavigate = () => {
    if (narrow) setPanelOpen(false);
  };

  return (
    <div className={`app${panelOpen ? ' app-panel-open' : ''}`}>
      <a className="skip-link" href="#main">Skip to content</a>
      <Toolbar panelOpen={panelOpen} onTogglePanel={togglePanel} onQuickMenu={() => setQuick(true)} />
      <div className="app-body">
        <nav id="side-panel" className="side-panel" aria-label="Main menu" hidden={!panelOpen}>
          <ul className="nav-list">
            {ACCOUNT_LINKS.slice(0, 1).map((l) => (
              <NavItem key={l.href} link={l} active={isActive(l, pathname)} onNavigate={onNavigate} />
            ))}
          </ul>
          {groups.map((g) => (
            <div className="nav-group" key={g.label}>
              <h2 className="nav-heading">{g.label}</h2>
              <ul className="nav-list">
                {g.links.map((l) => <NavItem key={l.href} link={l} active={isActive(l, pathname)} onNavigate={onNavigate} />)}
              </ul>
            </div>
          ))}
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
