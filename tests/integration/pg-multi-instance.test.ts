// Several `masthead serve` instances on one PostgreSQL database and one out/ (issue #23, "Proof"):
// three instances take edits spread across them (retitle, publish, unpublish, schedule); one is
// killed with SIGKILL while it builds and restarted. At the end every acknowledged edit is live,
// the output equals a full build of the same data (but for build ids and times), no tenant ever
// had two rebuilds at once (every instance's rebuilds are recorded in MASTHEAD_BUILD_LOG), and the
// staff login limit holds across instances through Redis (5 failures in total, not per instance).
// MASTHEAD_TEST_EDITS sets the number of edits (default 300).
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../engine/store/connection';
import { tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { freshPgDatabase, type FreshPg } from '../helpers/pg';
import { buildFiles, compareBuilds } from '../helpers/build-compare';
import { children, cli, freePort, graphql, serve, type Server } from '../helpers/serve-process';

const EDITS = Number(process.env.MASTHEAD_TEST_EDITS ?? 300);
const REDIS_URL = process.env.MASTHEAD_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'multi-instance password 42';
const TENANTS = { alpha: 100, beta: 200 } as const;
type Tenant = keyof typeof TENANTS;
/** Items 1–11 of each tenant (item 12 is a draft the fixture keeps). */
const ITEMS = (Object.entries(TENANTS) as [Tenant, number][]).flatMap(([t, base]) =>
  Array.from({ length: 11 }, (_, i) => ({ tenant: t, id: 10_000_000 + base * 100 + i + 1 })));

let pgDb: FreshPg;
let dir: string;
let out: string;
let buildLog: string;
let origin: string;
const editor = `multi.editor.${randomBytes(3).toString('hex')}`;
const victim = `multi.victim.${randomBytes(3).toString('hex')}`;
const servers: (Server | null)[] = [null, null, null];
const ports: number[] = [];
let serveArgs: string[];
const env = () => ({ MASTHEAD_REDIS_URL: REDIS_URL, MASTHEAD_BUILD_LOG: buildLog, MASTHEAD_CLI: 'ts', MASTHEAD_UNSUBSCRIBE_SECRET: 'multi-instance-unsubscribe-secret' });

beforeAll(async () => {
  pgDb = await freshPgDatabase('multi');
  dir = mkdtempSync(join(tmpdir(), 'masthead-multi-'));
  out = join(dir, 'out');
  buildLog = join(dir, 'builds.log');
  for (let i = 0; i < 3; i++) ports.push(await freePort());
  // Every instance rebuilds with the same origin (as behind one load balancer).
  origin = 'http://{key}.localhost:4000';
  const db = ['--db', pgDb.url];
  const seeded = await cli([...db, 'seed', writeFixtureSet([tenantFixture('alpha', 100), tenantFixture('beta', 200)])]);
  expect(seeded.code, seeded.stderr).toBe(0);
  for (const username of [editor, victim]) {
    const user = await cli([...db, 'user', 'create', '--username', username, '--email', `${username}@alpha.example`,
      '--first-name', 'Mul', '--last-name', 'Ti', '--role', 'editor', '--tenants', 'alpha,beta'], `${PASSWORD}\n`);
    expect(user.code, user.stderr).toBe(0);
  }
  const built = await cli([...db, 'build', '--out', out, '--origin-template', origin, '--workers', '1']);
  expect(built.code, built.stderr).toBe(0);
  serveArgs = [...db, 'serve', '--out', out, '--origin-template', origin, '--no-admin'];
  await Promise.all([0, 1, 2].map(async (i) => { servers[i] = await serve(serveArgs, ports[i]!, env()); }));
}, 600_000);

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await pgDb?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Pairs of (start, end) per tenant from the build log; true when two overlap. */
function overlaps(): { overlapping: string[]; builds: number } {
  const lines = existsSync(buildLog) ? readFileSync(buildLog, 'utf8').trim().split('\n').filter(Boolean) : [];
  const open = new Map<string, Map<string, number>>(); // tenant -> pid -> start
  const overlapping: string[] = [];
  let builds = 0;
  for (const line of lines) {
    const [what, tenant, pid, at] = line.split(' ') as [string, string, string, string];
    const running = open.get(tenant) ?? new Map<string, number>();
    open.set(tenant, running);
    if (what === 'start') {
      builds += 1;
      // A start while another process's rebuild of the tenant is open (not ended, not killed) overlaps.
      for (const [other] of running) if (other !== pid && servers.some((s) => s?.child.pid === Number(other))) overlapping.push(`${tenant}: ${other} and ${pid} at ${at}`);
      running.set(pid, Number(at));
    } else running.delete(pid);
  }
  return { overlapping, builds };
}

describe('three serve instances on one PostgreSQL database and one out/', () => {
  it('publishes every acknowledged edit, as a full build would, one rebuild per tenant at a time, surviving a SIGKILL', async () => {
    const editsFrom = Date.now();
    const tokens = await Promise.all(ports.map(async (p) => (await graphql(p, 'alpha', 'loginCmsUser', { username: editor, password: PASSWORD })).loginCmsUser.bearerToken as string));
    const acknowledged: string[] = [];
    let refused = 0;
    let killed = false;
    const rand = (n: number) => Math.floor(Math.random() * n);
    let next = 0;
    const edit = async (n: number) => {
      const item = ITEMS[rand(ITEMS.length)]!;
      const kind = n % 4;
      const input = kind === 0 ? { name: `Retitled ${n} of ${item.id}` }
        : kind === 1 ? { status: 1, startDate: null }
          : kind === 2 ? { status: 2 }
            : { status: 1, startDate: new Date(Date.now() + 5_000 + rand(10_000)).toISOString() };
      // Round robin over the instances; while one restarts, the load balancer sends its share to the next.
      let i = n % 3;
      if (!servers[i]) i = (i + 1) % 3;
      const server = servers[i]!;
      try {
        await graphql(server.port, item.tenant, 'updateContent', { id: item.id, input }, tokens[i]);
        acknowledged.push(`${n}`);
      } catch {
        refused += 1; // the instance was killed while answering: not acknowledged
      }
    };
    const worker = async () => {
      while (next < EDITS) {
        const n = next++;
        await edit(n);
        if (!killed && n >= EDITS / 3) {
          // Kill an instance while one of its rebuilds runs (its last log line is an open start):
          // whichever holds a tenant, since the holder goes on with the edits that keep coming.
          const log = existsSync(buildLog) ? readFileSync(buildLog, 'utf8') : '';
          const k = servers.findIndex((srv) => {
            const mine = srv ? log.split('\n').filter((l) => l.split(' ')[2] === String(srv.child.pid)) : [];
            return mine.length > 0 && mine[mine.length - 1]!.startsWith('start');
          });
          if (k >= 0 && !killed) {
            killed = true;
            const s = servers[k]!;
            servers[k] = null;
            s.child.kill('SIGKILL');
            await s.exited;
            expect(s.child.signalCode).toBe('SIGKILL');
            servers[k] = await serve(serveArgs, ports[k]!, env());
            tokens[k] = (await graphql(ports[k]!, 'alpha', 'loginCmsUser', { username: editor, password: PASSWORD })).loginCmsUser.bearerToken as string;
          }
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(killed).toBe(true);
    // Only the edits in flight on the killed instance (at most one per client) go unanswered.
    expect(acknowledged.length).toBeGreaterThanOrEqual(EDITS - 4);
    expect(acknowledged.length + refused).toBe(EDITS);

    // Quiet: every stored request done and every scheduled start passed (and built at its boundary).
    const store: Store = await openStore({ path: pgDb.url, migrate: false });
    try {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const [open] = await store.all<{ n: number }>("SELECT count(*) AS n FROM rebuild_requests WHERE state IN ('pending', 'running')");
        const [future] = await store.all<{ n: number }>('SELECT count(*) AS n FROM content WHERE status = 1 AND start_date > ?', [Date.now()]);
        const [jobs] = await store.all<{ n: number }>('SELECT count(*) AS n FROM graphile_worker.jobs WHERE locked_at IS NULL OR locked_at > now() - interval \'1 minute\'');
        if ((open!.n === 0 && future!.n === 0 && jobs!.n === 0) || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      const [failed] = await store.all<{ n: number }>("SELECT count(*) AS n FROM rebuild_requests WHERE state = 'failed'");
      expect(failed!.n).toBe(0);

      // Every item as the database holds it now (the last acknowledged edit wins) is what the site shows.
      const rows = await store.all<{ id: number; tenant: Tenant; name: string; status: number; start: number | null }>(
        'SELECT id, tenant_key AS tenant, name, status, start_date AS start FROM content WHERE id IN (' + ITEMS.map(() => '?').join(',') + ')', ITEMS.map((i) => i.id));
      for (const r of rows) {
        const page = join(out, r.tenant, 'print', 'content', String(r.id), 'index.html');
        const live = r.status === 1 && (r.start === null || r.start <= Date.now());
        expect(existsSync(page), `${r.id} live=${live}`).toBe(live);
        if (live) expect(readFileSync(page, 'utf8'), String(r.id)).toContain(r.name.replace(/&/g, '&amp;'));
      }
    } finally {
      await store.close();
    }

    const { overlapping, builds } = overlaps();
    expect(overlapping).toEqual([]);
    expect(builds).toBeGreaterThan(1);

    // A full build of the same data into another folder writes the same files.
    const full = join(dir, 'full');
    const built = await cli(['--db', pgDb.url, 'build', '--out', full, '--origin-template', origin, '--workers', '1', '--full']);
    expect(built.code, built.stderr).toBe(0);
    for (const tenant of Object.keys(TENANTS)) {
      // Instants from the edits on are the runs' own (a build's time stands in for the news sitemap's
      // lastmod when no news is recent); the data both builds read is the same rows.
      const r = compareBuilds(buildFiles(realpathSync(join(full, tenant))), buildFiles(realpathSync(join(out, tenant))), editsFrom);
      expect(r.onlyA, tenant).toEqual([]);
      expect(r.onlyB, tenant).toEqual([]);
      expect(r.differing.slice(0, 5), tenant).toEqual([]);
    }
  }, 900_000);

  it('locks a staff account after 5 failed logins in total across the instances (Redis)', async () => {
    const live = servers.filter((s): s is Server => s !== null);
    for (let i = 0; i < 5; i++) {
      await expect(graphql(live[i % live.length]!.port, 'alpha', 'loginCmsUser', { username: victim, password: 'wrong password' })).rejects.toThrow();
    }
    // The right password is refused now on every instance, none of which saw 5 failures itself.
    for (const s of live) {
      const e = await graphql(s.port, 'alpha', 'loginCmsUser', { username: victim, password: PASSWORD }).then(() => null, (err: { status: number; message: string }) => err);
      expect(e, `instance on ${s.port}`).not.toBeNull();
      expect(e!.message).toMatch(/429|TOO_MANY|LOCKED|RATE/i);
    }
  }, 120_000);
});
