// `masthead events rollup` (issue #18): rolls new events up and deletes raw events past the
// retention setting (MASTHEAD_EVENT_RETENTION_DAYS); rollups of the deleted days are kept.
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI_RUNNERS, ensureCompiledCli } from '../helpers/cli';
import { openStore } from '../../engine/store/connection';
import { appendEvents, readRollups, rollupEvents, type EventRow } from '../../engine/store/queries/events';
import { tempDbPath } from '../helpers/fixture-set';

beforeAll(ensureCompiledCli, 180_000);

const row = (day: string, visitor: string): EventRow => ({
  tenantKey: 'alpha', day, at: Date.parse(`${day}T10:30:00Z`), type: 'PageView', visitor, siteUserId: null, net: null,
  contentId: 7, sectionId: null, companyId: null, newsletterId: null, pageId: 'p', target: null, data: '{}',
});

// The TypeScript sources and the compiled CLI (dist/cli, what bin/masthead.js runs) pass the same tests.
describe.each(CLI_RUNNERS)('masthead events rollup ($name CLI)', (cli) => {
  it('rolls up every day, then deletes raw events older than the retention and keeps their rollups', async () => {
    const db = tempDbPath();
    const store = await openStore({ path: db });
    const today = new Date().toISOString().slice(0, 10);
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    await store.transaction((tx) => appendEvents(tx, [row(old, 'a'), row(old, 'b'), row(today, 'a'), row(today, 'a')]));
    await store.close();

    const r = await cli.run(['--db', db, '--json', 'events', 'rollup'], { MASTHEAD_EVENT_RETENTION_DAYS: '30' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ tenants: 1, days: 2, events: 4, pruned: 2 });

    const after = await openStore({ path: db });
    const [n] = await after.all<{ n: number }>('select count(*) as n from events');
    expect(Number(n!.n)).toBe(2);
    const days = await readRollups(after.db, 'alpha', { grain: 'day', dim: 'content' });
    expect(days.map((d) => [d.bucket, d.events, d.visitors])).toEqual([[old, 2, 2], [today, 2, 1]]);
    const hours = await readRollups(after.db, 'alpha', { grain: 'hour', dim: 'all', fromDay: today });
    expect(hours).toEqual([expect.objectContaining({ bucket: `${today}T10`, events: 2, visitors: 1 })]);
    await after.close();
  });

  it('keeps raw events 90 days when the retention is not set', async () => {
    const db = tempDbPath();
    const store = await openStore({ path: db });
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    await store.transaction((tx) => appendEvents(tx, [row(daysAgo(91), 'a'), row(daysAgo(89), 'b')]));
    await store.close();
    // An empty value is "not set" (the child inherits the parent's environment otherwise).
    const r = await cli.run(['--db', db, '--json', 'events', 'rollup'], { MASTHEAD_EVENT_RETENTION_DAYS: '' });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ days: 2, pruned: 1 });
    const after = await openStore({ path: db });
    expect((await after.all<{ day: string }>('select day from events')).map((r) => r.day)).toEqual([daysAgo(89)]);
    expect((await readRollups(after.db, 'alpha', { grain: 'day', dim: 'content' })).map((r) => r.bucket)).toEqual([daysAgo(91), daysAgo(89)]);
    await after.close();
  });
});

describe('events rollup without the CLI', () => {
  it('rolls up an in-memory store too (no second connection: the day is computed in its transaction)', async () => {
    const store = await openStore({ path: ':memory:' });
    await store.transaction((tx) => appendEvents(tx, [row('2026-03-02', 'a'), row('2026-03-02', 'b'), row('2026-03-02', 'a'), row('2026-03-03', 'c')]));
    expect(await rollupEvents(store, Date.now())).toEqual({ tenants: 1, days: 2, events: 4 });
    const days = await readRollups(store.db, 'alpha', { grain: 'day', dim: 'content' });
    expect(days.map((d) => [d.bucket, d.key, d.events, d.visitors])).toEqual([['2026-03-02', '7', 3, 2], ['2026-03-03', '7', 1, 1]]);
    await store.close();
  });
});
