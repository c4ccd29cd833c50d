// `masthead build` as it runs by default: incremental. Per tenant, from cheapest to dearest:
// - unchanged: the live build is the one the state names, built with the same code and config,
//   the database's build epoch has not moved (no write to any table the build reads) and no start,
//   end or news-window instant has passed since → nothing is read or rendered;
// - incremental: the database is compared with the live build's input fingerprints and only the
//   affected outputs are re-rendered (tenant-builder.ts);
// - full: no usable live build, other code or config, or `full` asked → run-build.ts runBuild,
//   given by the caller (full-build.ts): nothing here imports run-build.ts.
// Before that, a tenant with a sourceesb parts directory has its catalogue read from the parts API
// (engine/build/sourceesb.ts); a catalogue that changed makes an unchanged tenant incremental.
import type { Store } from '../../store/connection';
import { findTarget, readEpoch } from '../../store/queries/builds';
import type { BuildEvent, BuildSummary, RunBuild, TenantSummary } from '../summary';
import { refreshTenantParts } from '../sourceesb';
import { plan, type BuildOptions } from '../stages/plan';
import { liveBuildUsable } from '../stages/publish';
import type { FullBuild } from './update-types';

export interface SiteBuildOptions extends BuildOptions { full?: boolean }

export type TenantMode = 'unchanged' | 'incremental' | 'full';
export interface SiteBuildSummary extends BuildSummary { modes: Record<string, TenantMode> }
/** The full builds a site build falls back to (full-build.ts: loaded on first use, so a build with nothing to do never loads the renderer). */
export interface FullBuilds { runBuild: RunBuild; fullTenantBuild: FullBuild }

function summaryOf(key: string, buildId: string, pages: number, ms: number): TenantSummary {
  return {
    key, buildId, pages, files: 0, bytes: 0, assets: 0, routeRules: 0, warnings: [], workerBusyMs: 0,
    timings: { load: 0, render: Math.round(ms), emit: 0, publish: 0, total: Math.round(ms) },
  };
}

export async function runSiteBuild(
  store: Store, options: SiteBuildOptions, { runBuild, fullTenantBuild }: FullBuilds, onEvent: (e: BuildEvent) => void = () => {},
): Promise<SiteBuildSummary> {
  const started = performance.now();
  const p = await plan(store, options);
  if (options.full) {
    const s = await runBuild(store, { ...options, configHash: p.configHash }, onEvent);
    return { ...s, modes: Object.fromEntries(s.tenants.map((t) => [t.key, 'full' as const])) };
  }
  const epoch = await readEpoch(store);
  const config = p.configHash;
  const modes: Record<string, TenantMode> = {};
  const tenants: TenantSummary[] = [];
  const full: string[] = [];
  for (const t of p.tenants) {
    const key = t.tenantKey;
    const target = await findTarget(store, key, p.outDir);
    if (!target || !liveBuildUsable(p.outDir, key, target, config)) { full.push(key); continue; }
    // The sourceesb parts catalogue is read as a full build would (run-build.ts); a new copy is a change.
    const parts = await refreshTenantParts(store, key, t.settings, { now: p.now, token: p.sourceesbTokens[key] ?? p.sourceesbTokens['*'], allowPrivateHosts: p.feedsAllowPrivateHosts });
    if (!parts.changed && target.epoch === epoch && target.state === 'live' && (target.nextBoundary === null || p.now < target.nextBoundary)) {
      modes[key] = 'unchanged';
      tenants.push({ ...summaryOf(key, target.buildId!, 0, 0), warnings: parts.warnings });
      continue;
    }
    const t0 = performance.now();
    const { TenantBuilder } = await import('./tenant-builder');
    const builder = new TenantBuilder(store, key, {
      outDir: p.outDir, originTemplate: p.originTemplate, clientDir: options.clientDir, workers: options.workers, buildPollMs: options.buildPollMs,
      workerRuntime: options.workerRuntime, scriptSources: options.scriptSources, assetsDir: options.assetsDir,
    }, fullTenantBuild);
    const r = await builder.update({ reload: true, now: p.now });
    modes[key] = r.full ? 'full' : 'incremental';
    tenants.push({ ...summaryOf(key, r.buildId ?? target.buildId!, r.pagesWritten, performance.now() - t0), warnings: parts.warnings });
  }
  let fullSummary: BuildSummary | null = null;
  if (full.length) {
    fullSummary = await runBuild(store, { ...options, tenants: full, now: p.now, configHash: config }, onEvent);
    for (const t of fullSummary.tenants) { modes[t.key] = 'full'; tenants.push(t); }
  }
  const wallMs = Math.round(performance.now() - started);
  const pages = tenants.reduce((n, t) => n + t.pages, 0);
  return {
    buildId: fullSummary?.buildId ?? p.buildId, outDir: p.outDir, workers: fullSummary?.workers ?? 0,
    ...(fullSummary?.workerModule ? { workerModule: fullSummary.workerModule } : {}), tenants, pages,
    ...(fullSummary?.precompress ? { precompress: fullSummary.precompress, publishedMs: Math.round(wallMs - fullSummary.precompress.ms) } : {}),
    files: tenants.reduce((n, t) => n + t.files, 0), wallMs, pagesPerSecond: Math.round(pages / Math.max(wallMs / 1000, 0.001)),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    cpuUserMs: Math.round(process.cpuUsage().user / 1000), cpuSystemMs: Math.round(process.cpuUsage().system / 1000),
    modes,
  };
}
