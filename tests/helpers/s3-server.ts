// A real S3 protocol server for the object-storage tests: s3rver (npm, pure JavaScript: nothing
// downloaded at install, runs on Node 20), started on 127.0.0.1 on a free port over a temp folder,
// with the buckets named. `env` holds the settings a `masthead build --out s3://…` reads.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { GetObjectCommand, ListObjectsCommand, S3Client } from '@aws-sdk/client-s3';

export interface S3TestServer {
  endpoint: string;
  /** AWS_* and MASTHEAD_S3_FORCE_PATH_STYLE for the CLI. */
  env: Record<string, string>;
  client: S3Client;
  /** Every key under `prefix`, sorted. */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  get(bucket: string, key: string): Promise<{ body: Buffer; contentType?: string; cacheControl?: string; contentEncoding?: string; contentDisposition?: string; websiteRedirectLocation?: string; metadata?: Record<string, string> }>;
  /** Stops answering (connections refused on the port), keeping the objects. */
  stop(): Promise<void>;
  /** Answers again on the same port with the same objects. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3Server(buckets: string[]): Promise<S3TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'masthead-s3rver-'));
  const make = (port: number) => new S3rver({ address: '127.0.0.1', port, silent: true, directory: dir, configureBuckets: buckets.map((name) => ({ name })) });
  let server: S3rver | null = make(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed keys.
  const env = {
    AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1', AWS_ENDPOINT_URL_S3: endpoint,
    MASTHEAD_S3_FORCE_PATH_STYLE: '1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  return {
    endpoint, env, client,
    async keys(bucket, prefix = '') {
      // ListObjects v1 by Marker: s3rver's v2 continuation tokens need DES, which Node 20's OpenSSL lacks.
      const keys: string[] = [];
      let marker: string | undefined;
      for (;;) {
        const r = await client.send(new ListObjectsCommand({ Bucket: bucket, Prefix: prefix, Marker: marker }));
        for (const o of r.Contents ?? []) keys.push(o.Key!);
        if (!r.IsTruncated || !r.Contents?.length) break;
        marker = r.Contents[r.Contents.length - 1]!.Key;
      }
      return keys.sort();
    },
    async get(bucket, key) {
      const r = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return {
        body: Buffer.from(await r.Body!.transformToByteArray()), contentType: r.ContentType, cacheControl: r.CacheControl,
        contentEncoding: r.ContentEncoding, contentDisposition: r.ContentDisposition, websiteRedirectLocation: r.WebsiteRedirectLocation, metadata: r.Metadata,
      };
    },
    async stop() {
      await server?.close();
      server = null;
    },
    async restart() {
      if (server) return;
      server = make(port);
      await server.run();
    },
    async close() {
      client.destroy();
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
