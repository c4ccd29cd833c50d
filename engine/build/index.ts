// The build's public entry points for the composition root (cli/) and tools: full and incremental
// builds of the sites, the rebuild queue, what serving the built output needs, and the render
// worker bundle. The API's entry points are front-door.ts. Importing this file stays cheap: the
// pipeline (renderer, workers, MJML) loads when a build first runs, so `masthead serve` starts
// without it. Nothing inside engine/build imports this file.
import type { Store } from '../store/connection';
import type { BuildEvent, BuildSummary } from './summary';
import { fullTenantBuild, runBuild as fullBuild } from './full-build';
import type { SiteBuildOptions, SiteBuildSummary } from './incremental/site-build';
import type { BuildOptions } from './stages/plan';

export type { BuildEvent, BuildSummary, StageTimings, TenantSummary } from './summary';
export type { BuildOptions, ScriptSources, WorkerRuntime } from './stages/plan';
export type { SiteBuildOptions, SiteBuildSummary, TenantMode } from './incremental/site-build';
export type { UpdateRequest, UpdateResult } from './incremental/tenant-builder';
export type { QueuedChange, RebuildQueue } from './queue/types';
export { createBuildQueue, type StoreQueueOptions } from './queue/store-queue';
export { updateFor } from './queue/rebuild';
// Serving the built output (cli/serve): redirects and the feeds' paths, as the build wrote them.
export { matchContentIdPath, matchRedirect, type RouteRules } from './stages/emit-redirects';
export { HOME_FEED_PATH, rssPathForQuery } from './stages/emit-feeds';
export {
  PROJECT_ROOT, WORKER_SOURCE, freshWorkerBundle, workerBundlePaths, workerBundleStale, type WorkerBundleInputs,
} from './workers/worker-bundle';

/** A full build of the chosen tenants into `options.outDir`, each published atomically (run-build.ts). */
export async function runBuild(store: Store, options: BuildOptions, onEvent?: (e: BuildEvent) => void): Promise<BuildSummary> {
  return fullBuild(store, options, onEvent);
}

export type { RemoteRefresh } from './stages/fetch';

/** The fetch stage for every tenant outside a build (serve's feed-refresh job; stages/fetch.ts, loaded on use). */
export async function refreshRemoteData(...a: Parameters<typeof import('./stages/fetch').refreshRemoteData>): ReturnType<typeof import('./stages/fetch').refreshRemoteData> {
  return (await import('./stages/fetch')).refreshRemoteData(...a);
}

/** `masthead build`: per tenant unchanged, incremental or full (incremental/site-build.ts). */
export async function runSiteBuild(store: Store, options: SiteBuildOptions, onEvent?: (e: BuildEvent) => void): Promise<SiteBuildSummary> {
  return (await import('./incremental/site-build')).runSiteBuild(store, options, { runBuild: fullBuild, fullTenantBuild }, onEvent);
}
export type { PrecompressResult } from './stages/precompress';
export type { PrecompressSummary } from './precompress-run';

/** The tenants with a live build under `outDir` (stages/precompress.ts; loaded on use: a no-change build never needs it). */
export async function builtTenants(outDir: string): Promise<string[]> {
  return (await import('./stages/precompress')).builtTenants(outDir);
}

/** `masthead precompress`: the missing .br/.gz of the live builds, on worker threads (precompress-run.ts). */
export async function precompressBuilds(...a: Parameters<typeof import('./precompress-run').precompressBuilds>): ReturnType<typeof import('./precompress-run').precompressBuilds> {
  return (await import('./precompress-run')).precompressBuilds(...a);
}

/** The same on one thread (stages/precompress.ts). */
export async function precompressTenant(...a: Parameters<typeof import('./stages/precompress').precompressTenant>): ReturnType<typeof import('./stages/precompress').precompressTenant> {
  return (await import('./stages/precompress')).precompressTenant(...a);
}
export { cspDirectives, DOCUMENT_CSP, HSTS, REFERRER_POLICY, SVG_CSP, tenantScriptSources, type CspDirectives, type Surface } from './stages/security-headers';
