// `masthead serve --out s3://bucket/prefix`: the rebuild queue's afterRebuild hook that mirrors a
// tenant's live build from the staging folder to the bucket (engine/publish/s3.ts) and purges its
// changed URLs on the CDN when one is set. It runs inside the tenant's rebuild, while the queue
// holds the tenant (its p-queue on SQLite, its advisory lock on PostgreSQL): two publishes of one
// tenant never interleave, and a failed upload or purge fails the rebuild, whose requests stay
// open and are retried with the queue's backoff (the System screen shows them failing).
// Its beforeRebuild hook runs under the same hold, before the build: when another instance (with a
// staging folder of its own) published the tenant since this one last did, the staging folder is
// behind the bucket. It is then synced from the bucket's manifest when the stored build state names
// the bucket's build (instances whose staging folders have one path share that state: the rebuild
// stays incremental); otherwise the rebuild re-reads the whole tenant, so every page whose inputs
// changed since the folder's own build state is rendered again, not only the request's (a full
// build when that state does not name the folder's build). Either way no rebuild leaves pages
// older than the bucket's in the folder, whose publish would put them back.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Store } from '../../engine/store/connection';
import type { UpdateResult } from '../../engine/build/index';
import type { CdnPurger, PurgeResult } from '../../engine/publish/purge';
import type { PublishOptions, S3Connection, S3Destination, TenantPublishResult } from '../../engine/publish/s3';

export interface BucketPublisherOptions {
  store: Store;
  /** The staging folder serve builds into (s3StagingFolder). */
  staging: string;
  destination: S3Destination;
  connection: S3Connection;
  originTemplate: string;
  /** From cdnPurgerFactory; null: no CDN purge. */
  purger: (() => Promise<CdnPurger>) | null;
  log: (line: string) => void;
  /** Called after each publish of a tenant (serve reading pages from the bucket reads its latest.json again). */
  onPublished?: (tenantKey: string) => void;
}

export interface BucketPublisher {
  /** Before a rebuild, under the queue's hold of the tenant: 'reload' when the staging folder is behind and was not synced. */
  beforeRebuild(tenantKey: string): Promise<'reload' | undefined>;
  afterRebuild(tenantKey: string, result: UpdateResult): Promise<void>;
  /** Each sync of a staging folder from the bucket, in order (tests read it). */
  readonly synced: { key: string; buildId: string; /** Not synced: the rebuild re-read the tenant. */ full: boolean; downloaded: number; removed: number; reason?: string }[];
  /** Each publish of this process, in order (tests and the benchmark read it). */
  readonly published: (TenantPublishResult & { purge?: PurgeResult })[];
  close(): void;
}

export async function createBucketPublisher(o: BucketPublisherOptions): Promise<BucketPublisher> {
  const [{ createS3Client, publishTenantToS3, readBucketLatest }, { syncTenantFromS3 }, { listTenants }, { findTarget }] = await Promise.all([
    import('../../engine/publish/s3'), import('../../engine/publish/s3-sync'), import('../../engine/store/site-reader'), import('../../engine/store/queries/builds'),
  ]);
  const client: S3Client = createS3Client(o.connection);
  const purger = o.purger ? await o.purger() : null;
  const published: BucketPublisher['published'] = [];
  const synced: BucketPublisher['synced'] = [];
  /** The build id of the tenant's staging folder, read from its latest.json. */
  const localBuild = (key: string): string | null => {
    try {
      const id = (JSON.parse(readFileSync(join(o.staging, key, 'builds', 'latest.json'), 'utf8')) as { id?: unknown }).id;
      return typeof id === 'string' ? id : null;
    } catch {
      return null;
    }
  };
  /** Per tenant, the bucket's build as this process last left or found it in step with its staging folder. */
  const known = new Map<string, string>();
  /** Per tenant, the hashes of its staging files by inode, size and times: a publish reads only what a rebuild rewrote. */
  const hashes = new Map<string, NonNullable<PublishOptions['hashCache']>>();
  const hashesOf = (key: string) => {
    let m = hashes.get(key);
    if (!m) hashes.set(key, (m = new Map()));
    return m;
  };
  /** The tenant's origin for its purge URLs, from the origin template and its domain (looked up per publish: tenants come and go). */
  const originOf = async (key: string): Promise<string | undefined> => {
    const t = (await listTenants(o.store)).find((x) => x.tenantKey === key);
    return t ? new URL(o.originTemplate.replaceAll('{key}', t.tenantKey).replaceAll('{domain}', t.domain)).origin : undefined;
  };
  return {
    published,
    synced,
    async beforeRebuild(tenantKey) {
      const bucket = await readBucketLatest(client, o.destination, tenantKey);
      const local = localBuild(tenantKey);
      // Nothing published yet, the folder is the bucket's build, or only this process published
      // since (an upload that failed: the folder is ahead, and the publish catches the bucket up).
      if (bucket === null || bucket === local || known.get(tenantKey) === bucket) {
        if (bucket !== null && bucket === local) known.set(tenantKey, bucket);
        return undefined;
      }
      const target = await findTarget(o.store, tenantKey, o.staging);
      if (target?.buildId === bucket) {
        const r = await syncTenantFromS3(client, o.destination, o.staging, tenantKey, bucket, { hashCache: hashesOf(tenantKey) });
        synced.push({ key: tenantKey, buildId: bucket, full: !r.synced, downloaded: r.downloaded, removed: r.removed, ...(r.reason ? { reason: r.reason } : {}) });
        if (r.synced) {
          known.set(tenantKey, bucket);
          o.log(`synced ${tenantKey}'s staging folder to the bucket's build ${bucket}: ${r.downloaded} file(s) downloaded, ${r.removed} removed`);
          return undefined;
        }
        o.log(`${tenantKey}'s staging folder is behind the bucket's build ${bucket} (${r.reason}): rebuilding everything changed since its own build`);
        return 'reload';
      }
      synced.push({ key: tenantKey, buildId: bucket, full: true, downloaded: 0, removed: 0, reason: 'the build state names another build' });
      o.log(`${tenantKey}'s staging folder is behind the bucket's build ${bucket}: rebuilding everything changed since its own build`);
      return 'reload';
    },
    async afterRebuild(tenantKey, result) {
      const t = await publishTenantToS3(client, o.destination, o.staging, tenantKey, { surrogateKeys: purger?.service === 'fastly', hashCache: hashesOf(tenantKey) });
      const origin = purger && t.changed.length ? await originOf(tenantKey) : undefined;
      const purge = purger && origin ? await purger.purge({ tenant: tenantKey, origin, changed: t.changed, everything: result.full }) : undefined;
      published.push(purge ? { ...t, purge } : t);
      const now = localBuild(tenantKey);
      if (now) known.set(tenantKey, now);
      o.onPublished?.(tenantKey);
      if (t.uploaded || t.deleted) {
        o.log(`published ${tenantKey} to ${t.url}: ${t.uploaded} object(s) uploaded, ${t.deleted} deleted in ${t.ms} ms`
          + (purge ? `; ${purge.service} purge: ${purge.everything ? 'whole site' : `${purge.urls} URL(s)`}` : ''));
      }
    },
    close() { client.destroy(); },
  };
}
