import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgStore, type PgStore } from './connection';
import { ensureDayPartitions } from './partitions';
import { freshPgDatabase, type FreshPg } from '../../../tests/helpers/pg';

let db: FreshPg;
let store: PgStore;
beforeAll(async () => {
  db = await freshPgDatabase('parts');
  store = await openPgStore({ url: db.url, migrate: true });
});
afterAll(async () => {
  await store?.close();
  await db?.drop();
});

const partitionOf = async (table: string, day: string) =>
  (await store.all<{ p: string }>(`select tableoid::regclass::text as p from ${table} where day = ?`, [day])).map((r) => r.p);
const insertEvent = (day: string) => store.run(
  "insert into events (tenant_key, day, at, type, visitor, data) values ('t', ?, 0, 'PageView', 'v', '{}')", [day],
);

describe('day partitions of the event store', () => {
  it('declares events and event_rollups partitioned by range of day, with a default partition', async () => {
    const rows = await store.all<{ t: string; strategy: string; key: string }>(
      `select c.relname as t, p.partstrat as strategy, pg_get_partkeydef(c.oid) as key
         from pg_partitioned_table p join pg_class c on c.oid = p.partrelid order by 1`,
    );
    expect(rows).toEqual([
      { t: 'event_rollups', strategy: 'r', key: 'RANGE (day)' },
      { t: 'events', strategy: 'r', key: 'RANGE (day)' },
    ]);
    await insertEvent('2031-01-01');
    expect(await partitionOf('events', '2031-01-01')).toEqual(['events_default']);
  });

  it('creates the coming days\' partitions of both tables, where new rows then land', async () => {
    const { created } = await ensureDayPartitions(store, new Date('2030-03-30T15:00:00Z'), 3);
    expect(created).toEqual([
      'events_p20300330', 'events_p20300331', 'events_p20300401',
      'event_rollups_p20300330', 'event_rollups_p20300331', 'event_rollups_p20300401',
    ]);
    await insertEvent('2030-03-31');
    await store.run("insert into event_rollups (tenant_key, grain, bucket, day, type, dim, key, events, visitors) values ('t', 'day', '2030-04-01', '2030-04-01', 'PageView', 'all', '', 3, 2)");
    expect(await partitionOf('events', '2030-03-31')).toEqual(['events_p20300331']);
    expect(await partitionOf('event_rollups', '2030-04-01')).toEqual(['event_rollups_p20300401']);
  });

  it('skips days that have a partition, so running it again creates nothing', async () => {
    expect((await ensureDayPartitions(store, new Date('2030-03-31T00:00:00Z'), 2)).created).toEqual([]);
  });

  it('moves the rows the default partition holds for a new day into that day\'s partition', async () => {
    await insertEvent('2031-01-01');
    expect(await partitionOf('events', '2031-01-01')).toEqual(['events_default', 'events_default']);
    await ensureDayPartitions(store, new Date('2031-01-01T00:00:00Z'), 1);
    expect(await partitionOf('events', '2031-01-01')).toEqual(['events_p20310101', 'events_p20310101']);
    expect(await store.all("select count(*) as n from events_default")).toEqual([{ n: 0 }]);
  });

  it('holds a new partition to the same row security as its parent, and keeps events append-only', async () => {
    const [r] = await store.all("select relrowsecurity as rls, relforcerowsecurity as forced, (select count(*) from pg_policy where polrelid = 'events_p20300331'::regclass) as policies from pg_class where relname = 'events_p20300331'");
    expect(r).toEqual({ rls: 1, forced: 1, policies: 1 });
    await expect(store.run("update events set type = 'x' where day = '2030-03-31'")).rejects.toThrow(/append-only/);
  });

  it('refuses a bad number of days', async () => {
    await expect(ensureDayPartitions(store, new Date(), 0)).rejects.toThrow(/days/);
  });
});
