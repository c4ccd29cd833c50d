// What `masthead serve` and `masthead demo` run once their command starts: mail from the settings,
// the durable rebuild queue, and the sites, API and admin on one port. Its own module so that
// registering the commands (and `masthead --help`) does not load Fastify, GraphQL or the mailer.
import { resolve } from 'node:path';
import { dialectOf, type Store } from '../../engine/store/connection';
import { captchaPolicy } from '../../api/captcha';
import { createMailer } from '../../engine/mail/mailer';
import { runEventJob } from '../../engine/store/queries/events';
import { createBuildQueue } from '../../engine/build/index';
import { workerRuntime } from '../worker-bundle';
import { createMastheadServer } from './app';
import { servedTenants } from './site-server';
import type { Settings } from '../config';
import { resolveMailSettings } from '../config/mail';
import { sharedStateFor } from '../../api/shared-state';
import type { FakeAudienceProvider } from '../../engine/audience/fake';

export interface ServingOptions {
  store: Store; outDir: string; originTemplate: string; adminDir: string | null;
  mode: 'production' | 'development'; verbose: boolean; port: number; host: string;
  /** The pages' build poll interval (the demo shortens it). */
  buildPollMs?: number;
  /** Absolute admin URL for staff mail links (default http://localhost:<port>/admin). */
  adminUrl?: string;
  /** The resolved configuration: mail, captcha, origins, proxies, script allow-list. */
  settings: Settings;
  /** The fake audience provider tenants with settings.audience.provider "fake" use (the demo seeds one). */
  audienceFake?: FakeAudienceProvider;
}

/**
 * What `serve` and `demo` run: mail from the settings, the durable rebuild queue, and the sites,
 * API and admin on one port. `untilStopped` waits for SIGINT/SIGTERM, then for running rebuilds.
 */
export async function startServing(o: ServingOptions) {
  const s = o.settings;
  // Production refuses to start without a real unsubscribe secret (a SettingsError: exit code 2).
  const mail = resolveMailSettings(s, o.mode);
  if (mail.warning) process.stderr.write(`warning: ${mail.warning}\n`);
  const captcha = { secret: s.recaptchaSecret, minScore: s.recaptchaMinScore, off: s.captcha === 'off' };
  const policy = captchaPolicy(o.mode, captcha);
  if (policy.warning) process.stderr.write(`warning: ${policy.warning}\n`);
  const mailer = createMailer(mail.mail);
  // Limits, the license cache and cache invalidations: shared through Redis when configured.
  const shared = await sharedStateFor(s.redisUrl, { onError: (e) => process.stderr.write(`redis: ${e.message}\n`) });
  // Requests being answered: a rebuild's background phase pauses for them (store-queue.ts busy).
  let inFlight = 0;
  const queueOptions = {
    busy: () => inFlight > 0,
    store: o.store, outDir: o.outDir, originTemplate: o.originTemplate, workers: 1, buildPollMs: o.buildPollMs, workerRuntime: workerRuntime(s.workerBundle), scriptSources: s.cspScriptSources, assetsDir: resolve(s.assetsDir),
    onError: (key: string, e: unknown) => process.stderr.write(`rebuild of ${key} failed: ${(e as Error).message}\n`),
  };
  // On PostgreSQL every instance shares one job queue (graphile-worker); SQLite drains in this process.
  // (Loaded only then: graphile-worker stays out of SQLite installations.)
  const rebuilder = dialectOf(o.store) === 'postgres'
    ? await import('./pg-rebuilder').then((m) => m.pgRebuilder(o.store, queueOptions, process.env.MASTHEAD_BUILD_LOG))
    : createBuildQueue(queueOptions);
  const app = await createMastheadServer({
    trustedProxies: s.trustedProxies,
    outDir: o.outDir, store: o.store, adminDir: o.adminDir, rebuilder, mode: o.mode, logger: o.verbose, originTemplate: o.originTemplate,
    mail: { mailer, unsubscribeSecret: mail.unsubscribeSecret },
    adminUrl: o.adminUrl ?? `http://localhost:${o.port}/admin`,
    scriptSources: s.cspScriptSources,
    api: {
      events: { retentionDays: s.eventRetentionDays },
      captcha, allowedOrigins: [...s.allowedOrigins], folders: { out: o.outDir, assets: resolve(s.assetsDir) },
      crawlers: { positiveTtlMs: s.crawlerVerifiedTtlSeconds * 1000, negativeTtlMs: s.crawlerRejectedTtlSeconds * 1000 },
      assets: { dir: resolve(s.assetsDir), maxBytes: s.assetMaxBytes },
      pageSpeed: { chromePath: s.chromiumPath, childEnv: process.env },
      shared,
      audience: {
        appId: (tenantKey: string) => s.omedaAppIds?.[tenantKey] ?? s.omedaAppIds?.['*'],
        ...(s.omedaBaseUrl ? { omedaBaseUrl: s.omedaBaseUrl } : {}),
        ...(o.audienceFake ? { fake: o.audienceFake } : {}),
      },
    },
  });
  app.server.on('request', (_req, res) => {
    inFlight += 1;
    res.once('close', () => { inFlight -= 1; });
  });
  await app.listen({ port: o.port, host: o.host });
  // The event rollup job (issue #18): every eventRollupMinutes, one run at a time.
  let rolling: Promise<unknown> = Promise.resolve();
  const rollup = s.eventRollupMinutes > 0 ? setInterval(() => {
    rolling = rolling.then(() => runEventJob(o.store, { now: Date.now(), retentionDays: s.eventRetentionDays }))
      .catch((e: unknown) => process.stderr.write(`event rollup failed: ${(e as Error).message}\n`));
  }, s.eventRollupMinutes * 60_000) : null;
  rollup?.unref();
  return {
    tenants: servedTenants(app),
    mail: mail.mail,
    async untilStopped(): Promise<void> {
      await new Promise<void>((done) => {
        const stop = () => { void app.close().then(done); };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      if (rollup) clearInterval(rollup);
      await rolling;
      await rebuilder.idle();
      await mailer.close();
      await shared.close();
    },
  };
}
