// The per-request GraphQL context: everything is lazy (tenant, session, site snapshot) so a public
// read pays only for what it touches, and memoised so an operation never resolves twice.
import { AppError } from '../engine/domain/errors';
import { setScopeTenant } from '../engine/store/tenant-scope';
import type { Actor } from '../engine/services/kernel/access';
import { sessionFromBearer, type BearerSession, type TokenPair, COOKIES } from '../engine/services/auth';
import { createLoaders, type Loaders } from './loaders';
import type { OpContext } from '../engine/services/kernel/operation';
import type { Services } from '../engine/services/kernel/services';
import type { SiteSnapshot } from '../engine/services/kernel/site-cache';
import type { TenantHeaders, TenantRow } from '../engine/services/kernel/tenancy';

export interface CookieWriter {
  set(name: string, value: string, opts: { expires: Date; path: string; httpOnly?: boolean }): void;
  clear(name: string, opts: { path: string }): void;
}

export interface RequestInfo {
  ip: string;
  tenantHeaders: TenantHeaders;
  /** Bearer from the authorization header, else from the staff cookie. */
  bearer: string | undefined;
  bearerFrom: 'header' | 'cookie' | null;
  refreshCookie: string | undefined;
  /** The member token: the x-site-user header (Bearer), else the member cookie. */
  siteUserToken: string | undefined;
  siteUserFrom: 'header' | 'cookie' | null;
  userAgent: string;
  /** A cookie of the request (e.g. the signed meter cookie). */
  cookie(name: string): string | undefined;
  cookies: CookieWriter;
}

export interface GqlContext {
  services: Services;
  mode: 'development' | 'production';
  documentsVersion: string;
  req: RequestInfo;
  loaders: Loaders;
  tenantOrNull(): Promise<TenantRow | null>;
  /** The resolved tenant; TENANT_UNKNOWN when the request names none. */
  tenant(): Promise<TenantRow>;
  session(): Promise<BearerSession | null>;
  actor(): Promise<Actor | null>;
  /** The operation context: actor and tenant (null when the request names none). */
  op(): Promise<OpContext>;
  site(): Promise<SiteSnapshot>;
  /**
   * What tenantOrNull, actor and site have answered so far (a property is absent until its read
   * has resolved), so a field resolver can answer without a promise when its inputs are in hand.
   */
  settled: Settled;
  setSessionCookies(pair: TokenPair): void;
  clearSessionCookies(): void;
}

export interface Settled {
  tenant?: TenantRow | null;
  actor?: Actor | null;
  site?: SiteSnapshot;
}

function once<T>(fn: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= fn());
}

export function createContext(services: Services, req: RequestInfo, mode: GqlContext['mode'], documentsVersion: string): GqlContext {
  // Once known, the tenant is the request's tenant scope: on PostgreSQL its statements run with
  // row-level security set to it (engine/store/tenant-scope.ts; the route opened the scope).
  const settled: Settled = {};
  const tenantOrNull = once(async () => {
    const t = await services.tenants.resolve(req.tenantHeaders);
    setScopeTenant(t?.tenantKey ?? null);
    settled.tenant = t;
    return t;
  });
  const tenant = async () => {
    const t = await tenantOrNull();
    if (!t) throw new AppError('TENANT_UNKNOWN', { tenant: req.tenantHeaders.host ?? '(none)' });
    return t;
  };
  const session = once(() => sessionFromBearer(services, req.bearer));
  const actor = async () => (settled.actor = (await session())?.actor ?? null);
  const ctx: GqlContext = {
    services,
    mode,
    documentsVersion,
    req,
    loaders: createLoaders(services, tenant),
    tenantOrNull,
    tenant,
    session,
    actor,
    op: once(async () => ({ services, actor: await actor(), tenant: await tenantOrNull(), ip: req.ip })),
    site: once(async () => (settled.site = await services.site.get((await tenant()).tenantKey))),
    settled,
    setSessionCookies(pair) {
      req.cookies.set(COOKIES.staff, pair.bearerToken, { expires: new Date(pair.bearerTokenExpiration), path: '/' });
      req.cookies.set(COOKIES.refresh, pair.refreshToken, { expires: new Date(pair.refreshTokenExpiration), path: '/graphql' });
    },
    clearSessionCookies() {
      req.cookies.clear(COOKIES.staff, { path: '/' });
      req.cookies.clear(COOKIES.refresh, { path: '/graphql' });
    },
  };
  return ctx;
}
