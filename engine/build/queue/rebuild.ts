// One rebuild of one tenant from a batch of claimed requests: the unit of work every queue
// implementation runs. Changes coalesce into one incremental update (incremental/tenant-builder.ts);
// builders are kept per tenant so the tenant's index stays in memory between edits.
import type { Store } from '../../store/connection';
import { recordSiteMetric } from '../../store/queries/site-metrics';
import type { IncrementalOptions, TenantBuilder, UpdateRequest, UpdateResult } from '../incremental/tenant-builder';
import type { QueuedChange } from './types';
import { fullTenantBuild } from '../full-build';

/** What the queues build with: the incremental builders' options, with the store and a required origin template. */
export interface RebuildOptions extends IncrementalOptions {
  store: Store;
  originTemplate: string;
  /**
   * Awaited before each update of a tenant, while the queue holds it (as afterRebuild):
   * `masthead serve --out s3://…` brings a staging folder that is behind the bucket up to it here.
   * 'reload' makes the update re-read the whole tenant (every input changed since the folder's own
   * build state is re-rendered, not only the request's); 'full' makes it a full build.
   */
  beforeRebuild?: (tenantKey: string) => Promise<'full' | 'reload' | undefined>;
}

/** Coalesces the claimed changes into one update: content ids are patched, a `resume` adds nothing, anything else reloads. */
export function updateFor(changes: QueuedChange[]): UpdateRequest {
  const ids = new Set<number>();
  let reload = false;
  let full = false;
  for (const c of changes) {
    if (c.entity === 'full') full = true;
    // Left by a rebuild whose second phase yielded (pg-queue.ts): the builder finishes what it carries.
    else if (c.entity === 'resume') continue;
    else if (c.entity === 'content' && c.ids?.length && c.ids.every((id) => typeof id === 'number')) for (const id of c.ids) ids.add(id as number);
    else reload = true;
  }
  return full ? { full: true } : reload ? { reload: true, contentIds: [...ids] } : { contentIds: [...ids] };
}

/** The tenant builders of one process, made on first use (the renderer loads only when something changes). */
export function tenantBuilders(o: RebuildOptions): (key: string) => Promise<TenantBuilder> {
  const builders = new Map<string, Promise<TenantBuilder>>();
  return (key) => {
    let b = builders.get(key);
    if (!b) {
      b = import('../incremental/tenant-builder').then(({ TenantBuilder }) => {
        const before = o.beforeRebuild;
        const Builder = before
          ? class extends TenantBuilder {
            override async update(req: UpdateRequest = {}): Promise<UpdateResult> {
              const how = await before(key);
              return super.update(how === 'full' ? { ...req, full: true } : how === 'reload' ? { ...req, reload: true } : req);
            }
          }
          : TenantBuilder;
        return new Builder(o.store, key, {
          outDir: o.outDir, originTemplate: o.originTemplate, clientDir: o.clientDir, workers: o.workers ?? 1, buildPollMs: o.buildPollMs,
          workerRuntime: o.workerRuntime, scriptSources: o.scriptSources, assetsDir: o.assetsDir,
        }, fullTenantBuild);
      });
      builders.set(key, b);
    }
    return b;
  };
}

/**
 * Runs one coalesced rebuild for the claimed changes (none: finishes what an interrupted update
 * left). `yieldTo` says newer changes wait: the update's second phase then stops early; `busy`
 * says the process is answering requests: the second phase pauses for them.
 */
export async function rebuildTenant(
  builder: TenantBuilder, changes: QueuedChange[], now: number, yieldTo?: () => boolean, busy?: () => boolean, yieldSliceMs?: number,
): Promise<UpdateResult> {
  return builder.update({ ...updateFor(changes), now, ...(yieldTo ? { yieldTo } : {}), ...(busy ? { busy } : {}), ...(yieldSliceMs !== undefined ? { yieldSliceMs } : {}) });
}

/** An editor's change (not the clock's, nor a full rebuild asked for): what edit→live latency measures. */
const isEdit = (c: QueuedChange) => c.entity !== 'time' && c.entity !== 'full' && c.entity !== 'resume';

/**
 * The site performance report's figures of one rebuild (issue #20), on either queue: its duration
 * and each claimed edit's wait from its request until it went live.
 */
export async function recordBuildTimes(store: Store, tenantKey: string, started: number, live: number, claimed: { enqueuedAt: number }[], changes: QueuedChange[]): Promise<void> {
  const day = new Date(live).toISOString().slice(0, 10);
  await recordSiteMetric(store, tenantKey, 'build', day, [live - started]);
  await recordSiteMetric(store, tenantKey, 'edit-live', day, claimed.filter((_, i) => isEdit(changes[i]!)).map((r) => live - r.enqueuedAt));
}
