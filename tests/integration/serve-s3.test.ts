// `masthead serve --out s3://bucket/prefix` against a real S3 protocol server (s3rver on
// 127.0.0.1, tests/helpers/s3-server.ts): serve builds in the staging folder `masthead build` used
// for the bucket and serves the pages from it; an edit through GraphQL goes live in the bucket (the
// page object shows the new title, latest.json names the new build); an edit uploads exactly the
// objects whose bytes changed; an upload that fails (the bucket server stopped) leaves the edit's
// request open and failing (the System screen's failing rebuilds), and once the server is back
// the queue's retry publishes it.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app';
import { createBuildQueue, type RebuildQueue } from '../../engine/build/index';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore, type Store } from '../../engine/store/connection';
import { failingRebuilds } from '../../engine/store/queries/builds';
import { createBucketPublisher, type BucketPublisher } from '../../cli/serve/bucket-publisher';
import { ensureCompiledCli } from '../helpers/cli';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { startS3Server, type S3TestServer } from '../helpers/s3-server';
import { children, cli, freePort, graphql, http, serve, type Server } from '../helpers/serve-process';
import { waitUntil } from './build-site-fixture';

const BUCKET = 'mh-serve';
const PREFIX = 'prod';
const PASSWORD = 'a long demo password';
const ITEM = 10_010_001;
const ADMIN = { id: 1, email: 'ops@example.com', username: 'ops', firstName: 'Ops', lastName: 'Admin', role: 'admin', isGlobal: true, password: PASSWORD };

let s3: S3TestServer;

beforeAll(ensureCompiledCli, 180_000);
beforeAll(async () => { s3 = await startS3Server([BUCKET]); }, 60_000);
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await s3?.close();
});

/** A one-tenant install with an admin, in a new database. */
async function install(): Promise<{ store: Store; dbPath: string }> {
  const dbPath = tempDbPath();
  const store = await openStore({ path: dbPath });
  await seedFixtures(store, writeFixtureSet([tenantFixture('alpha', 100)], [ADMIN]));
  return { store, dbPath };
}

/** The tenant's live build in a staging folder: path → sha256. */
function tree(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string, rel: string) => {
    for (const n of readdirSync(dir)) {
      const p = join(dir, n);
      const r = rel ? `${rel}/${n}` : n;
      if (statSync(p).isDirectory()) walk(p, r);
      else out.set(r, createHash('sha256').update(readFileSync(p)).digest('hex'));
    }
  };
  walk(realpathSync(root), '');
  return out;
}

/** The item's page in a build: its path, from the build's metadata. */
function itemPagePath(site: string): string {
  const latest = JSON.parse(readFileSync(join(site, 'builds', 'latest.json'), 'utf8')) as { id: string };
  const meta = JSON.parse(readFileSync(join(site, 'builds', 'meta', `${latest.id}.json`), 'utf8')) as { prerendered: string[] };
  const path = meta.prerendered.find((p) => p.includes(`/${ITEM}/`));
  if (!path) throw new Error(`no page of ${ITEM} in build ${latest.id}`);
  return `${path.replace(/^\/+|\/+$/g, '')}/index.html`;
}

describe('masthead serve --out s3://bucket/prefix', () => {
  let store: Store;
  let server: Server;
  let staging: string;
  let env: Record<string, string>;
  let token: string;
  const base = `${PREFIX}/alpha/`;
  const site = () => join(staging, BUCKET, PREFIX, 'alpha');
  const bucketText = async (rel: string) => (await s3.get(BUCKET, base + rel)).body.toString();
  /** Polls the bucket until the object holds `text`: a read racing s3rver's rewrite of the object (not atomic there) is aborted, and tried again. */
  const untilObjectHas = async (rel: string, text: string, ms: number) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const body = await bucketText(rel).catch(() => '');
      if (body.includes(text) || Date.now() > deadline) return body;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    let dbPath: string;
    ({ store, dbPath } = await install());
    staging = mkdtempSync(join(tmpdir(), 'masthead-serve-s3-'));
    env = { ...s3.env, MASTHEAD_S3_STAGING: staging, MASTHEAD_UNSUBSCRIBE_SECRET: 'a-long-unsubscribe-secret-for-tests', MASTHEAD_CAPTCHA: 'off' };
    const port = await freePort();
    const origin = `http://{key}.localhost:${port}`;
    const built = await cli(['--db', dbPath, 'build', '--json', '--out', `s3://${BUCKET}/${PREFIX}`, '--workers', '1', '--no-precompress', '--origin-template', origin], '', env);
    expect(built.code, built.stderr).toBe(0);
    server = await serve(['--db', dbPath, 'serve', '--out', `s3://${BUCKET}/${PREFIX}`, '--no-admin', '--origin-template', origin], port, env);
    token = (await graphql(port, 'alpha', 'loginCmsUser', { username: 'ops', password: PASSWORD })).loginCmsUser.bearerToken as string;
  }, 240_000);
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await store?.close();
  });

  it('serves the pages from the staging folder and publishes an edit to the bucket', async () => {
    const page = itemPagePath(site());
    expect((await http(server.port, 'alpha', 'GET', `/${page.replace(/index\.html$/, '')}`)).text).toBe(readFileSync(join(site(), page), 'utf8'));
    const latestBefore = await bucketText('builds/latest.json');
    await graphql(server.port, 'alpha', 'updateContent', { id: ITEM, input: { name: 'Carriers add a new Gulf loop' } }, token);
    expect(await waitUntil(() => readFileSync(join(site(), page), 'utf8').includes('Carriers add a new Gulf loop'), 60_000)).toBe(true);
    // Live in the bucket: the page object and latest.json, which names the staging folder's build.
    expect(await untilObjectHas(page, 'Carriers add a new Gulf loop', 60_000)).toContain('Carriers add a new Gulf loop');
    expect(await waitUntil(() => server.stderr().includes(`published alpha to s3://${BUCKET}/${base}`), 30_000)).toBe(true);
    const latest = await bucketText('builds/latest.json');
    expect(latest).not.toBe(latestBefore);
    expect(latest).toBe(readFileSync(join(site(), 'builds', 'latest.json'), 'utf8'));
    expect(server.stderr()).not.toContain('rebuild of alpha failed');
  }, 180_000);

  it('leaves an edit open and failing while the bucket cannot be reached, and the retry publishes it once it is back', async () => {
    const page = itemPagePath(site());
    await s3.stop();
    try {
      await graphql(server.port, 'alpha', 'updateContent', { id: ITEM, input: { name: 'Rates climb on the Gulf loop' } }, token);
      // The rebuild renders into the staging folder, then its upload fails: the request stays open with its error.
      let failing: Awaited<ReturnType<typeof failingRebuilds>> = [];
      const deadline = Date.now() + 60_000;
      while (!failing.length && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        failing = await failingRebuilds(store);
      }
      expect(failing).toMatchObject([{ tenantKey: 'alpha', requests: 1 }]);
      expect(failing[0]!.attempts).toBeGreaterThanOrEqual(1);
      expect(failing[0]!.error).toBeTruthy();
      expect(server.stderr()).toContain('rebuild of alpha failed');
      const [open] = await store.all<{ state: string }>("SELECT state FROM rebuild_requests WHERE change LIKE ? ORDER BY id DESC LIMIT 1", [`%${ITEM}%`]);
      expect(open!.state).toBe('pending');
    } finally {
      await s3.restart();
    }
    // The bucket still has the previous edit; the queue's retry (5 s, then 10 s…) publishes the new one.
    expect(await bucketText(page)).toContain('Carriers add a new Gulf loop');
    expect(await untilObjectHas(page, 'Rates climb on the Gulf loop', 90_000)).toContain('Rates climb on the Gulf loop');
    const settle = Date.now() + 10_000;
    while ((await failingRebuilds(store)).length && Date.now() < settle) await new Promise((r) => setTimeout(r, 100));
    expect(await failingRebuilds(store)).toEqual([]);
    expect(await bucketText('builds/latest.json')).toBe(readFileSync(join(site(), 'builds', 'latest.json'), 'utf8'));
  }, 240_000);
});

describe('the rebuild queue with the bucket publisher (afterRebuild)', () => {
  it('uploads exactly the objects an edit changed, inside the rebuild, before its request is done', async () => {
    const { store } = await install();
    const staging = mkdtempSync(join(tmpdir(), 'masthead-serve-s3-queue-'));
    const dest = { bucket: BUCKET, prefix: 'queue' };
    const origin = 'http://{key}.localhost:4000';
    const publisher: BucketPublisher = await createBucketPublisher({
      store, staging, destination: dest, originTemplate: origin, purger: null, log: () => undefined,
      connection: { region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
    });
    // What the request's state is while the publish runs: it must not be done before the bucket has the build.
    const statesDuringPublish: string[] = [];
    const errors: string[] = [];
    const queue: RebuildQueue = createBuildQueue({
      store, outDir: staging, originTemplate: origin, clientDir: null, workers: 1, onError: (k, e) => errors.push(`${k}: ${String(e)}`),
      afterRebuild: async (key, result) => {
        statesDuringPublish.push(...(await store.all<{ state: string }>('SELECT state FROM rebuild_requests ORDER BY id DESC LIMIT 1')).map((r) => r.state));
        await publisher.afterRebuild(key, result);
      },
    });
    const app = await buildApp({ store, mode: 'production', rebuildQueue: queue });
    await app.ready();
    try {
      await queue.request('alpha', { entity: 'full' });
      await queue.idle();
      expect(errors).toEqual([]);
      const first = publisher.published.at(-1)!;
      const files = tree(join(staging, 'alpha'));
      expect(first.files).toBe(files.size);
      expect(first.uploaded).toBe(files.size + first.redirects);

      const before = tree(join(staging, 'alpha'));
      const gql = async (name: string, variables: Record<string, unknown>, token?: string) => {
        const doc = app.api.registry.byName.get(name)!;
        const r = await app.inject({ method: 'POST', url: '/graphql', headers: { 'x-tenant-key': 'alpha', ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload: { query: doc.text, variables } });
        return r.json() as { data?: Record<string, any>; errors?: { message: string }[] };
      };
      const token = (await gql('loginCmsUser', { username: 'ops', password: PASSWORD })).data!.loginCmsUser.bearerToken as string;
      const publishes = publisher.published.length;
      expect((await gql('updateContent', { id: ITEM, input: { name: 'Carriers add a new Gulf loop' } }, token)).errors).toBeUndefined();
      await queue.idle();
      expect(errors).toEqual([]);
      const after = tree(join(staging, 'alpha'));
      const changed = [...after].filter(([p, h]) => before.get(p) !== h).map(([p]) => p).sort();
      const removed = [...before.keys()].filter((p) => !after.has(p));
      expect(changed).toContain('builds/latest.json');
      expect(changed.length).toBeLessThan(after.size / 2);
      // Every object the edit's publishes uploaded is a file whose bytes changed, and every changed file was uploaded.
      const edits = publisher.published.slice(publishes);
      expect(edits).toHaveLength(1);
      expect(edits[0]!.changed.filter((p) => after.has(p))).toEqual(changed);
      expect(edits[0]!.uploaded).toBe(changed.length);
      expect(edits[0]!.deleted).toBe(removed.length);
      const page = itemPagePath(join(staging, 'alpha'));
      expect((await s3.get(BUCKET, `queue/alpha/${page}`)).body.toString()).toContain('Carriers add a new Gulf loop');
      expect(statesDuringPublish.every((s) => s === 'running')).toBe(true);
    } finally {
      await app.close();
      await queue.close();
      publisher.close();
      await store.close();
    }
  }, 240_000);
});
