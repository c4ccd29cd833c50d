// `masthead build`: prerenders every tenant's site (or the ones named) into <out>/<tenantKey>/ and
// publishes each atomically. `--json` prints counts and timings; a terminal gets an Ink view.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { BuildSummary } from '../../engine/build/index';
import { buildOriginTemplate } from '../config/origin';
import { UsageError, withStore, type CommandEnv } from '../context';
import type { BuildProgress } from './build-progress';

export const DEFAULT_OUT = './out';

/**
 * Builds the site client bundle and the render worker bundle when missing or stale. A failure
 * keeps the previous client bundle (or none) and leaves the workers on the TypeScript sources.
 */
export async function ensureBuildBundles(): Promise<void> {
  const [{ ensureSiteBundle }, { ensureWorkerBundle }] = await Promise.all([import('../site-bundle'), import('../worker-bundle')]);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  await Promise.all([
    ensureSiteBundle(log).catch((e: unknown) => log(`The site client bundle was not rebuilt: ${(e as Error).message}`)),
    ensureWorkerBundle(log),
  ]);
}

interface BuildFlags { tenant?: string[]; out?: string; originTemplate?: string; workers?: number; full?: boolean; precompress?: boolean }

function humanLines(s: BuildSummary & { modes?: Record<string, string> }): string[] {
  const modes = s.modes;
  const n = (x: number) => x.toLocaleString('en-US');
  return [
    `Built ${n(s.pages)} pages (${n(s.files)} files) for ${s.tenants.length} tenant(s) into ${s.outDir} in ${(s.wallMs / 1000).toFixed(1)} s`
      + ` — ${n(s.pagesPerSecond)} pages/s, ${s.workers} render worker(s), peak RSS ${n(s.peakRssMb)} MB`,
    ...s.tenants.map((t) => `  ${t.key.padEnd(14)} ${n(t.pages).padStart(9)} pages${modes?.[t.key] ? ` (${modes[t.key]})` : ''}  load ${t.timings.load} ms, render ${t.timings.render} ms, emit ${t.timings.emit} ms, publish ${t.timings.publish} ms  build ${t.buildId}`),
    ...s.tenants.flatMap((t) => t.warnings.slice(0, 5).map((w) => `  warning ${t.key}: ${w}`)),
    ...(s.precompress ? [`Live after ${((s.publishedMs ?? s.wallMs) / 1000).toFixed(1)} s; then compressed ${n(s.precompress.files)} files in ${(s.precompress.ms / 1000).toFixed(1)} s (${n(s.precompress.present)} had their .br/.gz already)`] : []),
  ];
}

export function registerBuild(program: Command, env: CommandEnv) {
  program.command('build')
    .description("Prerender every tenant's public site into <out>/<tenantKey>/ and publish each build atomically")
    .option('--tenant <key...>', 'build only these tenants (repeat or list several)')
    .option('--out <dir>', `output folder (env MASTHEAD_OUT; default ${DEFAULT_OUT})`)
    .option('--origin-template <tpl>', "absolute origin of each tenant, with {key} and {domain} (env MASTHEAD_ORIGIN_TEMPLATE; default: the one the database's sites are served at, as masthead serve/demo recorded it, else https://{domain})")
    .option('--workers <n>', 'render worker threads (env MASTHEAD_WORKERS; default: one per core)', env.int('--workers'))
    .option('--full', 'rebuild every page (default: only what changed since the live build)')
    .option('--no-precompress', 'publish without writing the .br/.gz siblings a full build makes after its publish (masthead precompress does it later)')
    .action(env.run(async (base, out, flags: BuildFlags) => {
      const config = base.with({ outDir: flags.out, originTemplate: flags.originTemplate, workers: flags.workers });
      const s = config.settings;
      // Loaded here, not at startup, so other commands do not pay for the build pipeline.
      const [{ runSiteBuild }, { workerRuntime }] = await Promise.all([import('../../engine/build/index'), import('../worker-bundle')]);
      await ensureBuildBundles();
      // Ink (React) loads only once there is progress to show on a terminal: --json runs and builds
      // with nothing to do stay light.
      const progress: BuildProgress = config.json ? { onEvent() {}, stop() {} } : (await import('./build-progress')).createBuildProgress({ tty: config.isTTY, quiet: false });
      try {
        const summary = await withStore(config, async (store) => {
          const origin = await buildOriginTemplate(store, s.originTemplate);
          if (origin.warning) process.stderr.write(`${origin.warning}\n`);
          return runSiteBuild(store, {
            outDir: resolve(s.outDir), tenants: flags.tenant, originTemplate: origin.template, workers: s.workers, full: flags.full,
            precompress: flags.precompress === false ? 'none' : 'after',
            workerRuntime: workerRuntime(s.workerBundle), scriptSources: s.cspScriptSources, assetsDir: s.assetsDir,
          }, (e) => progress.onEvent(e));
        });
        progress.stop();
        out.result(summary, humanLines(summary));
      } finally {
        progress.stop();
      }
    }));
}

export function registerPrecompress(program: Command, env: CommandEnv) {
  program.command('precompress')
    .description("Write the .br/.gz siblings that the live builds' files lack (a full build does it after its publish; resumable)")
    .option('--tenant <key...>', 'only these tenants (default: every tenant with a build in <out>)')
    .option('--out <dir>', `output folder (env MASTHEAD_OUT; default ${DEFAULT_OUT})`)
    .option('--workers <n>', 'worker threads (env MASTHEAD_WORKERS; default: one per core)', env.int('--workers'))
    .action(env.run(async (base, out, flags: { tenant?: string[]; out?: string; workers?: number }) => {
      const config = base.with({ outDir: flags.out, workers: flags.workers });
      const outDir = resolve(config.settings.outDir);
      const [{ precompressBuilds, builtTenants }, { workerRuntime }] = await Promise.all([import('../../engine/build/index'), import('../worker-bundle')]);
      const known = await builtTenants(outDir);
      const keys = flags.tenant?.length ? flags.tenant : known;
      for (const k of keys) if (!known.includes(k)) throw new UsageError(`--tenant: no build of "${k}" in ${outDir} (built: ${known.join(', ') || 'none'})`);
      const last = new Map<string, number>();
      const r = await precompressBuilds(outDir, keys, {
        workers: config.settings.workers, workerRuntime: workerRuntime(config.settings.workerBundle),
        onProgress: (key, done, total) => {
          const now = performance.now();
          if (config.json || (done !== total && now - (last.get(key) ?? 0) < 1000)) return;
          last.set(key, now);
          process.stderr.write(`${key}: compressing ${done}/${total} files\n`);
        },
      });
      out.result({ outDir, ...r }, Object.entries(r.tenants).map(([k, t]) => `${k}: compressed ${t.files} files in ${(t.ms / 1000).toFixed(1)} s (${t.present} had their .br/.gz already${t.changed ? `, ${t.changed} changed meanwhile` : ''})`));
    }));
}
