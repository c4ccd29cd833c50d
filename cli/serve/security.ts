// Security headers of everything `masthead serve` answers, through @fastify/helmet: the sites, the
// admin (/admin) and the API (/graphql) each get their Content-Security-Policy from
// engine/build/security-headers.ts (the same policy the build writes to `_headers` for static
// hosts), plus nosniff, Referrer-Policy and the rest of helmet's defaults. HSTS is added only to
// requests that came over https (directly, or through a trusted proxy's X-Forwarded-Proto), which
// helmet cannot tell. A route that sets its own CSP (an SVG's sandbox, the unsubscribe page) keeps it.
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { cspDirectives, HSTS, REFERRER_POLICY, tenantScriptSources, type CspDirectives, type Surface } from '../../engine/build/index';

export interface SecurityHeaderOptions {
  /** Extra script sources per tenant key ("*": every tenant), MASTHEAD_CSP_SCRIPT_SOURCES. */
  scriptSources?: Readonly<Record<string, readonly string[]>>;
  /** The tenant a request's Host names (null when none). */
  tenantOfHost(hostname: string): string | null;
  /** Script hosts a tenant's own settings need (its tag manager's), added to its allow-list. */
  derivedScriptSources?(tenantKey: string): readonly string[];
}

export function surfaceOf(url: string): Surface {
  const path = url.split('?')[0] ?? '';
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  if (path === '/graphql' || path.startsWith('/graphql/')) return 'api';
  return 'site';
}

type HelmetConfig = Omit<FastifyHelmetOptions, 'global' | 'enableCSPNonces'>;

const hostname = (req: IncomingMessage) => (req.headers.host ?? '').replace(/:\d+$/, '');

type CspOptions = Exclude<FastifyHelmetOptions['contentSecurityPolicy'], boolean | undefined>;
type HelmetDirectives = NonNullable<CspOptions['directives']>;
// The CommonJS build, the one @fastify/helmet loads: the opt-out is a Symbol of that module instance.
const { contentSecurityPolicy } = createRequire(import.meta.url)('helmet') as typeof import('helmet');

/**
 * Helmet insists on a default-src; the site and admin policies deliberately have none (images,
 * styles and frames stay as they are: the policy is about scripts, plugins, <base> and framing).
 */
function forHelmet(d: CspDirectives | HelmetDirectives): HelmetDirectives {
  return 'default-src' in d ? d : { 'default-src': contentSecurityPolicy.dangerouslyDisableDefaultSrc as unknown as HelmetDirectives[string], ...d };
}

function surfaceConfig(surface: Surface): HelmetConfig {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: forHelmet(cspDirectives(surface)) },
    xFrameOptions: { action: surface === 'site' ? 'sameorigin' : 'deny' },
  };
}

/** Registers helmet on the server's root; call before any route is declared, so each gets its surface's policy. */
export function registerSecurityHeaders(app: FastifyInstance, o: SecurityHeaderOptions): void {
  const allow = o.scriptSources ?? {};
  const site = cspDirectives('site');
  const scriptSrc = site['script-src']!;
  const perTenant = (req: IncomingMessage) => {
    const key = o.tenantOfHost(hostname(req));
    const list = [...tenantScriptSources(allow, key), ...(key && o.derivedScriptSources ? o.derivedScriptSources(key) : [])];
    return [...new Set(list)].filter((s) => !scriptSrc.includes(s)).join(' ');
  };
  // Route configs are fixed at registration; a site page's allow-list depends on the Host, so the
  // site policy (also the fallback of unmatched URLs) gets a directive function.
  void app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: forHelmet({ ...site, 'script-src': [...scriptSrc, perTenant] }) },
    xFrameOptions: { action: 'sameorigin' },
    referrerPolicy: { policy: REFERRER_POLICY },
    strictTransportSecurity: false,
    // Images and feeds are read by mail clients and other sites; the CSP guards the pages themselves.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onRoute', (route) => {
    const surface = surfaceOf(route.url);
    if (surface !== 'site') route.config = Object.assign(route.config ?? {}, { helmet: surfaceConfig(surface) });
  });
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
