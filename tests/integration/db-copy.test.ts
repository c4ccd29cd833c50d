// `masthead db copy`: the demo fixtures seeded into SQLite, copied to a fresh PostgreSQL database,
// every table's rows and checksum compared; and the clear refusals (bad URL, unreachable server,
// non-empty target).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { openStore } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { copySqliteToPg, tableChecksums } from '../../engine/store/pg/copy';
import { openPgStore } from '../../engine/store/pg/connection';
import { tempDbPath } from '../helpers/fixture-set';
import { CLI_RUNNERS } from '../helpers/cli';
import { freshPgDatabase, type FreshPg } from '../helpers/pg';

const DEMO = fileURLToPath(new URL('../../fixtures/demo', import.meta.url));
const cli = CLI_RUNNERS.find((r) => r.name === 'typescript')!;
let sqlite: string;
let rowsBySqlite: Record<string, number>;
let target: FreshPg;

beforeAll(async () => {
  sqlite = tempDbPath();
  const store = await openStore({ path: sqlite });
  try {
    rowsBySqlite = (await seedFixtures(store, DEMO)).rows;
    // A row that references a row of its own table, and a blob, a real, a boolean and JSON, all of which the checksum covers.
    await store.run('update website_sections set parent_id = (select max(id) from website_sections) where id = (select min(id) from website_sections)');
  } finally {
    await store.close();
  }
  target = await freshPgDatabase('copy');
});
afterAll(async () => {
  await target?.drop();
});

describe('db copy', () => {
  it('copies every table of the demo installation, with the same row counts and checksums on both sides', async () => {
    const progress: string[] = [];
    const r = await copySqliteToPg({ from: sqlite, to: target.url, batchSize: 7, progress: (l) => progress.push(l) });
    expect(r.tables.length).toBeGreaterThan(60);
    expect(r.tables.every((t) => t.ok && t.rows === t.targetRows && t.checksum === t.targetChecksum)).toBe(true);
    const byTable = Object.fromEntries(r.tables.map((t) => [t.table, t.rows]));
    expect(byTable.content).toBe(rowsBySqlite.content);
    expect(byTable.content).toBeGreaterThan(7);
    expect(progress.some((l) => /^content: \d+ row\(s\)$/.test(l))).toBe(true);
    expect(progress.at(-1)).toMatch(/verifying/);

    // Checked independently of the copier: counts from PostgreSQL itself, and content readable through drizzle.
    const pg = await openPgStore({ url: target.url });
    try {
      for (const [table, n] of Object.entries(rowsBySqlite)) {
        const [row] = await pg.all<{ n: number }>(`select count(*) as n from "${table}"`);
        expect(row!.n, table).toBe(n);
      }
      const sections = await pg.all<{ parent_id: number | null }>('select parent_id from website_sections where parent_id is not null');
      expect(sections.length).toBeGreaterThan(0);
      // Ids continue after the copied ones.
      const [{ next }] = await pg.all<{ next: number }>("select nextval(pg_get_serial_sequence('history', 'id')) as next") as [{ next: number }];
      const [{ max }] = await pg.all<{ max: number | null }>('select max(id) as max from history') as [{ max: number | null }];
      expect(next).toBe((max ?? 0) + 1);
    } finally {
      await pg.close();
    }
    // The whole demo in batches of 7 rows: about 50 s on a loaded 2-core machine, past the project's 60 s default.
  }, 180_000);

  it('computes checksums that change with any value, and not with how PostgreSQL spells JSON', async () => {
    const lite = await openStore({ path: sqlite, migrate: false });
    const pg = await openPgStore({ url: target.url });
    try {
      const a = await tableChecksums(lite, 'sqlite');
      const b = await tableChecksums(pg, 'pg');
      expect(b).toEqual(a);
      await pg.run("update content set teaser = teaser || '.' where id = (select min(id) from content)");
      await pg.run("update tenants set settings = jsonb_set(settings::jsonb, '{x}', '1')::json where tenant_key = (select min(tenant_key) from tenants)");
      const c = await tableChecksums(pg, 'pg');
      expect(Object.keys(c).filter((t) => c[t]!.checksum !== a[t]!.checksum).sort()).toEqual(['build_epoch', 'content', 'tenants']); // the writes bumped the build epoch too
      expect(c.content!.rows).toBe(a.content!.rows);
    } finally {
      await lite.close();
      await pg.close();
    }
  });

  it('refuses a non-empty target without --force, and replaces its data with it', async () => {
    await expect(copySqliteToPg({ from: sqlite, to: target.url })).rejects.toThrow(/is not empty \(.*\); use --force/);
    const r = await copySqliteToPg({ from: sqlite, to: target.url, force: true });
    expect(r.tables.every((t) => t.ok)).toBe(true);
  });

  it('reports the copy on the command line and names a bad URL or an unreachable server', async () => {
    const other = await freshPgDatabase('copycli');
    try {
      const ok = await cli.run(['db', 'copy', '--from', sqlite, '--to', other.url, '--json']);
      expect(ok.code, ok.stderr).toBe(0);
      const report = JSON.parse(ok.stdout) as { tables: { table: string; ok: boolean }[] };
      expect(report.tables.find((t) => t.table === 'content')?.ok).toBe(true);
      const parts = await cli.run(['db', 'partitions', '--url', other.url, '--days', '2', '--json']);
      expect(parts.code, parts.stderr).toBe(0);
      // The copy made the partitions of the days it has events of (the demo's traffic reaches today); the command adds tomorrow's.
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
      expect((JSON.parse(parts.stdout) as { created: string[] }).created).toEqual(expect.arrayContaining([`events_p${tomorrow}`, `event_rollups_p${tomorrow}`]));
    } finally {
      await other.drop();
    }
    const bad = await cli.run(['db', 'copy', '--from', sqlite, '--to', 'mysql://db/x']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/Not a PostgreSQL URL: the scheme is mysql/);
    const down = await cli.run(['db', 'copy', '--from', sqlite, '--to', 'postgres://postgres:secret@127.0.0.1:1/none']);
    expect(down.code).not.toBe(0);
    expect(down.stderr).toMatch(/Cannot connect to PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/none/);
    expect(down.stderr).not.toContain('secret');
    const missing = await cli.run(['db', 'copy', '--from', '/nonexistent/x.sqlite', '--to', other.url]);
    expect(missing.stderr).toMatch(/--from: no SQLite database at \/nonexistent\/x\.sqlite/);
  });
});
