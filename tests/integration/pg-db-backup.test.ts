// Backup and restore of an installation on PostgreSQL (issue 40): `masthead db backup` dumps one
// snapshot with pg_dump and records every table's row count and checksum from that same snapshot;
// `masthead db restore` into an empty database gives the same rows, verified; a restore over data
// is refused. (db-backup.test.ts: the same on SQLite.)
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFixtures } from '../../engine/fixtures/seed';
import { openStore } from '../../engine/store/connection';
import { openPgStore, pgRawOf } from '../../engine/store/pg/connection';
import { tableChecksums } from '../../engine/store/pg/copy';
import { CLI_RUNNERS } from '../helpers/cli';
import { freshPgDatabase, type FreshPg } from '../helpers/pg';

const DEMO = fileURLToPath(new URL('../../fixtures/demo', import.meta.url));
const cli = CLI_RUNNERS.find((r) => r.name === 'typescript')!;
let source: FreshPg;
let target: FreshPg;
let dir: string;

const checksums = async (url: string) => {
  const s = await openPgStore({ url, max: 1 });
  try { return await tableChecksums(pgRawOf(s.db), 'pg'); } finally { await s.close(); }
};

beforeAll(async () => {
  [source, target] = await Promise.all([freshPgDatabase('backup_src'), freshPgDatabase('backup_dst')]);
  const store = await openStore({ path: source.url });
  try { await seedFixtures(store, DEMO); } finally { await store.close(); }
  dir = mkdtempSync(join(tmpdir(), 'masthead-pg-backup-'));
}, 120_000);

afterAll(async () => {
  await source?.drop();
  await target?.drop();
});

describe('masthead db backup and restore (PostgreSQL)', () => {
  it('round-trips the demo installation into an empty database, every table verified', async () => {
    const file = join(dir, 'demo.dump');
    const b = await cli.run(['--db', source.url, '--json', 'db', 'backup', file]);
    expect(b.code, b.stderr).toBe(0);
    expect(existsSync(`${file}.manifest.json`)).toBe(true);
    const manifest = JSON.parse(b.stdout) as { dialect: string; tables: Record<string, { rows: number }> };
    expect(manifest.dialect).toBe('pg');
    expect(manifest.tables.content!.rows).toBeGreaterThan(10);
    const r = await cli.run(['--db', target.url, 'db', 'restore', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(await checksums(target.url)).toEqual(await checksums(source.url));
    // The restored database is an installation the app opens (its migrations recorded).
    const opened = await openStore({ path: target.url });
    try {
      const [row] = await opened.all<{ n: number }>('select count(*) as n from tenants', []);
      expect(Number(row!.n)).toBe(manifest.tables.tenants!.rows);
    } finally { await opened.close(); }
    // Restoring again over the data is refused, and changes nothing.
    const before = await checksums(target.url);
    const again = await cli.run(['--db', target.url, 'db', 'restore', file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/holds data: restore into an empty database, or pass --force/);
    expect(await checksums(target.url)).toEqual(before);
  }, 180_000);
});
