import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { SeedProgress } from '../../engine/fixtures/load';
import { mediaSource } from '../config/media';
import { withStore, type CommandEnv } from '../context';
import type { Progress } from '../progress';

const report = (p: Progress) => (s: SeedProgress) => p.update({ label: s.tenant ? `seeding ${s.tenant}` : 'seeding', done: s.done, detail: s.phase });

export function registerSeed(program: Command, env: CommandEnv) {
  program.command('seed')
    .description('Load a fixture set into the database in one transaction (idempotent; a bad record writes nothing)')
    .argument('<dir>', 'fixture set folder, e.g. fixtures/demo')
    .option('--no-photos', 'skip making the AVIF/WebP derivatives of fixture photos (MASTHEAD_ASSETS_DIR)')
    .action(env.run(async (config, out, dir: string, flags: { photos: boolean }) => {
      const [{ seedFixtures }, { deriveFixtureImages }] = await Promise.all([import('../../engine/fixtures/seed'), import('../../engine/fixtures/media')]);
      const progress = out.progress();
      // The media library: the assets folder, or the bucket of MASTHEAD_MEDIA_URL.
      const media = await mediaSource(config.settings);
      const assetsDir = typeof media === 'string' ? media : media.location;
      try {
        const { summary, photos } = await withStore(config, async (store) => {
          const seeded = await seedFixtures(store, resolve(dir), report(progress));
          // Raster photos get the derivatives an upload gets, so `masthead build` shows <picture> sources (as the demo does).
          const derived = flags.photos ? await deriveFixtureImages(store, media, (done, total) => progress.update({ label: 'preparing photos', done, total })) : null;
          return { summary: seeded, photos: derived };
        });
        progress.stop();
        out.result({ database: config.dbPath, ...summary, photos: photos ? { assetsDir, ...photos } : null }, [
          `Seeded ${summary.tenants.length} tenant(s) (${summary.tenants.join(', ')}) from ${dir} in ${(summary.durationMs / 1000).toFixed(1)} s`,
          ...Object.entries(summary.rows).map(([t, n]) => `  ${t.padEnd(22)} ${n.toLocaleString('en-US')}`),
          ...(photos ? [`Photos: ${photos.derived} derived, ${photos.unchanged} unchanged, in ${assetsDir}`] : []),
        ]);
      } finally {
        progress.stop();
      }
    }));
}

export function registerFixtures(program: Command, env: CommandEnv) {
  const fx = program.command('fixtures').description('Check and generate fixture sets');
  fx.command('check')
    .description('Validate a fixture set without touching the database')
    .argument('<dir>', 'fixture set folder')
    .action(env.run(async (_config, out, dir: string) => {
      const { checkFixtures } = await import('../../engine/fixtures/seed');
      const summary = await checkFixtures(resolve(dir));
      out.result(summary, [`${dir} is valid: ${summary.tenants.length} tenant(s), ${(summary.records.content ?? 0).toLocaleString('en-US')} content items`]);
    }));
  fx.command('generate')
    .description('Write a deterministic fixture set of any size for scale tests (streams; constant memory)')
    .requiredOption('--items <n>', 'content items in all', env.int('--items'))
    .option('--tenants <n>', 'number of tenants (1–8)', env.int('--tenants'), 3)
    .option('--seed <n>', 'random seed; the same seed writes the same files', env.int('--seed'), 1)
    .requiredOption('--out <dir>', 'folder to write (created)')
    .action(env.run(async (_config, out, opts: { items: number; tenants: number; seed: number; out: string }) => {
      const { generateFixtures } = await import('../../engine/fixtures/generate');
      const progress = out.progress();
      try {
        const summary = await generateFixtures({
          items: opts.items, tenants: opts.tenants, seed: opts.seed, out: resolve(opts.out),
          onProgress: (p) => progress.update({ label: `generating ${p.phase}`, done: p.done, total: p.total }),
        });
        progress.stop();
        out.result({ out: resolve(opts.out), ...summary }, [
          `Wrote ${summary.items.toLocaleString('en-US')} items for ${summary.tenants.length} tenant(s) to ${opts.out} (${(summary.bytes / 1e6).toFixed(1)} MB in ${summary.files} files, ${(summary.durationMs / 1000).toFixed(1)} s)`,
        ]);
      } finally {
        progress.stop();
      }
    }));
}
