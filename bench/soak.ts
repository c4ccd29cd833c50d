// Soak benchmark (issue 40): `masthead serve` under a mixed load on loopback for N minutes —
// anonymous pages, public getContent and metered getGatedContent, event ingestion, staff sign-in
// attempts (some with wrong passwords), one admin edit a second (each timed until it is live in
// the page), newsletter subscribes — bounded in count and time. Prints and saves
// bench/results/soak-<timestamp>.json: requests by kind, errors other than deliberate 429s (goal
// 0), p50/p99 per kind, edit → live p95, the servers' RSS and open file descriptors every minute
// (goal: no growth past 10% after the first minute), the rebuild queue at the end (goal 0), and the
// database's integrity check.
//
//   npm run bench:soak -- --minutes 10 [--items 2000] [--clients 16] [--corpus /tmp/c] [--port 4720]
//   npm run bench:soak -- --minutes 10 --db postgres://postgres@127.0.0.1/soak --instances 2 [--partition-drop]
//
// --partition-drop (PostgreSQL): half-way through, three day partitions past the event retention
// are made and filled (100,000 events each), and `masthead events rollup` — what serve's
// event-rollup job runs — rolls them up and detaches and drops them while the load goes on. The
// report gives the event ingestion's requests, errors and p99 during the drop beside the rest.
//
// With --db postgres://… it seeds that database when empty and runs --instances servers on it
// (ports port, port+1, …), the load spread over them; edits go to the first.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Agent, request } from 'node:http';
import { generateFixtures } from '../engine/fixtures/generate';
import { seedFixtures } from '../engine/fixtures/seed';
import { openStore } from '../engine/store/connection';
import { tableChecksums } from '../engine/store/pg/copy';
import { openPgStore } from '../engine/store/pg/connection';
import { ensureDayPartitions } from '../engine/store/pg/partitions';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'masthead.js');
const TENANT = 'scale1';

function args() {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '10' }, items: { type: 'string', default: '2000' }, clients: { type: 'string', default: '16' },
      corpus: { type: 'string' }, port: { type: 'string', default: '4720' }, db: { type: 'string' }, instances: { type: 'string', default: '1' },
      'partition-drop': { type: 'boolean', default: false },
    },
  });
  if (values['partition-drop'] && !values.db) throw new Error('--partition-drop: needs --db postgres://… (SQLite keeps events in one table)');
  const num = (name: string, v: string | undefined, min: number) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number ≥ ${min} (got "${v}")`);
    return n;
  };
  return {
    minutes: num('minutes', values.minutes, 0.25), items: num('items', values.items, 100), clients: num('clients', values.clients, 1),
    port: num('port', values.port, 1024), instances: num('instances', values.instances, 1), db: values.db, corpus: values.corpus ? resolve(values.corpus) : undefined,
    partitionDrop: !!values['partition-drop'],
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};

function run(argv: string[]): Promise<string> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [BIN, ...argv], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.on('close', (code) => (code === 0 ? ok(out) : fail(new Error(`masthead ${argv.join(' ')} exited ${code}`))));
  });
}

async function prepare(dir: string, items: number, url?: string): Promise<string> {
  if (!existsSync(join(dir, 'fixtures'))) await generateFixtures({ items, tenants: 2, seed: 1, out: join(dir, 'fixtures') });
  const db = url ?? join(dir, 'db.sqlite');
  const store = await openStore({ path: db });
  try {
    const [row] = await store.all<{ n: number }>('SELECT count(*) AS n FROM content');
    if (!Number(row?.n)) await seedFixtures(store, join(dir, 'fixtures'));
  } finally { await store.close(); }
  return db;
}

interface Answer { status: number; body: string; ms: number }
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function http(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((ok) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers: { ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.complete ? res.statusCode ?? 0 : -1, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
      res.on('error', () => ok({ status: -1, body: '', ms: performance.now() - t0 }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', (e) => ok({ status: -2, body: e.message, ms: performance.now() - t0 }));
    req.end(body);
  });
}

/** RSS (KB) and open file descriptors of a process, from /proc. */
function usage(pid: number): { rssKb: number; fds: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return { rssKb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0), fds: readdirSync(`/proc/${pid}/fd`).length };
  } catch { return { rssKb: 0, fds: 0 }; }
}

/** Days past the retention (MASTHEAD_EVENT_RETENTION_DAYS, default 90) given partitions full of events, then dropped by the rollup. */
const OLD_DAYS = 3;
const OLD_EVENTS_PER_DAY = 100_000;

/** Makes OLD_DAYS day partitions past the retention and fills them, as days of real traffic would have. */
async function fillOldPartitions(db: string): Promise<string[]> {
  const retention = Number(process.env.MASTHEAD_EVENT_RETENTION_DAYS ?? 90);
  const from = new Date(Date.now() - (retention + OLD_DAYS + 2) * 86_400_000);
  const pgStore = await openPgStore({ url: db, max: 1 });
  try { await ensureDayPartitions(pgStore, from, OLD_DAYS); } finally { await pgStore.close(); }
  const store = await openStore({ path: db });
  try {
    const days = Array.from({ length: OLD_DAYS }, (_, i) => new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10));
    for (const day of days) {
      await store.run(
        `INSERT INTO events (tenant_key, day, at, type, visitor, page_id, content_id, data)
         SELECT ?, ?, CAST(? AS bigint) + g, 'PageView', 'old-' || (g % 5000), 'path:/old/' || (g % 300), NULL, '{}' FROM generate_series(1, ?) AS g`,
        [TENANT, day, Date.parse(`${day}T00:00:00Z`), OLD_EVENTS_PER_DAY]);
    }
    return days;
  } finally { await store.close(); }
}

async function main() {
  const o = args();
  const dir = o.corpus ?? mkdtempSync(join(tmpdir(), 'masthead-soak-'));
  mkdirSync(dir, { recursive: true });
  process.stderr.write(`corpus ${dir}\n`);
  const db = await prepare(dir, o.items, o.db);
  const out = join(dir, o.db ? 'out-pg' : 'out');
  const originTemplate = `http://{key}.localhost:${o.port}`;
  process.stderr.write('build…\n');
  await run(['--db', db, '--json', 'build', '--out', out, '--origin-template', originTemplate]);
  const store = await openStore({ path: db });
  const items = (await store.all<{ id: number }>(
    "SELECT id FROM content WHERE tenant_key = ? AND status = 1 AND type IN ('Article', 'News', 'Blog') AND start_date IS NULL AND end_date IS NULL ORDER BY id LIMIT 400", [TENANT])).map((r) => r.id);
  await store.close();
  const pagePaths = readdirSync(join(out, TENANT), { recursive: true }).map(String).filter((f) => f.endsWith('index.html') && !f.startsWith('builds')).map((f) => `/${f.replace(/index\.html$/, '')}`);

  const servers: ChildProcess[] = [];
  const ports = Array.from({ length: o.instances }, (_, i) => o.port + i);
  for (const port of ports) {
    servers.push(spawn(process.execPath, [BIN, '--db', db, 'serve', '--port', String(port), '--out', out, '--no-admin', '--mode', 'development'], {
      cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, MASTHEAD_ORIGIN_TEMPLATE: originTemplate },
    }));
  }
  const json = { 'content-type': 'application/json', 'x-tenant-key': TENANT };
  const gql = (port: number, query: string, variables: Record<string, unknown>, token?: string) =>
    http(port, 'POST', '/graphql', { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) }, JSON.stringify({ query, variables }));
  try {
    for (const port of ports) {
      for (let i = 0; ; i++) {
        if ((await gql(port, '{ apiInfo { mode } }', {})).status === 200) break;
        if (i > 600) throw new Error(`serve on ${port} did not start`);
        await sleep(100);
      }
    }
    const login = JSON.parse((await gql(ports[0]!, 'mutation($u: String, $p: String) { loginCmsUser(username: $u, password: $p) { bearerToken } }', { u: 'scale-admin', p: 'scale-fixtures-admin-2026' })).body);
    const token = login.data.loginCmsUser.bearerToken as string;
    await sleep(3000);

    const stats = new Map<string, { n: number; errors: number; limited: number; ms: number[]; samples: string[] }>();
    /** Event ingestion answers with their end time, for the partition drop's window. */
    const ingest: { at: number; ms: number; ok: boolean }[] = [];
    const record = (kind: string, a: Answer, ok: (s: number) => boolean = (s) => s >= 200 && s < 400) => {
      if (kind === 'events') ingest.push({ at: performance.now(), ms: a.ms, ok: ok(a.status) || a.status === 429 });
      let s = stats.get(kind);
      if (!s) stats.set(kind, (s = { n: 0, errors: 0, limited: 0, ms: [], samples: [] }));
      s.n += 1;
      if (a.ms < 60_000) s.ms.push(a.ms);
      if (a.status === 429) s.limited += 1;
      else if (!ok(a.status)) { s.errors += 1; if (s.samples.length < 5) s.samples.push(`${a.status} ${a.body.slice(0, 160)}`); }
    };
    const end = performance.now() + o.minutes * 60_000;
    let seq = 0;
    const kinds: [string, number, (port: number) => Promise<void>][] = [
      ['page', 60, async (port) => record('page', await http(port, 'GET', pagePaths[seq++ % pagePaths.length]!, { host: `${TENANT}.localhost`, 'accept-encoding': 'br, gzip' }))],
      ['getContent', 10, async (port) => record('getContent', await gql(port, 'query($id: Int) { getContent(id: $id) { id name } }', { id: items[seq++ % items.length] }))],
      ['getGatedContent', 8, async (port) => record('getGatedContent', await gql(port, 'query($id: Int) { getGatedContent(id: $id) { id canRead } }', { id: items[seq++ % items.length] }))],
      ['events', 12, async (port) => {
        const id = items[seq++ % items.length]!;
        record('events', await http(port, 'POST', '/api/events', json, JSON.stringify({ sessionId: `soak-${seq % 500}`, events: [{ type: 'PageView', input: { pageId: `content:${id}`, path: `/x/${id}`, contentId: id } }] })));
      }],
      ['login', 5, async (port) => {
        const wrong = seq++ % 4 !== 0;
        record('login', await gql(port, 'mutation($u: String, $p: String) { loginCmsUser(username: $u, password: $p) { bearerToken } }', { u: 'scale-admin', p: wrong ? 'not-the-password' : 'scale-fixtures-admin-2026' }),
          (s) => s === 200 || (wrong && s === 401));
      }],
      ['subscribe', 5, async (port) => record('subscribe', await gql(port, 'mutation($email: String, $omedaProducts: [Int!], $countryCode: String) { subscribeAnonymousCustomer(email: $email, omedaProducts: $omedaProducts, countryCode: $countryCode) { error } }', { email: `soak${seq++}@example.com`, omedaProducts: [], countryCode: 'USA' }))],
    ];
    const weights = kinds.reduce((n, k) => n + k[1], 0);
    const pick = () => { let r = Math.random() * weights; for (const k of kinds) { r -= k[1]; if (r <= 0) return k; } return kinds[0]!; };
    const client = async (i: number) => {
      while (performance.now() < end) await pick()[2](ports[i % ports.length]!);
    };
    // One admin edit a second, each timed until the page carries the new title.
    const editToLive: number[] = [];
    const editor = async () => {
      let n = 0;
      while (performance.now() < end) {
        const started = performance.now();
        const id = items[n % 50]!;
        const name = `Soak retitle ${n++} ${Date.now()}`;
        const a = await gql(ports[0]!, 'mutation($id: Int, $input: ContentInput) { updateContent(id: $id, input: $input) { canonicalPath } }', { id, input: { name } }, token);
        record('edit', a);
        const path = (JSON.parse(a.body) as { data?: { updateContent?: { canonicalPath: string } } }).data?.updateContent?.canonicalPath;
        if (path) {
          const file = join(out, TENANT, path.replace(/^\/+/, ''), 'index.html');
          const answered = performance.now();
          while (performance.now() - answered < 60_000) {
            let html = '';
            try { html = readFileSync(file, 'utf8'); } catch { /* moving */ }
            if (html.includes(name)) { editToLive.push(performance.now() - answered); break; }
            await sleep(5);
          }
        }
        await sleep(Math.max(0, 1000 - (performance.now() - started)));
      }
    };
    const minutes: { minute: number; servers: { rssMb: number; fds: number }[] }[] = [];
    const sampler = async () => {
      for (let m = 1; performance.now() < end; m++) {
        await sleep(Math.min(60_000, Math.max(0, end - performance.now())));
        minutes.push({ minute: m, servers: servers.map((s) => { const u = usage(s.pid!); return { rssMb: Math.round(u.rssKb / 1024), fds: u.fds }; }) });
        process.stderr.write(`minute ${m}: ${minutes.at(-1)!.servers.map((s) => `RSS ${s.rssMb} MB, ${s.fds} fds`).join('; ')}\n`);
      }
    };
    // Half-way: old day partitions appear and the event job drops them under the load.
    let drop: { days: string[]; startMs: number; endMs: number; output: string } | null = null;
    const dropper = async () => {
      if (!o.partitionDrop) return;
      await sleep(Math.max(0, (end - performance.now()) / 2));
      process.stderr.write(`filling ${OLD_DAYS} old day partitions…\n`);
      const days = await fillOldPartitions(db);
      process.stderr.write('events rollup (drops them)…\n');
      const startMs = performance.now();
      const output = await run(['--db', db, '--json', 'events', 'rollup']);
      drop = { days, startMs, endMs: performance.now(), output: output.trim() };
      process.stderr.write(`dropped in ${Math.round(drop.endMs - startMs)} ms: ${drop.output}\n`);
    };
    await Promise.all([...Array.from({ length: o.clients }, (_, i) => client(i)), editor(), sampler(), dropper()]);

    // The queue drains; then the database is checked.
    const check = await openStore({ path: db });
    let queue = -1;
    for (let i = 0; i < 120; i++) {
      const [r] = await check.all<{ n: number }>("SELECT count(*) AS n FROM rebuild_requests WHERE state IN ('pending', 'running')");
      queue = Number(r?.n ?? 0);
      if (queue === 0) break;
      await sleep(500);
    }
    const oldLeft = drop ? Number((await check.all<{ n: number }>('SELECT count(*) AS n FROM events WHERE day IN (?, ?, ?)', (drop as { days: string[] }).days))[0]?.n ?? -1) : 0;
    let integrity: string;
    if (o.db) {
      const t = await tableChecksums(check, 'pg').then(() => 'ok (every table read in key order)', (e: Error) => e.message);
      integrity = t;
    } else {
      const [r] = await check.all<{ integrity_check: string }>('PRAGMA integrity_check');
      integrity = r?.integrity_check ?? 'unknown';
    }
    await check.close();

    const first = minutes[0]?.servers ?? [];
    const last = minutes.at(-1)?.servers ?? [];
    const growth = first.map((f, i) => ({ rssPct: f.rssMb ? Math.round(((last[i]!.rssMb - f.rssMb) / f.rssMb) * 1000) / 10 : 0, fds: last[i]!.fds - f.fds }));
    const kindsOut = Object.fromEntries([...stats].map(([k, s]) => [k, {
      requests: s.n, errors: s.errors, deliberate429: s.limited, p50Ms: Math.round(pct(s.ms, 50) * 10) / 10, p99Ms: Math.round(pct(s.ms, 99) * 10) / 10, errorSamples: s.samples,
    }]));
    const report = {
      kind: 'soak', at: new Date().toISOString(), minutes: o.minutes, items: o.items, clients: o.clients, database: o.db ? 'postgres' : 'sqlite', instances: o.instances,
      cpus: cpus().length, loadAverage: loadavg(), requests: [...stats.values()].reduce((n, s) => n + s.n, 0),
      unexpectedErrors: [...stats.values()].reduce((n, s) => n + s.errors, 0), byKind: kindsOut,
      editToLive: { n: editToLive.length, p50Ms: Math.round(pct(editToLive, 50)), p95Ms: Math.round(pct(editToLive, 95)), maxMs: Math.round(Math.max(0, ...editToLive)) },
      perMinute: minutes, growthFromMinute1: growth, queueAtEnd: queue, integrity,
      partitionDrop: drop ? { ...dropReport(drop, ingest), oldEventsLeft: oldLeft } : null,
    };
    const dirOut = join(ROOT, 'bench', 'results');
    mkdirSync(dirOut, { recursive: true });
    const saved = join(dirOut, `soak-${report.at.replace(/[:.]/g, '-')}.json`);
    writeFileSync(saved, `${JSON.stringify(report, null, 2)}\n`);
    for (const [k, s] of Object.entries(kindsOut)) process.stdout.write(`${k.padEnd(16)} ${String(s.requests).padStart(8)} requests, ${s.errors} errors, ${s.deliberate429} deliberate 429s, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms\n`);
    if (report.partitionDrop) {
      const d = report.partitionDrop;
      process.stdout.write(`partition drop (${d.days.join(', ')}): ${d.ms} ms; events during it: ${d.during.requests} requests, ${d.during.errors} errors, p99 ${d.during.p99Ms} ms (rest of the soak: p99 ${d.outside.p99Ms} ms); stored old events left: ${d.oldEventsLeft}\n`);
    }
    process.stdout.write(`edit → live: ${report.editToLive.n} edits, p50 ${report.editToLive.p50Ms} ms, p95 ${report.editToLive.p95Ms} ms, max ${report.editToLive.maxMs} ms\n`
      + `unexpected errors: ${report.unexpectedErrors}; memory/fds from minute 1 to the end: ${growth.map((g) => `${g.rssPct}% RSS, ${g.fds >= 0 ? '+' : ''}${g.fds} fds`).join('; ')}; queue at the end: ${queue}; integrity: ${integrity}\n`
      + `saved ${saved}\n`);
  } finally {
    for (const s of servers) s.kill('SIGTERM');
    agent.destroy();
  }
}

/** The event ingestion's answers while the partitions were dropped, beside the rest of the soak. */
function dropReport(drop: { days: string[]; startMs: number; endMs: number; output: string }, ingest: { at: number; ms: number; ok: boolean }[]) {
  // A request overlaps the drop when it ended after the drop began and began before it ended.
  const during = ingest.filter((e) => e.at >= drop.startMs && e.at - e.ms <= drop.endMs);
  const outside = ingest.filter((e) => !during.includes(e));
  const sum = (xs: typeof ingest) => ({ requests: xs.length, errors: xs.filter((e) => !e.ok).length, p99Ms: Math.round(pct(xs.map((e) => e.ms), 99) * 10) / 10 });
  return { days: drop.days, ms: Math.round(drop.endMs - drop.startMs), job: drop.output, during: sum(during), outside: sum(outside) };
}

main().catch((e: unknown) => { process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`); process.exit(1); });
