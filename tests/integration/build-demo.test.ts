// The demo tenants (fixtures/demo) built and checked like the small set: every page valid and
// accessible in the basics, every internal link resolving, every tenant published.
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { runBuild, type BuildSummary } from '../../engine/build/index';
import { tempDbPath } from '../helpers/fixture-set';
import { brokenLinks, pageProblems } from './build-quality';
import { BUILD_NOW } from './build-site-fixture';

const DEMO = fileURLToPath(new URL('../../fixtures/demo', import.meta.url));
let store: Store;
let out: string;
let summary: BuildSummary;

beforeAll(async () => {
  store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, DEMO);
  out = mkdtempSync(join(tmpdir(), 'masthead-demo-'));
  summary = await runBuild(store, { outDir: out, now: BUILD_NOW, originTemplate: 'http://{key}.localhost:4000', workers: 2 });
}, 180_000);

afterAll(async () => {
  await store?.close();
});

describe('demo site build', () => {
  it('builds every demo tenant', () => {
    expect(summary.tenants.map((t) => t.key)).toEqual(['freightwise', 'plantpulse', 'shelfline']);
    for (const t of summary.tenants) expect(t.pages, t.key).toBeGreaterThan(100);
  });

  for (const key of ['freightwise', 'plantpulse', 'shelfline']) {
    it(`${key}: every page is valid with the accessibility basics, and no internal link is broken`, async () => {
      const site = realpathSync(join(out, key));
      expect(await pageProblems(site)).toEqual([]);
      expect(brokenLinks(site)).toEqual([]);
    }, 180_000);
  }
});
