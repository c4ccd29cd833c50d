// Benchmark of a cold site build: generates a corpus with the fixture generator, seeds it into a
// temporary SQLite file, then runs `masthead build` in a fresh process (cold: new process, empty
// output folder) one or more times. Prints and saves bench/results/build-<timestamp>.json with
// pages written, wall time, pages/s and peak RSS (the build process's own maxRSS).
//
//   npm run bench:build -- --items 20000 [--tenants 3] [--runs 3] [--workers 2] [--corpus /tmp/c] [--out /dev/shm/x] [--keep]
//
// --corpus keeps the generated fixtures and database in that folder and reuses them next time.
// --out puts the build output in another folder (e.g. a tmpfs, to separate disk cost from CPU).
// --keep leaves the runs' output folders in place (they are deleted after the last run otherwise).
//
// Each run starts on a quiet disk: `sync` first writes out what the previous run left in the page
// cache (its write-back would otherwise run beside the next build). A short file-system probe
// (500 folders with one 20 KB file each, in the output folder) is timed before the runs and
// reported: on ext4 without a journal, creating files within minutes of deleting many others is
// several times slower, which inflates every figure; a high probe figure says so.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median, prepareCorpus } from './corpus';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'masthead.js');

interface RunResult {
  pages: number; files: number; buildWallMs: number; processWallMs: number; pagesPerSecond: number; peakRssMb: number;
  cpuMs: number; cpuUserMs: number; cpuSystemMs: number; loadAverage: number[]; workerModule: string; tenants: unknown;
}

/** Microseconds per folder to create `n` folders holding one 20 KB file each under `dir`. */
function fsProbe(dir: string, n = 500): number {
  mkdirSync(dir, { recursive: true });
  const data = Buffer.alloc(20_000, 120);
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const d = join(dir, String(i));
    mkdirSync(d);
    writeFileSync(join(d, 'index.html'), data);
  }
  return Math.round(((performance.now() - started) * 1000) / n);
}

function parse() {
  const { values } = parseArgs({
    options: {
      items: { type: 'string', default: '20000' }, tenants: { type: 'string', default: '3' }, runs: { type: 'string', default: '1' },
      seed: { type: 'string', default: '1' }, workers: { type: 'string' }, corpus: { type: 'string' }, out: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
  });
  const int = (name: string, v: string | undefined, min: number) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min} (got "${v}")`);
    return n;
  };
  return {
    items: int('items', values.items, 1), tenants: int('tenants', values.tenants, 1), runs: int('runs', values.runs, 1),
    seed: int('seed', values.seed, 0), workers: values.workers === undefined ? undefined : int('workers', values.workers, 1),
    corpus: values.corpus ? resolve(values.corpus) : undefined,
    out: values.out ? resolve(values.out) : undefined,
    keep: values.keep === true,
  };
}

function runBuild(db: string, out: string, workers: number | undefined): Promise<RunResult> {
  const args = [BIN, '--db', db, '--json', 'build', '--out', out, ...(workers ? ['--workers', String(workers)] : [])];
  const started = performance.now();
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.on('error', fail);
    child.on('exit', (code) => {
      const processWallMs = performance.now() - started;
      if (code !== 0) return fail(new Error(`masthead build exited with ${code}`));
      const s = JSON.parse(stdout) as {
        pages: number; files: number; wallMs: number; pagesPerSecond: number; peakRssMb: number; cpuUserMs: number; cpuSystemMs: number;
        workerModule?: string; tenants: { key: string; pages: number; timings: unknown; workerBusyMs: number; stateMs?: number }[];
      };
      ok({
        pages: s.pages, files: s.files, buildWallMs: s.wallMs, processWallMs: Math.round(processWallMs),
        pagesPerSecond: s.pagesPerSecond, peakRssMb: s.peakRssMb, cpuMs: s.cpuUserMs + s.cpuSystemMs,
        cpuUserMs: s.cpuUserMs, cpuSystemMs: s.cpuSystemMs, loadAverage: loadavg(), workerModule: s.workerModule ?? 'unknown',
        tenants: s.tenants.map((t) => ({ key: t.key, pages: t.pages, timings: t.timings, workerBusyMs: t.workerBusyMs, stateMs: t.stateMs })),
      });
    });
  });
}

async function main() {
  const opts = parse();
  const dir = opts.corpus ?? mkdtempSync(join(tmpdir(), 'masthead-bench-'));
  mkdirSync(dir, { recursive: true });
  const corpus = await prepareCorpus(dir, opts.items, opts.tenants, opts.seed);
  const runs: RunResult[] = [];
  const outs: string[] = [];
  const probeDir = join(opts.out ?? dir, `fs-probe-${process.pid}`);
  outs.push(probeDir);
  const fsProbeUs = fsProbe(probeDir);
  process.stdout.write(`file-system probe: ${fsProbeUs} µs per folder with a 20 KB file\n`);
  for (let i = 0; i < opts.runs; i++) {
    spawnSync('sync', { stdio: 'ignore' });
    // A new folder name per run: nothing is deleted right before a run (see below).
    const out = join(opts.out ?? dir, `out-${process.pid}-${i}`);
    rmSync(out, { recursive: true, force: true });
    const r = await runBuild(corpus.db, out, opts.workers);
    runs.push(r);
    outs.push(out);
    process.stdout.write(`run ${i + 1}/${opts.runs}: ${r.pages.toLocaleString('en-US')} pages in ${(r.buildWallMs / 1000).toFixed(2)} s `
      + `(process ${(r.processWallMs / 1000).toFixed(2)} s), ${r.pagesPerSecond.toLocaleString('en-US')} pages/s, peak RSS ${r.peakRssMb} MB, `
      + `CPU ${(r.cpuMs / 1000).toFixed(1)} s (all threads; ${(r.cpuSystemMs / 1000).toFixed(1)} s in the kernel), workers from ${r.workerModule}, `
      + `load average ${r.loadAverage.map((l) => l.toFixed(1)).join(' ')}\n`);
  }
  // Outputs are removed only after the last run. ext4 without a journal (these machines) skips
  // inodes freed in the last 1-5 minutes when it allocates new ones (ialloc.c recently_deleted),
  // so deleting run N's ~120,000 files right before run N+1 made every file creation of the next
  // run scan them: up to 10x the file-system time. A cold build does not follow such a purge.
  // --keep leaves them (to inspect them, or to delete them later, away from the next benchmark).
  if (opts.keep) process.stdout.write(`kept ${outs.join(', ')}\n`);
  else for (const out of outs) rmSync(out, { recursive: true, force: true });
  const report = {
    kind: 'build', at: new Date().toISOString(), items: opts.items, tenants: opts.tenants, seed: opts.seed, workers: opts.workers ?? 'default',
    outputFolder: opts.out ?? dir, loadAverage: loadavg(), fsProbeUsPerFolder: fsProbeUs,
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '', memoryMb: Math.round(totalmem() / 1e6), node: process.version },
    corpus: { reused: corpus.reused, generateMs: Math.round(corpus.generateMs), seedMs: Math.round(corpus.seedMs) },
    runs,
    median: {
      pages: median(runs.map((r) => r.pages)), buildWallMs: median(runs.map((r) => r.buildWallMs)),
      processWallMs: median(runs.map((r) => r.processWallMs)), pagesPerSecond: median(runs.map((r) => r.pagesPerSecond)),
      peakRssMb: median(runs.map((r) => r.peakRssMb)), cpuMs: median(runs.map((r) => r.cpuMs)),
    },
  };
  const resultsDir = join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `build-${report.at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`median of ${runs.length}: ${report.median.pages.toLocaleString('en-US')} pages, build ${(report.median.buildWallMs / 1000).toFixed(2)} s, `
    + `process ${(report.median.processWallMs / 1000).toFixed(2)} s, ${report.median.pagesPerSecond.toLocaleString('en-US')} pages/s, peak RSS ${report.median.peakRssMb} MB, `
    + `CPU ${(report.median.cpuMs / 1000).toFixed(1)} s\n`
    + `saved ${file}\n`);
  if (!opts.corpus && !opts.keep) rmSync(dir, { recursive: true, force: true });
}

main().catch((e: unknown) => {
  process.stderr.write(`bench:build failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
