// `masthead demo` (what `npm start` runs): seeds the three demo brands (fixtures/demo, newsletters
// included) into the database, builds their sites and the admin, and serves everything at
// http://localhost:<port>.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import type { Config } from '../config';
import { ensureBuildBundles } from './build';
import { mediaSource } from '../config/media';
import { requireLocalFolder } from '../config/storage';
import type { CommandEnv } from '../context';

/** The demo is for trying edits locally: its pages poll builds/latest.json every minute, not hourly. */
export const DEMO_BUILD_POLL_MS = 60_000;

export const DEMO_FIXTURES = fileURLToPath(new URL('../../fixtures/demo', import.meta.url));

interface DemoFlags { port: number; out: string; serve: boolean }

/**
 * The demo's feeds, playlists and parts catalogue are stored copies of made-up addresses
 * (feeds.*.example): refreshing them could only fail, and the System screen would show a failing
 * job. So serve's feed refresh is off in the demo unless MASTHEAD_FEED_REFRESH_MINUTES asks for it.
 */
export function demoFeedRefresh(config: Pick<Config, 'isSet'>): { feedRefreshMinutes?: number } {
  return config.isSet('feedRefreshMinutes') ? {} : { feedRefreshMinutes: 0 };
}

export function registerDemo(program: Command, env: CommandEnv) {
  program.command('demo')
    .description('Seed the demo brands, build their sites and the admin, and serve them (what `npm start` runs)')
    .option('--port <n>', 'port to serve on', env.int('--port'), 4000)
    .option('--out <dir>', 'build output folder', './out')
    .option('--no-serve', 'seed and build only')
    .action(env.run(async (config, out, flags: DemoFlags) => {
      // A URL is refused before anything runs (it used to become a folder named "s3:").
      const outDir = resolve(requireLocalFolder(flags.out, '--out', 'masthead demo'));
      // Loaded when the demo runs, not at startup (`masthead --help` stays light).
      const [{ runBuild }, { seedFixtures }, { openStore }, { ensureAdminBundle }, { workerRuntime }, { startServing }] = await Promise.all([
        import('../../engine/build/index'), import('../../engine/fixtures/seed'), import('../../engine/store/connection'),
        import('../admin-bundle'), import('../worker-bundle'), import('../serve/start'),
      ]);
      const [{ recordOriginTemplate }, { deriveFixtureImages }] = await Promise.all([import('../config/origin'), import('../../engine/fixtures/media')]);
      const progress = out.progress();
      const store = await openStore({ path: config.dbPath });
      const originTemplate = `http://{key}.localhost:${flags.port}`;
      try {
        const seeded = await seedFixtures(store, DEMO_FIXTURES, (p) => progress.update({ label: `seeding ${p.tenant ?? ''}`, done: p.done }));
        // Recorded with the data: `masthead build` against this database then makes the same URLs.
        await recordOriginTemplate(store, originTemplate);
        // The demo's photos get the AVIF/WebP derivatives an upload gets (once; a re-run reuses them).
        const assetsDir = await mediaSource(config.settings);
        await deriveFixtureImages(store, assetsDir, (done, total) => progress.update({ label: 'preparing photos', done, total }));
        await ensureBuildBundles();
        const built = await runBuild(store, { outDir, originTemplate, assetsDir, buildPollMs: DEMO_BUILD_POLL_MS, workerRuntime: workerRuntime(config.settings.workerBundle), scriptSources: config.settings.cspScriptSources, sourceesbTokens: config.settings.sourceesbTokens }, (e) => {
          if (e.type === 'progress') progress.update({ label: `building ${e.key}`, done: e.done, total: e.total });
        });
        progress.stop();
        if (!flags.serve) {
          out.result({ database: config.dbPath, seeded, built }, [`Seeded and built ${built.pages.toLocaleString('en-US')} pages into ${outDir}`]);
          return;
        }
        const adminDir = await ensureAdminBundle((line) => process.stderr.write(`${line}\n`));
        // The demo's forms work without a reCAPTCHA account: the captcha is off (with its warning) unless a secret is set.
        // Without MASTHEAD_UNSUBSCRIBE_SECRET its unsubscribe links are signed with a random secret of this run
        // (never the development one, which is public): links in earlier runs' mail stop working.
        const demoConfig = config.settings.unsubscribeSecret ? config : config.with({ unsubscribeSecret: randomBytes(32).toString('base64url') });
        if (!config.settings.unsubscribeSecret) process.stderr.write('warning: MASTHEAD_UNSUBSCRIBE_SECRET is not set: the demo signs unsubscribe links with a random secret of this run\n');
        const base = (config.settings.recaptchaSecret ? demoConfig : demoConfig.with({ captcha: 'off' })).settings;
        // The assistant (/admin/openai) answers from a built-in stand-in on 127.0.0.1 unless a real
        // endpoint is configured (MASTHEAD_ASSISTANT_URL): the demo needs no network or key.
        const { startAssistantStandIn, STAND_IN_MODEL } = await import('../assistant-stand-in');
        const standIn = base.assistantUrl ? undefined : await startAssistantStandIn();
        const settings = { ...base, ...demoFeedRefresh(config), ...(standIn ? { assistantUrl: standIn.url, assistantModel: STAND_IN_MODEL } : {}) };
        // The fake audience provider (FreightWise's settings name it) with the demo's customers; a real Omeda needs MASTHEAD_OMEDA_APP_ID.
        const { fakeFromFixture } = await import('../../engine/audience/fake');
        const audienceFake = fakeFromFixture(readFileSync(resolve(DEMO_FIXTURES, 'audience.json'), 'utf8'));
        const server = await startServing({
          store, outDir, originTemplate, adminDir, mode: 'production', verbose: config.verbose, port: flags.port, host: '127.0.0.1',
          buildPollMs: DEMO_BUILD_POLL_MS, settings, audienceFake,
        });
        const keys = server.tenants;
        out.result({ port: flags.port, tenants: keys }, [
          `Masthead demo: ${built.pages.toLocaleString('en-US')} pages built for ${keys.length} brands`,
          ...keys.map((k, i) => `  http://${k}.localhost:${flags.port}/${i === 0 ? `   (also http://localhost:${flags.port}/)` : ''}`),
          `  Admin: http://localhost:${flags.port}/admin  (logins in README.md)`,
          `  Assistant: ${standIn ? 'the built-in stand-in (no network; set MASTHEAD_ASSISTANT_URL, _MODEL and _KEY for a real one)' : `${base.assistantModel ?? '(no model)'} at ${base.assistantUrl}`}`,
          `  Mail: ${server.mail.transport === 'outbox' ? `written as .eml files to ${server.mail.dir}` : 'sent through MASTHEAD_SMTP_URL'}`,
          'Press Ctrl+C to stop.',
        ]);
        await server.untilStopped();
        await standIn?.close();
      } finally {
        progress.stop();
        await store.close();
      }
    }));
}
