// The background jobs `masthead serve` runs on its job runner (engine/jobs/runner.ts), each a named
// JobSpec built from the settings: one run at a time, a failed run retried with backoff, all shown
// on /admin/system's Background jobs card. start.ts adds them and starts and stops the runner
// beside the rebuild queue.
import type { JobSpec } from '../../engine/jobs/runner';
import type { Store } from '../../engine/store/connection';
import { runEventJob } from '../../engine/store/queries/events';
import { refreshRemoteData, type RebuildQueue } from '../../engine/build/index';
import type { Mailer } from '../../engine/mail/mailer';
import { failStalledSends, sendDueCampaigns } from '../../engine/newsletter/scheduled';
import { DEFAULT_UNSUBSCRIBE_PATH as UNSUBSCRIBE_PATH } from '../commands/newsletter';

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
      // The job's interval is the feeds' and catalogues' refresh interval: one read within most of an
      // interval is not read again, so a retry after a failure reads only what failed (a failed read
      // keeps its copy's old time). Playlists keep their own 2-hour quota interval (playlists.ts).
      const results = await refreshRemoteData(o.store, {
        now: (o.now ?? Date.now)(), feedRefreshMs: Math.floor(o.everyMs * 0.9), partsRefreshMs: Math.floor(o.everyMs * 0.9), sourceesbTokens: o.sourceesbTokens,
        allowPrivateHosts: o.allowPrivateHosts === true, youtubeApiOrigin: o.youtubeApiOrigin,
      });
      const changed = results.filter((r) => r.changed.length > 0);
      for (const r of changed) await o.queue.request(r.tenantKey, { entity: 'feeds', action: 'refresh', ids: r.changed });
      const rebuilt = changed.length ? `; rebuilding ${changed.map((r) => r.tenantKey).join(', ')}` : '; nothing changed';
      const failed = results.flatMap((r) => r.warnings);
      if (failed.length) throw new Error(`${failed.length} not refreshed${rebuilt}: ${failed.join('; ')}`);
      return `${results.length} sites checked${rebuilt}`;
    },
  };
}

export interface ScheduledSendsJobOptions {
  store: Store;
  mailer: Mailer;
  unsubscribeSecret: string;
  /** A tenant's public origin (links in the email; the unsubscribe route under it). */
  siteUrl: (tenant: { tenantKey: string; domain: string }) => string;
  /** Where a sent campaign's pages (its web version, the template's latest) are rebuilt. */
  queue: Pick<RebuildQueue, 'request'>;
  everyMs: number;
  ratePerSecond?: number;
  now?: () => number;
}

/**
 * `scheduled-sends`: every Scheduled newsletter campaign whose deployment date has come is deployed
 * to its newsletter's subscribers (engine/newsletter/scheduled.ts), and its pages are rebuilt. A
 * campaign that could not be sent fails the run, which the runner retries with backoff.
 */
export function scheduledSendsJob(o: ScheduledSendsJobOptions): JobSpec {
  const now = o.now ?? Date.now;
  return {
    name: 'scheduled-sends', title: 'Scheduled newsletter sends', everyMs: o.everyMs,
    run: async () => {
      // Sends a stopped process cut off first: they fail the run below, so the System screen says so.
      const stalled = await failStalledSends({ store: o.store }, { now: now() });
      const r = await sendDueCampaigns({ store: o.store, mailer: o.mailer, unsubscribeSecret: o.unsubscribeSecret, now }, {
        now: now(),
        sendOptions: (t) => {
          const origin = o.siteUrl(t);
          return { origin, unsubscribeBaseUrl: `${origin}${UNSUBSCRIBE_PATH}`, ratePerSecond: o.ratePerSecond ?? 20 };
        },
      });
      for (const s of r.sent) {
        await o.queue.request(s.tenantKey, { entity: 'newsletter', action: 'update', ids: [`campaign:${s.campaignId}`], paths: [`/newsletter/${s.campaignId}`, `/latest-newsletter/${s.templateId}`] });
      }
      const sent = r.sent.map((s) => `campaign ${s.campaignId} (${s.tenantKey}): ${s.sent} of ${s.recipients} sent`).join('; ');
      const problems = [
        ...stalled.map((s) => `campaign ${s.campaignId} (${s.tenantKey}) was cut off mid-send (${s.sent} of ${s.recipients} sent by then) and is now Failed; a new deploy from the admin sends to every subscriber again`),
        ...r.failed.map((f) => `campaign ${f.campaignId} (${f.tenantKey}) not sent: ${f.error}`),
      ];
      if (problems.length) throw new Error(`${problems.join('; ')}${sent ? `; ${sent}` : ''}`);
      return sent || 'no campaign due';
    },
  };
}
