// masthead assets gc: removes files of the media library that no asset names any more: derivatives
// and originals of deleted or replaced assets, and temp files of interrupted uploads. The library is
// the folder MASTHEAD_ASSETS_DIR (one folder per tenant) or, with MASTHEAD_MEDIA_URL, the bucket's
// objects of each tenant (originals and public areas). --dry-run lists them and removes nothing. In a
// bucket, objects younger than --min-age minutes (default 60) are kept: an upload in flight writes
// its objects before its row.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { CommandEnv } from '../context';
import { mediaBucketStore } from '../config/media';

const DEFAULT_MIN_AGE_MINUTES = 60;

export function registerAssets(program: Command, env: CommandEnv) {
  const assets = program.command('assets').description('Media library files');
  assets.command('gc')
    .description('Remove files in the assets folder (or objects in the MASTHEAD_MEDIA_URL bucket) that no asset references (derivatives of deleted or replaced files)')
    .option('--tenant <key>', 'only this tenant')
    .option('--dry-run', 'list what would be removed; remove nothing')
    .option('--min-age <minutes>', `bucket only: keep objects written less than this many minutes ago (default ${DEFAULT_MIN_AGE_MINUTES})`)
    .action(env.run(async (config, out, flags: { tenant?: string; dryRun?: boolean; minAge?: string }) => {
      const minAge = flags.minAge === undefined ? DEFAULT_MIN_AGE_MINUTES : /^\d+$/.test(flags.minAge) ? Number(flags.minAge) : NaN;
      if (!Number.isSafeInteger(minAge)) throw new Error(`--min-age: must be a whole number of minutes (got ${JSON.stringify(flags.minAge)})`);
      // Loaded here, not at start: `masthead --help` must not load sharp or sqlite3 (issue 25).
      const [{ collectGarbage }, { openStore }, { referencedAssetFiles }, { listTenants }] = await Promise.all([
        import('../../engine/assets/ingest'), import('../../engine/store/connection'),
        import('../../engine/store/queries/assets'), import('../../engine/store/queries/tenants'),
      ]);
      const bucket = await mediaBucketStore(config.settings);
      const dir = bucket ? bucket.location : resolve(config.settings.assetsDir);
      const store = await openStore({ path: config.dbPath });
      try {
        const tenants = (await listTenants(store.db)).map((t) => t.tenantKey).filter((k) => !flags.tenant || k === flags.tenant);
        if (flags.tenant && tenants.length === 0) throw new Error(`Unknown tenant "${flags.tenant}"`);
        const removed: { tenant: string; file: string }[] = [];
        const kept: { tenant: string; file: string }[] = [];
        for (const key of tenants) {
          // Read the references first: a file named by any asset row is kept.
          const referenced = await referencedAssetFiles(store.db, key);
          const r = await collectGarbage(bucket ?? dir, key, referenced, { dryRun: flags.dryRun === true, ...(bucket ? { minAgeMs: minAge * 60_000 } : {}) });
          for (const file of r.removed) removed.push({ tenant: key, file });
          for (const file of r.kept) kept.push({ tenant: key, file });
        }
        const verb = flags.dryRun ? 'Would remove' : 'Removed';
        out.result({ dir, dryRun: flags.dryRun === true, removed, ...(bucket ? { keptRecent: kept } : {}) }, [
          `${verb} ${removed.length} unreferenced file(s) from ${dir}`,
          ...removed.map((r) => `  ${r.tenant}/${r.file}`),
          ...(kept.length ? [`Kept ${kept.length} unreferenced object(s) younger than ${minAge} minute(s) (an upload may be in flight; --min-age to change)`] : []),
        ]);
      } finally {
        await store.close();
      }
    }));
}
