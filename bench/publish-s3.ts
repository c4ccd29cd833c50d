// Benchmark of edit → live through a bucket beside a local folder: on a generated corpus, the time
// from an edit (an article retitled in the database) until `masthead build` has finished, (a)
// into a local --out, (b) into --out s3://… on s3rver (tests/helpers/s3-server.ts, on 127.0.0.1),
// which includes the upload of the changed objects and latest.json. Each measured run is a whole
// CLI process (start included), as a deploy script runs it. Prints p50/p95 and the objects each
// edit uploaded, and saves bench/results/publish-s3-<timestamp>.json.
//
//   npx tsx bench/publish-s3.ts [--items 2000] [--edits 10] [--corpus /tmp/c]
//
// `masthead serve`'s own rebuilds (bench:rebuild) do not publish to a bucket yet (issue 39).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateFixtures } from '../engine/fixtures/generate';
import { seedFixtures } from '../engine/fixtures/seed';
import { openStore } from '../engine/store/connection';
import { startS3Server } from '../tests/helpers/s3-server';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'masthead.js');
const TENANT = 'scale1';

function run(argv: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [BIN, ...argv], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.on('close', (code) => (code === 0 ? ok(out) : fail(new Error(`masthead ${argv.join(' ')} exited ${code}`))));
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};

async function main() {
  const { values } = parseArgs({ options: { items: { type: 'string', default: '2000' }, edits: { type: 'string', default: '10' }, corpus: { type: 'string' } } });
  const items = Number(values.items);
  const edits = Number(values.edits);
  const dir = values.corpus ? resolve(values.corpus) : mkdtempSync(join(tmpdir(), 'masthead-bench-s3-'));
  mkdirSync(dir, { recursive: true });
  const db = join(dir, 'db.sqlite');
  if (!existsSync(db)) {
    await generateFixtures({ items, tenants: 1, seed: 1, out: join(dir, 'fixtures') });
    const store = await openStore({ path: db });
    try { await seedFixtures(store, join(dir, 'fixtures')); } finally { await store.close(); }
  }
  const s3 = await startS3Server(['bench-sites']);
  const targets = { local: { out: join(dir, 'out'), env: {} }, s3: { out: 's3://bench-sites/prod', env: { ...s3.env, MASTHEAD_S3_STAGING: join(dir, 's3-staging') } } };
  const common = ['--db', db, '--json', 'build', '--tenant', TENANT, '--origin-template', 'https://{key}.example.com', '--no-precompress'];
  const store = await openStore({ path: db });
  const ids = (await store.all<{ id: number }>(
    "SELECT id FROM content WHERE tenant_key = ? AND status = 1 AND type IN ('Article', 'News') AND start_date IS NULL AND end_date IS NULL ORDER BY id LIMIT ?", [TENANT, edits])).map((r) => r.id);
  const result: Record<string, unknown> = { items, edits: ids.length, cpus: cpus().length, node: process.version };
  try {
    for (const [name, t] of Object.entries(targets)) {
      let started = performance.now();
      const initial = JSON.parse(await run([...common, '--out', t.out], t.env)) as { pages: number; published?: { uploaded: number } };
      const initialMs = Math.round(performance.now() - started);
      process.stderr.write(`${name}: initial build ${initial.pages} pages in ${initialMs} ms${initial.published ? `, ${initial.published.uploaded} objects uploaded` : ''}\n`);
      const ms: number[] = [];
      const uploaded: number[] = [];
      for (const [i, id] of ids.entries()) {
        await store.run('UPDATE content SET name = ?, updated_at = ? WHERE id = ?', [`Retitled for the ${name} bench ${i} ${Date.now()}`, Date.now(), id]);
        started = performance.now();
        const r = JSON.parse(await run([...common, '--out', t.out], t.env)) as { published?: { uploaded: number } };
        ms.push(Math.round(performance.now() - started));
        if (r.published) uploaded.push(r.published.uploaded);
      }
      result[name] = { initialMs, initialPages: initial.pages, initialUploaded: initial.published?.uploaded, editMs: ms, p50: pct(ms, 50), p95: pct(ms, 95), uploadedPerEdit: uploaded };
      process.stderr.write(`${name}: edit → live p50 ${pct(ms, 50)} ms, p95 ${pct(ms, 95)} ms${uploaded.length ? `; objects uploaded per edit ${uploaded.join(', ')}` : ''}\n`);
    }
  } finally {
    await store.close();
    await s3.close();
  }
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  const file = join(ROOT, 'bench', 'results', `publish-s3-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
