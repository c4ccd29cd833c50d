// `masthead build`: prerenders every tenant's site (or the ones named) into <out>/<tenantKey>/ and
// publishes each atomically. `--json` prints counts and timings; a terminal gets an Ink view.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { BuildSummary } from '../../engine/build/index';
import { buildOriginTemplate } from '../config/origin';
import { parseS3Url, requireLocalFolder, s3Connection, s3StagingFolder } from '../config/storage';
import { cdnPurgerFactory } from '../config/cdn';
import { mediaSource } from '../config/media';
import type { CdnPurger } from '../../engine/publish/purge';
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

type PurgeResult = import('../../engine/publish/purge').PurgeResult;
type PublishSummary = { target: string; staging: string; uploaded: number; deleted: number; uploadedBytes: number; ms: number; tenants: (import('../../engine/publish/s3').TenantPublishResult & { purge?: PurgeResult })[] };
interface PublishPlan { staging: string; keys: string[] | undefined; origins: Record<string, string>; modes: Record<string, string>; purger: (() => Promise<CdnPurger>) | null }

/**
 * After a build into the staging folder of an s3:// out: each built tenant mirrored to the bucket
 * (engine/publish/s3.ts), then its changed URLs purged on the CDN when one is set (a full build:
 * the whole tenant).
 */
async function publishToBucket(s: import('../config').Settings, plan: PublishPlan): Promise<PublishSummary> {
  const loc = parseS3Url(s.outDir)!;
  const [{ createS3Client, publishTenantToS3 }, { builtTenants }] = await Promise.all([import('../../engine/publish/s3'), import('../../engine/build/index')]);
  const client = createS3Client(s3Connection(s));
  const purger = plan.purger ? await plan.purger() : null;
  const started = performance.now();
  const tenants: PublishSummary['tenants'] = [];
  try {
    for (const key of plan.keys?.length ? plan.keys : await builtTenants(plan.staging)) {
      const t = await publishTenantToS3(client, loc, plan.staging, key, { surrogateKeys: purger?.service === 'fastly' });
      const origin = plan.origins[key];
      const purge = purger && origin && t.changed.length
        ? await purger.purge({ tenant: key, origin, changed: t.changed, everything: plan.modes[key] === 'full' })
        : undefined;
      tenants.push(purge ? { ...t, purge } : t);
    }
  } finally {
    client.destroy();
  }
  const sum = (f: (t: (typeof tenants)[number]) => number) => tenants.reduce((a, t) => a + f(t), 0);
  return { target: s.outDir, staging: plan.staging, uploaded: sum((t) => t.uploaded), deleted: sum((t) => t.deleted), uploadedBytes: sum((t) => t.uploadedBytes), ms: Math.round(performance.now() - started), tenants };
}

/** The local output folder of a command that cannot publish to a bucket: a URL in --out or MASTHEAD_OUT is refused. */
export function localOutDir(value: string, fromFlag: boolean, command: string): string {
  return resolve(requireLocalFolder(value, fromFlag ? '--out' : 'MASTHEAD_OUT', command));
}

interface BuildFlags { tenant?: string[]; out?: string; originTemplate?: string; workers?: number; full?: boolean; precompress?: boolean }

function humanLines(s: BuildSummary & { modes?: Record<string, string>; published?: PublishSummary }): string[] {
  const modes = s.modes;
  const n = (x: number) => x.toLocaleString('en-US');
  return [
    `Built ${n(s.pages)} pages (${n(s.files)} files) for ${s.tenants.length} tenant(s) into ${s.outDir} in ${(s.wallMs / 1000).toFixed(1)} s`
      + ` — ${n(s.pagesPerSecond)} pages/s, ${s.workers} render worker(s), peak RSS ${n(s.peakRssMb)} MB`,
    ...s.tenants.map((t) => `  ${t.key.padEnd(14)} ${n(t.pages).padStart(9)} pages${modes?.[t.key] ? ` (${modes[t.key]})` : ''}  load ${t.timings.load} ms, render ${t.timings.render} ms, emit ${t.timings.emit} ms, publish ${t.timings.publish} ms  build ${t.buildId}`),
    ...s.tenants.flatMap((t) => t.warnings.slice(0, 5).map((w) => `  warning ${t.key}: ${w}`)),
    ...(s.published ? [`Published to ${s.published.target} in ${(s.published.ms / 1000).toFixed(1)} s: ${n(s.published.uploaded)} object(s) uploaded (${n(Math.round(s.published.uploadedBytes / 1024))} KB), ${n(s.published.deleted)} deleted`,
      ...s.published.tenants.map((t) => `  ${t.key.padEnd(14)} ${n(t.uploaded)} uploaded, ${n(t.unchanged)} unchanged, ${n(t.deleted)} deleted  ${t.url}`
        + (t.purge ? `; ${t.purge.service} purge: ${t.purge.everything ? 'whole site' : `${n(t.purge.urls)} URL(s)`} in ${t.purge.requests} request(s)` : ''))] : []),
    ...(s.precompress ? [`Live after ${((s.publishedMs ?? s.wallMs) / 1000).toFixed(1)} s; then compressed ${n(s.precompress.files)} files in ${(s.precompress.ms / 1000).toFixed(1)} s (${n(s.precompress.present)} had their .br/.gz already)`] : []),
  ];
}

export function registerBuild(program: Command, env: CommandEnv) {
  program.command('build')
    .description("Prerender every tenant's public site into <out>/<tenantKey>/ and publish each build atomically")
    .option('--tenant <key...>', 'build only these tenants (repeat or list several)')
    .option('--out <dir>', `output folder, or s3://bucket/prefix to publish to S3-compatible storage (env MASTHEAD_OUT; default ${DEFAULT_OUT})`)
    .option('--origin-template <tpl>', "absolute origin of each tenant, with {key} and {domain} (env MASTHEAD_ORIGIN_TEMPLATE; default: the one the database's sites are served at, as masthead serve/demo recorded it, else https://{domain})")
    .option('--workers <n>', 'render worker threads (env MASTHEAD_WORKERS; default: one per core)', env.int('--workers'))
    .option('--full', 'rebuild every page (default: only what changed since the live build)')
    .option('--no-precompress', 'publish without writing the .br/.gz siblings a full build makes after its publish (masthead precompress does it later)')
    .action(env.run(async (base, out, flags: BuildFlags) => {
      const config = base.with({ outDir: flags.out, originTemplate: flags.originTemplate, workers: flags.workers });
      const s = config.settings;
      // s3://bucket/prefix: the build renders into a local staging folder kept between runs (so the
      // next build is incremental), then the changed objects are uploaded (engine/publish/s3.ts).
      const bucket = parseS3Url(s.outDir);
      const purger = bucket ? cdnPurgerFactory(s) : null;
      if (bucket) s3Connection(s);
      // The media library: a bucket's store (pages reference its CDN URL) or the assets folder.
      const media = await mediaSource(s);
      const origins: Record<string, string> = {};
      const outDir = bucket ? s3StagingFolder(s, bucket) : resolve(s.outDir);
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
          if (purger) {
            const { listTenants } = await import('../../engine/store/site-reader');
            for (const t of await listTenants(store)) origins[t.tenantKey] = new URL(origin.template.replaceAll('{key}', t.tenantKey).replaceAll('{domain}', t.domain)).origin;
          }
          return runSiteBuild(store, {
            outDir, tenants: flags.tenant, originTemplate: origin.template, workers: s.workers, full: flags.full,
            precompress: flags.precompress === false ? 'none' : 'after',
            workerRuntime: workerRuntime(s.workerBundle), scriptSources: s.cspScriptSources, assetsDir: media,
            sourceesbTokens: s.sourceesbTokens,
          }, (e) => progress.onEvent(e));
        });
        progress.stop();
        const published = bucket ? await publishToBucket(s, { staging: outDir, keys: flags.tenant, origins, modes: summary.modes, purger }) : undefined;
        const result = published ? { ...summary, published } : summary;
        out.result(result, humanLines(result));
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
      const outDir = localOutDir(config.settings.outDir, flags.out !== undefined, 'masthead precompress');
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
