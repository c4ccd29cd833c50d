// What a build reports: its events as it runs and its summary at the end, per tenant and whole.
// Below run-build.ts and incremental/ alike (both report the same way), so neither imports the other.
import type { Store } from '../store/connection';
import type { BuildOptions } from './stages/plan';

/**
 * Wall time per stage of one tenant. A small tenant's load overlaps the previous tenant's render;
 * emit (crawler files, in a worker, and assets) runs beside the page renders, so it is part of
 * render's wall time too. total is the sum of load and the rest (wall time can be less).
 */
export interface StageTimings { load: number; render: number; emit: number; publish: number; total: number }
export interface TenantSummary {
  key: string; buildId: string; pages: number; files: number; bytes: number; assets: number;
  routeRules: number; timings: StageTimings; warnings: string[];
  /** Time the render workers spent on this tenant's tasks, summed over workers. */
  workerBusyMs: number;
  /** Storing the state for incremental builds (after publish, beside the next tenant's render; not in timings.total). */
  stateMs?: number;
}
export interface BuildSummary {
  buildId: string; outDir: string; workers: number; tenants: TenantSummary[]; pages: number; files: number;
  wallMs: number; pagesPerSecond: number; peakRssMb: number;
  /** What the render workers ran: the pre-bundled module (workers/worker-bundle.ts) or the TypeScript sources. */
  workerModule?: 'bundle' | 'source';
  /** CPU time of the whole process (all threads) during the build. */
  cpuUserMs: number; cpuSystemMs: number;
  /** From the start until every tenant was live (its latest.json switched): wallMs less the precompression. */
  publishedMs?: number;
  /** The precompression after the publish (precompress.ts): files given siblings, files that had them (linked from the previous build), its time. */
  precompress?: { files: number; present: number; ms: number };
}

export type BuildEvent =
  | { type: 'plan'; buildId: string; tenants: string[]; workers: number }
  | { type: 'tenant-start'; key: string; total: number }
  | { type: 'progress'; key: string; done: number; total: number }
  | { type: 'tenant-done'; key: string; summary: TenantSummary }
  | { type: 'warning'; key: string; message: string }
  /** Precompression after the publish: files of the tenant done of total. */
  | { type: 'precompress'; key: string; done: number; total: number };

/** A full build (run-build.ts runBuild), as the incremental side receives it: injected, never imported. */
export type RunBuild = (store: Store, options: BuildOptions, onEvent?: (e: BuildEvent) => void) => Promise<BuildSummary>;
