import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { seedFixtures } from '../../engine/fixtures/seed';
import { withStore, type CommandEnv } from '../context';

export const DEMO_FIXTURES = fileURLToPath(new URL('../../fixtures/demo', import.meta.url));

export function registerDemo(program: Command, env: CommandEnv) {
  program.command('demo')
    .description('Seed the demo tenants into the database and print what is there (what `npm start` runs)')
    .action(env.run(async (config, out) => {
      const progress = out.progress();
      const summary = await withStore(config, (store) => seedFixtures(store, DEMO_FIXTURES, (p) => progress.update({ label: `seeding ${p.tenant ?? ''}`, done: p.done })));
      progress.stop();
      out.result(summary, [
        `Masthead demo seeded into ${config.dbPath}`,
        `Tenants: ${summary.tenants.map((t) => `${t} (http://${t}.localhost:4000)`).join(', ')}`,
        ...Object.entries(summary.rows).map(([t, n]) => `  ${t.padEnd(22)} ${n.toLocaleString('en-US')}`),
        'Staff logins are listed in README.md.',
      ]);
    }));
}
