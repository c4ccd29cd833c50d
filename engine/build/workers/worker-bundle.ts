// The render worker as one pre-bundled ES module (dist/build-worker/worker.mjs, made by
// cli/worker-bundle.ts with esbuild). A worker started from it loads in about a tenth of the time
// of one that compiles the TypeScript graph through tsx (its own loader thread, ~80 modules), and
// without that loader thread's CPU. The pool uses it only while it is fresh: every source file it
// was bundled from (listed in inputs.json) is unchanged since; otherwise workers boot through tsx,
// so tests and edited checkouts never run stale code.
//
// The bundle sits two folders below the project root, like engine/build/paths.ts and
// engine/newsletter/, so the `new URL('../../…', import.meta.url)` paths in the bundled modules
// still resolve (modules in deeper folders take theirs from paths.ts).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../paths';

export { PROJECT_ROOT };
/** Source of the bundle, relative to the project root. */
export const WORKER_SOURCE = 'engine/build/workers/worker.ts';

/** Where the bundle and its input list live under a project root. */
export function workerBundlePaths(root = PROJECT_ROOT) {
  const dir = join(root, 'dist', 'build-worker');
  return { dir, bundle: join(dir, 'worker.mjs'), inputs: join(dir, 'inputs.json') };
}

/** inputs.json: what the bundle was made from (paths relative to the project root). */
export interface WorkerBundleInputs { builtAt: number; inputs: string[] }

/** True when the bundle is missing or an input changed after it was made (stat of each of ~80 files). */
export function workerBundleStale(root = PROJECT_ROOT): boolean {
  const paths = workerBundlePaths(root);
  try {
    const meta = JSON.parse(readFileSync(paths.inputs, 'utf8')) as WorkerBundleInputs;
    if (typeof meta.builtAt !== 'number' || !Array.isArray(meta.inputs) || !meta.inputs.includes(WORKER_SOURCE)) return true;
    if (statSync(paths.bundle).mtimeMs < meta.builtAt) return true;
    for (const rel of [...meta.inputs, 'tsconfig.json', 'package.json']) {
      if (statSync(join(root, rel)).mtimeMs > meta.builtAt) return true;
    }
    return false;
  } catch {
    return true; // missing bundle, unreadable list or a deleted input
  }
}

/** The bundle's URL while it is fresh; null otherwise or when `useBundle` is false (the caller's setting). */
export function freshWorkerBundle(useBundle = true): URL | null {
  if (!useBundle || workerBundleStale()) return null;
  return pathToFileURL(workerBundlePaths().bundle);
}
