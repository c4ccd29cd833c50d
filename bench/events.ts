// `npm run bench:events` (tsx bench/events.ts): event ingestion and rollups on SQLite (issue #18).
// 1. Ingestion: the API on loopback (real HTTP, keep-alive) takes POST /api/events with batches of
//    50 events from a few concurrent clients for --seconds; events/s per run, median of --runs
//    (target ≥ 20,000 events/s on the 2-core machine). The rate limit is raised so nothing is dropped.
// 2. Rollup: --rollup-events raw events (default 1,000,000) over 7 days, 2,000 content items, 50
//    sections, 20 menu links, 10 newsletters and 5,000 visitors are appended directly, then one
//    rollup run (hourly + daily, every dimension) is timed once (target ≤ 10 s).
// Writes bench/results/events-<date>.json.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../api/app';
import { openStore } from '../engine/store/connection';
import { appendEvents, rollupEvents, type EventRow } from '../engine/store/queries/events';
import { seedFixtures } from '../engine/fixtures/seed';
import { tenantFixture, writeFixtureSet } from '../tests/helpers/fixture-set';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function ingestion(runs: number, seconds: number, clients: number): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-events-'));
  const store = await openStore({ path: join(dir, 'db.sqlite') });
  await seedFixtures(store, writeFixtureSet([tenantFixture('alpha', 100)]));
  const app = await buildApp({ store, events: { rateLimit: { max: 1e12, windowMs: 60_000 } } });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const batch = (i: number) => JSON.stringify({
    sessionId: `bench-${i % 5000}`,
    events: Array.from({ length: 50 }, (_, k) => (k % 5 === 0
      ? { type: 'ClickMenu', input: { menu: 'header_primary', label: `Link ${k % 20}`, url: '/markets' } }
      : { type: 'PageView', input: { pageId: `content:${10_010_001 + (k % 10)}`, path: `/p/${k}`, contentId: 10_010_001 + (k % 10), sectionId: 102 } })),
  });
  const bodies = Array.from({ length: 64 }, (_, i) => batch(i));
  const out: number[] = [];
  try {
    for (let r = 0; r < runs; r++) {
      let events = 0;
      const until = performance.now() + seconds * 1000;
      const started = performance.now();
      await Promise.all(Array.from({ length: clients }, async (_, c) => {
        let i = c;
        while (performance.now() < until) {
          const res = await fetch(`${base}/api/events`, {
            method: 'POST', body: bodies[i++ % bodies.length],
            headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-tenant-key': 'alpha', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' },
          });
          const j = await res.json() as { accepted: number };
          events += j.accepted;
        }
      }));
      out.push(Math.round(events / ((performance.now() - started) / 1000)));
      process.stdout.write(`  ingestion run ${r + 1}: ${out.at(-1)} events/s\n`);
    }
  } finally {
    await app.close();
    await store.close();
  }
  return out;
}

async function rollup(n: number): Promise<{ events: number; ms: number; rollupRows: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-rollup-'));
  const store = await openStore({ path: join(dir, 'db.sqlite') });
  const start = Date.UTC(2026, 10, 1);
  let seed = 42;
  const rnd = (k: number) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % k; };
  const CHUNK = 20_000;
  for (let i = 0; i < n; i += CHUNK) {
    const rows: EventRow[] = [];
    for (let j = i; j < Math.min(n, i + CHUNK); j++) {
      const at = start + Math.floor((j / n) * 7 * 86_400_000);
      const kind = rnd(10);
      const type = kind < 7 ? 'PageView' : kind === 7 ? 'ClickMenu' : kind === 8 ? 'NewsletterSubscription' : 'ClickCompanyWebsite';
      rows.push({
        tenantKey: 'alpha', day: new Date(at).toISOString().slice(0, 10), at, type, visitor: `v${rnd(5000)}`, siteUserId: null, net: null,
        contentId: type === 'PageView' ? rnd(2000) : null, sectionId: type === 'PageView' ? rnd(50) : null,
        companyId: type === 'ClickCompanyWebsite' ? rnd(300) : null, newsletterId: type === 'NewsletterSubscription' ? rnd(10) : null,
        pageId: null, target: type === 'ClickMenu' ? `header_primary:Link ${rnd(20)}` : null, data: '{}',
      });
    }
    await store.transaction((tx) => appendEvents(tx, rows));
  }
  const t0 = performance.now();
  const r = await rollupEvents(store, Date.now());
  const ms = Math.round(performance.now() - t0);
  const [c] = await store.all<{ n: number }>('select count(*) as n from event_rollups');
  await store.close();
  return { events: r.events, ms, rollupRows: Number(c?.n ?? 0) };
}

const runs = arg('runs', 5);
const seconds = arg('seconds', 5);
const clients = arg('clients', 8);
const rollupEventsN = arg('rollup-events', 1_000_000);
process.stdout.write(`bench:events on ${cpus().length} cores (load ${loadavg()[0]!.toFixed(2)})\n`);
const ingest = await ingestion(runs, seconds, clients);
process.stdout.write(`ingestion, batches of 50: median ${median(ingest)} events/s (target ≥ 20000)\n`);
const roll = await rollup(rollupEventsN);
process.stdout.write(`rollup of ${roll.events} events: ${roll.ms} ms, ${roll.rollupRows} rollup rows (target ≤ 10000 ms)\n`);
const result = {
  date: new Date().toISOString(), cores: cpus().length, load: loadavg()[0],
  ingestion: { batch: 50, clients, seconds, runs: ingest, medianEventsPerSecond: median(ingest), target: 20_000 },
  rollup: { events: roll.events, ms: roll.ms, rollupRows: roll.rollupRows, target: 10_000 },
};
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
const file = join(ROOT, `bench/results/events-${result.date.slice(0, 10)}.json`);
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
process.stdout.write(`wrote ${file}\n`);
