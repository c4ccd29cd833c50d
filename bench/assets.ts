// Benchmark of the media library (issue 16), two parts:
// 1. derivative generation: ingests N distinct photo-like JPEGs (default 12, 2400×1600,
//    BENCH_ASSETS_N / BENCH_ASSETS_WIDTH) through engine/assets/ingest into a temporary folder —
//    each makes 3 widths × AVIF, WebP and JPEG — and prints the median (p50), p95 and min per asset;
// 2. a cold build of --items (default 20,000) over --tenants (3) as today, and the same corpus with
//    every shown image uploaded with derivatives (bench/assets-build.ts); the build with images must
//    stay within 10% of today's (exit code 1 otherwise). --runs alternates the two; --skip-build
//    runs part 1 only; --dir keeps the corpus there and reuses it.
// Writes bench/results/assets-<timestamp>.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ingestImage } from '../engine/assets/ingest';
import { compareColdBuilds, photo as photoOf, type BuildComparison } from './assets-build';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const N = Number(process.env.BENCH_ASSETS_N ?? 12);
const WIDTH = Number(process.env.BENCH_ASSETS_WIDTH ?? 2400);
const HEIGHT = Math.round((WIDTH * 2) / 3);

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  const r = (x: number) => Math.round(x * 10) / 10;
  return { median: r(at(0.5)), p95: r(at(0.95)), min: r(s[0]!), max: r(s[s.length - 1]!), n: s.length };
}

const photo = (seed: number) => photoOf(seed, WIDTH, HEIGHT);

function options() {
  const { values } = parseArgs({
    options: {
      items: { type: 'string', default: '20000' }, tenants: { type: 'string', default: '3' }, runs: { type: 'string', default: '1' },
      dir: { type: 'string' }, 'skip-build': { type: 'boolean', default: false },
    },
  });
  const int = (name: string, v: string | undefined) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number ≥ 1 (got "${v}")`);
    return n;
  };
  return {
    items: int('items', values.items), tenants: int('tenants', values.tenants), runs: int('runs', values.runs),
    dir: values.dir ? resolve(values.dir) : undefined, skipBuild: values['skip-build'] === true,
  };
}

async function main() {
  const opts = options();
  const loadBefore = loadavg();
  const root = await mkdtemp(join(tmpdir(), 'mh-bench-assets-'));
  const times: number[] = [];
  let bytesIn = 0;
  let bytesOut = 0;
  try {
    for (let i = 0; i < N; i += 1) {
      const bytes = await photo(i + 1);
      const t0 = performance.now();
      const asset = await ingestImage(root, 'bench', bytes, { maxBytes: 25 * 1024 * 1024 });
      times.push(performance.now() - t0);
      bytesIn += bytes.byteLength;
      bytesOut += asset.derivatives.reduce((a, d) => a + d.bytes, 0);
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  const perAssetMs = stats(times);
  console.log(`derivatives of ${N} ${WIDTH}×${HEIGHT} JPEGs: median ${perAssetMs.median} ms per asset (p95 ${perAssetMs.p95}, min ${perAssetMs.min}) — `
    + `${Math.round(bytesIn / N / 1024)} KB in, ${Math.round(bytesOut / N / 1024)} KB of 9 derivatives out (load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} CPUs)`);
  let build: BuildComparison | null = null;
  if (!opts.skipBuild) {
    const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'mh-bench-assets-build-'));
    try {
      build = await compareColdBuilds({ root: ROOT, dir, items: opts.items, tenants: opts.tenants, runs: opts.runs, log: (l) => console.log(l) });
    } finally {
      if (!opts.dir) rmSync(dir, { recursive: true, force: true });
    }
    console.log(`cold build with images: ${(build.medianMs.withImages / 1000).toFixed(2)} s vs today's ${(build.medianMs.today / 1000).toFixed(2)} s `
      + `(×${build.ratio}) — ${build.withinTenPercent ? 'within' : 'NOT within'} 10%; CPU ${(build.medianCpuMs.withImages / 1000).toFixed(1)} s vs ${(build.medianCpuMs.today / 1000).toFixed(1)} s (×${build.cpuRatio})`);
    if (!build.withinTenPercent) process.exitCode = 1;
  }
  const report = {
    date: new Date().toISOString(), assets: N, sourceSize: `${WIDTH}x${HEIGHT}`, derivativesPerAsset: 9,
    perAssetMs, meanSourceKB: Math.round(bytesIn / N / 1024), meanDerivativesKB: Math.round(bytesOut / N / 1024),
    cpus: cpus().length, loadAverageBefore: loadBefore, loadAverageAfter: loadavg(), build,
  };
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const file = join(ROOT, 'bench/results', `assets-${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(file);
}

await main();
