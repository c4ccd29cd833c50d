// `masthead db backup` and `masthead db restore`: one file holds an installation's database, with a
// manifest of what it must contain (row count and checksum per table, as `db copy` verifies,
// pg/copy.ts tableChecksums), so a restore proves it has every row before it replaces anything.
// - SQLite: SQLite's online backup API (a consistent copy of a live database, writers keep going),
//   the manifest written into the copy as table masthead_backup; restore copies the file beside the
//   target, verifies it, drops the manifest and renames it into place (the old file stays until then).
// - PostgreSQL: pg_dump (custom format) of a snapshot exported by a repeatable-read transaction that
//   also computes the checksums, so dump and manifest see the same data; the manifest is a JSON file
//   beside the dump (<file>.manifest.json). Restore: pg_restore into the target (--clean, one
//   transaction), then the same verification. pg_dump/pg_restore are found on the PATH or named as missing.
// Media: the manifest names the media library folder (MASTHEAD_ASSETS_DIR) with its file count and
// bytes; those files are backed up with the folder itself (docs/operations.md), not inside this file.
// With the library on object storage (MASTHEAD_MEDIA_URL) the manifest names the bucket instead,
// which is backed up by the storage's own means (versioning, replication), never copied here.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import sqlite3 from 'sqlite3';
import { openStore, type Store } from './connection';
import { tableChecksums } from './pg/copy';
import { clientRaw } from './pg/connection';

export const BACKUP_FORMAT = 'masthead-backup/1';
const MANIFEST_TABLE = 'masthead_backup';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  dialect: 'sqlite' | 'pg';
  createdAt: string;
  migrations: number;
  tables: Record<string, { rows: number; checksum: string }>;
  media: { path: string; files: number; bytes: number } | { bucket: string } | null;
}

export interface RestoreReport { file: string; target: string; tables: number; rows: number; ms: number }

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const isPg = (path: string) => /^postgres(ql)?:\/\//i.test(path);

/** Files and bytes under a folder (the media library), or null when it is not given or missing. */
function folderSize(path: string | null | undefined): BackupManifest['media'] {
  if (!path || !existsSync(path)) return null;
  let files = 0;
  let bytes = 0;
  for (const e of readdirSync(path, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    files += 1;
    bytes += statSync(join(e.parentPath, e.name)).size;
  }
  return { path: resolve(path), files, bytes };
}

/** A command of the PostgreSQL client tools; a clear error when it is not installed. */
function runTool(cmd: string, args: string[]): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    child.on('error', (e: NodeJS.ErrnoException) => fail(e.code === 'ENOENT'
      ? new BackupError(`${cmd} is not installed (it comes with the PostgreSQL client tools, e.g. apt-get install postgresql-client); a PostgreSQL backup needs it`)
      : e));
    child.on('close', (code) => (code === 0 ? ok() : fail(new BackupError(`${cmd} failed (exit ${code}): ${err.trim().split('\n').slice(-3).join(' ')}`))));
  });
}

async function migrationsOf(store: Store, dialect: 'sqlite' | 'pg'): Promise<number> {
  const table = dialect === 'pg' ? 'drizzle.__drizzle_migrations' : '__drizzle_migrations';
  const [row] = await store.all<{ n: number }>(`select count(*) as n from ${table}`, []).catch(() => [{ n: 0 }]);
  return Number(row?.n ?? 0);
}

function sqliteBackup(from: string, to: string): Promise<void> {
  return new Promise((ok, fail) => {
    const src = new sqlite3.Database(from, sqlite3.OPEN_READONLY, (e) => {
      if (e) { fail(e); return; }
      // One step copies every page under one read lock: a consistent copy while writers go on (WAL).
      const b = (src as unknown as { backup(file: string, cb: (e: Error | null) => void): { step(n: number, cb: (e: Error | null) => void): void; finish(cb: (e?: Error | null) => void): void; completed: boolean } })
        .backup(to, (err) => {
          if (err) { src.close(); fail(err); return; }
          const step = () => b.step(-1, (se) => {
            if (se) { b.finish(() => src.close(() => fail(se))); return; }
            if (!b.completed) { step(); return; }
            b.finish(() => src.close((ce) => (ce ? fail(ce) : ok())));
          });
          step();
        });
    });
  });
}

/** Writes a backup of the database at `dbPath` to `file` (refused if it exists, unless `force`). */
export async function backupDatabase(o: { dbPath: string; file: string; assetsDir?: string | null; mediaBucket?: string | null; force?: boolean }): Promise<BackupManifest & { file: string; ms: number }> {
  const started = performance.now();
  const file = resolve(o.file);
  if (existsSync(file) && !o.force) throw new BackupError(`${file} exists: choose another file or pass --force to replace it`);
  const media: BackupManifest['media'] = o.mediaBucket ? { bucket: o.mediaBucket } : folderSize(o.assetsDir);
  if (isPg(o.dbPath)) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: o.dbPath });
    await client.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const [{ snapshot }] = (await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot')).rows as [{ snapshot: string }];
      const tmp = `${file}.tmp-${process.pid}`;
      const dump = runTool('pg_dump', ['--format=custom', '--no-owner', `--snapshot=${snapshot}`, `--file=${tmp}`, `--dbname=${o.dbPath}`]);
      const tables = await tableChecksums(clientRaw(client), 'pg');
      const [m] = (await client.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations')).rows;
      try { await dump; } catch (e) { rmSync(tmp, { force: true }); throw e; }
      await client.query('COMMIT');
      const manifest: BackupManifest = { format: BACKUP_FORMAT, dialect: 'pg', createdAt: new Date().toISOString(), migrations: Number(m?.n ?? 0), tables, media };
      writeFileSync(`${file}.manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);
      renameSync(tmp, file);
      return { ...manifest, file, ms: Math.round(performance.now() - started) };
    } finally {
      await client.end();
    }
  }
  const tmp = `${file}.tmp-${process.pid}`;
  rmSync(tmp, { force: true });
  await sqliteBackup(resolve(o.dbPath), tmp);
  const copy = await openStore({ path: tmp, migrate: false });
  try {
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT, dialect: 'sqlite', createdAt: new Date().toISOString(), migrations: await migrationsOf(copy, 'sqlite'),
      tables: await tableChecksums(copy, 'sqlite'), media,
    };
    await copy.exec(`CREATE TABLE ${MANIFEST_TABLE} (manifest TEXT NOT NULL)`);
    await copy.run(`INSERT INTO ${MANIFEST_TABLE} (manifest) VALUES (?)`, [JSON.stringify(manifest)]);
    await copy.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    await copy.close();
    renameSync(tmp, file);
    for (const s of ['-wal', '-shm']) rmSync(`${tmp}${s}`, { force: true });
    return { ...manifest, file, ms: Math.round(performance.now() - started) };
  } catch (e) {
    await copy.close().catch(() => undefined);
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** The tables whose rows or checksums differ from the manifest ('' when all match). */
function mismatches(want: BackupManifest['tables'], got: BackupManifest['tables']): string {
  const bad: string[] = [];
  for (const [t, w] of Object.entries(want)) {
    const g = got[t];
    if (!g) bad.push(`${t} missing`);
    else if (g.rows !== w.rows || g.checksum !== w.checksum) bad.push(`${t} (${g.rows} rows of ${w.rows}${g.rows === w.rows ? ', checksum differs' : ''})`);
  }
  return bad.join(', ');
}

/** True when the database at `dbPath` holds rows in any table (a restore then needs `force`). */
async function hasData(store: Pick<Store, 'all'>): Promise<boolean> {
  for (const t of ['tenants', 'content', 'cms_users']) {
    const [r] = await store.all<{ n: number }>(`select count(*) as n from ${t}`, []).catch(() => [{ n: 0 }]);
    if (Number(r?.n ?? 0) > 0) return true;
  }
  return false;
}

/** Restores `file` into the database at `dbPath`, verified against the backup's manifest before anything is replaced. */
export async function restoreDatabase(o: { dbPath: string; file: string; force?: boolean }): Promise<RestoreReport> {
  const started = performance.now();
  const file = resolve(o.file);
  if (!existsSync(file)) throw new BackupError(`${file}: no such backup file`);
  if (isPg(o.dbPath)) {
    const manifestPath = `${file}.manifest.json`;
    if (!existsSync(manifestPath)) throw new BackupError(`${manifestPath} is missing: a PostgreSQL backup is the dump and its manifest beside it`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT || manifest.dialect !== 'pg') throw new BackupError(`${file} is not a PostgreSQL backup of this format (${manifest.format}, ${manifest.dialect})`);
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: o.dbPath });
    await client.connect();
    try {
      if (!o.force && (await hasData(clientRaw(client)))) throw new BackupError('The target database holds data: restore into an empty database, or pass --force to replace it');
      await runTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${o.dbPath}`, file]);
      const bad = mismatches(manifest.tables, await tableChecksums(clientRaw(client), 'pg'));
      if (bad) throw new BackupError(`The restored database does not match the backup: ${bad}`);
    } finally {
      await client.end();
    }
    return report(file, o.dbPath, manifest, started);
  }
  const target = resolve(o.dbPath);
  if (existsSync(target) && statSync(target).size > 0 && !o.force) {
    const existing = await openStore({ path: target, migrate: false });
    const full = await hasData(existing).finally(() => existing.close());
    if (full) throw new BackupError(`${target} holds data: restore into an empty installation, or pass --force to replace it`);
  }
  const tmp = join(dirname(target), `.restore-${process.pid}.sqlite`);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(file, tmp);
  let manifest: BackupManifest;
  try {
    const copy = await openStore({ path: tmp, migrate: false });
    try {
      const [row] = await copy.all<{ manifest: string }>(`select manifest from ${MANIFEST_TABLE}`, []).catch(() => [] as { manifest: string }[]);
      if (!row) throw new BackupError(`${file} is not a Masthead backup (no manifest in it)`);
      manifest = JSON.parse(row.manifest) as BackupManifest;
      if (manifest.format !== BACKUP_FORMAT || manifest.dialect !== 'sqlite') throw new BackupError(`${file} is not a SQLite backup of this format`);
      const bad = mismatches(manifest.tables, await tableChecksums(copy, 'sqlite'));
      if (bad) throw new BackupError(`${file} does not match its manifest: ${bad}`);
      await copy.exec(`DROP TABLE ${MANIFEST_TABLE}`);
      await copy.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      await copy.close();
    }
    for (const s of ['-wal', '-shm']) rmSync(`${target}${s}`, { force: true });
    renameSync(tmp, target);
  } finally {
    for (const s of ['', '-wal', '-shm']) rmSync(`${tmp}${s}`, { force: true });
  }
  return report(file, target, manifest, started);
}

function report(file: string, target: string, m: BackupManifest, started: number): RestoreReport {
  const rows = Object.values(m.tables).reduce((n, t) => n + t.rows, 0);
  return { file, target: isPg(target) ? target.replace(/:[^:@/]*@/, ':***@') : target, tables: Object.keys(m.tables).length, rows, ms: Math.round(performance.now() - started) };
}
