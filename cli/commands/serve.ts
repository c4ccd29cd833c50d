// `masthead serve`: every tenant's published build by Host (<key>.localhost:<port>; localhost is
// the first tenant), the GraphQL API and the admin at /admin, on one port, until interrupted.
// Each admin edit rebuilds the tenant it touched. With --out s3://bucket/prefix the sites are built
// in the staging folder `masthead build` uses for that bucket, served from it, and each rebuild
// uploads the tenant's changed objects to the bucket (cli/serve/bucket-publisher.ts).
// The server and everything it needs load when the command runs (cli/serve/start.ts), not at startup.
import { resolve } from 'node:path';
import { SERVE_READERS } from '../serve/readers';
import type { Command } from 'commander';
import type { CommandEnv } from '../context';
import { DEFAULT_OUT } from './build';
import { parseS3Url, s3Connection, s3StagingFolder } from '../config/storage';
import { cdnPurgerFactory } from '../config/cdn';
import { SettingsError } from '../config/errors';

interface ServeFlags { port?: number; out?: string; host?: string; originTemplate?: string; mode?: string; admin: boolean; captcha: boolean }

export function registerServe(program: Command, env: CommandEnv) {
  program.command('serve')
    .description('Serve the built sites (http://<tenant>.localhost:<port>/), the API at /graphql and the admin at /admin')
    .option('--port <n>', 'port to listen on (env MASTHEAD_PORT; default 4000)', env.int('--port'))
    .option('--out <dir>', `build output folder, or s3://bucket/prefix to publish each rebuild to S3-compatible storage (env MASTHEAD_OUT; default ${DEFAULT_OUT})`)
    .option('--host <address>', 'address to bind (env MASTHEAD_HOST; default 127.0.0.1)')
    .option('--origin-template <tpl>', 'absolute origin of each tenant for rebuilds and mail links, with {key} and {domain} (default http://{key}.localhost:<port>)')
    .option('--mode <mode>', 'production runs only registered GraphQL documents and requires a captcha and MASTHEAD_UNSUBSCRIBE_SECRET; development also accepts ad-hoc queries (env MASTHEAD_MODE; default production)')
    .option('--no-admin', 'do not build or serve the admin SPA')
    .option('--no-captcha', 'let anonymous forms run without a captcha in production (warns at start and in the admin)')
    .action(env.run(async (base, out, flags: ServeFlags) => {
      const config = base.with({
        port: flags.port, outDir: flags.out, host: flags.host, originTemplate: flags.originTemplate, mode: flags.mode, captcha: flags.captcha ? undefined : 'off',
      });
      const s = config.settings;
      // s3://bucket/prefix: settings checked (keys, purge service) before anything is opened.
      const destination = parseS3Url(s.outDir);
      const pages = s.servePages === 'bucket' ? { maxBytes: s.bucketCacheMb * 1024 * 1024, revalidateMs: s.bucketRevalidateMs } : undefined;
      if (pages && !destination) throw new SettingsError('MASTHEAD_SERVE_PAGES=bucket needs an s3://bucket/prefix out (--out or MASTHEAD_OUT)');
      const bucket = destination ? { destination, connection: s3Connection(s), purger: cdnPurgerFactory(s), ...(pages ? { pages } : {}) } : undefined;
      const outDir = destination ? s3StagingFolder(s, destination) : resolve(s.outDir);
      const originTemplate = s.originTemplate ?? `http://{key}.localhost:${s.port}`;
      const [{ openStore }, { ensureAdminBundle }, { ensureWorkerBundle }, { startServing }, { resolveMailSettings }] = await Promise.all([
        import('../../engine/store/connection'), import('../admin-bundle'), import('../worker-bundle'), import('../serve/start'), import('../config/mail'),
      ]);
      // Refused before anything is opened or built: production without a real unsubscribe secret.
      resolveMailSettings(s, s.mode);
      // Two read-only connections answer the API's reads beside the one writer (see OpenOptions.readers).
      const store = await openStore({ path: config.dbPath, readers: SERVE_READERS });
      // Rebuilds use this template from now on: recorded so `masthead build` makes the same URLs.
      const { originChangeWarning, recordOriginTemplate, storedOriginTemplate } = await import('../config/origin');
      const recorded = await storedOriginTemplate(store);
      const changed = originChangeWarning(originTemplate, recorded, 'masthead serve', `Rebuilds use the new one; to keep the old URLs, pass --origin-template ${recorded}.`);
      if (changed) process.stderr.write(`${changed}\n`);
      await recordOriginTemplate(store, originTemplate);
      const log = (line: string) => process.stderr.write(`${line}\n`);
      const [adminDir] = await Promise.all([flags.admin ? ensureAdminBundle(log) : null, ensureWorkerBundle(log)]);
      const server = await startServing({
        store, outDir, originTemplate, adminDir, mode: s.mode, verbose: config.verbose, port: s.port, host: s.host, settings: s, bucket,
      });
      const keys = server.tenants;
      out.result({ port: s.port, outDir, ...(bucket ? { publishTo: s.outDir } : {}), tenants: keys.map((k) => ({ key: k, url: `http://${k}.localhost:${s.port}/` })) }, [
        `Serving ${keys.length} site(s) from ${pages ? s.outDir : outDir}${keys.length ? '' : ` (none built yet: run masthead build${bucket ? ` --out ${s.outDir}` : ''})`}`,
        ...(bucket ? [`  Each rebuild is published to ${s.outDir}`] : []),
        ...keys.map((k, i) => `  http://${k}.localhost:${s.port}/${i === 0 ? `  (also http://localhost:${s.port}/)` : ''}`),
        ...(adminDir ? [`  Admin: http://localhost:${flags.port}/admin`] : []),
        'Press Ctrl+C to stop.',
      ]);
      await server.untilStopped();
      await store.close();
    }));
}
