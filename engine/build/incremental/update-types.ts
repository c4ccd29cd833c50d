// What a tenant's incremental builder (tenant-builder.ts) is given and answers: its options, one
// update's request and result, the full build it falls back to, and the second phase's limits.
import type { MediaStore } from '../../assets/media-store';
import type { Store } from '../../store/connection';
import type { ScriptSources, WorkerRuntime } from '../stages/plan';

export interface IncrementalOptions {
  outDir: string;
  originTemplate?: string | undefined;
  clientDir?: string | null | undefined;
  /** Render workers of a full build (default one per core). */
  workers?: number | undefined;
  /** The pages' build poll interval (plan.ts BuildOptions.buildPollMs). */
  buildPollMs?: number | undefined;
  /** How a full build starts its render workers (plan.ts BuildOptions.workerRuntime). */
  workerRuntime?: WorkerRuntime | undefined;
  /** The CSP script allow-list per tenant key (plan.ts BuildOptions.scriptSources). */
  scriptSources?: ScriptSources | undefined;
  /** The media library folder or bucket store (plan.ts BuildOptions.assetsDir). */
  assetsDir?: string | MediaStore | null | undefined;
}

export interface UpdateRequest {
  /** Content items the change touched: re-read from the store (patching the index) and re-rendered. */
  contentIds?: readonly number[];
  /** Re-read the whole tenant (structure changes, schedules passing, unknown changes). */
  reload?: boolean;
  /** Full build (staging + swap). */
  full?: boolean;
  /**
   * Above this share of the tenant's page groups to re-render, build in full instead (default
   * DEFAULT_MAX_SHARE); 1 or more: always incremental.
   */
  maxShare?: number;
  now?: number;
  /**
   * True when newer changes wait for this tenant: the second phase then stops at its next slice
   * and leaves the rest to the next update (which publishes the newer edit's own pages first).
   */
  yieldTo?: () => boolean;
  /** True while the process answers requests: the second phase pauses between slices until they are done. */
  busy?: () => boolean;
  /** Rendering time between two `yieldTo` questions (default SLICE_MS; 0 asks before every job). */
  yieldSliceMs?: number;
  /** How long interrupted second phases may leave the crawler files (sitemaps, feeds, route files) unwritten (default MAX_CRAWLER_WAIT_MS). */
  maxCrawlerWaitMs?: number;
}

/** Default `maxCrawlerWaitMs`: one crawler job (~50–100 ms at 20,000 items, not interruptible) per 30 s of a steady edit stream at most; at 1 s and 5 s the edit waiting behind it put back-to-back p95 over 100 ms. */
export const MAX_CRAWLER_WAIT_MS = 30_000;

/** How long the second phase renders before it gives the event loop a turn and asks `yieldTo`. */
export const SLICE_MS = 10;

export interface UpdateResult {
  key: string; buildId: string | null; full: boolean; skipped: boolean;
  pagesWritten: number; filesWritten: number; filesDeleted: number; changedKeys: number; ms: number;
  /** The second phase stopped for newer changes; the next update finishes it (TenantBuilder.unfinished). */
  interrupted?: boolean;
}

/** A full build of one tenant (run-build.ts runBuild), injected to keep this module free of the pool. */
export type FullBuild = (store: Store, key: string, options: IncrementalOptions & { configHash?: string }, now: number) => Promise<{ buildId: string; pages: number }>;
