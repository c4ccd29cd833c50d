// A PostgreSQL server of the test's own (initdb into a temporary folder, started on a free port on
// 127.0.0.1), for fault tests that stop and start the server: restarting the machine's shared
// cluster would break every other test that runs beside them. The server is the Debian package's
// (/usr/lib/postgresql/<version>/bin, as pg_ctlcluster uses); as root it runs as the postgres user.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PgCluster {
  port: number;
  /** The admin URL of a database on this server. */
  url(database: string): string;
  stop(): void;
  start(): void;
  /** Stops the server and removes its folder. */
  destroy(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`no PostgreSQL server binaries under ${root} (apt-get install postgresql)`);
  return join(root, newest, 'bin');
}

export function startPgCluster(port: number): PgCluster {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'masthead-pgcluster-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const pgUid = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString().trim()) : undefined;
  const pgGid = asRoot ? Number(execFileSync('id', ['-g', 'postgres']).toString().trim()) : undefined;
  if (asRoot) chownSync(dir, pgUid!, pgGid!);
  const run = (tool: string, args: string[]) => {
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
    const r = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 120_000 });
    if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = () => run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  start();
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
    start,
    destroy() {
      try { stop(); } catch { /* already stopped */ }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
