// The other way from s3.ts: brings a staging folder's live build of a tenant to the build the
// bucket holds, from the bucket's manifest. `masthead serve` instances that build into staging
// folders of their own (no shared disk) do this before a rebuild when another instance published
// since: otherwise the rebuild would leave that instance's older copy of the pages it does not
// touch, and its publish would put them back in the bucket. The manifest is trusted only when it
// names the build latest.json names and no publish was stopped midway (no pending list); each
// object read is checked against the manifest's hash; files are written under a temporary name
// and renamed, files the build does not have are removed, and builds/latest.json comes last, so a
// sync stopped midway leaves a folder whose latest.json does not name the bucket's build (the next
// sync, or a full build, starts again). No process.env here.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { LATEST, listFiles, MANIFEST, PENDING_KEYS, readManifest, readObjectText, readPendingKeys, tenantBase, type PublishOptions, type S3Destination } from './s3';

export interface SyncResult {
  /** False when the bucket's manifest cannot be trusted for its build (the caller builds in full). */
  synced: boolean;
  reason?: string;
  downloaded: number;
  removed: number;
}

/** The tenant's live folder in the staging folder; made (out/.builds/<key>/<id>, linked at out/<key>) when there is none. */
function liveFolder(outDir: string, key: string, buildId: string): string {
  const live = join(outDir, key);
  if (existsSync(live)) return realpathSync(live);
  const folder = join(outDir, '.builds', key, buildId);
  mkdirSync(folder, { recursive: true });
  const tmp = `${live}.link-${process.pid}`;
  rmSync(tmp, { force: true });
  symlinkSync(relative(outDir, folder), tmp, 'dir');
  renameSync(tmp, live);
  return realpathSync(live);
}

function writeFile(root: string, rel: string, body: Buffer): void {
  const path = join(root, rel);
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, body);
  renameSync(tmp, path);
}

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const run = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
}

/**
 * Makes `<outDir>/<key>` hold the build `buildId` that the bucket's latest.json names (the caller
 * read it): downloads the files whose hash differs from the manifest's, removes those the manifest
 * does not name. `hashCache` (the publisher's) spares reading files it knows.
 */
export async function syncTenantFromS3(
  client: S3Client, dest: S3Destination, outDir: string, key: string, buildId: string,
  options: { hashCache?: PublishOptions['hashCache']; concurrency?: number } = {},
): Promise<SyncResult> {
  const base = tenantBase(dest, key);
  const [manifest, pending, latest] = await Promise.all([
    readManifest(client, dest.bucket, base + MANIFEST), readPendingKeys(client, dest.bucket, base), readObjectText(client, dest.bucket, base + LATEST),
  ]);
  const untrusted = (reason: string): SyncResult => ({ synced: false, reason, downloaded: 0, removed: 0 });
  if (!manifest || !latest) return untrusted('no manifest');
  if (manifest.build !== buildId) return untrusted(`the manifest is of build ${manifest.build ?? '(unnamed)'}, latest.json names ${buildId}`);
  if (pending.length) return untrusted('a publish was stopped midway');
  // Files (not redirect objects) with their hash, the pointer last.
  const wanted = new Map<string, string>();
  for (const [rel, tag] of Object.entries(manifest.files)) if (/^[0-9a-f]{64} /.test(tag) && rel !== LATEST) wanted.set(rel, tag.slice(0, 64));
  const root = liveFolder(outDir, key, buildId);
  const have = new Set(listFiles(root));
  const fetch: string[] = [];
  await eachLimited([...wanted], options.concurrency ?? 16, async ([rel, hash]) => {
    if (!have.has(rel)) { fetch.push(rel); return; }
    const st = await stat(join(root, rel));
    const cached = options.hashCache?.get(rel);
    const sig = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
    const local = cached && cached.sig === sig ? cached.tag.slice(0, 64) : createHash('sha256').update(await readFile(join(root, rel))).digest('hex');
    if (local !== hash) fetch.push(rel);
  });
  await eachLimited(fetch, options.concurrency ?? 16, async (rel) => {
    const r = await client.send(new GetObjectCommand({ Bucket: dest.bucket, Key: base + rel }));
    const body = Buffer.from(await r.Body!.transformToByteArray());
    if (createHash('sha256').update(body).digest('hex') !== wanted.get(rel)) {
      throw new Error(`s3://${dest.bucket}/${base}${rel} does not match the bucket's manifest (another publish running?)`);
    }
    writeFile(root, rel, body);
  });
  let removed = 0;
  for (const rel of have) {
    if (wanted.has(rel) || rel === LATEST || rel === MANIFEST || rel === PENDING_KEYS) continue;
    rmSync(join(root, rel), { force: true });
    removed++;
  }
  writeFile(root, LATEST, Buffer.from(latest));
  return { synced: true, downloaded: fetch.length, removed };
}
