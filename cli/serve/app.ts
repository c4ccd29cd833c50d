// What `masthead serve` runs on one port: every tenant's built site by Host, the GraphQL API
// (POST /graphql and its documents) and the admin SPA at /admin. Each committed API change asks the
// rebuilder to rebuild the tenant it touched; a durable build queue (rebuilder.ts) starts with the
// server (resuming stored requests, arming schedule timers) and stops with it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerApi, type ApiOptions } from '../../api/app';
import type { Mailer } from '../../engine/mail/mailer';
import type { Store } from '../../engine/store/connection';
import { createSiteServer } from './site-server';
import type { BuildQueue, Rebuilder } from './rebuilder';

const isBuildQueue = (r: Rebuilder): r is BuildQueue => 'start' in r && typeof (r as BuildQueue).start === 'function';

export interface MastheadServerOptions {
  outDir: string;
  store: Store;
  /** The built admin SPA (vite build output); the admin is not served when it is missing. */
  adminDir: string | null;
  rebuilder: Rebuilder;
  mode: 'development' | 'production';
  logger?: boolean;
  /** Absolute origin of each site, with {key} and {domain}: links in member and newsletter mail. */
  originTemplate: string;
  /** The one mailer for member links and newsletter sends, and the unsubscribe links' HMAC key. */
  mail?: { mailer: Mailer; unsubscribeSecret: string };
  /** MASTHEAD_TRUSTED_PROXIES: whose X-Forwarded-* headers are believed. */
  trustedProxies?: readonly string[];
  /** MASTHEAD_CSP_SCRIPT_SOURCES: extra script sources of the sites' CSP per tenant key. */
  scriptSources?: Readonly<Record<string, readonly string[]>>;
  api?: Partial<ApiOptions>;
}

function mountAdmin(app: FastifyInstance, adminDir: string) {
  void app.register(fastifyStatic, { root: adminDir, prefix: '/admin/', decorateReply: false, index: false, wildcard: false });
  const shell = readFileSync(join(adminDir, 'index.html'));
  // Every other /admin/* path is a client-side route: answer with the SPA's shell.
  const spa = (_req: unknown, reply: FastifyReply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(shell);
  app.get('/admin', spa);
  app.get('/admin/*', spa);
}

export async function createMastheadServer(options: MastheadServerOptions): Promise<FastifyInstance> {
  const siteUrl = (t: { tenantKey: string; domain: string }) =>
    new URL(options.originTemplate.replaceAll('{key}', t.tenantKey).replaceAll('{domain}', t.domain)).origin;
  const app = createSiteServer({
    outDir: options.outDir, logger: options.logger ?? false, trustedProxies: options.trustedProxies, scriptSources: options.scriptSources,
  });
  await registerApi(app, {
    store: options.store,
    mode: options.mode,
    // Awaited by the API: a durable queue has stored the request before the mutation answers.
    onChange: (tenantKey, change) => options.rebuilder.request(tenantKey, change),
    members: { mailer: options.mail?.mailer, siteUrl },
    newsletters: { mailer: options.mail?.mailer, unsubscribeSecret: options.mail?.unsubscribeSecret, siteUrl },
    ...options.api,
  });
  const queue = options.rebuilder;
  if (isBuildQueue(queue)) {
    app.addHook('onReady', () => queue.start());
    app.addHook('onClose', () => queue.close());
  }
  if (options.adminDir && existsSync(join(options.adminDir, 'index.html'))) mountAdmin(app, options.adminDir);
  return app;
}
