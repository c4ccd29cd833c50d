// `npm run bench:api` (tsx bench/api.ts): throughput and p99 latency of the GraphQL API on
// loopback. Seeds the demo fixtures into a temporary database, starts the API (production mode,
// trusted documents) twice — with the anonymous answer cache (the default) and without it — and a
// bare Fastify route, all in one child process, and drives each with autocannon from this process:
// getWebsiteLayoutPage (a content page) and getContent on both APIs, getContent and
// getGatedContent for a signed-in member (a member's requests never use the answer cache: the path
// of gated content and the meter), and the bare route. Prints req/s, p50 and p99 per target (median
// of the runs), the server's CPU time per request (steadier than req/s on a shared machine) and
// writes bench/results/api-<date>.json.
//
// Options: --runs N (default 3), --duration S (default 10), --connections N (default 50),
//          --fixtures DIR (default fixtures/demo), --only TEXT (targets whose name contains it),
//          --cpu-prof (the server writes a V8 CPU profile of the whole run into bench/results/),
//          --readers N (read-only SQLite connections beside the writer; default: what `masthead serve` opens).
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { SERVE_READERS } from '../cli/serve/readers';

/** The slice of autocannon's API used here (the package ships no types). */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (opts: Record<string, unknown>, done: (err: Error | null, result: AutocannonResult) => void) => unknown;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const HERE = fileURLToPath(import.meta.url);
const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const TENANT = 'freightwise';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

interface Ready { apiUrl: string; uncachedUrl: string; bareUrl: string; contentId: number; contentPath: string; docs: Record<string, string>; memberToken: string }

const MEMBER = { email: 'bench.member@example.com', password: 'bench-member-password-2026' };

/** The child: seed, build the app, listen on two loopback ports, report them over IPC. */
async function serve(fixtures: string, readers: number): Promise<void> {
  const { openStore } = await import('../engine/store/connection');
  const { seedFixtures } = await import('../engine/fixtures/seed');
  const { buildApp } = await import('../api/app');
  const { hashPassword } = await import('../engine/auth/passwords');
  const { grantMembership, insertSiteUser } = await import('../engine/store/queries/members');
  const { issueMemberSession } = await import('../engine/services/members');
  const dir = mkdtempSync(join(tmpdir(), 'masthead-bench-'));
  const store = await openStore({ path: join(dir, 'bench.sqlite'), readers });
  await seedFixtures(store, fixtures);
  const [row] = await store.all<{ id: number; slug: string; alias: string }>(
    `select c.id as id, c.slug as slug, s.alias as alias from content c join website_sections s on s.id = c.primary_section_id
     where c.tenant_key = ? and c.status = 1 and c.published <= ? order by c.published desc limit 1`, [TENANT, Date.now()]);
  if (!row) throw new Error(`no published content for ${TENANT} in ${fixtures}`);
  const app = await buildApp({ store, mode: 'production', logger: false });
  const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const uncached = await buildApp({ store, mode: 'production', logger: false, responseCacheTtlMs: 0 });
  const uncachedUrl = await uncached.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify({ logger: false });
  bare.post('/bare', async () => ({ data: { ok: true } }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const docs = Object.fromEntries(['getWebsiteLayoutPage', 'getContent', 'getGatedContent'].map((n) => [n, app.api.registry.byName.get(n)!.text]));
  // A signed-in member holding every membership of the tenant, so gated content passes.
  const memberId = await insertSiteUser(store.db, {
    tenantKey: TENANT, username: MEMBER.email, email: MEMBER.email, passwordHash: await hashPassword(MEMBER.password), firstName: 'Bench', lastName: 'Member', demographics: [],
  });
  const memberships = await store.all<{ id: number }>('select id from memberships where tenant_key = ?', [TENANT]);
  for (const m of memberships) await grantMembership(store.db, memberId, m.id, null);
  // Its session is issued directly: production refuses loginSiteUser without a captcha secret.
  const { token: memberToken } = await issueMemberSession(store.db, app.api.services, TENANT, memberId);
  const ready: Ready = {
    apiUrl: `${apiUrl}/graphql`, uncachedUrl: `${uncachedUrl}/graphql`, bareUrl: `${bareUrl}/bare`, contentId: row.id, contentPath: `/${row.alias}/${row.id}/${row.slug}`, docs, memberToken,
  };
  // 'stop' ends the process normally, so --cpu-prof writes its profile.
  process.on('message', (m) => {
    if (m === 'cpu') process.send?.({ cpu: process.cpuUsage() });
    if (m === 'stop') void Promise.all([app.close(), uncached.close(), bare.close()]).then(() => process.exit(0));
  });
  process.send?.(ready);
}

interface Figures {
  requestsPerSecond: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number; requests: number;
  /** The server's CPU time (user + system) per answered request: steadier than req/s on a shared machine. */
  serverCpuUsPerRequest?: number;
}

/** The server process's CPU time so far (µs), asked over IPC. */
function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((ok) => {
    const on = (m: unknown) => {
      const cpu = (m as { cpu?: NodeJS.CpuUsage }).cpu;
      if (!cpu) return;
      child.off('message', on);
      ok(cpu.user + cpu.system);
    };
    child.on('message', on);
    child.send('cpu');
  });
}

function run(url: string, body: string, seconds: number, connections: number, memberToken?: string): Promise<Figures> {
  return new Promise((ok, fail) => {
    autocannon({
      url, method: 'POST', connections, duration: seconds, body,
      headers: { 'content-type': 'application/json', 'x-tenant-key': TENANT, ...(memberToken ? { 'x-site-user': `Bearer ${memberToken}` } : {}) },
    }, (err, r) => {
      if (err) return fail(err);
      ok({
        requestsPerSecond: Math.round(r.requests.average), p50Ms: r.latency.p50, p99Ms: r.latency.p99,
        errors: r.errors + r.timeouts, non2xx: r.non2xx, requests: r.requests.total,
      });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const runs = Number(arg('runs', '3'));
  const seconds = Number(arg('duration', '10'));
  const connections = Number(arg('connections', '50'));
  const fixtures = resolve(arg('fixtures', join(ROOT, 'fixtures/demo')));
  const only = arg('only', '');
  const readers = Number(arg('readers', String(SERVE_READERS)));
  const profile = process.argv.includes('--cpu-prof');
  const loadAtStart = loadavg().map((n) => Math.round(n * 100) / 100);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const execArgv = ['--import', 'tsx', ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${join(ROOT, 'bench/results')}`] : [])];
  // NODE_ENV as `masthead serve` runs (bin/masthead.js defaults it to production): graphql-js and
  // React skip their development checks.
  const child: ChildProcess = fork(HERE, ['--serve', fixtures, String(readers)], {
    execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  });
  try {
    const ready = await new Promise<Ready>((ok, fail) => {
      child.once('message', (m) => ok(m as Ready));
      child.once('exit', (code) => fail(new Error(`server exited with ${code}`)));
    });
    const page = JSON.stringify({ query: ready.docs.getWebsiteLayoutPage, variables: { alias: ready.contentPath } });
    const content = JSON.stringify({ query: ready.docs.getContent, variables: { id: ready.contentId } });
    const gated = JSON.stringify({ query: ready.docs.getGatedContent, variables: { id: ready.contentId } });
    const member = ready.memberToken;
    const all: { name: string; url: string; body: string; member?: string }[] = [
      { name: 'getWebsiteLayoutPage', url: ready.apiUrl, body: page },
      { name: 'getContent', url: ready.apiUrl, body: content },
      { name: 'getWebsiteLayoutPage (no answer cache)', url: ready.uncachedUrl, body: page },
      { name: 'getContent (no answer cache)', url: ready.uncachedUrl, body: content },
      { name: 'getContent (signed-in member)', url: ready.apiUrl, body: content, member },
      { name: 'getGatedContent (signed-in member)', url: ready.apiUrl, body: gated, member },
      { name: 'bare Fastify route', url: ready.bareUrl, body: '{}' },
    ];
    const targets = all.filter((t) => t.name.includes(only));
    const results: Record<string, Figures[]> = {};
    for (const t of targets) {
      const warm = await run(t.url, t.body, 2, connections, t.member); // warm-up
      if (warm.non2xx === warm.requests) throw new Error(`${t.name}: every request failed`);
      results[t.name] = [];
      for (let i = 0; i < runs; i++) {
        const before = await serverCpu(child);
        const r = await run(t.url, t.body, seconds, connections, t.member);
        r.serverCpuUsPerRequest = Math.round((await serverCpu(child) - before) / Math.max(1, r.requests));
        results[t.name]!.push(r);
      }
    }
    const summary = Object.fromEntries(Object.entries(results).map(([name, rs]) => [name, {
      requestsPerSecond: median(rs.map((r) => r.requestsPerSecond)), p99Ms: median(rs.map((r) => r.p99Ms)), p50Ms: median(rs.map((r) => r.p50Ms)),
      serverCpuUsPerRequest: median(rs.map((r) => r.serverCpuUsPerRequest ?? 0)),
      errors: rs.reduce((n, r) => n + r.errors, 0), non2xx: rs.reduce((n, r) => n + r.non2xx, 0), runs: rs,
    }]));
    const report = {
      date: new Date().toISOString(), node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model, loadAverageAtStart: loadAtStart,
      connections, durationSeconds: seconds, runs, fixtures, sqliteReaders: readers, tenant: TENANT, contentId: ready.contentId, contentPath: ready.contentPath,
      target: { requestsPerSecond: 5000, p99Ms: 20 }, results: summary,
    };
    const file = join(ROOT, 'bench/results', `api-${report.date.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`API on loopback, ${connections} connections, ${readers} SQLite readers, ${seconds} s × ${runs} runs (median), ${report.cpus} CPUs, load average ${loadAtStart.join(' ')}, node ${process.version}\n`);
    for (const [name, s] of Object.entries(summary)) {
      process.stdout.write(`  ${name.padEnd(40)} ${String(s.requestsPerSecond).padStart(7)} req/s   p50 ${String(s.p50Ms).padStart(3)} ms   p99 ${String(s.p99Ms).padStart(3)} ms   server CPU ${String(s.serverCpuUsPerRequest).padStart(4)} µs/req${s.errors || s.non2xx ? `   (${s.errors} errors, ${s.non2xx} non-2xx)` : ''}\n`);
    }
    process.stdout.write(`wrote ${file}\n`);
  } finally {
    if (profile && child.exitCode === null) {
      child.send('stop');
      await new Promise((ok) => child.once('exit', ok));
      process.stdout.write('CPU profile of the server written to bench/results/*.cpuprofile\n');
    } else child.kill();
  }
}

if (process.argv.includes('--serve')) {
  serve(process.argv[process.argv.indexOf('--serve') + 1]!, Number(process.argv[process.argv.indexOf('--serve') + 2] ?? 0)).catch((e: unknown) => { console.error(e); process.exit(1); });
} else {
  main().catch((e: unknown) => { console.error(e); process.exit(1); });
}
