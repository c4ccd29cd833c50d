// The admin root: providers, the session gate (admin §4: public routes without a session, any other
// /admin path to /admin/login?redirect=…), the shell and the routed screen.
import { Component, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { hasAnyPermission } from '../../engine/domain/permissions';
import { resolveRoute } from '../routes';
import { adminSubPath } from '../lib/path-match';
import { loginHref } from '../lib/navigation';
import { RouterProvider, useLocation, useNavigate } from '../lib/router';
import { shouldReloadForChunk } from '../lib/chunk-reload';
import { Shell } from '../shell/shell';
import { Loading } from '../components/bits';
import { Forbidden, NotFound } from '../screens/not-found';
import { PublishProvider } from './publish';
import { SessionProvider, useSession } from './session';
import { TenantProvider, useTenant } from './tenant';
import { DevToolsProvider } from './dev-tools';
import { ToastProvider } from './toasts';

export function App() {
  return (
    <ToastProvider>
      <RouterProvider>
        <SessionProvider>
          <ChunkErrorBoundary>
            <Root />
          </ChunkErrorBoundary>
        </SessionProvider>
      </RouterProvider>
    </ToastProvider>
  );
}

function Root() {
  const location = useLocation();
  const navigate = useNavigate();
  const { status, user } = useSession();
  const sub = adminSubPath(location.pathname);
  const match = sub === null ? null : resolveRoute(sub);
  const isPublic = Boolean(match?.route.public);

  useEffect(() => {
    if (sub === null) navigate('/admin', { replace: true });
    else if (status === 'signed-out' && !isPublic) navigate(loginHref(`${location.pathname}${location.search}`), { replace: true });
  }, [sub, status, isPublic, location.pathname, location.search, navigate]);

  if (match && isPublic) {
    const Screen = match.route.screen;
    return (
      <Suspense fallback={<Loading />}>
        <Screen params={match.params} />
      </Suspense>
    );
  }
  if (status !== 'signed-in' || !user) return <div className="boot"><Loading label="Checking your session…" /></div>;
  return (
    <TenantProvider user={user}>
      <DevToolsProvider>
        <PublishProvider>
          <Shell>
            <Routed />
          </Shell>
        </PublishProvider>
      </DevToolsProvider>
    </TenantProvider>
  );
}

function Routed() {
  const location = useLocation();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const { tenantKey, loading } = useTenant();
  const sub = adminSubPath(location.pathname) ?? '/';
  const match = resolveRoute(sub);
  const lastTenant = useRef<string | null>(null);

  useEffect(() => {
    if (lastTenant.current && tenantKey && lastTenant.current !== tenantKey && match?.route.onTenantSwitch) {
      navigate(match.route.onTenantSwitch, { replace: true });
    }
    lastTenant.current = tenantKey;
  }, [tenantKey, match, navigate]);

  useEffect(() => {
    document.getElementById('page-title')?.focus({ preventScroll: true });
  }, [location.pathname]);

  if (loading) return <Loading />;
  if (!match) return <NotFound path={location.pathname} />;
  const { route, params } = match;
  if (route.permissions.length > 0 && !hasAnyPermission(permissions, route.permissions)) return <Forbidden />;
  const Screen = route.screen;
  return (
    <Suspense fallback={<Loading />}>
      <Screen key={`${tenantKey}:${location.pathname}`} params={params} />
    </Suspense>
  );
}

/** Reloads once per path within 10 s when a code chunk fails to load (admin §8). */
class ChunkErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    if (/dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)) {
      if (shouldReloadForChunk(window.sessionStorage, window.location.pathname, Date.now())) window.location.reload();
    } else {
      console.error(error);
    }
  }

  override render() {
    if (this.state.error) {
      return (
        <div className="boot">
          <div className="error-panel" role="alert">
            <div>
              <strong>Something went wrong</strong>
              <p>{this.state.error.message}</p>
            </div>
            <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>Reload</button>
          </div>
        </div>
      );
    }
    return this.props.children;
  }
}
