// `masthead watch`: rebuilds while you edit. chokidar watches the fixture folder (a change is
// re-seeded: fixtures are upserts), templates/ and site/ (components, styles). Each batch of
// changes runs `masthead build` (incremental: only what the change affects is re-rendered; a
// template or component change alters the build's code hash, so the pages using it — every page —
// are rebuilt) in a fresh process, so edited modules are loaded anew. An Ink view lists recent rebuilds.
import { spawn } from 'node:child_process';
import { resolve, relative, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import type { CommandEnv } from '../context';
import { DEFAULT_OUT } from './build';
import { requireLocalFolder } from '../config/storage';
import type { RebuildEntry } from './watch-view';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'masthead.js');
const DEBOUNCE_MS = 150;
const KEEP = 8;

interface WatchFlags { fixtures?: string; out: string; originTemplate?: string; tenant?: string[] }

function runChild(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('close', (code) => ok({ code: code ?? 1, stdout, stderr }));
  });
}

export function registerWatch(program: Command, env: CommandEnv) {
  program.command('watch')
    .description('Rebuild what an edit affects while fixture files, templates/ or site/ components change')
    .option('--fixtures <dir>', 'fixture folder to watch and re-seed on change')
    .option('--out <dir>', 'output folder', DEFAULT_OUT)
    .option('--origin-template <tpl>', 'absolute origin of each tenant, with {key} and {domain}')
    .option('--tenant <key...>', 'build only these tenants')
    .action(env.run(async (config, _out, flags: WatchFlags) => {
      // chokidar, React and Ink load when the command runs, not at startup.
      const [{ watch }, { createElement }, { render }, { WatchView }] = await Promise.all([
        import('chokidar'), import('react'), import('ink'), import('./watch-view'),
      ]);
      const fixtures = flags.fixtures ? resolve(flags.fixtures) : null;
      const paths = [join(ROOT, 'templates'), join(ROOT, 'site'), ...(fixtures ? [fixtures] : [])];
      const common = ['--db', config.dbPath, '--json'];
      const buildArgs = [...common, 'build', '--out', resolve(requireLocalFolder(flags.out, '--out', 'masthead watch')),
        ...(flags.originTemplate ? ['--origin-template', flags.originTemplate] : []), ...(flags.tenant?.length ? ['--tenant', ...flags.tenant] : [])];
      const entries: RebuildEntry[] = [];
      const watching = paths.map((p) => relative(process.cwd(), p) || '.');
      const view = () => createElement(WatchView, { watching, entries: entries.slice(-KEEP) });
      const ink = render(view(), { stdout: process.stderr, patchConsole: false });
      let changed = new Set<string>();
      let timer: NodeJS.Timeout | null = null;
      let running: Promise<void> = Promise.resolve();
      const rebuild = (files: string[]) => {
        const entry: RebuildEntry = {
          at: Date.now(), trigger: files.length === 1 ? relative(process.cwd(), files[0]!) : `${files.length} files`, state: 'running', tenants: [], ms: null, error: null,
        };
        entries.push(entry);
        ink.rerender(view());
        const started = performance.now();
        running = running.then(async () => {
          if (fixtures && files.some((f) => f.startsWith(fixtures))) {
            const seeded = await runChild([...common, 'seed', fixtures]);
            if (seeded.code !== 0) throw new Error(seeded.stderr.trim().split('\n').pop() ?? 'seed failed');
          }
          const built = await runChild(buildArgs);
          if (built.code !== 0) throw new Error(built.stderr.trim().split('\n').pop() ?? 'build failed');
          const summary = JSON.parse(built.stdout) as { tenants: { key: string; pages: number }[]; modes?: Record<string, string> };
          entry.tenants = summary.tenants.map((t) => ({ key: t.key, mode: summary.modes?.[t.key] ?? 'full', pages: t.pages }));
          entry.state = 'done';
        }).catch((e: unknown) => {
          entry.state = 'failed';
          entry.error = e instanceof Error ? e.message : String(e);
        }).finally(() => {
          entry.ms = performance.now() - started;
          ink.rerender(view());
        });
      };
      const watcher = watch(paths, { ignoreInitial: true, ignored: (p: string) => /(^|\/)(node_modules|\.git)(\/|$)|\.test\.tsx?$/.test(p) });
      watcher.on('all', (_event: string, file: string) => {
        changed.add(file);
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => { const files = [...changed]; changed = new Set(); rebuild(files); }, DEBOUNCE_MS);
      });
      await new Promise<void>((done) => {
        const stop = () => { void watcher.close().then(() => running).then(done); };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      ink.unmount();
    }));
}
