// What `masthead serve` runs on one port: every tenant's built site by Host, the GraphQL API
// (POST /graphql and its documents) and the admin SPA at /admin. Each committed API change asks the
// engine's rebuild queue to rebuild the tenant it touched; the queue starts with the server
// (resuming stored requests, arming schedule timers) and stops with it (api/app.ts wires both).
import { adScriptHost, tagManagerHost } from '../../engine/domain/consent';
import { listTenants } from '../../engine/store/queries/tenants';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerApi, type ApiOptions } from '../../api/app';
import type { RebuildQueue } from '../../engine/build/index';
import { staffMailer } from '../../api/auth/mail';
import type { Mailer } from '../../engine/mail/mailer';
import { createDurableMailer } from '../../engine/mail/outbox';
import { mailOutboxStore } from '../../engine/store/queries/mail-outbox';
import type { Store } from '../../engine/store/connection';
import { createSiteServer } from './site-server';
import type { BucketPages } from './bucket-pages';

export interface MastheadServerOptions {
  outDir: string;
  store: Store;
  /** The built admin SPA (vite build output); the admin is not served when it is missing. */
  adminDir: string | null;
  /** The engine's rebuild queue (engine/build/queue): every committed change is requested on it. */
  rebuilder: RebuildQueue;
  mode: 'development' | 'production';
  logger?: boolean;
  /** Absolute origin of each site, with {key} and {domain}: links in member and newsletter mail. */
  originTemplate: string;
  /** The one mailer for staff links, member links and newsletter sends, and the unsubscribe links' HMAC key. */
  mail?: { mailer: Mailer; unsubscribeSecret: string };
  /** Absolute URL of the admin (e.g. http://localhost:4000/admin): links in staff reset and invite mail. */
  adminUrl?: string;
  /** MASTHEAD_CSP_SCRIPT_SOURCES: extra script sources of the sites' CSP per tenant key. */
  scriptSources?: Readonly<Record<string, readonly string[]>>;
  api?: Partial<ApiOptions>;
  /** Reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For gives the client address. */
  trustedProxies?: readonly string[];
  /** The sites read from the bucket (MASTHEAD_SERVE_PAGES=bucket) instead of `outDir`. */
  bucketPages?: BucketPages;
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
  // A tenant with a tag manager gets its script host in the CSP without listing it (issue #18); the
  // map follows the settings (read at start and every 10 s).
  const derived = new Map<string, string[]>();
  const readDerived = async () => {
    for (const t of await listTenants(options.store.db)) {
      derived.set(t.tenantKey, [tagManagerHost(t.settings.general.tagManagerId), adScriptHost(t.settings.ads)].filter((h): h is string => !!h));
    }
  };
  await readDerived();
  const app = createSiteServer({
    outDir: options.outDir, logger: options.logger ?? false, trustedProxies: options.trustedProxies, scriptSources: options.scriptSources,
    derivedScriptSources: (key) => derived.get(key) ?? [],
    ...(options.bucketPages ? { bucket: options.bucketPages } : {}),
  });
  const timer = setInterval(() => { readDerived().catch(() => {}); }, 10_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  // Staff and member mail goes through the durable outbox: stored before the request answers, sent
  // by its drainer, kept and retried while the mail server refuses (engine/mail/outbox.ts).
  const outbox = options.mail
    ? createDurableMailer(mailOutboxStore(options.store), options.mail.mailer, { onError: (e, kind) => app.log.warn({ err: e, kind }, 'mail not sent yet; it stays in the outbox and is retried') })
    : undefined;
  if (outbox) {
    app.addHook('onReady', () => outbox.start());
    app.addHook('onClose', () => outbox.close());
  }
  await registerApi(app, {
    store: options.store,
    mode: options.mode,
    rebuildQueue: options.rebuilder,
    mailer: outbox ? staffMailer(outbox) : undefined,
    adminUrl: options.adminUrl,
    members: { mailer: outbox, siteUrl },
    newsletters: { mailer: options.mail?.mailer, unsubscribeSecret: options.mail?.unsubscribeSecret, siteUrl },
    folders: { out: options.outDir },
    ...options.api,
  });
  if (options.adminDir && existsSync(join(options.adminDir, 'index.html'))) mountAdmin(app, options.adminDir);
  return app;
}
