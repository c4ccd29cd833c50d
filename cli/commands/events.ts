// masthead events rollup: aggregates new tracking events into hourly and daily counters (what
// reports read) and deletes raw events past the retention setting. `masthead serve` runs the same
// job every MASTHEAD_EVENT_ROLLUP_MINUTES.
import type { Command } from 'commander';
import type { CommandEnv } from '../context';

export function registerEvents(program: Command, env: CommandEnv) {
  const events = program.command('events').description('Tracking events');
  events.command('rollup')
    .description('Roll new events up into hourly/daily counters and delete raw events older than the retention')
    .option('--tenant <key>', 'only this tenant (no retention pass)')
    .action(env.run(async (config, out, flags: { tenant?: string }) => {
      const [{ openStore }, { runEventJob }] = await Promise.all([import('../../engine/store/connection'), import('../../engine/store/queries/events')]);
      const store = await openStore({ path: config.dbPath });
      try {
        const started = performance.now();
        const r = await runEventJob(store, { now: Date.now(), retentionDays: config.settings.eventRetentionDays, ...(flags.tenant ? { tenantKey: flags.tenant } : {}) });
        const ms = Math.round(performance.now() - started);
        out.result({ ...r, ms }, [`Rolled up ${r.events} event(s) of ${r.tenants} tenant(s) over ${r.days} day(s) in ${ms} ms; deleted ${r.pruned} raw event(s) past ${config.settings.eventRetentionDays} days`]);
      } finally {
        await store.close();
      }
    }));
}
