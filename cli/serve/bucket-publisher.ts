// `masthead serve --out s3://bucket/prefix`: the rebuild queue's afterRebuild hook that mirrors a
// tenant's live build from the staging folder to the bucket (engine/publish/s3.ts) and purges its
// changed URLs on the CDN when one is set. It runs inside the tenant's rebuild, while the queue
// holds the tenant (its p-queue on SQLite, its advisory lock on PostgreSQL): two publishes of one
// tenant never interleave, and a failed upload or purge fails the rebuild, whose requests stay
// open and are retried with the queue's backoff (the System screen shows them failing).
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
}

export interface BucketPublisher {
  afterRebuild(tenantKey: string, result: UpdateResult): Promise<void>;
  /** Each publish of this process, in order (tests and the benchmark read it). */
  readonly published: (TenantPublishResult & { purge?: PurgeResult })[];
  close(): void;
}

export async function createBucketPublisher(o: BucketPublisherOptions): Promise<BucketPublisher> {
  const [{ createS3Client, publishTenantToS3 }, { listTenants }] = await Promise.all([
    import('../../engine/publish/s3'), import('../../engine/store/site-reader'),
  ]);
  const client: S3Client = createS3Client(o.connection);
  const purger = o.purger ? await o.purger() : null;
  const published: BucketPublisher['published'] = [];
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
    async afterRebuild(tenantKey, result) {
      const t = await publishTenantToS3(client, o.destination, o.staging, tenantKey, { surrogateKeys: purger?.service === 'fastly', hashCache: hashesOf(tenantKey) });
      const origin = purger && t.changed.length ? await originOf(tenantKey) : undefined;
      const purge = purger && origin ? await purger.purge({ tenant: tenantKey, origin, changed: t.changed, everything: result.full }) : undefined;
      published.push(purge ? { ...t, purge } : t);
      if (t.uploaded || t.deleted) {
        o.log(`published ${tenantKey} to ${t.url}: ${t.uploaded} object(s) uploaded, ${t.deleted} deleted in ${t.ms} ms`
          + (purge ? `; ${purge.service} purge: ${purge.everything ? 'whole site' : `${purge.urls} URL(s)`}` : ''));
      }
    },
    close() { client.destroy(); },
  };
}
