// The full build as the incremental side (incremental/site-build.ts, tenant-builder.ts) and the
// rebuild queue receive it: injected, so nothing under incremental/ imports run-build.ts, and
// loaded on first use (run-build.ts starts the render workers; a build with nothing to do never
// loads the renderer).
import type { FullBuild } from './incremental/update-types';
import type { RunBuild } from './summary';

/** run-build.ts runBuild, imported when first called. */
export const runBuild: RunBuild = async (...a) => (await import('./run-build')).runBuild(...a);

/** The FullBuild of a TenantBuilder: run-build.ts runBuild for one tenant. */
export const fullTenantBuild: FullBuild = async (store, key, options, now) => {
  const s = await runBuild(store, {
    outDir: options.outDir, tenants: [key], originTemplate: options.originTemplate, now, workers: options.workers, clientDir: options.clientDir,
    buildPollMs: options.buildPollMs, configHash: options.configHash, workerRuntime: options.workerRuntime, scriptSources: options.scriptSources, assetsDir: options.assetsDir,
  });
  return { buildId: s.buildId, pages: s.pages };
};
