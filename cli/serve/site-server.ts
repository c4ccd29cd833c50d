// The static site server behind `masthead serve`: each tenant by Host, its published files with
// the right content types, its route rules (301s), the RSS query form, and 404.html with status
// 404. A factory, so the API can be mounted on the same instance before it listens. Every answer
// carries the security headers of its surface (security.ts).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { HOME_FEED_PATH, matchContentIdPath, matchRedirect, rssPathForQuery } from '../../engine/build/index';
import { trustProxyFor } from '../../api/http/client-address';
import { registerSecurityHeaders } from './security';
import { sendFile } from './send-file';
import { fileForPath, headersFor, pdfDisposition } from './static-files';
import { TenantDirectory } from './tenants';
import type { BucketPages } from './bucket-pages';

export interface SiteServerOptions {
  /** The build output folder (holds one published folder per tenant). */
  outDir: string;
  /** Extra Host → tenant key mappings (e.g. production domains). */
  hosts?: Record<string, string>;
  logger?: boolean;
  /** Proxies (addresses or CIDR ranges) whose X-Forwarded-For/-Proto are believed (MASTHEAD_TRUSTED_PROXIES). */
  trustedProxies?: readonly string[];
  /** Extra script sources of the sites' CSP per tenant key ("*": all), MASTHEAD_CSP_SCRIPT_SOURCES. */
  scriptSources?: Readonly<Record<string, readonly string[]>>;
  /** Script hosts a tenant's settings need (its tag manager's): allowed without listing them. */
  derivedScriptSources?(tenantKey: string): readonly string[];
  /** The sites' live builds read from the bucket (bucket-pages.ts) instead of `outDir`. */
  bucket?: BucketPages;
}

const RSS_QUERY_PATH = `/${HOME_FEED_PATH}`;
const directories = new WeakMap<FastifyInstance, Pick<TenantDirectory, 'keys' | 'keyForHost'>>();

/** The tenants a site server currently serves (sorted keys; the first answers for localhost). */
export function servedTenants(app: FastifyInstance): string[] {
  return directories.get(app)?.keys() ?? [];
}

function notFound(reply: FastifyReply, root: string | null) {
  reply.code(404).header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff');
  if (root) {
    try {
      return reply.type('text/html; charset=utf-8').send(readFileSync(join(root, '404.html')));
    } catch { /* no error page in this build */ }
  }
  return reply.type('text/plain; charset=utf-8').send('404 - Page Not Found');
}

/**
 * Feeds are sent with the RSS media type (the static-file sender would say application/xml), from
 * their precompressed sibling when the client takes one.
 */
function sendFeed(request: FastifyRequest, reply: FastifyReply, root: string, file: string) {
  reply.headers(headersFor(file));
  return sendFile(request, reply, root, file, () => notFound(reply, root), { type: 'application/rss+xml; charset=utf-8' });
}

const BYPASS_COOKIE = /(?:^|;\s*)mh_cache_bypass=/;

export function createSiteServer(options: SiteServerOptions): FastifyInstance {
  const outDir = resolve(options.outDir);
  const tenants = new TenantDirectory(outDir, options.hosts);
  const { bucket } = options;
  const hosts = bucket ?? tenants;
  const app = Fastify({ logger: options.logger ?? false, trustProxy: trustProxyFor(options.trustedProxies) });
  registerSecurityHeaders(app, {
    scriptSources: options.scriptSources, tenantOfHost: (host) => hosts.keyForHost(host),
    ...(options.derivedScriptSources ? { derivedScriptSources: options.derivedScriptSources } : {}),
  });
  directories.set(app, hosts);

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = hosts.keyForHost(request.hostname);
    if (!key) return reply.code(404).type('text/plain; charset=utf-8').send(`No site is configured for "${request.hostname}".`);
    if (bucket) return bucket.handle(request, reply, key);
    const site = tenants.state(key);
    const url = request.url;
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q + 1);

    if (path === RSS_QUERY_PATH && query) {
      const input = new URLSearchParams(query).get('input') ?? undefined;
      const feed = rssPathForQuery(input);
      const file = feed ? fileForPath(site.root, `/${feed}`) : null;
      if (!file) return notFound(reply, site.root);
      return sendFeed(request, reply, site.root, file);
    }

    const redirect = matchRedirect(site.rules, url);
    if (redirect) return reply.code(redirect.status).header('cache-control', 'public, max-age=300').redirect(redirect.location, redirect.status);

    const file = fileForPath(site.root, path);
    if (!file) {
      // Right 8-digit id, wrong or missing slug (admin §2.4): 301 to the canonical path; the query is kept.
      const moved = matchContentIdPath(site.rules, path);
      if (moved) {
        const location = query ? `${moved.location}?${query}` : moved.location;
        return reply.code(301).header('cache-control', 'public, max-age=300').redirect(location, 301);
      }
      return notFound(reply, site.root);
    }
    if (file.startsWith('__rss/') && file.endsWith('.xml')) return sendFeed(request, reply, site.root, file);
    reply.headers(headersFor(file));
    if (file.endsWith('.pdf')) reply.header('content-disposition', await pdfDisposition(site.root, file));
    // The staff toolbar's cache switch: pages come fresh for that browser (the API checks the staff session).
    if (file.endsWith('.html') && BYPASS_COOKIE.test(request.headers.cookie ?? '')) reply.header('cache-control', 'no-store');
    // Opened once and sent from that descriptor: a rebuild renaming a new version over it meanwhile cannot tear it (send-file.ts).
    return sendFile(request, reply, site.root, file, () => notFound(reply, site.root));
  };

  app.route({ method: ['GET', 'HEAD'], url: '/', handler });
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler });
  return app;
}
