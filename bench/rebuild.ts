// Benchmark of edit-to-live latency: with `masthead serve` running on a generated install, the time
// from an API mutation's answer until builds/latest.json names a build that contains the change,
// for (a) retitling one article, (b) publishing a new article into a section scheduled on home,
// (c) unpublishing one. Prints and saves bench/results/rebuild-<timestamp>.json with p50/p95, and
// how long each save took to be answered (a background phase must not slow the next save down).
//
//   npm run bench:rebuild -- --items 20000 [--edits 20] [--warmup 2] [--tenants 3] [--corpus /tmp/c] [--port 4710] [--db postgres://…] [--gap 0] [--out s3://bench-sites/prod]
//
// --warmup edits of each kind run first and are reported apart (warmupMs): the first edits after a
// start compile the render path (JIT) and are not what an editor sees during a working day.
// --gap waits that many ms after each edit went live before the next one (default 0: back to back,
// so an edit may wait for the previous one's second phase; a gap shows an edit on an idle server).
//
// --db postgres://… seeds (when empty) and serves that PostgreSQL database instead of the corpus's
// SQLite file (bench:scale compares the two).
// --out s3://bucket/prefix serves with that out against s3rver started here on 127.0.0.1
// (tests/helpers/s3-server.ts): an edit is live once the bucket's latest.json names a new build and
// the bucket's objects show the change (each rebuild uploads inside the rebuild, before it is done).
// --corpus keeps the generated fixtures, database and build output there and reuses them.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateFixtures } from '../engine/fixtures/generate';
import { seedFixtures } from '../engine/fixtures/seed';
import { openStore } from '../engine/store/connection';
import { parseS3Url } from '../cli/config/storage';
import { startS3Server, type S3TestServer } from '../tests/helpers/s3-server';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'masthead.js');
const TENANT = 'scale1';

function args() {
  const { values } = parseArgs({
    options: {
      items: { type: 'string', default: '20000' }, tenants: { type: 'string', default: '3' }, edits: { type: 'string', default: '20' },
      corpus: { type: 'string' }, port: { type: 'string', default: '4710' }, db: { type: 'string' }, gap: { type: 'string', default: '0' }, warmup: { type: 'string', default: '2' }, out: { type: 'string' },
    },
  });
  const int = (name: string, v: string | undefined, min: number) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min} (got "${v}")`);
    return n;
  };
  const bucket = values.out ? parseS3Url(values.out) : null;
  if (values.out && !bucket) throw new Error(`--out must be s3://bucket/prefix (got "${values.out}"); without it the corpus's out folder is used`);
  return {
    bucket, s3Out: values.out,
    items: int('items', values.items, 1), tenants: int('tenants', values.tenants, 1), edits: int('edits', values.edits, 1),
    port: int('port', values.port, 1024), gap: int('gap', values.gap, 0), warmup: int('warmup', values.warmup, 0), corpus: values.corpus ? resolve(values.corpus) : undefined, db: values.db,
  };
}

/** The s3rver settings (AWS_*, MASTHEAD_S3_STAGING) for the CLI with --out s3://…; empty otherwise. */
let childEnv: Record<string, string> = {};

function run(argv: string[]): Promise<string> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [BIN, ...argv], { cwd: ROOT, env: { ...process.env, ...childEnv }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.on('close', (code) => (code === 0 ? ok(out) : fail(new Error(`masthead ${argv.join(' ')} exited ${code}`))));
  });
}

async function prepare(dir: string, items: number, tenants: number, url?: string): Promise<string> {
  if (url) {
    // A PostgreSQL database: seeded from the corpus's fixtures unless it holds content already.
    if (!existsSync(join(dir, 'fixtures'))) await generateFixtures({ items, tenants, seed: 1, out: join(dir, 'fixtures') });
    const store = await openStore({ path: url });
    try {
      const [row] = await store.all<{ n: number }>('SELECT count(*) AS n FROM content');
      if (!row?.n) await seedFixtures(store, join(dir, 'fixtures'));
    } finally { await store.close(); }
    return url;
  }
  const db = join(dir, 'db.sqlite');
  const marker = join(dir, `ready-${items}-${tenants}`);
  if (existsSync(marker) && existsSync(db)) return db;
  await generateFixtures({ items, tenants, seed: 1, out: join(dir, 'fixtures') });
  const store = await openStore({ path: db });
  try { await seedFixtures(store, join(dir, 'fixtures')); } finally { await store.close(); }
  writeFileSync(marker, new Date().toISOString());
  return db;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};

async function main() {
  const o = args();
  const dir = o.corpus ?? mkdtempSync(join(tmpdir(), 'masthead-bench-rebuild-'));
  mkdirSync(dir, { recursive: true });
  process.stderr.write(`corpus ${dir}\n`);
  const db = await prepare(dir, o.items, o.tenants, o.db);
  let s3: S3TestServer | null = null;
  if (o.bucket) {
    s3 = await startS3Server([o.bucket.bucket]);
    childEnv = { ...s3.env, MASTHEAD_S3_STAGING: join(dir, 's3-staging') };
  }
  const out = o.s3Out ?? join(dir, o.db ? 'out-pg' : 'out');
  const originTemplate = `http://{key}.localhost:${o.port}`;
  process.stderr.write(`initial build (incremental when the corpus was built before${s3 ? '; a whole upload to a new s3rver' : ''})…\n`);
  await run(['--db', db, '--json', 'build', '--out', out, '--origin-template', originTemplate, ...(s3 ? ['--no-precompress'] : [])]);

  const store = await openStore({ path: db });
  const [home] = await store.all<{ id: number }>("SELECT id FROM website_sections WHERE tenant_key = ? AND alias = 'home'", [TENANT]);
  const sections = await store.all<{ id: number }>("SELECT id FROM website_sections WHERE tenant_key = ? AND alias <> 'home' AND status = 1 ORDER BY id", [TENANT]);
  const live = await store.all<{ id: number }>(
    "SELECT id FROM content WHERE tenant_key = ? AND status = 1 AND type IN ('Article', 'News', 'Blog') AND start_date IS NULL AND end_date IS NULL ORDER BY id LIMIT ?",
    [TENANT, (o.warmup + o.edits) * 2]);
  await store.close();

  // MASTHEAD_BENCH_SERVE_NODE_ARGS: node options for the server only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/p"; the profile is written when it stops).
  const nodeArgs = (process.env.MASTHEAD_BENCH_SERVE_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const serve: ChildProcess = spawn(process.execPath, [...nodeArgs, BIN, '--db', db, 'serve', '--port', String(o.port), '--out', out, '--no-admin', '--mode', 'development'], {
    cwd: ROOT, env: { ...process.env, ...childEnv }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A serve that exits (its port taken, say) must stop the run: otherwise whatever else answers on the port is measured.
  let exited: number | null = null;
  serve.once('exit', (code) => { exited = code ?? -1; });
  const base = `http://127.0.0.1:${o.port}`;
  // What a reader gets: the local output folder's files, or the bucket's objects.
  const read = async (rel: string): Promise<string | null> => {
    if (!s3 || !o.bucket) { try { return readFileSync(join(out, TENANT, rel), 'utf8'); } catch { return null; } }
    try { return (await s3.get(o.bucket.bucket, `${o.bucket.prefix ? `${o.bucket.prefix}/` : ''}${TENANT}/${rel}`)).body.toString(); } catch { return null; }
  };
  const latest = async () => { try { return (JSON.parse((await read('builds/latest.json')) ?? '') as { id: string }).id; } catch { return null; } };
  try {
    for (let i = 0; ; i++) {
      if (exited !== null) throw new Error(`serve exited (${exited}) before it answered on port ${o.port}`);
      try { if ((await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', host: `${TENANT}.localhost` }, body: '{"query":"{ apiInfo { mode } }"}' })).ok) break; } catch { /* not yet */ }
      if (i > 600) throw new Error('serve did not start');
      await sleep(100);
    }
    const gql = async (query: string, variables: Record<string, unknown>, token?: string) => {
      const r = await fetch(`${base}/graphql`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-tenant-key': TENANT, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const body = await r.json() as { data?: Record<string, any>; errors?: { message: string }[] };
      if (body.errors?.length) throw new Error(body.errors[0]!.message);
      return body.data!;
    };
    const login = await gql('mutation($u: String, $p: String) { loginCmsUser(username: $u, password: $p) { bearerToken } }', { u: 'scale-admin', p: 'scale-fixtures-admin-2026' });
    const token = login.loginCmsUser.bearerToken as string;
    // serve loads each tenant's index in the background at start; let it finish first.
    await sleep(5000);
    const file = (path: string) => `${path.replace(/^\/+|\/+$/g, '')}/index.html`;

    /** Runs a mutation, then waits until latest.json names a new build in which `check` holds. */
    /** Per edit kind, how long the save took to be answered (live time is counted from the answer). */
    const saves: Record<string, number[]> = { retitle: [], publish: [], unpublish: [] };
    let kind = 'retitle';
    const measure = async (mutate: () => Promise<unknown>, check: (r: any) => Promise<boolean>): Promise<number> => {
      const before = await latest();
      const sent = performance.now();
      const result = await mutate();
      const answered = performance.now();
      saves[kind]!.push(answered - sent);
      for (;;) {
        const id = await latest();
        if (id && id !== before && (await check(result))) {
          const ms = performance.now() - answered;
          if (o.gap) await sleep(o.gap);
          return ms;
        }
        if (performance.now() - answered > 120_000) throw new Error('the change did not go live within 120 s');
        await sleep(s3 ? 10 : 2);
      }
    };

    const results: Record<string, number[]> = { retitle: [], publish: [], unpublish: [] };
    const fields = 'id name canonicalPath status';
    const total = o.warmup + o.edits;
    for (let i = 0; i < total; i++) {
      const id = live[i]!.id;
      const name = `Retitled for the benchmark ${i} ${Date.now()}`;
      kind = 'retitle';
      results.retitle!.push(await measure(
        () => gql(`mutation($id: Int, $input: ContentInput) { updateContent(id: $id, input: $input) { ${fields} } }`, { id, input: { name } }, token),
        async (r) => (await read(file(r.updateContent.canonicalPath)))?.includes(name) ?? false));
      const section = sections[i % sections.length]!.id;
      const title = `Benchmark story ${i} ${Date.now()}`;
      kind = 'publish';
      results.publish!.push(await measure(
        () => gql(`mutation($input: ContentInput) { createContent(input: $input) { ${fields} } }`, {
          input: {
            type: 'News', name: title, teaser: 'Published by the rebuild benchmark.', body: '<p>Benchmark body.</p>', status: 1,
            published: new Date().toISOString(), primarySectionId: section,
            schedules: [{ sectionId: section, option: 'Standard' }, { sectionId: home!.id, option: 'Featured' }],
          },
        }, token),
        async (r) => ((await read(file(r.createContent.canonicalPath)))?.includes(title) ?? false) && ((await read('index.html'))?.includes(r.createContent.canonicalPath) ?? false)));
      const gone = live[total + i]!.id;
      let path = '';
      kind = 'unpublish';
      results.unpublish!.push(await measure(
        async () => { const r = await gql(`mutation($id: Int, $input: ContentInput) { updateContent(id: $id, input: $input) { ${fields} } }`, { id: gone, input: { status: 2 } }, token); path = r.updateContent.canonicalPath; return r; },
        // Gone: no object, or an empty redirect object in its place (s3.ts redirectObjects).
        async () => !(await read(file(path)))));
      process.stderr.write(`\redits ${i + 1}/${total}${i < o.warmup ? ' (warm-up)' : ''}`);
    }
    process.stderr.write('\n');
    const summary = Object.fromEntries(Object.entries(results).map(([k, all]) => {
      const xs = all.slice(o.warmup);
      const sv = saves[k]!.slice(o.warmup);
      return [k, {
        n: xs.length, p50Ms: Math.round(pct(xs, 50)), p95Ms: Math.round(pct(xs, 95)), maxMs: Math.round(Math.max(...xs)), samplesMs: xs.map((x) => Math.round(x)),
        warmupMs: all.slice(0, o.warmup).map((x) => Math.round(x)),
        save: { p50Ms: Math.round(pct(sv, 50)), p95Ms: Math.round(pct(sv, 95)), maxMs: Math.round(Math.max(...sv)) },
      }];
    }));
    const report = {
      at: new Date().toISOString(), items: o.items, tenants: o.tenants, edits: o.edits, warmup: o.warmup, tenant: TENANT, database: o.db ? 'postgres' : 'sqlite', out: s3 ? o.s3Out : 'local folder',
      cpus: cpus().length, loadAverage: loadavg(), gapMs: o.gap, targetP95Ms: 100, results: summary,
    };
    const dirOut = join(ROOT, 'bench', 'results');
    mkdirSync(dirOut, { recursive: true });
    const saved = join(dirOut, `rebuild-${report.at.replace(/[:.]/g, '-')}.json`);
    writeFileSync(saved, `${JSON.stringify(report, null, 2)}\n`);
    for (const [k, v] of Object.entries(summary)) process.stdout.write(`${k.padEnd(10)} p50 ${v.p50Ms} ms  p95 ${v.p95Ms} ms  max ${v.maxMs} ms  (${v.n} edits after ${v.warmupMs.length} warm-up: ${v.warmupMs.join(', ')} ms; the save itself answered in p50 ${v.save.p50Ms} ms, p95 ${v.save.p95Ms} ms)\n`);
    process.stdout.write(`saved ${saved}\n`);
  } finally {
    serve.kill('SIGTERM');
    if (exited === null) await new Promise((r) => serve.once('exit', r));
    await s3?.close();
  }
}

main().catch((e: unknown) => { process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`); process.exit(1); });
