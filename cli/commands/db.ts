import type { Command } from 'commander';
import type { CommandEnv } from '../context';
import { mediaBucketSettings } from '../config/media';

export function registerDb(program: Command, env: CommandEnv) {
  const db = program.command('db').description('Database maintenance');
  db.command('migrate')
    .description('Apply pending migrations to the database (safe to run again)')
    .action(env.run(async (config, out) => {
      const { migrateStore, openStore } = await import('../../engine/store/connection');
      const store = await openStore({ path: config.dbPath, migrate: false });
      try {
        const { applied } = await migrateStore(store);
        out.result({ database: config.dbPath, applied }, [
          applied ? `Applied ${applied} migration(s) to ${config.dbPath}` : `${config.dbPath} is up to date`,
        ]);
      } finally {
        await store.close();
      }
    }));
  db.command('copy')
    .description('Copy an installation from its SQLite file to PostgreSQL, verifying row counts and a checksum per table')
    .requiredOption('--from <file>', 'the SQLite database to copy')
    .requiredOption('--to <url>', 'the PostgreSQL database (postgres://user@host:5432/db; a role that owns the tables and may bypass row-level security)')
    .option('--force', 'replace the data of a non-empty target', false)
    .option('--batch-size <n>', 'rows per batch (1–10000)', env.int('--batch-size'), 500)
    .action(env.run(async (_config, out, flags: { from: string; to: string; force: boolean; batchSize: number }) => {
      const { copySqliteToPg } = await import('../../engine/store/pg/copy');
      const r = await copySqliteToPg({
        from: flags.from, to: flags.to, force: flags.force, batchSize: flags.batchSize,
        progress: (line) => process.stderr.write(`${line}\n`),
      });
      out.result(r, [
        `Copied ${r.rows.toLocaleString('en-US')} row(s) in ${r.tables.length} tables from ${r.from} to ${r.to} in ${(r.ms / 1000).toFixed(1)} s; every table verified`,
        ...r.tables.map((t) => `  ${t.table.padEnd(30)} ${String(t.rows).padStart(9)} rows  ${t.checksum.slice(0, 16)}  ${t.ok ? 'ok' : 'MISMATCH'}`),
      ]);
    }));
  db.command('backup')
    .description('Write a verified backup of the database to <file>: SQLite\'s online backup API, or pg_dump of one snapshot for PostgreSQL (with <file>.manifest.json)')
    .argument('<file>', 'the backup file to write')
    .option('--force', 'replace <file> if it exists', false)
    .action(env.run(async (config, out, file: string, flags: { force: boolean }) => {
      const { backupDatabase } = await import('../../engine/store/backup');
      const bucket = mediaBucketSettings(config.settings);
      const mediaBucket = bucket ? `s3://${bucket.bucket}${bucket.prefix ? `/${bucket.prefix}` : ''}` : null;
      const r = await backupDatabase({ dbPath: config.dbPath, file, assetsDir: config.settings.assetsDir, mediaBucket, force: flags.force });
      const rows = Object.values(r.tables).reduce((n, t) => n + t.rows, 0);
      out.result(r, [
        `Backed up ${rows.toLocaleString('en-US')} row(s) in ${Object.keys(r.tables).length} tables to ${r.file} in ${(r.ms / 1000).toFixed(1)} s (row counts and checksums recorded for the restore)`,
        r.media && 'bucket' in r.media
          ? `The media library is in the bucket ${r.media.bucket} (MASTHEAD_MEDIA_URL), not in this file: back up that bucket and prefix with it (object versioning or replication, or a copy such as rclone sync / mc mirror).`
          : r.media ? `The media library (${r.media.path}: ${r.media.files} files, ${(r.media.bytes / 1e6).toFixed(1)} MB) is not in this file: back up that folder with it.` : 'No media library folder is configured (MASTHEAD_ASSETS_DIR).',
      ]);
    }));
  db.command('restore')
    .description('Restore a backup made by `masthead db backup` into the database (refused if it holds data, unless --force), verified table by table before it replaces anything')
    .argument('<file>', 'the backup file')
    .option('--force', 'replace a database that holds data', false)
    .action(env.run(async (config, out, file: string, flags: { force: boolean }) => {
      const { restoreDatabase } = await import('../../engine/store/backup');
      const r = await restoreDatabase({ dbPath: config.dbPath, file, force: flags.force });
      out.result(r, [`Restored ${r.rows.toLocaleString('en-US')} row(s) in ${r.tables} tables from ${r.file} into ${r.target} in ${(r.ms / 1000).toFixed(1)} s; every table verified`]);
    }));
  db.command('partitions')
    .description('Create the coming days\' partitions of the PostgreSQL event tables (run daily, as the tables\' owner)')
    .requiredOption('--url <url>', 'the PostgreSQL database (postgres://…)')
    .option('--days <n>', 'days ahead, from today (UTC)', env.int('--days'), 7)
    .action(env.run(async (_config, out, flags: { url: string; days: number }) => {
      const [{ openPgStore }, { ensureDayPartitions }] = await Promise.all([import('../../engine/store/pg/connection'), import('../../engine/store/pg/partitions')]);
      const store = await openPgStore({ url: flags.url, max: 1 });
      try {
        const r = await ensureDayPartitions(store, new Date(), flags.days);
        out.result({ database: store.url, ...r }, [r.created.length ? `Created ${r.created.length} partition(s): ${r.created.join(', ')}` : `The next ${flags.days} day(s) have their partitions`]);
      } finally {
        await store.close();
      }
    }));
}
