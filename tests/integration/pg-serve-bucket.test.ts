// Two `masthead serve` instances editing through one bucket (issue 39): one PostgreSQL database,
// Redis, one s3rver bucket, and no shared disk (each instance has a staging folder of its own and
// reads the sites from the bucket, MASTHEAD_SERVE_PAGES=bucket). Edits go to both instances, one
// after another and at once; whichever instance rebuilds, each edit goes live in the bucket and is
// served by both instances, and no publish rolls back the other instance's pages: at the end the
// bucket holds every item's last title, and no page, list or feed in it shows a title from before.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { freshPgDatabase, type FreshPg } from '../helpers/pg';
import { startS3Server, type S3TestServer } from '../helpers/s3-server';
import { children, cli, freePort, graphql, http, serve, type Server } from '../helpers/serve-process';

const REDIS_URL = process.env.MASTHEAD_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUCKET = 'mh-two';
const PREFIX = 'prod';
const BASE = `${PREFIX}/alpha/`;
const PASSWORD = 'a long demo password';
const ADMIN = { id: 1, email: 'ops@example.com', username: 'ops', firstName: 'Ops', lastName: 'Admin', role: 'admin', isGlobal: true, password: PASSWORD };
const ITEMS = Array.from({ length: 8 }, (_, i) => 10_010_001 + i);

let pgDb: FreshPg;
let s3: S3TestServer;
let dir: string;
const servers: Server[] = [];
const tokens: string[] = [];
let out: string;
let common: Record<string, string>;

async function until(cond: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await cond().catch(() => false)) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The item's page path in the bucket's live build. */
async function pagePath(id: number): Promise<string> {
  const latest = JSON.parse((await s3.get(BUCKET, `${BASE}builds/latest.json`)).body.toString()) as { id: string };
  const meta = JSON.parse((await s3.get(BUCKET, `${BASE}builds/meta/${latest.id}.json`)).body.toString()) as { prerendered: string[] };
  return meta.prerendered.find((p) => p.includes(`/${id}/`))!;
}
const objectOf = (path: string) => `${BASE}${path.replace(/^\/+|\/+$/g, '')}/index.html`;
/** The page's text in the bucket (a read racing s3rver's in-place rewrite is aborted: empty). */
const inBucket = async (id: number) => (await s3.get(BUCKET, objectOf(await pagePath(id)))).body.toString();
const served = async (i: number, id: number) => (await http(servers[i]!.port, 'alpha', 'GET', await pagePath(id))).text;

beforeAll(async () => {
  pgDb = await freshPgDatabase('bucket');
  s3 = await startS3Server([BUCKET]);
  dir = mkdtempSync(join(tmpdir(), 'masthead-two-'));
  out = `s3://${BUCKET}/${PREFIX}`;
  const ports = [await freePort(), await freePort()];
  const origin = 'http://{key}.localhost:4000';
  common = {
    ...s3.env, MASTHEAD_REDIS_URL: REDIS_URL, MASTHEAD_CLI: 'ts', MASTHEAD_UNSUBSCRIBE_SECRET: 'two-instance-unsubscribe-secret', MASTHEAD_CAPTCHA: 'off',
    MASTHEAD_SERVE_PAGES: 'bucket', MASTHEAD_BUCKET_REVALIDATE_MS: '300',
  };
  const db = ['--db', pgDb.url];
  const seeded = await cli([...db, 'seed', writeFixtureSet([tenantFixture('alpha', 100)], [ADMIN])]);
  expect(seeded.code, seeded.stderr).toBe(0);
  // The first deploy's build, from a machine of its own.
  const built = await cli([...db, 'build', '--out', out, '--origin-template', origin, '--workers', '1'], '', { ...common, MASTHEAD_S3_STAGING: join(dir, 'deploy') });
  expect(built.code, built.stderr).toBe(0);
  for (const [i, port] of ports.entries()) {
    servers.push(await serve([...db, 'serve', '--out', out, '--origin-template', origin, '--no-admin'], port, { ...common, MASTHEAD_S3_STAGING: join(dir, `instance-${i}`) }));
    tokens.push((await graphql(port, 'alpha', 'loginCmsUser', { username: 'ops', password: PASSWORD })).loginCmsUser.bearerToken as string);
  }
}, 600_000);

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await s3?.close();
  await pgDb?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('two serve instances on PostgreSQL, one bucket, staging folders of their own', () => {
  it('puts every edit on either instance live in the bucket, and no publish rolls back the other\'s pages', async () => {
    const titles = new Map<number, string>();
    const edit = async (i: number, id: number, title: string) => {
      await graphql(servers[i]!.port, 'alpha', 'updateContent', { id, input: { name: title } }, tokens[i]);
      titles.set(id, title);
    };
    // One after another, alternating instances: each edit is live in the bucket and on both instances.
    for (const [n, id] of ITEMS.slice(0, 4).entries()) {
      const title = `Edit ${n} on instance ${n % 2}`;
      await edit(n % 2, id, title);
      expect(await until(async () => (await inBucket(id)).includes(title), 120_000), title).toBe(true);
      for (const i of [0, 1]) expect(await until(async () => (await served(i, id)).includes(title), 30_000), `${title} on ${i}`).toBe(true);
    }
    // At once on both instances.
    await Promise.all(ITEMS.slice(4).map((id, n) => edit(n % 2, id, `Concurrent edit ${n} on instance ${n % 2}`)));
    // Every item's last title is live in the bucket, the earlier ones included (nothing rolled back).
    for (const [id, title] of titles) expect(await until(async () => (await inBucket(id)).includes(title), 180_000), title).toBe(true);
    expect(await until(async () => {
      for (const [id, title] of titles) if (!(await inBucket(id)).includes(title)) return false;
      return true;
    }, 30_000)).toBe(true);
    for (const [id, title] of titles) for (const i of [0, 1]) expect(await until(async () => (await served(i, id)).includes(title), 30_000), `${title} on ${i}`).toBe(true);
    const logs = servers.map((s) => s.stderr()).join('\n');
    expect(logs).not.toMatch(/rebuild of alpha failed/);
    // A builder whose staging folder was behind did not build on it.
    expect(logs).toMatch(/staging folder (is behind the bucket's build|to the bucket's build)/);
    // No page in the bucket shows an edited item's title from before its edit (a list, home, a
    // sidebar, a feed that a stale staging folder would have published back).
    const stale = ITEMS.map((id) => new RegExp(`Carriers adjust capacity on lane ${id - 10_010_000}(?!\\d)`));
    const pages = (await s3.keys(BUCKET, BASE)).filter((k) => /\.(html|xml|json)$/.test(k) && !k.startsWith(`${BASE}builds/`));
    expect(pages.length).toBeGreaterThan(20);
    for (const key of pages) {
      const text = (await s3.get(BUCKET, key)).body.toString();
      for (const re of stale) expect(re.test(text), `${key} shows ${re.source}`).toBe(false);
    }
  }, 900_000);
});
