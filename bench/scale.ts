// `npm run bench:scale` (issue #23): (1) edit→live p50/p95 on PostgreSQL vs SQLite — bench:rebuild
// run twice on one generated corpus, once on its SQLite file and once on a PostgreSQL database
// seeded from the same fixtures; (2) API throughput of `masthead serve` on PostgreSQL with one
// instance vs two (autocannon on getContent, the same total connections split over the instances).
// On a 2-core machine the second instance adds overhead, not throughput: both instances, the load
// generator and PostgreSQL share the same two cores. Prints and saves bench/results/scale-<date>.json.
//
//   npm run bench:scale -- [--items 20000] [--edits 15] [--corpus DIR] [--duration 10] [--connections 50]
//                          [--pg postgres://postgres@127.0.0.1:5432/postgres]   (admin URL; a database is made per item count)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

interface AutocannonResult { requests: { average: number; total: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number }
type Autocannon = (opts: Record<string, unknown>, done: (err: Error | null, result: AutocannonResult) => void) => unknown;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'masthead.js');
const TENANT = 'scale1';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '20000' }, edits: { type: 'string', default: '15' }, corpus: { type: 'string' },
    duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' },
    pg: { type: 'string', default: process.env.MASTHEAD_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const int = (name: string, v: string | undefined, min: number) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min} (got "${v}")`);
  return n;
};
const o = {
  items: int('items', values.items, 1), edits: int('edits', values.edits, 1), duration: int('duration', values.duration, 1),
  connections: int('connections', values.connections, 2), corpus: resolve(values.corpus ?? mkdtempSync(join(tmpdir(), 'masthead-bench-scale-'))), admin: values.pg!,
};

/** The benchmark's PostgreSQL database for this item count (created when missing; kept for reruns). */
async function pgDatabase(): Promise<string> {
  const name = `masthead_bench_scale_${o.items}`;
  const c = new pg.Client({ connectionString: o.admin });
  await c.connect();
  try {
    const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await c.query(`CREATE DATABASE "${name}"`);
  } finally { await c.end(); }
  const u = new URL(o.admin);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A port nothing listens on now (the OS picks it): fixed ports collided with another benchmark's
 * server on the same machine, and bench:rebuild then measured that server instead of its own.
 */
function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

async function runRebuildBench(extra: string[]): Promise<Record<string, { p50: number; p95: number }>> {
  const port = await freePort();
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'rebuild.ts'), '--items', String(o.items), '--edits', String(o.edits), '--corpus', o.corpus, '--port', String(port), ...extra],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); process.stdout.write(d); });
    child.on('close', (code) => {
      if (code !== 0) { fail(new Error(`bench:rebuild ${extra.join(' ')} exited ${code}`)); return; }
      const found: Record<string, { p50: number; p95: number }> = {};
      for (const m of out.matchAll(/^(\w+)\s+p50 (\d+) ms\s+p95 (\d+) ms/gm)) found[m[1]!] = { p50: Number(m[2]), p95: Number(m[3]) };
      ok(found);
    });
  });
}

function serve(db: string, port: number): Promise<ChildProcess> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [BIN, '--db', db, 'serve', '--port', String(port), '--out', join(o.corpus, 'out-pg'), '--no-admin', '--mode', 'development'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); if (out.includes('Press Ctrl+C')) ok(child); });
    child.on('exit', (code) => fail(new Error(`serve exited ${code}`)));
  });
}

function cannon(port: number, connections: number, id: number): Promise<AutocannonResult> {
  return new Promise((ok, fail) => {
    autocannon({
      url: `http://127.0.0.1:${port}/graphql`, method: 'POST', connections, duration: o.duration,
      headers: { 'content-type': 'application/json', 'x-tenant-key': TENANT },
      body: JSON.stringify({ query: 'query($id: Int) { getContent(id: $id) { id name canonicalPath } }', variables: { id } }),
    }, (err, r) => (err ? fail(err) : ok(r)));
  });
}

async function throughput(db: string, instances: number, id: number) {
  const ports: number[] = [];
  for (let i = 0; i < instances; i++) ports.push(await freePort());
  const servers = await Promise.all(ports.map((p) => serve(db, p)));
  try {
    await new Promise((r) => setTimeout(r, 3000));
    const each = Math.floor(o.connections / instances);
    const results = await Promise.all(ports.map((p) => cannon(p, each, id)));
    return {
      instances, connections: each * instances,
      reqPerSec: Math.round(results.reduce((s, r) => s + r.requests.average, 0)),
      p50Ms: Math.max(...results.map((r) => r.latency.p50)), p99Ms: Math.max(...results.map((r) => r.latency.p99)),
      errors: results.reduce((s, r) => s + r.errors + r.non2xx, 0),
    };
  } finally {
    for (const s of servers) s.kill('SIGTERM');
  }
}

async function main() {
  mkdirSync(o.corpus, { recursive: true });
  process.stderr.write(`corpus ${o.corpus}\n`);
  const url = await pgDatabase();
  process.stderr.write('edit→live on SQLite…\n');
  const sqlite = await runRebuildBench([]);
  process.stderr.write('edit→live on PostgreSQL…\n');
  const postgres = await runRebuildBench(['--db', url]);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ id: string }>("SELECT id FROM content WHERE tenant_key = $1 AND status = 1 AND start_date IS NULL ORDER BY id LIMIT 1", [TENANT]);
  await c.end();
  const id = Number(rows[0]!.id);
  process.stderr.write('API throughput, 1 instance…\n');
  const one = await throughput(url, 1, id);
  process.stderr.write('API throughput, 2 instances…\n');
  const two = await throughput(url, 2, id);
  const report = {
    at: new Date().toISOString(), items: o.items, edits: o.edits, cpus: cpus().length, loadAverage: loadavg(),
    editToLive: { sqlite, postgres }, api: { oneInstance: one, twoInstances: two },
    // Said from the figures: one instance's main thread need not fill both cores, so a second may still gain some.
    note: cpus().length > 2 ? undefined : two.reqPerSec > one.reqPerSec
      ? `On ${cpus().length} cores the second instance gained ${Math.round((two.reqPerSec / one.reqPerSec - 1) * 100)}%: one instance's main thread leaves part of the cores idle, but both share them with PostgreSQL and the load generator, so it is no measure of scaling out.`
      : `On ${cpus().length} cores the second instance shares the same cores with the first, PostgreSQL and the load generator: it shows the overhead of a second process, not a gain.`,
  };
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const saved = join(dir, `scale-${report.at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(saved, `${JSON.stringify(report, null, 2)}\n`);
  for (const kind of Object.keys(sqlite)) {
    process.stdout.write(`edit→live ${kind.padEnd(10)} SQLite p50 ${sqlite[kind]!.p50} / p95 ${sqlite[kind]!.p95} ms   PostgreSQL p50 ${postgres[kind]?.p50} / p95 ${postgres[kind]?.p95} ms\n`);
  }
  process.stdout.write(`API getContent on PostgreSQL: 1 instance ${one.reqPerSec} req/s (p99 ${one.p99Ms} ms), 2 instances ${two.reqPerSec} req/s (p99 ${two.p99Ms} ms)\n`);
  if (report.note) process.stdout.write(`${report.note}\n`);
  process.stdout.write(`saved ${saved}\n`);
}

main().catch((e: unknown) => { process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`); process.exit(1); });
