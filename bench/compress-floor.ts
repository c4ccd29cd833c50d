// Precompression floor: how long it takes only to compress what a full build writes, spread over
// the machine's cores, with nothing rendered or written. A cold build cannot be faster than this
// (plus everything else it does), so it bounds what `bench:peer` can show against Hugo, which
// writes no .br or .gz at all.
//
//   npm run bench:compress -- --dir /dev/shm/out             (a folder a `masthead build --full --out` wrote)
//   npm run bench:compress -- --items 20000 --corpus /tmp/c  (builds the benchmark corpus first, on tmpfs)
//   [--procs 2] [--rounds 3]
//
// Every file the build precompresses (compress.ts: HTML, CSS, JS, XML and JSON over 1 KB, in the
// published build folders) is read into memory by one of `--procs` child processes, then each
// child compresses its share: with the build's own settings (compressedSiblings: brotli 2 +
// gzip 1), and with the cheapest levels zlib has (brotli 0 + gzip 1) as the absolute floor.
// Wall is the slowest child's (they start together); CPU is the children's sum. Prints and saves
// bench/results/compress-floor-<timestamp>.json.
import { fork, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESS_MIN_BYTES, compressedSiblings, compressible } from '../engine/build/stages/compress';
import { median, prepareCorpus } from './corpus';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SELF = fileURLToPath(import.meta.url);

export type Mode = 'build' | 'cheapest';
interface ChildResult { files: number; bytes: number; out: Record<Mode, { wallMs: number; cpuMs: number; bytes: number }> }

const cheapest = (buf: Buffer): Buffer[] => [
  brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 0, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }),
  gzipSync(buf, { level: 1 }),
];

function runChild(list: string[]): ChildResult {
  const files = list.map((f) => ({ rel: f, buf: readFileSync(f) }));
  const result: ChildResult = { files: files.length, bytes: files.reduce((n, f) => n + f.buf.length, 0), out: {} as ChildResult['out'] };
  for (const mode of ['build', 'cheapest'] as const) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    let bytes = 0;
    for (const f of files) {
      const bodies = mode === 'build' ? compressedSiblings(f.rel, f.buf).map(([, b]) => b) : cheapest(f.buf);
      for (const b of bodies) bytes += b.length;
    }
    const cpu = process.cpuUsage(cpu0);
    result.out[mode] = { wallMs: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000, bytes };
  }
  return result;
}

/** The files a build precompresses, under the published build folders of `dir`. */
function precompressed(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile() || !compressible(e.name)) continue;
    const path = join(e.parentPath, e.name);
    if (statSync(path).size > COMPRESS_MIN_BYTES) out.push(path);
  }
  return out;
}

function child(list: string[]): Promise<ChildResult> {
  return new Promise((ok, fail) => {
    const c = fork(SELF, ['--child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    c.on('message', (m) => ok(m as ChildResult));
    c.on('error', fail);
    c.on('exit', (code) => { if (code) fail(new Error(`compress child exited with ${code}`)); });
    c.send(list);
  });
}

export interface FloorReport {
  dir: string; procs: number; rounds: number; files: number; inputMb: number;
  median: Record<Mode, { wallMs: number; cpuMs: number; compressedMb: number }>;
  runs: { wallMs: Record<Mode, number>; cpuMs: Record<Mode, number>; bytes: Record<Mode, number>; inBytes: number }[];
}

/** Times the precompression of what a build wrote under `dir`, in `procs` processes, `rounds` times. */
export async function compressFloor(dir: string, procs: number, rounds: number, log: (line: string) => void = () => {}): Promise<FloorReport> {
  const files = precompressed(dir);
  if (!files.length) throw new Error(`No file to precompress under ${dir}: point --dir at a folder \`masthead build --full --out\` wrote`);
  const shares = Array.from({ length: procs }, (_, i) => files.filter((_, n) => n % procs === i));
  const runs: FloorReport['runs'] = [];
  for (let r = 0; r < rounds; r++) {
    const results = await Promise.all(shares.map(child));
    const sum = (f: (c: ChildResult) => number) => results.reduce((n, c) => n + f(c), 0);
    const max = (f: (c: ChildResult) => number) => Math.max(...results.map(f));
    const run = {
      wallMs: { build: max((c) => c.out.build.wallMs), cheapest: max((c) => c.out.cheapest.wallMs) },
      cpuMs: { build: sum((c) => c.out.build.cpuMs), cheapest: sum((c) => c.out.cheapest.cpuMs) },
      bytes: { build: sum((c) => c.out.build.bytes), cheapest: sum((c) => c.out.cheapest.bytes) },
      inBytes: sum((c) => c.bytes),
    };
    runs.push(run);
    log(`precompression round ${r + 1}/${rounds}: build settings ${(run.wallMs.build / 1000).toFixed(2)} s wall, ${(run.cpuMs.build / 1000).toFixed(1)} s CPU; cheapest ${(run.wallMs.cheapest / 1000).toFixed(2)} s wall`);
  }
  const median_ = (m: Mode) => ({
    wallMs: median(runs.map((r) => Math.round(r.wallMs[m]))), cpuMs: median(runs.map((r) => Math.round(r.cpuMs[m]))),
    compressedMb: Math.round(runs[0]!.bytes[m] / 1024 / 1024 * 10) / 10,
  });
  return {
    dir, procs, rounds, files: files.length, inputMb: Math.round(runs[0]!.inBytes / 1024 / 1024 * 10) / 10,
    median: { build: median_('build'), cheapest: median_('cheapest') }, runs,
  };
}

/** "7.15 s wall, 11.1 s CPU → 477.7 MB" for one mode of a report. */
export function floorLine(r: FloorReport, m: Mode): string {
  return `${(r.median[m].wallMs / 1000).toFixed(2)} s wall, ${(r.median[m].cpuMs / 1000).toFixed(1)} s CPU → ${r.median[m].compressedMb} MB`;
}

async function main() {
  if (process.argv.includes('--child')) {
    process.once('message', (list) => { process.send!(runChild(list as string[]), () => process.exit(0)); });
    return;
  }
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' }, items: { type: 'string', default: '20000' }, corpus: { type: 'string' },
      procs: { type: 'string', default: String(cpus().length) }, rounds: { type: 'string', default: '3' },
    },
  });
  const procs = Number(values.procs);
  const rounds = Number(values.rounds);
  if (!Number.isInteger(procs) || procs < 1) throw new Error(`--procs must be a whole number ≥ 1 (got "${values.procs}")`);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a whole number ≥ 1 (got "${values.rounds}")`);
  let dir = values.dir ? resolve(values.dir) : '';
  let built = false;
  if (!dir) {
    const items = Number(values.items);
    const corpusDir = values.corpus ? resolve(values.corpus) : mkdtempSync(join(tmpdir(), 'masthead-compress-'));
    mkdirSync(corpusDir, { recursive: true });
    const corpus = await prepareCorpus(corpusDir, items, 3, 1);
    dir = mkdtempSync(join('/dev/shm', 'masthead-compress-out-'));
    built = true;
    process.stderr.write(`building ${items} items into ${dir}…\n`);
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'masthead.js'), '--db', corpus.db, 'build', '--full', '--out', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`masthead build exited with ${r.status}`);
  }
  try {
    const floor = await compressFloor(dir, procs, rounds, (l) => process.stderr.write(`${l}\n`));
    const report = { at: new Date().toISOString(), loadAverage: loadavg(), ...floor };
    process.stdout.write(`${floor.files.toLocaleString('en-US')} files, ${floor.inputMb} MB, ${procs} processes, median of ${rounds}:\n`
      + `  build settings (brotli 2 + gzip 1): ${floorLine(floor, 'build')}\n  cheapest (brotli 0 + gzip 1):       ${floorLine(floor, 'cheapest')}\n`);
    const resultsDir = join(ROOT, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `compress-floor-${report.at.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`saved ${file}\n`);
  } finally {
    if (built) rmSync(dir, { recursive: true, force: true });
  }
}

// Run as a script (or as a child of one); imported (bench:peer), only the functions above.
if (process.argv.includes('--child') || (process.argv[1] && resolve(process.argv[1]) === SELF)) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
