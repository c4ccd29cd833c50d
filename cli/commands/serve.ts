// `masthead serve`: every tenant's published build by Host (<key>.localhost:<port>; localhost is
// the first tenant), the GraphQL API and the admin at /admin, on one port, until interrupted.
// Each admin edit rebuilds the tenant it touched.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { parseTrustedProxies } from '../../api/http/client-address';
import { createMailer } from '../../engine/mail/mailer';
import { openStore, type Store } from '../../engine/store/connection';
import { ensureAdminBundle } from '../admin-bundle';
import type { CommandEnv } from '../context';
import { createMastheadServer } from '../serve/app';
import { createBuildQueue } from '../../engine/build/index';
import { ensureWorkerBundle, workerRuntime } from '../worker-bundle';
import { servedTenants } from '../serve/site-server';
import { DEFAULT_OUT } from './build';
import { resolveMailSettings } from './newsletter';

interface ServeFlags { port: number; out: string; host: string; originTemplate?: string; mode: string; admin: boolean }

export function registerServe(program: Command, env: CommandEnv) {
  program.command('serve')
    .description('Serve the built sites (http://<tenant>.localhost:<port>/), the API at /graphql and the admin at /admin')
    .option('--port <n>', 'port to listen on', env.int('--port'), 4000)
    .option('--out <dir>', 'build output folder', DEFAULT_OUT)
    .option('--host <address>', 'address to bind', '127.0.0.1')
    .option('--origin-template <tpl>', 'absolute origin of each tenant for rebuilds and mail links, with {key} and {domain} (default http://{key}.localhost:<port>)')
    .option('--mode <mode>', 'production runs only registered GraphQL documents; development also accepts ad-hoc queries', 'production')
    .option('--no-admin', 'do not build or serve the admin SPA')
    .action(env.run(async (config, out, flags: ServeFlags) => {
      if (flags.port < 1 || flags.port > 65535) throw new Error('--port must be from 1 to 65535');
      if (flags.mode !== 'production' && flags.mode !== 'development') throw new Error('--mode must be production or development');
      const outDir = resolve(flags.out);
      const originTemplate = flags.originTemplate ?? `http://{key}.localhost:${flags.port}`;
      const store = await openStore({ path: config.dbPath });
      const log = (line: string) => process.stderr.write(`${line}\n`);
      const [adminDir] = await Promise.all([flags.admin ? ensureAdminBundle(log) : null, ensureWorkerBundle(log)]);
      const server = await startServing({
        store, outDir, originTemplate, adminDir, mode: flags.mode, verbose: config.verbose, port: flags.port, host: flags.host,
      });
      const keys = server.tenants;
      out.result({ port: flags.port, outDir, tenants: keys.map((k) => ({ key: k, url: `http://${k}.localhost:${flags.port}/` })) }, [
        `Serving ${keys.length} site(s) from ${outDir}${keys.length ? '' : ' (none built yet: run masthead build)'}`,
        ...keys.map((k, i) => `  http://${k}.localhost:${flags.port}/${i === 0 ? `  (also http://localhost:${flags.port}/)` : ''}`),
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
}

/**
 * What `serve` and `demo` run: mail from the environment, the durable rebuild queue, and the sites,
 * API and admin on one port. `untilStopped` waits for SIGINT/SIGTERM, then for running rebuilds.
 */
export async function startServing(o: ServingOptions) {
  const mail = resolveMailSettings(process.env);
  if (mail.warning) process.stderr.write(`warning: ${mail.warning}\n`);
  const mailer = createMailer(mail.mail);
  const rebuilder = createBuildQueue({
    store: o.store, outDir: o.outDir, originTemplate: o.originTemplate, workers: 1, buildPollMs: o.buildPollMs, workerRuntime: workerRuntime(),
    onError: (key, e) => process.stderr.write(`rebuild of ${key} failed: ${(e as Error).message}\n`),
  });
  // Until the config schema lands: the reverse proxies whose X-Forwarded-For is believed (api/http/client-address.ts).
  const trustedProxies = parseTrustedProxies(process.env.MASTHEAD_TRUSTED_PROXIES);
  const app = await createMastheadServer({
    trustedProxies,
    outDir: o.outDir, store: o.store, adminDir: o.adminDir, rebuilder, mode: o.mode, logger: o.verbose, originTemplate: o.originTemplate,
    mail: { mailer, unsubscribeSecret: mail.unsubscribeSecret },
    adminUrl: o.adminUrl ?? `http://localhost:${o.port}/admin`,
  });
  await app.listen({ port: o.port, host: o.host });
  return {
    tenants: servedTenants(app),
    mail: mail.mail,
    async untilStopped(): Promise<void> {
      await new Promise<void>((done) => {
        const stop = () => { void app.close().then(done); };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await rebuilder.idle();
      await mailer.close();
    },
  };
}
