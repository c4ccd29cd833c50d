// What `masthead serve` and `masthead demo` run once their command starts: mail from the settings,
// the durable rebuild queue, and the sites, API and admin on one port. Its own module so that
// registering the commands (and `masthead --help`) does not load Fastify, GraphQL or the mailer.
import { resolve } from 'node:path';
import { dialectOf, type Store } from '../../engine/store/connection';
import { captchaPolicy } from '../../engine/services/kernel/captcha';
import { createMailer } from '../../engine/mail/mailer';
import { createJobRunner, type JobLeases } from '../../engine/jobs/runner';
import { storeJobStates } from '../../engine/jobs/store-state';
import { createBuildQueue } from '../../engine/build/index';
import { workerRuntime } from '../worker-bundle';
import { createMastheadServer } from './app';
import { eventRollupJob, feedRefreshJob, scheduledSendsJob } from './jobs';
import { originFor } from '../commands/newsletter';
import { servedTenants } from './site-server';
import type { Settings } from '../config';
import { resolveMailSettings } from '../config/mail';
import { mediaBucketStore } from '../config/media';
import { sharedStateFor } from '../../engine/services/kernel/shared-state';
import type { FakeAudienceProvider } from '../../engine/audience/fake';
import type { BucketPublisherOptions } from './bucket-publisher';

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
  /** --out s3://…: outDir is the bucket's staging folder, and each rebuild publishes the tenant there (bucket-publisher.ts). */
  bucket?: Pick<BucketPublisherOptions, 'destination' | 'connection' | 'purger'> & {
    /** MASTHEAD_SERVE_PAGES=bucket: the sites are read from the bucket (bucket-pages.ts), with this cache. */
    pages?: { maxBytes: number; revalidateMs: number };
  };
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
  // The media library on object storage (MASTHEAD_MEDIA_URL), else the assets folder; bad settings refused here.
  const mediaBucket = await mediaBucketStore(s);
  const captcha = { secret: s.recaptchaSecret, minScore: s.recaptchaMinScore, off: s.captcha === 'off' };
  const policy = captchaPolicy(o.mode, captcha);
  if (policy.warning) process.stderr.write(`warning: ${policy.warning}\n`);
  const mailer = createMailer(mail.mail);
  // Limits, the license cache and cache invalidations: shared through Redis when configured.
  const shared = await sharedStateFor(s.redisUrl, { onError: (e) => process.stderr.write(`redis: ${e.message}\n`) });
  // Requests being answered: a rebuild's background phase pauses for them (store-queue.ts busy).
  let inFlight = 0;
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const bucketPages = o.bucket?.pages ? await startBucketPages(o.bucket) : undefined;
  const publisher = o.bucket
    ? await import('./bucket-publisher').then((m) => m.createBucketPublisher({
      ...o.bucket!, store: o.store, staging: o.outDir, originTemplate: o.originTemplate, log,
      ...(bucketPages ? { onPublished: (key: string) => bucketPages.invalidate(key) } : {}),
    }))
    : null;
  const queueOptions = {
    ...(publisher ? { afterRebuild: publisher.afterRebuild, beforeRebuild: publisher.beforeRebuild } : {}),
    busy: () => inFlight > 0,
    store: o.store, outDir: o.outDir, originTemplate: o.originTemplate, workers: 1, buildPollMs: o.buildPollMs, workerRuntime: workerRuntime(s.workerBundle), scriptSources: s.cspScriptSources, assetsDir: mediaBucket ?? resolve(s.assetsDir),
    onError: (key: string, e: unknown) => process.stderr.write(`rebuild of ${key} failed: ${(e as Error).message}\n`),
  };
  // On PostgreSQL every instance shares one job queue (graphile-worker); SQLite drains in this process.
  // (Loaded only then: graphile-worker stays out of SQLite installations.)
  const rebuilder = dialectOf(o.store) === 'postgres'
    ? await import('./pg-rebuilder').then((m) => m.pgRebuilder(o.store, queueOptions, process.env.MASTHEAD_BUILD_LOG))
    : createBuildQueue(queueOptions);
  // Background jobs (engine/jobs/runner.ts): one run at a time, retried with backoff, shown on
  // /admin/system; on PostgreSQL each run holds a lock named by its job, so one instance runs it.
  const leases = dialectOf(o.store) === 'postgres' ? await pgJobLeases(o.store) : undefined;
  const jobs = createJobRunner({
    states: storeJobStates(o.store.db), leases: leases?.leases,
    onError: (name, e) => process.stderr.write(`background job ${name} failed: ${(e as Error).message}\n`),
  });
  if (s.eventRollupMinutes > 0) jobs.add(eventRollupJob({ store: o.store, everyMs: s.eventRollupMinutes * 60_000, retentionDays: s.eventRetentionDays }));
  // Remote feeds, playlists and parts catalogues read again; a tenant whose copy changed is rebuilt.
  if (s.feedRefreshMinutes > 0) jobs.add(feedRefreshJob({ store: o.store, queue: rebuilder, everyMs: s.feedRefreshMinutes * 60_000, sourceesbTokens: s.sourceesbTokens }));
  // Scheduled newsletter campaigns deployed when their deployment date comes (the same send as the admin's deploy).
  if (s.scheduledSendMinutes > 0) {
    jobs.add(scheduledSendsJob({
      store: o.store, mailer, unsubscribeSecret: mail.unsubscribeSecret, queue: rebuilder, everyMs: s.scheduledSendMinutes * 60_000,
      siteUrl: (t) => originFor(o.originTemplate, t.tenantKey, t.domain),
    }));
  }
  const app = await createMastheadServer({
    trustedProxies: s.trustedProxies, bucketPages,
    outDir: o.outDir, store: o.store, adminDir: o.adminDir, rebuilder, mode: o.mode, logger: o.verbose, originTemplate: o.originTemplate,
    mail: { mailer, unsubscribeSecret: mail.unsubscribeSecret },
    adminUrl: o.adminUrl ?? `http://localhost:${o.port}/admin`,
    scriptSources: s.cspScriptSources,
    api: {
      events: { retentionDays: s.eventRetentionDays },
      captcha, allowedOrigins: [...s.allowedOrigins], folders: { out: o.outDir, assets: resolve(s.assetsDir) },
      crawlers: { positiveTtlMs: s.crawlerVerifiedTtlSeconds * 1000, negativeTtlMs: s.crawlerRejectedTtlSeconds * 1000 },
      assets: { dir: resolve(s.assetsDir), maxBytes: s.assetMaxBytes, store: mediaBucket },
      pageSpeed: { chromePath: s.chromiumPath, childEnv: process.env, jobs },
      shared,
      jobs,
      assistant: { url: s.assistantUrl, model: s.assistantModel, key: s.assistantKey },
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
  await jobs.start();
  return {
    tenants: servedTenants(app),
    mail: mail.mail,
    async untilStopped(): Promise<void> {
      await new Promise<void>((done) => {
        const stop = () => { void app.close().then(done); };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await jobs.stop();
      await leases?.close();
      await rebuilder.idle();
      publisher?.close();
      await mailer.close();
      await shared.close();
    },
  };
}

/** The sites' pages from the bucket: its tenants and their live builds read before the server listens. */
async function startBucketPages(b: NonNullable<ServingOptions['bucket']>) {
  const [{ BucketPages }, { createS3Client }] = await Promise.all([import('./bucket-pages'), import('../../engine/publish/s3')]);
  const pages = new BucketPages({ client: createS3Client(b.connection), bucket: b.destination.bucket, prefix: b.destination.prefix, ...b.pages });
  await pages.start();
  return pages;
}

/** PostgreSQL: a job's run holds an advisory lock named by the job, on a small pool of its own. */
async function pgJobLeases(store: Store): Promise<{ leases: JobLeases; close: () => Promise<void> }> {
  const [{ createTenantLocks }, { pgUrlOf }] = await Promise.all([import('../../engine/store/pg/tenant-locks'), import('../../engine/store/pg/sqlite-wire')]);
  const url = pgUrlOf(store);
  if (!url) throw new Error('Background jobs on PostgreSQL need a store opened from a postgres:// URL');
  const locks = createTenantLocks(url, 2);
  return { leases: (name) => locks.tryLock(`job:${name}`), close: () => locks.close() };
}
