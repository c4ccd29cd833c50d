// A full demo build on PostgreSQL equals the same build on SQLite (issue #23): the demo fixtures
// seeded into a fresh database of each kind, built at the same instant, produce the same files
// byte for byte once build ids and build times (and the seeding instants rows carry) are blanked. (JSON columns are PostgreSQL `json`,
// not jsonb, for this: jsonb reorders object keys, and pages list social links and ad size
// mappings in the order they were written.)
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { runBuild } from '../../engine/build/index';
import { freshPgDatabase, type FreshPg } from '../helpers/pg';
import { buildFiles, compareBuilds } from '../helpers/build-compare';
import { BUILD_NOW } from './build-site-fixture';

const DEMO = fileURLToPath(new URL('../../fixtures/demo', import.meta.url));
const TENANTS = ['freightwise', 'plantpulse', 'shelfline'];
let pgDb: FreshPg;
// Whole seconds: pages write times to the second, so a row seeded in this very second still counts as of this run.
const started = Math.floor(Date.now() / 1000) * 1000;
const stores: Store[] = [];
const outs: Record<'sqlite' | 'postgres', string> = { sqlite: '', postgres: '' };

async function build(kind: 'sqlite' | 'postgres', path: string): Promise<void> {
  const store = await openStore({ path });
  stores.push(store);
  await seedFixtures(store, DEMO);
  outs[kind] = mkdtempSync(join(tmpdir(), `masthead-parity-${kind}-`));
  await runBuild(store, { outDir: outs[kind], now: BUILD_NOW, originTemplate: 'http://{key}.localhost:4000', workers: 1 });
}

beforeAll(async () => {
  pgDb = await freshPgDatabase('parity');
  await build('sqlite', join(mkdtempSync(join(tmpdir(), 'masthead-parity-db-')), 'demo.sqlite'));
  await build('postgres', pgDb.url);
}, 600_000);

afterAll(async () => {
  for (const s of stores) await s.close();
  await pgDb?.drop();
});

describe('a demo build on PostgreSQL', () => {
  for (const key of TENANTS) {
    it(`${key}: writes the same files as on SQLite, byte for byte but for build ids and times`, () => {
      // Rows carry their seeding instant (updated_at): the two seeds ran at different times.
      const r = compareBuilds(buildFiles(realpathSync(join(outs.sqlite, key))), buildFiles(realpathSync(join(outs.postgres, key))), started);
      expect(r.onlyA).toEqual([]);
      expect(r.onlyB).toEqual([]);
      expect(r.compared).toBeGreaterThan(300);
      expect(r.differing.slice(0, 5)).toEqual([]);
    });
  }
});
