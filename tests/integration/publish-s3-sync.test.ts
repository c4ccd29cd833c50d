// A staging folder brought to the bucket's build (engine/publish/s3-sync.ts) on a real S3 protocol
// server: an empty folder and one holding an older build both end with exactly the bucket's files
// (changed ones downloaded, vanished ones removed, latest.json naming the bucket's build); the
// manifest is not trusted while a publish is stopped midway or when it is of another build.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client, MANIFEST, PENDING_KEYS, publishTenantToS3 } from '../../engine/publish/s3';
import { syncTenantFromS3 } from '../../engine/publish/s3-sync';
import { startS3Server, type S3TestServer } from '../helpers/s3-server';

const BUCKET = 'mh-sync';
let s3: S3TestServer;

beforeAll(async () => { s3 = await startS3Server([BUCKET]); }, 60_000);
afterAll(async () => { await s3?.close(); });

function write(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

function tree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string, rel: string) => {
    for (const n of readdirSync(dir)) {
      const p = join(dir, n);
      const r = rel ? `${rel}/${n}` : n;
      if (statSync(p).isDirectory()) walk(p, r);
      else out[r] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(realpathSync(root), '');
  return out;
}

describe('syncing a staging folder from the bucket', () => {
  it('makes an empty or older folder hold exactly the bucket\'s build, and refuses a manifest it cannot trust', async () => {
    const client = createS3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const dest = { bucket: BUCKET, prefix: 'prod' };
    try {
      // Machine A publishes build b2.
      const a = mkdtempSync(join(tmpdir(), 'masthead-sync-a-'));
      write(join(a, 'alpha'), {
        'index.html': '<p>home b2</p>', 'news/index.html': '<p>news b2</p>', 'assets/site.0123456789ab.css': 'body{}',
        'builds/meta/b2.json': '{"id":"b2","timestamp":2,"routeRules":{},"prerendered":["/"]}', 'builds/latest.json': '{"id":"b2","timestamp":2}',
      });
      await publishTenantToS3(client, dest, a, 'alpha');
      // An empty staging folder (a new instance).
      const empty = mkdtempSync(join(tmpdir(), 'masthead-sync-b-'));
      const first = await syncTenantFromS3(client, dest, empty, 'alpha', 'b2');
      expect(first).toMatchObject({ synced: true, downloaded: 4, removed: 0 });
      expect(tree(join(empty, 'alpha'))).toEqual(tree(join(a, 'alpha')));
      // A folder with an older build: a changed page, a page the new build dropped, the old pointer.
      const old = mkdtempSync(join(tmpdir(), 'masthead-sync-c-'));
      write(join(old, 'alpha'), {
        'index.html': '<p>home b1</p>', 'news/index.html': '<p>news b2</p>', 'gone/index.html': '<p>unpublished</p>', 'assets/site.0123456789ab.css': 'body{}',
        'builds/meta/b1.json': '{"id":"b1"}', 'builds/latest.json': '{"id":"b1","timestamp":1}',
      });
      const second = await syncTenantFromS3(client, dest, old, 'alpha', 'b2');
      expect(second).toMatchObject({ synced: true, downloaded: 2, removed: 2 });
      expect(tree(join(old, 'alpha'))).toEqual(tree(join(a, 'alpha')));
      expect(existsSync(join(old, 'alpha', 'gone', 'index.html'))).toBe(false);

      // Not trusted: a latest.json of another build than the manifest's, or a publish stopped midway.
      expect(await syncTenantFromS3(client, dest, old, 'alpha', 'b3')).toMatchObject({ synced: false });
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `prod/alpha/${PENDING_KEYS}`, Body: '{"keys":["index.html"]}' }));
      writeFileSync(join(old, 'alpha', 'index.html'), '<p>local</p>');
      expect(await syncTenantFromS3(client, dest, old, 'alpha', 'b2')).toMatchObject({ synced: false, reason: 'a publish was stopped midway' });
      expect(readFileSync(join(old, 'alpha', 'index.html'), 'utf8')).toBe('<p>local</p>');
      // The next publish of A clears the pending list; the manifest names A's build.
      await publishTenantToS3(client, dest, a, 'alpha');
      expect((await s3.keys(BUCKET, 'prod/alpha/builds/')).includes(`prod/alpha/${PENDING_KEYS}`)).toBe(false);
      expect((JSON.parse((await s3.get(BUCKET, `prod/alpha/${MANIFEST}`)).body.toString()) as { build: string }).build).toBe('b2');
      rmSync(join(old, 'alpha', 'builds', 'latest.json'));
      expect(await syncTenantFromS3(client, dest, old, 'alpha', 'b2')).toMatchObject({ synced: true, downloaded: 1 });
      expect(tree(join(old, 'alpha'))).toEqual(tree(join(a, 'alpha')));
    } finally {
      client.destroy();
    }
  }, 60_000);
});
