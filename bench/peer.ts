// Peer benchmark: a cold full build of the benchmark corpus by Masthead beside Hugo building the
// same corpus exported as Hugo sites (bench/hugo-site.ts: one site per tenant, article pages,
// section lists paged by 20, home, RSS and sitemap). The two run alternately, Hugo then Masthead,
// each into a fresh output folder on tmpfs, so both see the same machine at about the same time;
// the ratio Masthead/Hugo of each round is what to quote. Hugo is not installed by this script:
// on Debian or Ubuntu, `sudo apt-get install hugo`.
//
//   npm run bench:peer -- --items 20000 [--tenants 3] [--rounds 3] [--warmup 1] [--corpus /tmp/c] [--out /dev/shm] [--workers 2] [--no-floor]
//
// After the rounds it times the precompression alone of the last Masthead output (bench:compress,
// compress-floor.ts; --no-floor skips it): the .br and .gz Hugo does not write, on all cores.
//
// Every figure is the whole process's, from GNU time (/usr/bin/time): wall, CPU (user + system, all
// threads) and peak RSS. A Hugo round runs `hugo` once per tenant, one after the other: its wall
// and CPU are the sums, its peak RSS the largest. Prints and saves bench/results/peer-<timestamp>.json.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureCliBundle } from '../cli/cli-bundle';
import { compressFloor, floorLine, type FloorReport } from './compress-floor';
import { median, prepareCorpus } from './corpus';
import { exportHugoSites } from './hugo-site';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'masthead.js');
const TIME = '/usr/bin/time';

interface Timed { wallMs: number; cpuMs: number; peakRssMb: number; stdout: string }
interface Round {
  tool: 'hugo' | 'masthead'; wallMs: number; cpuMs: number; peakRssMb: number; pages: number; htmlFiles: number; loadAverage: number[];
  /** Masthead: until every tenant was live (wallMs less the precompression after the publish), and that precompression. */
  publishWallMs?: number; precompressMs?: number; precompressedFiles?: number;
  /** Masthead's own per-tenant stage timings (load, render, emit, publish), to see where a round went. */
  stages?: unknown;
}

function parse() {
  const { values } = parseArgs({
    options: {
      items: { type: 'string', default: '20000' }, tenants: { type: 'string', default: '3' }, rounds: { type: 'string', default: '3' },
      warmup: { type: 'string', default: '1' }, seed: { type: 'string', default: '1' }, workers: { type: 'string' },
      corpus: { type: 'string' }, out: { type: 'string', default: '/dev/shm' }, 'no-floor': { type: 'boolean', default: false },
    },
  });
  const int = (name: string, v: string | undefined, min: number) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min} (got "${v}")`);
    return n;
  };
  return {
    items: int('items', values.items, 1), tenants: int('tenants', values.tenants, 1), rounds: int('rounds', values.rounds, 1),
    warmup: int('warmup', values.warmup, 0), seed: int('seed', values.seed, 0),
    workers: values.workers === undefined ? undefined : int('workers', values.workers, 1),
    corpus: values.corpus ? resolve(values.corpus) : undefined, out: resolve(values.out ?? '/dev/shm'), floor: !values['no-floor'],
  };
}

/** Runs a command under GNU time; rejects when it fails. */
function timed(cmd: string, args: string[], cwd: string): Promise<Timed> {
  const stats = join(tmpdir(), `peer-time-${process.pid}`);
  return new Promise((ok, fail) => {
    const child = spawn(TIME, ['-f', '%e %U %S %M', '-o', stats, cmd, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('error', fail);
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`${cmd} ${args.join(' ')} exited with ${code}\n${stderr.slice(-2000)}`));
      const [e, u, s, m] = readFileSync(stats, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
      rmSync(stats, { force: true });
      ok({ wallMs: Math.round(e! * 1000), cpuMs: Math.round((u! + s!) * 1000), peakRssMb: Math.round(m! / 1024), stdout });
    });
  });
}

function countHtml(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) if (e.isFile() && e.name.endsWith('.html')) n++;
  return n;
}

/** Hugo's own page count from its summary table: pages plus paginator pages. */
function hugoPages(stdout: string): number {
  const row = (label: string) => Number(new RegExp(`^\\s*${label}\\s*\\|\\s*(\\d+)`, 'm').exec(stdout)?.[1] ?? 0);
  return row('Pages') + row('Paginator pages');
}

async function runHugo(sites: { key: string; dir: string }[], out: string): Promise<Omit<Round, 'loadAverage'>> {
  let wallMs = 0;
  let cpuMs = 0;
  let peakRssMb = 0;
  let pages = 0;
  for (const site of sites) {
    const r = await timed('hugo', ['--source', site.dir, '--destination', join(out, site.key), '--cacheDir', join(out, '.hugo-cache')], site.dir);
    wallMs += r.wallMs;
    cpuMs += r.cpuMs;
    peakRssMb = Math.max(peakRssMb, r.peakRssMb);
    pages += hugoPages(r.stdout);
  }
  return { tool: 'hugo', wallMs, cpuMs, peakRssMb, pages, htmlFiles: countHtml(out) };
}

async function runMasthead(db: string, out: string, workers: number | undefined): Promise<Omit<Round, 'loadAverage'>> {
  const args = [BIN, '--db', db, '--json', 'build', '--full', '--out', out, ...(workers ? ['--workers', String(workers)] : [])];
  const r = await timed(process.execPath, args, ROOT);
  const s = JSON.parse(r.stdout) as { pages: number; precompress?: { ms: number; files: number }; tenants?: { key: string; timings?: unknown; workerBusyMs?: number }[] };
  const stages = s.tenants?.map((t) => ({ key: t.key, timings: t.timings, workerBusyMs: t.workerBusyMs }));
  // Live when every tenant is published: the whole process less the precompression that follows the publish.
  const precompressMs = s.precompress?.ms ?? 0;
  return {
    tool: 'masthead', wallMs: r.wallMs, cpuMs: r.cpuMs, peakRssMb: r.peakRssMb, pages: s.pages, htmlFiles: countHtml(out), stages,
    publishWallMs: r.wallMs - precompressMs, precompressMs, precompressedFiles: s.precompress?.files ?? 0,
  };
}

function line(r: Round): string {
  const live = r.publishWallMs !== undefined ? ` (live at ${(r.publishWallMs / 1000).toFixed(2)} s, then ${(r.precompressMs! / 1000).toFixed(2)} s compressing ${r.precompressedFiles!.toLocaleString('en-US')} files)` : '';
  return `${r.tool.padEnd(8)} wall ${(r.wallMs / 1000).toFixed(2)} s${live}, CPU ${(r.cpuMs / 1000).toFixed(1)} s, ${r.pages.toLocaleString('en-US')} pages `
    + `(${r.htmlFiles.toLocaleString('en-US')} HTML files), peak RSS ${r.peakRssMb} MB, load ${r.loadAverage.map((l) => l.toFixed(1)).join(' ')}`;
}

async function main() {
  const opts = parse();
  const hugo = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  if (hugo.error || hugo.status !== 0) {
    throw new Error('Hugo is not installed. This benchmark installs nothing itself: on Debian or Ubuntu run `sudo apt-get install hugo`, then run it again.');
  }
  if (!existsSync(TIME)) throw new Error('GNU time (/usr/bin/time) is missing: `sudo apt-get install time`.');
  const dir = opts.corpus ?? mkdtempSync(join(tmpdir(), 'masthead-peer-'));
  mkdirSync(dir, { recursive: true });
  const corpus = await prepareCorpus(dir, opts.items, opts.tenants, opts.seed);
  const exported = await exportHugoSites(corpus.fixtures, join(dir, 'hugo'));
  await ensureCliBundle();
  const outRoot = mkdtempSync(join(opts.out, 'masthead-peer-out-'));
  const rounds: Round[] = [];
  const outs: string[] = [];
  for (let i = 0; i < opts.warmup + opts.rounds; i++) {
    const counted = i >= opts.warmup;
    for (const tool of ['hugo', 'masthead'] as const) {
      spawnSync('sync', { stdio: 'ignore' });
      const out = join(outRoot, `${tool}-${i}`);
      outs.push(out);
      const r = tool === 'hugo' ? await runHugo(exported.sites, out) : await runMasthead(corpus.db, out, opts.workers);
      const round = { ...r, loadAverage: loadavg() };
      process.stdout.write(`${counted ? `round ${i - opts.warmup + 1}/${opts.rounds}` : 'warm-up  '} ${line(round)}\n`);
      if (counted) rounds.push(round);
    }
  }
  // The precompression alone of the last Masthead output (compress-floor.ts): what writing the
  // .br and .gz that Hugo does not write costs, spread over the cores, before anything is rendered.
  let floor: FloorReport | null = null;
  if (opts.floor) {
    floor = await compressFloor(outs.at(-1)!, cpus().length, 1);
    process.stdout.write(`precompression alone (brotli 2 + gzip 1 of ${floor.files.toLocaleString('en-US')} files, ${floor.inputMb} MB): ${floorLine(floor, 'build')}\n`);
  }
  // Deleted only at the end: deleting many files right before a run slows the next run's file creation.
  rmSync(outRoot, { recursive: true, force: true });
  const of = (tool: Round['tool']) => rounds.filter((r) => r.tool === tool);
  const summary = (rs: Round[]) => ({
    wallMs: median(rs.map((r) => r.wallMs)), cpuMs: median(rs.map((r) => r.cpuMs)), pages: median(rs.map((r) => r.pages)),
    htmlFiles: median(rs.map((r) => r.htmlFiles)), peakRssMb: median(rs.map((r) => r.peakRssMb)),
  });
  const h = of('hugo');
  const m = of('masthead');
  // Ratio per round (Masthead after the Hugo run beside it), then the median of those.
  const ratios = m.map((r, i) => Math.round((r.wallMs / h[i]!.wallMs) * 100) / 100);
  const cpuRatios = m.map((r, i) => Math.round((r.cpuMs / h[i]!.cpuMs) * 100) / 100);
  const sortedMid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  const publishRatios = m.map((r, i) => Math.round(((r.publishWallMs ?? r.wallMs) / h[i]!.wallMs) * 100) / 100);
  const report = {
    kind: 'peer', at: new Date().toISOString(), items: opts.items, tenants: opts.tenants, seed: opts.seed, workers: opts.workers ?? 'default',
    hugoVersion: hugo.stdout.trim(), outputFolder: opts.out, loadAverage: loadavg(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '', memoryMb: Math.round(totalmem() / 1e6), node: process.version },
    corpus: { reused: corpus.reused, generateMs: Math.round(corpus.generateMs), seedMs: Math.round(corpus.seedMs), hugoSites: exported.sites },
    rounds,
    median: { hugo: summary(h), masthead: summary(m) },
    ratio: {
      wallMedianOfRounds: sortedMid(ratios), wallPerRound: ratios, cpuMedianOfRounds: sortedMid(cpuRatios), cpuPerRound: cpuRatios,
      publishMedianOfRounds: sortedMid(publishRatios), publishPerRound: publishRatios,
    },
    mastheadPublish: { publishWallMs: median(m.map((r) => r.publishWallMs ?? r.wallMs)), precompressMs: median(m.map((r) => r.precompressMs ?? 0)) },
    precompressionFloor: floor && { ...floor, wallRatioToHugo: Math.round((floor.median.build.wallMs / summary(h).wallMs) * 100) / 100 },
  };
  const resultsDir = join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `peer-${report.at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  const fmt = (s: ReturnType<typeof summary>) => `wall ${(s.wallMs / 1000).toFixed(2)} s, CPU ${(s.cpuMs / 1000).toFixed(1)} s, `
    + `${s.pages.toLocaleString('en-US')} pages (${s.htmlFiles.toLocaleString('en-US')} HTML files), peak RSS ${s.peakRssMb} MB`;
  process.stdout.write(`median of ${opts.rounds}:\n  hugo     ${fmt(report.median.hugo)}\n  masthead ${fmt(report.median.masthead)}\n`
    + `Masthead live (published) / Hugo wall: ${report.ratio.publishMedianOfRounds}× (rounds ${publishRatios.join(', ')}); live at ${(report.mastheadPublish.publishWallMs / 1000).toFixed(2)} s, fully compressed ${(report.mastheadPublish.precompressMs / 1000).toFixed(2)} s later\n`
    + `Masthead/Hugo wall, compressed: ${report.ratio.wallMedianOfRounds}× (rounds ${ratios.join(', ')}), CPU: ${report.ratio.cpuMedianOfRounds}×\n`
    + (report.precompressionFloor ? `precompression alone / Hugo's whole build, wall: ${report.precompressionFloor.wallRatioToHugo}×\n` : '')
    + `saved ${file}\n`);
  if (!opts.corpus) rmSync(dir, { recursive: true, force: true });
}

main().catch((e: unknown) => {
  process.stderr.write(`bench:peer failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
