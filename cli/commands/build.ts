// `masthead build`: prerenders every tenant's site (or the ones named) into <out>/<tenantKey>/ and
// publishes each atomically. `--json` prints counts and timings; a terminal gets an Ink view.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { BuildSummary } from '../../engine/build/index';
import { withStore, type CommandEnv } from '../context';
import { createBuildProgress } from './build-view';

export const DEFAULT_OUT = './out';

interface BuildFlags { tenant?: string[]; out: string; originTemplate?: string; workers?: number }

function humanLines(s: BuildSummary): string[] {
  const n = (x: number) => x.toLocaleString('en-US');
  return [
    `Built ${n(s.pages)} pages (${n(s.files)} files) for ${s.tenants.length} tenant(s) into ${s.outDir} in ${(s.wallMs / 1000).toFixed(1)} s`
      + ` — ${n(s.pagesPerSecond)} pages/s, ${s.workers} render worker(s), peak RSS ${n(s.peakRssMb)} MB`,
    ...s.tenants.map((t) => `  ${t.key.padEnd(14)} ${n(t.pages).padStart(9)} pages  load ${t.timings.load} ms, render ${t.timings.render} ms, emit ${t.timings.emit} ms, publish ${t.timings.publish} ms  build ${t.buildId}`),
    ...s.tenants.flatMap((t) => t.warnings.slice(0, 5).map((w) => `  warning ${t.key}: ${w}`)),
  ];
}

export function registerBuild(program: Command, env: CommandEnv) {
  program.command('build')
    .description("Prerender every tenant's public site into <out>/<tenantKey>/ and publish each build atomically")
    .option('--tenant <key...>', 'build only these tenants (repeat or list several)')
    .option('--out <dir>', 'output folder', DEFAULT_OUT)
    .option('--origin-template <tpl>', 'absolute origin of each tenant, with {key} and {domain} (default https://{domain})')
    .option('--workers <n>', 'render worker threads (default: one per core)', env.int('--workers'))
    .action(env.run(async (config, out, flags: BuildFlags) => {
      // Loaded here, not at startup, so other commands do not pay for the build pipeline.
      const { runBuild } = await import('../../engine/build/index');
      const progress = createBuildProgress({ tty: config.isTTY, quiet: config.json });
      try {
        const summary = await withStore(config, (store) => runBuild(store, {
          outDir: resolve(flags.out), tenants: flags.tenant, originTemplate: flags.originTemplate, workers: flags.workers,
        }, (e) => progress.onEvent(e)));
        progress.stop();
        out.result(summary, humanLines(summary));
      } finally {
        progress.stop();
      }
    }));
}
