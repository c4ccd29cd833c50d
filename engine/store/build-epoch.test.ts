// The build epoch (schema-builds.ts) must move on a write to any table the site build reads, or a
// `masthead build` after such an edit answers "unchanged" and keeps stale pages. The tables are
// read off site-reader.ts's SQL, so a table the build starts to read fails here until its
// triggers exist (SQLite migration; PostgreSQL's twin is checked by pg/schema-parity.test.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openStore } from './connection';
import { readEpoch } from './queries/builds';

const READER = readFileSync(new URL('./site-reader.ts', import.meta.url), 'utf8');
const buildTables = [...new Set([...READER.matchAll(/\b(?:from|join)\s+"?([a-z_]+)"?/gi)].map((m) => m[1]!.toLowerCase()))]
  .filter((t) => !['json_each'].includes(t)).sort();

describe('build epoch', () => {
  it('has insert, update and delete triggers on every table the site build reads', async () => {
    const store = await openStore({ path: ':memory:' });
    try {
      const existing = new Set((await store.all<{ t: string }>("select tbl_name as t from sqlite_master where type = 'table'")).map((r) => r.t));
      const tables = buildTables.filter((t) => existing.has(t));
      expect(tables).toContain('ad_units');
      expect(tables).toContain('magazine_issues');
      const triggers = await store.all<{ name: string; t: string }>("select name, tbl_name as t from sqlite_master where type = 'trigger' and name like 'build_epoch_%'");
      const missing = tables.flatMap((t) => ['insert', 'update', 'delete'].filter((op) => !triggers.some((g) => g.t === t && g.name === `build_epoch_${t}_${op}`)).map((op) => `${t} ${op}`));
      expect(missing).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('moves when an ad unit is written, changed and deleted', async () => {
    const store = await openStore({ path: ':memory:' });
    try {
      await store.run("insert into tenants (tenant_key, name, domain, abbreviation, settings) values ('a', 'A', 'a.localhost', 'A', '{}')");
      const seen = [await readEpoch(store)];
      await store.run(`insert into ad_units (id, tenant_key, key, type, size, size_mapping, exclude_page_types) values (1, 'a', 'top', 'header-leaderboard', '[[728,90]]', '[]', '[]')`);
      seen.push(await readEpoch(store));
      await store.run("update ad_units set refresh_rate = 30 where id = 1");
      seen.push(await readEpoch(store));
      await store.run('delete from ad_units where id = 1');
      seen.push(await readEpoch(store));
      expect(seen).toEqual([seen[0], seen[0]! + 1, seen[0]! + 2, seen[0]! + 3]);
    } finally {
      await store.close();
    }
  });
});
