// A full demo build on PostgreSQL equals the same build on SQLite (issue #23): the demo fixtures
// seeded into a fresh database of each kind, built at the same instant, produce the same files
// byte for byte once build ids and build times are blanked. (JSON columns are PostgreSQL `json`,
// not jsonb, for this: jsonb reorders object keys, and pages list social links and ad size
// mappings in the order they were written.)
import { mkdtempSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { runBuild } from '../../engine/build/index';
import { freshPgDatabase, type FreshPg } from '../helpers/pg';
import { BUILD_NOW } from './build-site-fixture';

const DEMO = fileURLToPath(new URL('../../fixtures/demo', import.meta.url));
const TENANTS = ['freightwise', 'plantpulse', 'shelfline'];
const BUILD_ID = /\d{8}T\d{9}Z-[0-9a-f]{6}/g;
/** What legitimately differs between two builds: their ids and the instants they ran at. */
const normalise = (text: string) => text
  .replace(BUILD_ID, '(build)')
  .replace(/"timestamp":\d+/g, '"timestamp":0')
  .replace(/<lastBuildDate>[^<]*<\/lastBuildDate>/g, '<lastBuildDate/>');

let pgDb: FreshPg;
const stores: Store[] = [];
const outs: Record<'sqlite' | 'postgres', string> = { sqlite: '', postgres: '' };

async function build(kind: 'sqlite' | 'postgres', path: string): Promise<void> {
  const store = await openStore({ path });
  stores.push(store);
  await seedFixtures(store, DEMO);
  outs[kind] = mkdtempSync(join(tmpdir(), `masthead-parity-${kind}-`));
  await runBuild(store, { outDir: outs[kind], now: BUILD_NOW, originTemplate: 'http://{key}.localhost:4000', workers: 1 });
}

function files(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(root, p).replace(BUILD_ID, '(build)'), p);
    }
  };
  walk(root);
  return out;
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
      const a = files(realpathSync(join(outs.sqlite, key)));
      const b = files(realpathSync(join(outs.postgres, key)));
      expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
      expect(a.size).toBeGreaterThan(300);
      const differing: string[] = [];
      let compared = 0;
      for (const [rel, pa] of a) {
        // Compressed twins differ wherever their source does; their sources are compared.
        if (/\.(br|gz)$/.test(rel)) continue;
        const x = readFileSync(pa);
        const y = readFileSync(b.get(rel)!);
        compared += 1;
        if (x.equals(y)) continue;
        if (normalise(x.toString('latin1')) !== normalise(y.toString('latin1'))) differing.push(rel);
      }
      expect(compared).toBeGreaterThan(300);
      expect(differing).toEqual([]);
    });
  }
});
