// A `masthead build --out s3://…` process SIGKILLed in the middle of its upload (issue 39): a proxy
// in front of the S3 server (tests/helpers/s3-proxy.ts) holds every request once a few of the
// edit's objects are stored, so the kill lands mid-upload at the same point every run. Then the
// bucket's latest.json still names the previous build, every object that build's manifest and
// pages reference is there, and the next run finishes, uploading only what the killed one had not.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../engine/store/connection';
import { MANIFEST, PENDING_KEYS, redirectObjects } from '../../engine/publish/s3';
import { BIN } from '../helpers/cli';
import { startS3Proxy, type S3Proxy } from '../helpers/s3-proxy';
import { startS3Server, type S3TestServer } from '../helpers/s3-server';
import { ALPHA, id, seedBuildSite } from './build-site-fixture';

const BUCKET = 'mh-kill';
const PREFIX = 'prod';
const BASE = `${PREFIX}/alpha/`;

let s3: S3TestServer;
let proxy: S3Proxy;
let store: Store;
let dbPath: string;
let staging: string;

interface Run { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

/** `masthead build --json` to the bucket through the proxy; `kill` SIGKILLs it once that promise resolves. */
function build(kill?: Promise<void>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '--db', dbPath, 'build', '--json', '--out', `s3://${BUCKET}/${PREFIX}`, '--workers', '1', '--no-precompress'], {
      env: { ...process.env, ...s3.env, AWS_ENDPOINT_URL_S3: proxy.endpoint, MASTHEAD_S3_STAGING: staging, MASTHEAD_CLI: 'ts' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    void kill?.then(() => child.kill('SIGKILL'));
  });
}

type Published = { tenants: { key: string; uploaded: number; unchanged: number; changed: string[] }[] };
const published = (r: Run) => (JSON.parse(r.stdout) as { published: Published }).published;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The tenant's live build in the staging folder: path → sha256. */
function localTree(key: string): Map<string, string> {
  const root = realpathSync(join(staging, BUCKET, PREFIX, key));
  const out = new Map<string, string>();
  const walk = (dir: string, rel: string) => {
    for (const n of readdirSync(dir)) {
      const p = join(dir, n);
      const r = rel ? `${rel}/${n}` : n;
      if (statSync(p).isDirectory()) walk(p, r);
      else out.set(r, sha(readFileSync(p)));
    }
  };
  walk(root, '');
  return out;
}

beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
  proxy = await startS3Proxy(s3.endpoint);
  ({ store, dbPath } = await seedBuildSite());
  staging = mkdtempSync(join(tmpdir(), 'masthead-s3-kill-'));
}, 120_000);

afterAll(async () => {
  await store?.close();
  await proxy?.close();
  await s3?.close();
});

describe('masthead build --out s3://… killed with SIGKILL mid-upload', () => {
  it('leaves the previous build whole in the bucket, and the next run uploads only what is missing', async () => {
    const first = await build();
    expect(first.code, first.stderr).toBe(0);
    const before = localTree('alpha');
    const latestBefore = (await s3.get(BUCKET, `${BASE}builds/latest.json`)).body.toString();
    const manifestBefore = JSON.parse((await s3.get(BUCKET, BASE + MANIFEST)).body.toString()) as { files: Record<string, string> };

    // An edit of alpha: its page, lists, home, feeds and sitemaps change.
    await store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', ['Carriers add capacity on lane 3', Date.now(), id(ALPHA, 3)]);
    const storedBefore = proxy.stored.length;
    const isUpload = (r: { method: string; key: string }) => r.method === 'PUT' && r.key.startsWith(BASE) && r.key !== BASE + PENDING_KEYS;
    const killed = await build(proxy.holdAfter(3, isUpload));
    expect(killed.signal).toBe('SIGKILL');
    await proxy.settled();
    const uploadedByKilled = proxy.stored.slice(storedBefore).filter((k) => isUpload({ method: 'PUT', key: k })).map((k) => k.slice(BASE.length));
    expect(uploadedByKilled.length).toBeGreaterThanOrEqual(3);
    proxy.release();

    // The killed run's build is complete in the staging folder; the bucket has only part of it.
    const after = localTree('alpha');
    const changed = [...after].filter(([p, h]) => before.get(p) !== h).map(([p]) => p).sort();
    expect(changed).toContain('builds/latest.json');
    expect(uploadedByKilled.length).toBeLessThan(changed.length);
    expect(uploadedByKilled).not.toContain('builds/latest.json');

    // latest.json names the previous build, and every object the previous build has is there.
    expect((await s3.get(BUCKET, `${BASE}builds/latest.json`)).body.toString()).toBe(latestBefore);
    const keys = new Set((await s3.keys(BUCKET, BASE)).map((k) => k.slice(BASE.length)));
    for (const rel of Object.keys(manifestBefore.files)) expect(keys.has(rel), rel).toBe(true);
    const previousId = (JSON.parse(latestBefore) as { id: string }).id;
    const meta = JSON.parse((await s3.get(BUCKET, `${BASE}builds/meta/${previousId}.json`)).body.toString()) as { prerendered: string[] };
    expect(meta.prerendered.length).toBeGreaterThan(10);
    for (const path of meta.prerendered) {
      const rel = `${path.replace(/^\/+|\/+$/g, '')}/index.html`.replace(/^\//, '');
      expect(keys.has(rel), rel).toBe(true);
    }
    // Every page in the bucket (old or new) finds the assets, images and media it links.
    for (const rel of [...keys].filter((k) => k.endsWith('.html'))) {
      const html = (await s3.get(BUCKET, BASE + rel)).body.toString();
      for (const m of html.matchAll(/(?:src|href)="\/((?:assets|images|media)\/[^"?#]+)"/g)) expect(keys.has(m[1]!), `${rel} → ${m[1]}`).toBe(true);
    }
    // The keys the killed run was writing are listed for the next one.
    const pending = JSON.parse((await s3.get(BUCKET, BASE + PENDING_KEYS)).body.toString()) as { keys: string[] };
    expect(pending.keys).toEqual(expect.arrayContaining(changed));

    // The next run finishes: it uploads exactly the files whose bytes the bucket lacks (a time
    // boundary passing meanwhile may make it rebuild some: what counts is the bucket against its
    // build), so not what the killed run had stored.
    const inBucket = new Map<string, string>();
    for (const rel of keys) inBucket.set(rel, sha((await s3.get(BUCKET, BASE + rel)).body));
    const rerun = await build();
    expect(rerun.code, rerun.stderr).toBe(0);
    const alpha = published(rerun).tenants.find((t) => t.key === 'alpha')!;
    const final = localTree('alpha');
    const missing = [...final].filter(([p, h]) => inBucket.get(p) !== h).map(([p]) => p).sort();
    expect(alpha.changed.filter((p) => final.has(p))).toEqual(missing);
    expect(missing.length).toBeGreaterThan(0);
    for (const rel of uploadedByKilled) if (final.get(rel) === after.get(rel)) expect(alpha.changed).not.toContain(rel);
    // The bucket holds exactly the new build, byte for byte, and no pending list.
    const root = realpathSync(join(staging, BUCKET, PREFIX, 'alpha'));
    const redirects = redirectObjects(readFileSync(join(root, '_redirects'), 'utf8'), new Set(final.keys()));
    expect((await s3.keys(BUCKET, BASE)).map((k) => k.slice(BASE.length)).sort()).toEqual([...final.keys(), ...redirects.keys(), MANIFEST].sort());
    for (const rel of missing) expect(sha((await s3.get(BUCKET, BASE + rel)).body), rel).toBe(final.get(rel));
    const third = await build();
    expect(third.code, third.stderr).toBe(0);
    expect(published(third).tenants.every((t) => t.uploaded === 0)).toBe(true);
  }, 600_000);
});
