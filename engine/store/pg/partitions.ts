// Day partitions of the event store on PostgreSQL (events and event_rollups are partitioned by
// day, migration 0001). Partitions are created ahead of time; a day without one lands in the
// default partition and moves into its own when it is created. Run daily (`masthead db partitions`)
// with the tables' owner: creating partitions is DDL, which the app's role cannot do.
import { pgRawOf, type PgStore } from './connection';

export const DAY_PARTITIONED = ['events', 'event_rollups'] as const;

export interface PartitionResult {
  /** The partitions created, e.g. events_p20261127; days that had one are skipped. */
  created: string[];
}

/** Creates the day partitions of both tables for `days` days from `from` (a UTC day). */
export async function ensureDayPartitions(store: PgStore, from: Date, days: number): Promise<PartitionResult> {
  if (!Number.isInteger(days) || days < 1 || days > 366) throw new Error(`days: must be a whole number from 1 to 366, not ${days}`);
  if (Number.isNaN(from.getTime())) throw new Error('from: not a date');
  const day = from.toISOString().slice(0, 10);
  const created: string[] = [];
  // One transaction: a partition is created and filled from the default one, or not at all.
  await store.transaction(async (tx) => {
    for (const table of DAY_PARTITIONED) {
      const rows = await pgRawOf(tx).all<{ p: string }>('select masthead_ensure_day_partitions(?, ?::date, ?) as p', [table, day, days]);
      created.push(...rows.map((r) => r.p));
    }
  });
  return { created };
}
