// A small history-based router: one location state, navigate() with the §2.4 checks, <Link> for
// in-app anchors (modifier clicks keep the browser's behaviour), and a leave guard for unsaved forms.
import {
  createContext, useCallback, useContext, useEffect, useMemo, useRef, useState,
  type AnchorHTMLAttributes, type MouseEvent, type ReactNode,
} from 'react';
import { checkNavigation } from './navigation';
import { newBuildPending } from './build-poll';

export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface NavigateOptions {
  replace?: boolean;
  /** External addresses are refused unless this is set (admin §2.4). */
  allowExternal?: boolean;
}

interface RouterValue {
  location: RouterLocation;
  navigate: (to: string, options?: NavigateOptions) => void;
  /** Registers a check run before leaving the current page; returning false cancels. */
  setLeaveGuard: (guard: (() => boolean) | null) => void;
}

const RouterContext = createContext<RouterValue | null>(null);

function readLocation(): RouterLocation {
  return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash };
}

export function RouterProvider({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState<RouterLocation>(readLocation);
  const guard = useRef<(() => boolean) | null>(null);

  useEffect(() => {
    const onPop = () => setLocation(readLocation());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback((to: string, options: NavigateOptions = {}) => {
    const check = checkNavigation(to, window.location.origin, options.allowExternal);
    if (check.kind === 'refused') {
      console.warn(`Navigation to ${JSON.stringify(to)} refused: ${check.reason}`);
      return;
    }
    if (check.kind === 'external') {
      window.location.assign(check.href);
      return;
    }
    const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    if (check.href === current) return;
    if (guard.current && !guard.current()) return;
    guard.current = null;
    // A newer admin build is out (admin §4): this navigation loads it.
    if (newBuildPending()) return void window.location.assign(check.href);
    if (options.replace) window.history.replaceState(null, '', check.href);
    else window.history.pushState(null, '', check.href);
    setLocation(readLocation());
    window.scrollTo?.(0, 0);
  }, []);

  const setLeaveGuard = useCallback((g: (() => boolean) | null) => {
    guard.current = g;
  }, []);

  const value = useMemo(() => ({ location, navigate, setLeaveGuard }), [location, navigate, setLeaveGuard]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('useRouter outside RouterProvider');
  return value;
}

export function useNavigate() {
  return useRouter().navigate;
}

export function useLocation() {
  return useRouter().location;
}

/** The current query string as URLSearchParams (a fresh object per location). */
export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** Asks before leaving a page with unsaved changes (in-app navigation and tab close). */
export function useLeaveGuard(dirty: boolean, message = 'You have unsaved changes. Leave this page?') {
  const { setLeaveGuard } = useRouter();
  useEffect(() => {
    if (!dirty) return;
    setLeaveGuard(() => window.confirm(message));
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => {
      setLeaveGuard(null);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [dirty, message, setLeaveGuard]);
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; replace?: boolean };

export function Link({ href, replace, onClick, target, ...rest }: LinkProps) {
  const { navigate } = useRouter();
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (target && target !== '_self') return;
    e.preventDefault();
    navigate(href, { replace });
  };
  return <a href={href} target={target} onClick={handle} {...rest} />;
}
