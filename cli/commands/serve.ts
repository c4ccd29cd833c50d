// `masthead serve`: every tenant's published build by Host (<key>.localhost:<port>; localhost is
// the first tenant), the GraphQL API and the admin at /admin, on one port, until interrupted.
// Each admin edit rebuilds the tenant it touched.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { captchaPolicy } from '../../api/captcha';
import { createMailer } from '../../engine/mail/mailer';
import { openStore, type Store } from '../../engine/store/connection';
import { runEventJob } from '../../engine/store/queries/events';
import { ensureAdminBundle } from '../admin-bundle';
import type { CommandEnv } from '../context';
import { createMastheadServer } from '../serve/app';
import { createBuildQueue } from '../../engine/build/index';
import { ensureWorkerBundle, workerRuntime } from '../worker-bundle';
import { servedTenants } from '../serve/site-server';
import { DEFAULT_OUT } from './build';
import type { Settings } from '../config';
import { resolveMailSettings } from '../config/mail';

interface ServeFlags { port?: number; out?: string; host?: string; originTemplate?: string; mode?: string; admin: boolean; captcha: boolean }

export function registerServe(program: Command, env: CommandEnv) {
  program.command('serve')
    .description('Serve the built sites (http://<tenant>.localhost:<port>/), the API at /graphql and the admin at /admin')
    .option('--port <n>', 'port to listen on (env MASTHEAD_PORT; default 4000)', env.int('--port'))
    .option('--out <dir>', `build output folder (env MASTHEAD_OUT; default ${DEFAULT_OUT})`)
    .option('--host <address>', 'address to bind (env MASTHEAD_HOST; default 127.0.0.1)')
    .option('--origin-template <tpl>', 'absolute origin of each tenant for rebuilds and mail links, with {key} and {domain} (default http://{key}.localhost:<port>)')
    .option('--mode <mode>', 'production runs only registered GraphQL documents and requires a captcha; development also accepts ad-hoc queries (env MASTHEAD_MODE; default production)')
    .option('--no-admin', 'do not build or serve the admin SPA')
    .option('--no-captcha', 'let anonymous forms run without a captcha in production (warns at start and in the admin)')
    .action(env.run(async (base, out, flags: ServeFlags) => {
      const config = base.with({
        port: flags.port, outDir: flags.out, host: flags.host, originTemplate: flags.originTemplate, mode: flags.mode, captcha: flags.captcha ? undefined : 'off',
      });
      const s = config.settings;
      const outDir = resolve(s.outDir);
      const originTemplate = s.originTemplate ?? `http://{key}.localhost:${s.port}`;
      const store = await openStore({ path: config.dbPath });
      const log = (line: string) => process.stderr.write(`${line}\n`);
      const [adminDir] = await Promise.all([flags.admin ? ensureAdminBundle(log) : null, ensureWorkerBundle(log)]);
      const server = await startServing({
        store, outDir, originTemplate, adminDir, mode: s.mode, verbose: config.verbose, port: s.port, host: s.host, settings: s,
      });
      const keys = server.tenants;
      out.result({ port: s.port, outDir, tenants: keys.map((k) => ({ key: k, url: `http://${k}.localhost:${s.port}/` })) }, [
        `Serving ${keys.length} site(s) from ${outDir}${keys.length ? '' : ' (none built yet: run masthead build)'}`,
        ...keys.map((k, i) => `  http://${k}.localhost:${s.port}/${i === 0 ? `  (also http://localhost:${s.port}/)` : ''}`),
        ...(adminDir ? [`  Admin: http://localhost:${flags.port}/admin`] : []),
        'Press Ctrl+C to stop.',
      ]);
      await server.untilStopped();
      await store.close();
    }));
}

export interface ServingOptions {
  store: Store; outDir: string; originTemplate: string; adminDir: string | null;
  mode: 'production' | 'development'; verbose: boolean; port: number; host: string;
  /** The pages' build poll interval (the demo shortens it). */
  buildPollMs?: number;
  /** Absolute admin URL for staff mail links (default http://localhost:<port>/admin). */
  adminUrl?: string;
  /** The resolved configuration: mail, captcha, origins, proxies, script allow-list. */
  settings: Settings;
}

/**
 * What `serve` and `demo` run: mail from the settings, the durable rebuild queue, and the sites,
 * API and admin on one port. `untilStopped` waits for SIGINT/SIGTERM, then for running rebuilds.
 */
export async function startServing(o: ServingOptions) {
  const s = o.settings;
  const mail = resolveMailSettings(s);
  if (mail.warning) process.stderr.write(`warning: ${mail.warning}\n`);
  const captcha = { secret: s.recaptchaSecret, minScore: s.recaptchaMinScore, off: s.captcha === 'off' };
  const policy = captchaPolicy(o.mode, captcha);
  if (policy.warning) process.stderr.write(`warning: ${policy.warning}\n`);
  const mailer = createMailer(mail.mail);
  const rebuilder = createBuildQueue({
    store: o.store, outDir: o.outDir, originTemplate: o.originTemplate, workers: 1, buildPollMs: o.buildPollMs, workerRuntime: workerRuntime(s.workerBundle), scriptSources: s.cspScriptSources, assetsDir: resolve(s.assetsDir),
    onError: (key, e) => process.stderr.write(`rebuild of ${key} failed: ${(e as Error).message}\n`),
  });
  const app = await createMastheadServer({
    trustedProxies: s.trustedProxies,
    outDir: o.outDir, store: o.store, adminDir: o.adminDir, rebuilder, mode: o.mode, logger: o.verbose, originTemplate: o.originTemplate,
    mail: { mailer, unsubscribeSecret: mail.unsubscribeSecret },
    adminUrl: o.adminUrl ?? `http://localhost:${o.port}/admin`,
    scriptSources: s.cspScriptSources,
    api: {
      events: { retentionDays: s.eventRetentionDays },
      captcha, allowedOrigins: [...s.allowedOrigins],
      crawlers: { positiveTtlMs: s.crawlerVerifiedTtlSeconds * 1000, negativeTtlMs: s.crawlerRejectedTtlSeconds * 1000 },
      assets: { dir: resolve(s.assetsDir), maxBytes: s.assetMaxBytes },
    },
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
    },
  };
}
