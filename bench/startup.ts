// Start-up benchmark of the CLI: whole-process wall time (and CPU, peak RSS when /usr/bin/time is
// there) of `masthead --help` and of a no-change `masthead build` (nothing changed since the live
// build: the incremental build answers "unchanged" for every tenant), for the compiled CLI
// (dist/cli, what `npm ci` makes) and, for comparison, the TypeScript sources through tsx.
// The no-change build runs on the demo brands and on a generated corpus (the scale generator).
// Prints and saves bench/results/startup-<timestamp>.json with every run and the medians.
//
//   npm run bench:startup -- [--runs 7] [--items 20000] [--tenants 3] [--corpus /tmp/c] [--ts-runs 3]
//
// --items 0 skips the corpus; --corpus keeps the generated corpus (fixtures, database, live build)
// in that folder and reuses it next time. The machine's load average is saved with each run:
// on a shared machine quote the medians with it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureCliBundle } from '../cli/cli-bundle';
import { generateFixtures } from '../engine/fixtures/generate';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'masthead.js');
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

type Cli = 'compiled' | 'ts';
interface Run { wallMs: number; cpuMs: number | null; peakRssMb: number | null; load1: number }

/** Runs `masthead <args>` with the chosen implementation (`baseline`: node with an empty script); fails on a non-zero exit. */
function masthead(cli: Cli | 'baseline', args: string[]): Promise<Run & { stdout: string }> {
  const node = cli === 'baseline' ? ['-e', '0'] : [BIN, ...args];
  const cmd = TIME ?? process.execPath;
  const argv = TIME ? ['-f', 'MASTHEAD_TIME %e %U %S %M', process.execPath, ...node] : node;
  const started = performance.now();
  return new Promise((ok, fail) => {
    const child = spawn(cmd, argv, { cwd: ROOT, env: { ...process.env, MASTHEAD_CLI: cli }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('error', fail);
    child.on('close', (code) => {
      const wallMs = Math.round(performance.now() - started);
      if (code !== 0) return fail(new Error(`masthead ${args.join(' ')} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
      const t = /MASTHEAD_TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
      ok({
        stdout, wallMs, load1: Number(loadavg()[0]!.toFixed(2)),
        cpuMs: t ? Math.round((Number(t[2]) + Number(t[3])) * 1000) : null,
        peakRssMb: t ? Math.round(Number(t[4]) / 1024) : null,
      });
    });
  });
}

const median = (xs: number[]) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
};

function summary(runs: Run[]) {
  return {
    runs,
    median: {
      wallMs: median(runs.map((r) => r.wallMs)),
      cpuMs: median(runs.flatMap((r) => (r.cpuMs === null ? [] : [r.cpuMs]))),
      peakRssMb: median(runs.flatMap((r) => (r.peakRssMb === null ? [] : [r.peakRssMb]))),
      load1: median(runs.map((r) => r.load1)),
    },
  };
}

async function times(label: string, n: number, cli: Cli | 'baseline', args: string[], check?: (stdout: string) => void) {
  const runs: Run[] = [];
  for (let i = 0; i < n; i++) {
    const { stdout, ...r } = await masthead(cli, args);
    check?.(stdout);
    runs.push(r);
  }
  const s = summary(runs);
  process.stdout.write(`${label.padEnd(44)} median ${String(s.median.wallMs).padStart(6)} ms wall`
    + `${s.median.cpuMs !== null ? `, ${s.median.cpuMs} ms CPU, ${s.median.peakRssMb} MB peak RSS` : ''} over ${n} runs (load ${s.median.load1})\n`);
  return s;
}

/** A no-change build answers "unchanged" for every tenant; anything else is not what is measured. */
function unchanged(stdout: string): void {
  const modes = (JSON.parse(stdout) as { modes?: Record<string, string> }).modes ?? {};
  const other = Object.entries(modes).filter(([, m]) => m !== 'unchanged');
  if (!Object.keys(modes).length || other.length) throw new Error(`expected a no-change build, got ${JSON.stringify(modes)}`);
}

/** Seeds `fixtures` into `dir`/db.sqlite and makes the live build in `dir`/out (once; a marker file says it is done). */
async function prepareSite(dir: string, fixtures: () => Promise<string>, label: string) {
  const db = join(dir, 'db.sqlite');
  const out = join(dir, 'out');
  const marker = join(dir, 'ready');
  if (!(existsSync(marker) && existsSync(db) && existsSync(out))) {
    rmSync(out, { recursive: true, force: true });
    rmSync(db, { force: true });
    const src = await fixtures();
    process.stderr.write(`${label}: seeding ${src}…\n`);
    await masthead('compiled', ['--db', db, '--json', 'seed', src]);
    process.stderr.write(`${label}: full build…\n`);
    await masthead('compiled', ['--db', db, '--json', 'build', '--out', out]);
    writeFileSync(marker, new Date().toISOString());
  }
  // The first no-change build after seeding may still settle state; not measured.
  await masthead('compiled', ['--db', db, '--json', 'build', '--out', out]);
  return ['--db', db, '--json', 'build', '--out', out];
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '7' }, 'ts-runs': { type: 'string', default: '3' }, items: { type: 'string', default: '20000' },
      tenants: { type: 'string', default: '3' }, corpus: { type: 'string' },
    },
  });
  const int = (name: string, v: string | undefined, min: number) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min} (got "${v}")`);
    return n;
  };
  const runs = int('runs', values.runs, 1);
  const tsRuns = int('ts-runs', values['ts-runs'], 0);
  const items = int('items', values.items, 0);
  const tenants = int('tenants', values.tenants, 1);

  await ensureCliBundle();
  const work = mkdtempSync(join(tmpdir(), 'masthead-startup-'));
  const report: Record<string, unknown> = {
    kind: 'startup', at: new Date().toISOString(), loadAverageAtStart: loadavg(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '', node: process.version }, timedWith: TIME ?? 'wall clock only',
  };
  try {
    // What any Node process costs on this machine now: the floor under every figure below.
    report.nodeBaseline = await times('node -e 0 (baseline)', runs, 'baseline', []);
    const helpOk = (s: string) => { if (!s.includes('Usage: masthead')) throw new Error('no help text'); };
    report.helpCompiled = await times('--help (compiled)', runs, 'compiled', ['--help'], helpOk);
    if (tsRuns) report.helpTypeScript = await times('--help (TypeScript via tsx)', tsRuns, 'ts', ['--help'], helpOk);

    const demoArgs = await prepareSite(join(work, 'demo'), async () => join(ROOT, 'fixtures', 'demo'), 'demo');
    report.noChangeBuildDemoCompiled = await times('no-change build, demo (compiled)', runs, 'compiled', demoArgs, unchanged);
    if (tsRuns) report.noChangeBuildDemoTypeScript = await times('no-change build, demo (TypeScript via tsx)', tsRuns, 'ts', demoArgs, unchanged);

    if (items > 0) {
      const corpus = values.corpus ? resolve(values.corpus) : join(work, 'corpus');
      mkdirSync(corpus, { recursive: true });
      const args = await prepareSite(join(corpus, `site-${items}-${tenants}`), async () => {
        const fx = join(corpus, `fixtures-${items}-${tenants}`);
        rmSync(fx, { recursive: true, force: true });
        process.stderr.write(`corpus: generating ${items} items…\n`);
        await generateFixtures({ items, tenants, seed: 1, out: fx });
        return fx;
      }, `corpus ${items}`);
      report.corpus = { items, tenants, folder: corpus };
      report.noChangeBuildCorpusCompiled = await times(`no-change build, ${items} items (compiled)`, runs, 'compiled', args, unchanged);
      if (tsRuns) report.noChangeBuildCorpusTypeScript = await times(`no-change build, ${items} items (TypeScript via tsx)`, tsRuns, 'ts', args, unchanged);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  report.loadAverageAtEnd = loadavg();
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `startup-${String(report.at).replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`saved ${file}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`bench:startup failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
