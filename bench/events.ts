// `npm run bench:events` (tsx bench/events.ts): event ingestion and rollups on SQLite (issue #18).
// 1. Ingestion over HTTP (the path a real beacon takes, and the one the target is for): the API on
//    loopback takes POST /api/events (text/plain, like navigator.sendBeacon) with batches of 50
//    events from --clients concurrent keep-alive clients for --seconds; events/s per run, median of
//    --runs (target ≥ 20,000 events/s on the 2-core machine). The clients run in a child process,
//    so the server's event loop does only server work (they still share the machine's 2 cores);
//    the server's CPU time per event is printed too (it does not depend on the machine's load).
//    The rate limit is raised so nothing is dropped.
// 2. Ingestion in process (for comparison, no HTTP): the same batches straight into the ingestor
//    (validation, id checks, bot check, rate limit, append), --clients at a time.
// 3. Rollup: --rollup-events raw events (default 1,000,000) over 7 days, 2,000 content items, 50
//    sections, 20 menu links, 10 newsletters and 5,000 visitors are appended directly, then one
//    rollup run (hourly + daily, every dimension) is timed (target ≤ 10 s, median of --rollup-runs,
//    each on a fresh database); then 10,000 more events
//    on the last day and the incremental rollup that follows.
// Writes bench/results/events-<date>.json.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { buildApp } from '../api/app';
import { eventsOf } from '../engine/services/events';
import { openStore } from '../engine/store/connection';
import { appendEvents, rollupEvents, type EventRow } from '../engine/store/queries/events';
import { seedFixtures } from '../engine/fixtures/seed';
import { tenantFixture, writeFixtureSet } from '../tests/helpers/fixture-set';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
};
/** This process's CPU time (all its threads: the event loop and SQLite's) since `from`, per event, in µs. */
const cpuMicrosPerEvent = (from: NodeJS.CpuUsage, events: number) => { const c = process.cpuUsage(from); return Math.round(((c.user + c.system) / Math.max(1, events)) * 10) / 10; };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';
const batchOf = (i: number) => ({
  sessionId: `bench-${i % 5000}`,
  events: Array.from({ length: 50 }, (_, k) => (k % 5 === 0
    ? { type: 'ClickMenu', input: { menu: 'header_primary', label: `Link ${k % 20}`, url: '/markets' } }
    : { type: 'PageView', input: { pageId: `content:${10_010_001 + (k % 10)}`, path: `/p/${k}`, contentId: 10_010_001 + (k % 10), sectionId: 102 } })),
});

/** The load generator: plain JavaScript in a child process (so the server's CPU time is its own), node:http with keep-alive (lighter than fetch), posting the bodies for `seconds`. */
const CLIENTS_JS = `
const http = require('node:http');
const w = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
const agent = new http.Agent({ keepAlive: true, maxSockets: w.clients });
const url = new URL(w.url);
const post = (body) => new Promise((ok, fail) => {
  const req = http.request({ agent, host: url.hostname, port: url.port, path: url.pathname, method: 'POST',
    headers: { ...w.headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (c) => { text += c; });
    res.on('end', () => (res.statusCode === 200 ? ok(JSON.parse(text)) : fail(new Error('status ' + res.statusCode + ': ' + text))));
  });
  req.on('error', fail);
  req.end(body);
});
(async () => {
  let events = 0, requests = 0;
  const until = performance.now() + w.seconds * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: w.clients }, async (_, c) => {
    let i = c;
    while (performance.now() < until) {
      const j = await post(w.bodies[i++ % w.bodies.length]);
      events += j.accepted; requests++;
    }
  }));
  agent.destroy();
  process.stdout.write(JSON.stringify({ events, requests, ms: performance.now() - started }));
})();
`;

async function ingestion(runs: number, seconds: number, clients: number): Promise<{ http: number[]; inProcess: number[]; httpCpu: number[]; inProcessCpu: number[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-events-'));
  const store = await openStore({ path: join(dir, 'db.sqlite') });
  await seedFixtures(store, writeFixtureSet([tenantFixture('alpha', 100)]));
  // One address, agent and visitor: the per-visitor limits and the page-view window are off, so every event is ingested.
  const app = await buildApp({ store, events: { rateLimit: { max: 1e12, windowMs: 60_000 }, perVisitor: { max: 1e12, windowMs: 60_000 }, viewWindowMs: 0 } });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const bodies = Array.from({ length: 64 }, (_, i) => JSON.stringify(batchOf(i)));
  const http: number[] = [];
  const inProcess: number[] = [];
  const httpCpu: number[] = [];
  const inProcessCpu: number[] = [];
  try {
    for (let r = 0; r < runs; r++) {
      const cpu0 = process.cpuUsage();
      const child = spawn(process.execPath, ['-e', CLIENTS_JS], { stdio: ['pipe', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => { out += c; });
      const done = new Promise<number | null>((ok) => child.on('close', ok));
      child.stdin.end(JSON.stringify({ seconds, clients, bodies, url: `${base}/api/events`, headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-tenant-key': 'alpha', 'user-agent': BROWSER_UA } }));
      const code = await done;
      if (code !== 0) throw new Error(`load generator exited with ${code}`);
      const res = JSON.parse(out) as { events: number; requests: number; ms: number };
      httpCpu.push(cpuMicrosPerEvent(cpu0, res.events));
      http.push(Math.round(res.events / (res.ms / 1000)));
      process.stdout.write(`  HTTP run ${r + 1}: ${http.at(-1)} events/s (${res.requests} requests; server CPU ${httpCpu.at(-1)} µs/event)\n`);
    }
    const ingestor = eventsOf(app.api.services);
    const batches = Array.from({ length: 64 }, (_, i) => batchOf(i));
    for (let r = 0; r < runs; r++) {
      let events = 0;
      const until = performance.now() + seconds * 1000;
      const started = performance.now();
      const cpu0 = process.cpuUsage();
      await Promise.all(Array.from({ length: clients }, async (_, c) => {
        let i = c;
        while (performance.now() < until) {
          const b = batches[i++ % batches.length]!;
          const res = await ingestor.ingest({ tenantKey: 'alpha', ip: '127.0.0.1', userAgent: BROWSER_UA, sessionId: b.sessionId, siteUserId: null }, b.events);
          events += res.accepted;
        }
      }));
      inProcess.push(Math.round(events / ((performance.now() - started) / 1000)));
      inProcessCpu.push(cpuMicrosPerEvent(cpu0, events));
      process.stdout.write(`  in-process run ${r + 1}: ${inProcess.at(-1)} events/s (CPU ${inProcessCpu.at(-1)} µs/event)\n`);
    }
  } finally {
    await app.close();
    await store.close();
  }
  return { http, inProcess, httpCpu, inProcessCpu };
}

/** `n` synthetic raw events from `from` over `days` days (a fixed pseudo-random mix of types, ids and visitors). */
function syntheticEvents(n: number, from: number, days: number, rnd: (k: number) => number, offset = 0, chunk = 20_000): EventRow[][] {
  const out: EventRow[][] = [];
  for (let i = 0; i < n; i += chunk) {
    const rows: EventRow[] = [];
    for (let j = i; j < Math.min(n, i + chunk); j++) {
      const at = from + Math.floor((j / n) * days * 86_400_000) + offset;
      const kind = rnd(10);
      const type = kind < 7 ? 'PageView' : kind === 7 ? 'ClickMenu' : kind === 8 ? 'NewsletterSubscription' : 'ClickCompanyWebsite';
      rows.push({
        tenantKey: 'alpha', day: new Date(at).toISOString().slice(0, 10), at, type, visitor: `v${rnd(5000)}`, siteUserId: null, net: null,
        contentId: type === 'PageView' ? rnd(2000) : null, sectionId: type === 'PageView' ? rnd(50) : null,
        companyId: type === 'ClickCompanyWebsite' ? rnd(300) : null, newsletterId: type === 'NewsletterSubscription' ? rnd(10) : null,
        pageId: null, target: type === 'ClickMenu' ? `header_primary:Link ${rnd(20)}` : null, data: '{}',
      });
    }
    out.push(rows);
  }
  return out;
}

interface RollupFigures { events: number; ms: number; cpuMs: number; rollupRows: number; incremental: { events: number; ms: number } }

async function rollup(n: number): Promise<RollupFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-rollup-'));
  const store = await openStore({ path: join(dir, 'db.sqlite') });
  const start = Date.UTC(2026, 10, 1);
  let seed = 42;
  const rnd = (k: number) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % k; };
  for (const rows of syntheticEvents(n, start, 7, rnd)) await store.transaction((tx) => appendEvents(tx, rows));
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const r = await rollupEvents(store, Date.now());
  const ms = Math.round(performance.now() - t0);
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
  const [c] = await store.all<{ n: number }>('select count(*) as n from event_rollups');
  // New events on the last day only: the next run recomputes that one day.
  for (const rows of syntheticEvents(10_000, start + 6 * 86_400_000, 1, rnd, 3_600_000)) await store.transaction((tx) => appendEvents(tx, rows));
  const t1 = performance.now();
  const inc = await rollupEvents(store, Date.now());
  const incMs = Math.round(performance.now() - t1);
  await store.close();
  return { events: r.events, ms, cpuMs, rollupRows: Number(c?.n ?? 0), incremental: { events: inc.events, ms: incMs } };
}

const runs = arg('runs', 5);
const seconds = arg('seconds', 5);
const clients = arg('clients', 8);
const rollupEventsN = arg('rollup-events', 1_000_000);
const rollupRuns = arg('rollup-runs', 3);
process.stdout.write(`bench:events on ${cpus().length} cores (load ${loadavg()[0]!.toFixed(2)})\n`);
const ingest = await ingestion(runs, seconds, clients);
process.stdout.write(`ingestion over HTTP, batches of 50: median ${median(ingest.http)} events/s (target ≥ 20000), server CPU ${median(ingest.httpCpu)} µs/event\n`);
process.stdout.write(`ingestion in process, batches of 50: median ${median(ingest.inProcess)} events/s, CPU ${median(ingest.inProcessCpu)} µs/event\n`);
const rolls: RollupFigures[] = [];
for (let i = 0; i < rollupRuns; i++) {
  rolls.push(await rollup(rollupEventsN));
  process.stdout.write(`  rollup run ${i + 1}: ${rolls.at(-1)!.events} events in ${rolls.at(-1)!.ms} ms (CPU ${rolls.at(-1)!.cpuMs} ms); then ${rolls.at(-1)!.incremental.events} new in ${rolls.at(-1)!.incremental.ms} ms\n`);
}
const rollMs = median(rolls.map((x) => x.ms));
const incMs = median(rolls.map((x) => x.incremental.ms));
const rollCpuMs = median(rolls.map((x) => x.cpuMs));
process.stdout.write(`rollup of ${rolls[0]!.events} events: median ${rollMs} ms (CPU ${rollCpuMs} ms), ${rolls[0]!.rollupRows} rollup rows (target ≤ 10000 ms); incremental (10,000 new on one day): median ${incMs} ms\n`);
const result = {
  date: new Date().toISOString(), cores: cpus().length, load: loadavg(),
  ingestion: {
    batch: 50, clients, seconds,
    http: { runs: ingest.http, medianEventsPerSecond: median(ingest.http), target: 20_000, serverCpuMicrosPerEvent: ingest.httpCpu, medianServerCpuMicrosPerEvent: median(ingest.httpCpu) },
    inProcess: { runs: ingest.inProcess, medianEventsPerSecond: median(ingest.inProcess), cpuMicrosPerEvent: ingest.inProcessCpu, medianCpuMicrosPerEvent: median(ingest.inProcessCpu) },
  },
  rollup: { events: rolls[0]!.events, runsMs: rolls.map((x) => x.ms), medianMs: rollMs, cpuMs: rolls.map((x) => x.cpuMs), medianCpuMs: rollCpuMs, rollupRows: rolls[0]!.rollupRows, target: 10_000,
    incremental: { events: rolls[0]!.incremental.events, runsMs: rolls.map((x) => x.incremental.ms), medianMs: incMs } },
};
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(ROOT, `bench/results/events-${result.date.slice(0, 10)}.json`);
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
process.stdout.write(`wrote ${file}\n`);
