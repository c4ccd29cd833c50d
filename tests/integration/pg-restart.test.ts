// PostgreSQL restarted in the middle of a stream of edits (issue 40, "Faults"): two `masthead serve`
// instances on one database take retitles from two editors while the server is stopped and
// started again. Edits answered while it is away are refused (not acknowledged); afterwards both
// instances take edits again without being restarted themselves, and every item's page shows what
// the database holds, which is the last acknowledged title (or a later one whose answer was lost).
// The server is the test's own (tests/helpers/pg-cluster.ts): stopping the machine's shared
// cluster would break the other PostgreSQL tests that run beside this one.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { startPgCluster, type PgCluster } from '../helpers/pg-cluster';
import { children, cli, freePort, graphql, serve, type Server } from '../helpers/serve-process';

const EDITS_PER_EDITOR = 60;
const PASSWORD = 'restart test password 42';
/** Items 1–11 of tenant alpha (the fixture's item 12 is a draft); each editor retitles its own. */
const ITEMS = Array.from({ length: 10 }, (_, i) => 10_000_000 + 100 * 100 + i + 1);

let cluster: PgCluster;
let dir: string;
let out: string;
let dbUrl: string;
const servers: Server[] = [];
const editor = `restart.editor.${randomBytes(3).toString('hex')}`;
const env = { MASTHEAD_CLI: 'ts', MASTHEAD_UNSUBSCRIBE_SECRET: 'pg-restart-unsubscribe-secret' };

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/** What a stuck queue looks like, for the failure message: the open requests, the queue's jobs, both instances' stderr. */
async function openRequests(): Promise<string> {
  const requests = await query('SELECT id, state, attempts, retry_at, enqueued_at, started_at, finished_at, error FROM rebuild_requests WHERE state IN (\'pending\', \'running\') ORDER BY id');
  const jobs = await query('SELECT key, run_at, attempts, max_attempts, locked_at, locked_by, last_error FROM graphile_worker.jobs').catch((e: Error) => [{ error: e.message }]);
  return [
    `now ${Date.now()}`, `requests ${JSON.stringify(requests)}`, `jobs ${JSON.stringify(jobs)}`,
    ...servers.map((s, i) => `instance ${i} stderr:\n${s.stderr().slice(-4000)}`),
  ].join('\n');
}

beforeAll(async () => {
  cluster = startPgCluster(await freePort());
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE masthead');
  await admin.end();
  dbUrl = cluster.url('masthead');
  dir = mkdtempSync(join(tmpdir(), 'masthead-pg-restart-'));
  out = join(dir, 'out');
  const db = ['--db', dbUrl];
  const seeded = await cli([...db, 'seed', writeFixtureSet([tenantFixture('alpha', 100)])]);
  expect(seeded.code, seeded.stderr).toBe(0);
  const user = await cli([...db, 'user', 'create', '--username', editor, '--email', `${editor}@alpha.example`,
    '--first-name', 'Re', '--last-name', 'Start', '--role', 'editor', '--tenants', 'alpha'], `${PASSWORD}\n`);
  expect(user.code, user.stderr).toBe(0);
  const origin = 'http://{key}.localhost:4000';
  const built = await cli([...db, 'build', '--out', out, '--origin-template', origin, '--workers', '1']);
  expect(built.code, built.stderr).toBe(0);
  const args = [...db, 'serve', '--out', out, '--origin-template', origin, '--no-admin'];
  for (let i = 0; i < 2; i++) servers.push(await serve(args, await freePort(), env));
}, 600_000);

afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  cluster?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('PostgreSQL restarted while editors save', () => {
  it('refuses edits while the server is away, reconnects on its own, and every acknowledged edit is live', async () => {
    const tokens = await Promise.all(servers.map(async (s) => (await graphql(s.port, 'alpha', 'loginCmsUser', { username: editor, password: PASSWORD })).loginCmsUser.bearerToken as string));
    /** Per item: the titles sent in order, and the index of the last one acknowledged. */
    const sent = new Map<number, { titles: string[]; acked: number }>(ITEMS.map((id) => [id, { titles: [], acked: -1 }]));
    const ackedAfterRestart = [0, 0];
    let refused = 0;
    let phase: 'before' | 'away' | 'after' = 'before';
    let restarted: Promise<void> | undefined;

    const editorLoop = async (e: 0 | 1) => {
      const mine = ITEMS.filter((_, i) => i % 2 === e);
      for (let n = 0; n < EDITS_PER_EDITOR; n++) {
        if (e === 0 && n === EDITS_PER_EDITOR / 3) {
          // Stop the server, keep editing for a while against it, then start it again.
          phase = 'away';
          cluster.stop();
          restarted = new Promise<void>((done, fail) => setTimeout(() => {
            try { cluster.start(); phase = 'after'; done(); } catch (error) { fail(error); }
          }, 3_000));
        }
        const id = mine[n % mine.length]!;
        const title = `Restart ${e}-${n} of ${id}`;
        const entry = sent.get(id)!;
        entry.titles.push(title);
        const at = phase;
        try {
          await graphql(servers[e]!.port, 'alpha', 'updateContent', { id, input: { name: title } }, tokens[e]);
          entry.acked = entry.titles.length - 1;
          if (at === 'after') ackedAfterRestart[e]! += 1;
        } catch (error) {
          // Only the server's absence may refuse an edit, and it must answer so (5xx), not hang.
          // (An edit sent just before the stop may be answered after it: `phase` is read now.)
          if (phase === 'before') throw new Error(`edit refused before the restart: ${String(error)}; instance ${e}: ${servers[e]!.stderr().slice(-3000)}`);
          expect((error as { status?: number }).status ?? 0, `${String(error)}; instance ${e}: ${servers[e]!.stderr().slice(-3000)}`).toBeGreaterThanOrEqual(500);
          refused += 1;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    try {
      await Promise.all([editorLoop(0), editorLoop(1)]);
    } finally {
      await restarted?.catch(() => undefined); // the server is up again before anything else runs
    }
    await restarted;
    for (const s of servers) expect(s.child.exitCode, s.stderr()).toBeNull();
    // The restart happened in the middle of the stream and the instances came back by themselves.
    expect(phase).toBe('after');
    expect(refused).toBeGreaterThan(0);
    expect(ackedAfterRestart[0]).toBeGreaterThan(0);
    expect(ackedAfterRestart[1]).toBeGreaterThan(0);
    for (const s of servers) expect(s.child.exitCode, s.stderr()).toBeNull();

    // Quiet: every stored rebuild request done (failed ones are retried with backoff, so wait).
    const deadline = Date.now() + 180_000;
    for (;;) {
      const [open] = await query<{ n: string }>("SELECT count(*) AS n FROM rebuild_requests WHERE state IN ('pending', 'running')");
      if (Number(open!.n) === 0) break;
      if (Date.now() >= deadline) expect.fail(`rebuild requests still open after 180 s:\n${await openRequests()}`);
      await new Promise((r) => setTimeout(r, 250));
    }

    const rows = await query<{ id: number; name: string }>('SELECT id, name FROM content WHERE id = ANY($1)', [ITEMS]);
    expect(rows).toHaveLength(ITEMS.length);
    for (const r of rows) {
      const { titles, acked } = sent.get(Number(r.id))!;
      // The database holds the last acknowledged title, or a later one whose answer was lost.
      expect(acked, `${r.id}: nothing acknowledged`).toBeGreaterThanOrEqual(0);
      expect(titles.slice(acked), String(r.id)).toContain(r.name);
      const page = join(out, 'alpha', 'print', 'content', String(r.id), 'index.html');
      expect(existsSync(page), page).toBe(true);
      expect(readFileSync(page, 'utf8'), String(r.id)).toContain(r.name);
    }
  }, 600_000);
});
