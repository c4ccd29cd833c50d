// masthead assets gc: removes files of the media library folder (MASTHEAD_ASSETS_DIR, one folder
// per tenant) that no asset names any more: derivatives and originals of deleted or replaced assets,
// and temp files of interrupted uploads. --dry-run lists them and removes nothing.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { CommandEnv } from '../context';

export function registerAssets(program: Command, env: CommandEnv) {
  const assets = program.command('assets').description('Media library files');
  assets.command('gc')
    .description('Remove files in the assets folder that no asset references (derivatives of deleted or replaced files)')
    .option('--tenant <key>', 'only this tenant')
    .option('--dry-run', 'list what would be removed; remove nothing')
    .action(env.run(async (config, out, flags: { tenant?: string; dryRun?: boolean }) => {
      // Loaded here, not at start: `masthead --help` must not load sharp or sqlite3 (issue 25).
      const [{ collectGarbage }, { openStore }, { referencedAssetFiles }, { listTenants }] = await Promise.all([
        import('../../engine/assets/ingest'), import('../../engine/store/connection'),
        import('../../engine/store/queries/assets'), import('../../engine/store/queries/tenants'),
      ]);
      const dir = resolve(config.settings.assetsDir);
      const store = await openStore({ path: config.dbPath });
      try {
        const tenants = (await listTenants(store.db)).map((t) => t.tenantKey).filter((k) => !flags.tenant || k === flags.tenant);
        if (flags.tenant && tenants.length === 0) throw new Error(`Unknown tenant "${flags.tenant}"`);
        const removed: { tenant: string; file: string }[] = [];
        for (const key of tenants) {
          // Read the references first: a file named by any asset row is kept.
          const referenced = await referencedAssetFiles(store.db, key);
          for (const file of await collectGarbage(dir, key, referenced, { dryRun: flags.dryRun === true })) removed.push({ tenant: key, file });
        }
        const verb = flags.dryRun ? 'Would remove' : 'Removed';
        out.result({ dir, dryRun: flags.dryRun === true, removed }, [
          `${verb} ${removed.length} unreferenced file(s) from ${dir}`,
          ...removed.map((r) => `  ${r.tenant}/${r.file}`),
        ]);
      } finally {
        await store.close();
      }
    }));
}
