// The API's app factory (DESIGN.md §3): `buildApp(options)` returns a Fastify instance that is not
// listening; only the CLI listens. `registerApi` mounts the same routes on an existing instance
// (what `masthead serve` does, beside the static sites and the admin).
import { registerCompanyUpdateRoutes } from './company-updates';
import { recordFolders, recordJobs } from '../engine/services/system';
import type { JobRunner } from '../engine/jobs/runner';
import { registerContractRoutes } from './contracts';
import { registerIpTestRoute } from './system';
import { registerThemeTestRoute } from './system';
import { registerCommentSsoRoute } from './members';
import { registerIndesignRoute } from './magazine';
import { registerAssetRoutes } from './assets';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { DUMMY_HASH_PROMISE } from '../engine/auth/passwords';
import type { RebuildQueue } from '../engine/build/front-door';
import { loadDocuments, type DocumentRegistry } from './documents';
import { ApiLatencyRecorder } from './http/latency';
import { registerDocumentsRoute } from './http/documents-route';
import { trustProxyFor } from './http/client-address';
import { errorBody, TransportError } from './http/errors';
import { registerJsonBodyParser } from './http/json-body';
import { BODY_LIMIT, registerGraphqlRoute } from './http/graphql-route';
import { scopeEveryRoute } from './http/request-tenant';
import { registerNewsletterRoutes } from './newsletters';
import { registerPreviewRoutes } from './preview';
import { registerMemberRoutes } from './members';
import { configureEvents, type EventOptions } from '../engine/services/events';
import { registerEventRoutes } from './events';
import { registerReportExportRoute } from './reports';
import { registerImportRoutes, type ImportRouteOptions } from './imports';
import { configureAssistant, type AssistantOptions } from '../engine/services/assistant';
import { configurePageSpeed, pageSpeedIdle, type PageSpeedOptions } from '../engine/services/reports';
import { registerGatedDocumentRoute } from './members';
import type { NewsletterOptions } from '../engine/services/newsletters';
import { buildSchema } from './schema';
import { captchaPolicy, recordCaptchaPolicy, type CaptchaOptions } from '../engine/services/kernel/captcha';
import { syncCopies } from '../engine/services/syndication';
import type { Db } from '../engine/store/connection';
import { createServices, type ChangeEvent, type Logger, type OnChange, type ServiceOptions, type Services } from '../engine/services/kernel/services';

export interface ApiOptions extends ServiceOptions {
  /** Folders whose disk use /admin/system shows: the built sites (out/) and the media library. */
  folders?: { out?: string; assets?: string };
  /** production: only registered documents run and introspection is off. Default development. */
  mode?: 'development' | 'production';
  /** Origins besides the request's own host allowed to send cookie-authenticated mutations. */
  allowedOrigins?: string[];
  /** Folder of operation documents (default api/documents). */
  documentsDir?: string;
  /** Newsletters: the mailer, the unsubscribe secret, the captcha, site origins (engine/services/newsletters/options.ts). */
  newsletters?: NewsletterOptions;
  /**
   * The engine's rebuild queue (engine/build/queue): each committed change is requested on it (stored
   * before the mutation answers, then `onChange`, if any), and it starts and stops with the app.
   */
  rebuildQueue?: RebuildQueue;
  /** The captcha of anonymous forms (engine/services/kernel/captcha.ts); `newsletters.captcha` and `members.captcha`, when given, win for their forms. */
  captcha?: CaptchaOptions;
  /** Event tracking: per-client rate limit and raw-event retention (engine/services/events/ingest.ts). */
  events?: EventOptions;
  /** Page speed runs (engine/services/reports/page-speed.ts): the origin measured, the sample, the measurer. */
  pageSpeed?: PageSpeedOptions;
  /** The assistant's chat-completions endpoint and key (engine/services/assistant/options.ts), from cli/. */
  assistant?: AssistantOptions;
  /** How often API request latencies are written to site_metrics (ms; 0: only on close). Default 30 s. */
  latencyFlushMs?: number;
  /** The admin's imports (api/imports): the upload size limit, uploads per user, how long a dry run's answer waits. */
  imports?: ImportRouteOptions;
  /** The background job runner cli/ started (engine/jobs/runner.ts), shown on /admin/system. */
  jobs?: Pick<JobRunner, 'status' | 'runNow'>;
}

export interface BuildAppOptions extends ApiOptions {
  logger?: FastifyServerOptions['logger'];
  /**
   * The reverse proxies in front of the app (IP addresses and CIDR ranges): only a request whose
   * peer is one of them has its X-Forwarded-For (right-most untrusted hop) and X-Forwarded-Proto
   * believed (api/http/client-address.ts). Takes precedence over `trustProxy`.
   */
  trustedProxies?: readonly string[];
  /** Fastify's own setting, when trustedProxies is not given. `true` believes any sender: avoid in production. Default false. */
  trustProxy?: FastifyServerOptions['trustProxy'];
}

export interface ApiHandle { services: Services; registry: DocumentRegistry }

function loggerOf(app: FastifyInstance): Logger {
  return {
    info: (o, m) => app.log.info(o, m),
    warn: (o, m) => app.log.warn(o, m),
    error: (o, m) => app.log.error(o, m),
  };
}

/** Mounts POST /graphql and GET /graphql/{query|mutation}/{name}.gql on `app`. */
export async function registerApi(app: FastifyInstance, options: ApiOptions): Promise<ApiHandle> {
  const captcha = captchaPolicy(options.mode ?? 'development', options.captcha);
  const members = { ...options.members, captcha: options.members?.captcha ?? captcha.members ?? undefined };
  const newsletters = { ...options.newsletters, captcha: options.newsletters?.captcha ?? (options.newsletters?.recaptchaSecret ? undefined : captcha.subscribe) };
  const queue = options.rebuildQueue;
  // With a queue, `commit` stores each edit's rebuild request in the edit's transaction
  // (stageChange); after the commit only the queue's wake-up is left. Changes made outside
  // `commit` (imports, syndicated copies) request their rebuild here.
  const requested: OnChange | undefined = queue
    ? async (tenantKey, change, staged) => {
      if (staged) await queue.wake(tenantKey); else await queue.request(tenantKey, change);
      await options.onChange?.(tenantKey, change, staged);
    }
    : options.onChange;
  // After the change itself is handed on, syndicated copies of changed items follow their source
  // (engine/services/syndication/sync.ts), which hands on the copies' tenants' changes in turn.
  const onChange: OnChange = async (tenantKey, change, staged) => { await requested?.(tenantKey, change, staged); await syncCopies(services, tenantKey, change); };
  const stageChange = queue ? (tx: Db, tenantKey: string, change: ChangeEvent) => queue.stage(tx, tenantKey, change) : undefined;
  const services: Services = createServices({ ...options, members, onChange, stageChange, log: options.log ?? loggerOf(app) });
  recordCaptchaPolicy(services, captcha);
  recordFolders(services, options.folders ?? {});
  recordJobs(services, options.jobs);
  const events = configureEvents(services, options.events);
  configurePageSpeed(services, options.pageSpeed);
  configureAssistant(services, options.assistant);
  // A page speed run under way ends before the store closes.
  app.addHook('onClose', () => pageSpeedIdle(services));
  if (captcha.warning) services.log.warn({}, captcha.warning);
  const latency = new ApiLatencyRecorder(services.store, services.tenants, (e) => services.log.warn({ err: e }, 'API latency not recorded'), options.latencyFlushMs);
  app.addHook('onResponse', async (req, reply) => {
    const h = (name: string) => { const v = req.headers[name]; return typeof v === 'string' ? v : undefined; };
    latency.add(req.url, { tenantKey: h('x-tenant-key'), domain: h('x-domain'), host: h('host') }, reply.elapsedTime);
  });
  app.addHook('onClose', async () => latency.close());
  app.addHook('onClose', async () => services.detach());
  if (queue) {
    app.addHook('onReady', () => queue.start());
    app.addHook('onClose', () => queue.close());
  }
  const registry = loadDocuments(options.documentsDir);
  const schema = buildSchema({ mode: options.mode ?? 'development', documentsVersion: registry.version });
  void DUMMY_HASH_PROMISE();
  await app.register(async (scope) => {
    if (!scope.hasReplyDecorator('setCookie')) await scope.register(cookie);
    registerJsonBodyParser(scope);
    // Every route below runs in a tenant scope of its own and names its tenant once resolved.
    scopeEveryRoute(scope);
    scope.setErrorHandler((error: Error & { code?: string; statusCode?: number }, _req, reply) => {
      let e: unknown = error;
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') e = new TransportError('PAYLOAD_TOO_LARGE');
      else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') e = new TransportError('UNSUPPORTED_MEDIA_TYPE');
      else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) e = new TransportError('BAD_REQUEST', `The request body could not be read: ${error.message}`);
      const { status, body } = errorBody(e, services.log);
      return reply.code(status).header('cache-control', 'no-store').send(body);
    });
    const route = { schema, services, registry, mode: options.mode ?? 'development', allowedOrigins: options.allowedOrigins ?? [] } as const;
    registerGraphqlRoute(scope, route);
    registerEventRoutes(scope, route, events);
    registerAssetRoutes(scope, route);
    registerImportRoutes(scope, route, options.imports);
    registerReportExportRoute(scope, route);
    registerGatedDocumentRoute(scope, route);
    registerDocumentsRoute(scope, registry);
    registerNewsletterRoutes(scope, services, { ...options, newsletters });
    registerPreviewRoutes(scope, services);
    registerMemberRoutes(scope, services);
    registerContractRoutes(scope, services);
    registerCompanyUpdateRoutes(scope, services);
    registerIpTestRoute(scope, services);
    registerThemeTestRoute(scope, services);
    registerCommentSsoRoute(scope, services);
    registerIndesignRoute(scope);
  });
  return { services, registry };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance & { api: ApiHandle }> {
  const trustProxy = options.trustedProxies !== undefined ? trustProxyFor(options.trustedProxies) : (options.trustProxy ?? false);
  const app = Fastify({ logger: options.logger ?? false, trustProxy, bodyLimit: BODY_LIMIT });
  const api = await registerApi(app, options);
  return Object.assign(app, { api }) as FastifyInstance & { api: ApiHandle };
}
