// `masthead demo` (what `npm start` runs): seeds the three demo brands into the database, builds
// their sites and the admin, and serves everything at http://localhost:<port>.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { runBuild } from '../../engine/build/index';
import { seedFixtures } from '../../engine/fixtures/seed';
import { seedNewsletterDemo } from '../../engine/newsletter/fixtures';
import { openStore } from '../../engine/store/connection';
import { createMailer } from '../../engine/mail/mailer';
import { ensureAdminBundle } from '../admin-bundle';
import { resolveMailSettings } from './newsletter';
import { ensureSiteBundleOrWarn } from './build';
import type { CommandEnv } from '../context';
import { createMastheadServer } from '../serve/app';
import { createBuildQueue } from '../serve/rebuilder';
import { servedTenants } from '../serve/site-server';

/** The demo is for trying edits locally: its pages poll builds/latest.json every minute, not hourly. */
export const DEMO_BUILD_POLL_MS = 60_000;

export const DEMO_FIXTURES = fileURLToPath(new URL('../../fixtures/demo', import.meta.url));

interface DemoFlags { port: number; out: string; serve: boolean }

export function registerDemo(program: Command, env: CommandEnv) {
  program.command('demo')
    .description('Seed the demo brands, build their sites and the admin, and serve them (what `npm start` runs)')
    .option('--port <n>', 'port to serve on', env.int('--port'), 4000)
    .option('--out <dir>', 'build output folder', './out')
    .option('--no-serve', 'seed and build only')
    .action(env.run(async (config, out, flags: DemoFlags) => {
      const progress = out.progress();
      const store = await openStore({ path: config.dbPath });
      const outDir = resolve(flags.out);
      const originTemplate = `http://{key}.localhost:${flags.port}`;
      try {
        const seeded = await seedFixtures(store, DEMO_FIXTURES, (p) => progress.update({ label: `seeding ${p.tenant ?? ''}`, done: p.done }));
        for (const key of seeded.tenants) await seedNewsletterDemo(store, key);
        await ensureSiteBundleOrWarn();
        const built = await runBuild(store, { outDir, originTemplate, buildPollMs: DEMO_BUILD_POLL_MS }, (e) => {
          if (e.type === 'progress') progress.update({ label: `building ${e.key}`, done: e.done, total: e.total });
        });
        progress.stop();
        if (!flags.serve) {
          out.result({ database: config.dbPath, seeded, built }, [`Seeded and built ${built.pages.toLocaleString('en-US')} pages into ${outDir}`]);
          return;
        }
        const adminDir = await ensureAdminBundle((line) => process.stderr.write(`${line}\n`));
        const rebuilder = createBuildQueue({
          store, outDir, originTemplate, workers: 1, buildPollMs: DEMO_BUILD_POLL_MS,
          onError: (key, e) => process.stderr.write(`rebuild of ${key} failed: ${(e as Error).message}\n`),
        });
        const mail = resolveMailSettings(process.env);
        const mailer = createMailer(mail.mail);
        const app = await createMastheadServer({
          outDir, store, adminDir, rebuilder, mode: 'production', logger: config.verbose, originTemplate,
          mail: { mailer, unsubscribeSecret: mail.unsubscribeSecret },
        });
        await app.listen({ port: flags.port, host: '127.0.0.1' });
        const keys = servedTenants(app);
        out.result({ port: flags.port, tenants: keys }, [
          `Masthead demo: ${built.pages.toLocaleString('en-US')} pages built for ${keys.length} brands`,
          ...keys.map((k, i) => `  http://${k}.localhost:${flags.port}/${i === 0 ? `   (also http://localhost:${flags.port}/)` : ''}`),
          `  Admin: http://localhost:${flags.port}/admin  (logins in README.md)`,
          `  Mail: ${mail.mail.transport === 'outbox' ? `written as .eml files to ${mail.mail.dir}` : 'sent through MASTHEAD_SMTP_URL'}`,
          'Press Ctrl+C to stop.',
        ]);
        await new Promise<void>((done) => {
          const stop = () => { void app.close().then(done); };
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
        await rebuilder.idle();
        await mailer.close();
      } finally {
        progress.stop();
        await store.close();
      }
    }));
}
