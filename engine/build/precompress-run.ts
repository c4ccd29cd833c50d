// Precompression of published builds through the render worker threads: the files that lack
// .br/.gz siblings (stages/precompress.ts filesToCompress) go to the workers in batches, each
// compressed synchronously there (compressFileSync), as the workers compressed pages inline
// before: on a 2-core machine the async zlib API on the main thread took four times as long.
// runBuild hands in its pool once every tenant is live; `masthead precompress` starts one.
import { filesToCompress } from './stages/precompress';
import { WorkerPool } from './workers/pool';
import type { WorkerRuntime } from './stages/plan';

/** Files per worker task: large enough that messages cost little, small enough to spread the work. */
const BATCH = 64;

export interface PrecompressSummary { files: number; present: number; changed: number; ms: number }

/**
 * Gives the live builds of `keys` under `outDir` their missing siblings on `pool` (or on a pool of
 * its own, closed at the end). `onProgress(key, done, total)` follows each tenant's files.
 */
export async function precompressBuilds(
  outDir: string, keys: readonly string[],
  o: { pool?: WorkerPool; workers?: number; workerRuntime?: WorkerRuntime; onProgress?: (key: string, done: number, total: number) => void } = {},
): Promise<PrecompressSummary & { tenants: Record<string, PrecompressSummary> }> {
  const started = performance.now();
  const pool = o.pool ?? new WorkerPool({ size: o.workers, useBundle: o.workerRuntime?.useBundle ?? true, env: o.workerRuntime?.env });
  const total: PrecompressSummary & { tenants: Record<string, PrecompressSummary> } = { files: 0, present: 0, changed: 0, ms: 0, tenants: {} };
  try {
    for (const key of keys) {
      const t0 = performance.now();
      const { root, todo, present } = filesToCompress(outDir, key);
      const r: PrecompressSummary = { files: 0, present, changed: 0, ms: 0 };
      let done = 0;
      o.onProgress?.(key, 0, todo.length);
      const inflight = new Set<Promise<void>>();
      let failure: unknown = null;
      for (let i = 0; i < todo.length && failure === null; i += BATCH) {
        const files = todo.slice(i, i + BATCH);
        await pool.slot();
        const p = pool.run({ type: 'compress', root, files }).then((res) => {
          r.files += res.compressed ?? 0;
          r.changed += res.changed ?? 0;
          done += files.length;
          o.onProgress?.(key, done, todo.length);
        }, (e: unknown) => { failure ??= e; });
        inflight.add(p);
        void p.finally(() => inflight.delete(p));
      }
      await Promise.all([...inflight]);
      if (failure !== null) throw failure;
      r.ms = Math.round(performance.now() - t0);
      total.tenants[key] = r;
      total.files += r.files;
      total.present += r.present;
      total.changed += r.changed;
    }
  } finally {
    if (!o.pool) await pool.close();
  }
  total.ms = Math.round(performance.now() - started);
  return total;
}
