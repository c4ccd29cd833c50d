import type { Command } from 'commander';
import type { CommandEnv } from '../context';

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
}
