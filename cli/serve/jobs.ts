// The background jobs `masthead serve` runs on its job runner (engine/jobs/runner.ts), each a named
// JobSpec built from the settings: one run at a time, a failed run retried with backoff, all shown
// on /admin/system's Background jobs card. start.ts adds them and starts and stops the runner
// beside the rebuild queue.
import type { JobSpec } from '../../engine/jobs/runner';
import type { Store } from '../../engine/store/connection';
import { runEventJob } from '../../engine/store/queries/events';
import { refreshRemoteData, type RebuildQueue } from '../../engine/build/index';

/** `event-rollup`: new tracking events rolled up, raw events past the retention removed. */
export function eventRollupJob(o: { store: Store; everyMs: number; retentionDays: number; now?: () => number }): JobSpec {
  return {
    name: 'event-rollup', title: 'Event rollup and retention', everyMs: o.everyMs,
    run: async () => {
      const r = await runEventJob(o.store, { now: (o.now ?? Date.now)(), retentionDays: o.retentionDays });
      return `${r.events} events rolled up over ${r.tenants} sites; ${r.pruned} past the retention removed${r.droppedPartitions?.length ? ` (${r.droppedPartitions.length} day partitions dropped)` : ''}`;
    },
  };
}

export interface FeedRefreshJobOptions {
  store: Store;
  /** Where a tenant whose fetched copy changed is rebuilt (the rebuild queue serve runs). */
  queue: Pick<RebuildQueue, 'request'>;
  everyMs: number;
  /** The sourceesb parts API's bearer tokens (MASTHEAD_SOURCEESB_TOKEN). */
  sourceesbTokens?: Readonly<Record<string, string>> | undefined;
  /** Feeds on loopback or private addresses (tests; a build refuses them too). */
  allowPrivateHosts?: boolean;
  youtubeApiOrigin?: string;
  now?: () => number;
}

/**
 * `feed-refresh`: every tenant's remote RSS feeds, YouTube playlists and sourceesb parts catalogue
 * read again through the build's fetch stage (engine/build/stages/fetch.ts). A tenant whose stored
 * copy changed gets a rebuild request (its pages go live with the new entries); nothing changed,
 * nothing requested. A feed that could not be read keeps its last good copy and fails the run, so
 * the runner retries it with backoff and the System screen shows why.
 */
export function feedRefreshJob(o: FeedRefreshJobOptions): JobSpec {
  return {
    name: 'feed-refresh', title: 'Remote feeds, playlists and parts catalogues', everyMs: o.everyMs,
    run: async () => {
      // Every run fetches (feedRefreshMs 0): the job's interval is the refresh interval. Playlists
      // keep their own 2-hour quota interval (engine/build/playlists.ts).
      const results = await refreshRemoteData(o.store, {
        now: (o.now ?? Date.now)(), feedRefreshMs: 0, sourceesbTokens: o.sourceesbTokens,
        allowPrivateHosts: o.allowPrivateHosts === true, youtubeApiOrigin: o.youtubeApiOrigin,
      });
      const changed = results.filter((r) => r.changed.length > 0);
      for (const r of changed) await o.queue.request(r.tenantKey, { entity: 'feeds', action: 'refresh', ids: r.changed });
      const rebuilt = changed.length ? `; rebuilding ${changed.map((r) => r.tenantKey).join(', ')}` : '; nothing changed';
      const failed = results.flatMap((r) => r.warnings);
      if (failed.length) throw new Error(`${failed.length} not refreshed${rebuilt}: ${failed.join('; ')}`);
      return `${results.length} sites refreshed${rebuilt}`;
    },
  };
}
