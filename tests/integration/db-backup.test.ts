// Backup and restore of an installation on SQLite (issue 40), through the CLI as an operator runs
// it: `masthead db backup` takes a consistent copy with SQLite's online backup API and records
// every table's row count and checksum; `masthead db restore` onto an empty installation gives
// the same rows and the same built sites; a restore over data, or of a damaged backup, changes
// nothing and says why. (tests/integration/pg-db-backup.test.ts: the same on PostgreSQL.)
import { copyFileSync, existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../engine/build/index';
import { openStore, type Store } from '../../engine/store/connection';
import { tableChecksums } from '../../engine/store/pg/copy';
import { CLI_RUNNERS } from '../helpers/cli';
import { BUILD_NOW, publishedTree, seedBuildSite } from './build-site-fixture';

const cli = CLI_RUNNERS.find((r) => r.name === 'typescript')!;
let store: Store;
let dbPath: string;
let dir: string;

beforeAll(async () => {
  ({ store, dbPath } = await seedBuildSite());
  dir = mkdtempSync(join(tmpdir(), 'masthead-backup-'));
}, 60_000);

afterAll(async () => {
  await store?.close();
});

const build = async (s: Store, out: string) => {
  await runBuild(s, { outDir: out, now: BUILD_NOW, originTemplate: 'https://{key}.example.com', workers: 1, clientDir: null, precompress: 'none' });
  return publishedTree(realpathSync(join(out, 'alpha')));
};

describe('masthead db backup and restore (SQLite)', () => {
  it('round-trips an installation: every table the same, and the restored one builds the same sites', async () => {
    const file = join(dir, 'site.backup');
    const b = await cli.run(['--db', dbPath, '--json', 'db', 'backup', file]);
    expect(b.code, b.stderr).toBe(0);
    const manifest = JSON.parse(b.stdout) as { tables: Record<string, { rows: number }>; dialect: string };
    expect(manifest.dialect).toBe('sqlite');
    expect(manifest.tables.content!.rows).toBeGreaterThan(10);

    const restored = join(dir, 'fresh', 'masthead.sqlite');
    const r = await cli.run(['--db', restored, 'db', 'restore', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/every table verified/);
    const copy = await openStore({ path: restored });
    try {
      expect(await tableChecksums(copy, 'sqlite')).toEqual(await tableChecksums(store, 'sqlite'));
      // No trace of the backup's manifest in the restored database.
      expect(await copy.all("select name from sqlite_master where name = 'masthead_backup'", [])).toEqual([]);
      expect(await build(copy, join(dir, 'out-restored'))).toEqual(await build(store, join(dir, 'out-original')));
    } finally {
      await copy.close();
    }
  }, 120_000);

  it('refuses to restore over an installation that holds data, and a backup that does not match its manifest, changing nothing', async () => {
    const file = join(dir, 'second.backup');
    expect((await cli.run(['--db', dbPath, 'db', 'backup', file])).code).toBe(0);
    // Refused: the target has data.
    const over = await cli.run(['--db', dbPath, 'db', 'restore', file]);
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/holds data: restore into an empty installation, or pass --force/);
    // A backup whose rows were changed after it was made.
    const damaged = join(dir, 'damaged.backup');
    copyFileSync(file, damaged);
    const d = await openStore({ path: damaged, migrate: false });
    await d.run("update content set name = 'Tampered' where id = (select min(id) from content)", []);
    await d.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    await d.close();
    const target = join(dir, 'empty', 'masthead.sqlite');
    const bad = await cli.run(['--db', target, 'db', 'restore', damaged]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/does not match its manifest: content \(\d+ rows of \d+, checksum differs\)/);
    expect(existsSync(target)).toBe(false);
    // And an existing backup file is not overwritten without --force.
    const before = readFileSync(file);
    const again = await cli.run(['--db', dbPath, 'db', 'backup', file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/exists: choose another file or pass --force/);
    expect(readFileSync(file).equals(before)).toBe(true);
  }, 60_000);
});
