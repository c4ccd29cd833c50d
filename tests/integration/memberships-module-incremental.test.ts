// The memberships module page rebuilds incrementally (DESIGN §4: an incremental build equals a full
// build): adding, editing and removing the module layout each update /membership/choose exactly as
// a from-scratch build of the same database does.
import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutSchema } from '../../engine/domain/layout';
import { runBuild } from '../../engine/build/index';
import { TenantBuilder } from '../../engine/build/incremental/tenant-builder';
import { fullTenantBuild } from '../../engine/build/full-build';
import type { Store } from '../../engine/store/connection';
import { writeLayouts } from '../../engine/store/writes';
import { BUILD_NOW, publishedTree, seedBuildSite } from './build-site-fixture';

const ORIGIN = 'https://{key}.example.com';
const opts = (outDir: string) => ({ outDir, originTemplate: ORIGIN, clientDir: null, workers: 1 });
let store: Store;
let out: string;
let builder: TenantBuilder;

const moduleLayout = (html: string) => layoutSchema.parse({
  id: 990001, name: 'Memberships module', type: 'module', key: 'memberships',
  primaryGrid: { rows: [{ settings: { layout: '1', width: 'site-width' }, columns: [{ blocks: [{ id: 'why', type: 'html', settings: { title: 'Why join' }, data: { html } }] }] }] },
});

async function fullTree(): Promise<Map<string, string>> {
  const fresh = mkdtempSync(join(tmpdir(), 'masthead-module-full-'));
  await runBuild(store, { ...opts(fresh), tenants: ['alpha'], now: BUILD_NOW });
  return publishedTree(realpathSync(join(fresh, 'alpha')));
}
const choose = () => load(readFileSync(join(realpathSync(join(out, 'alpha')), 'membership/choose/index.html'), 'utf8'));

beforeAll(async () => {
  ({ store } = await seedBuildSite());
  out = mkdtempSync(join(tmpdir(), 'masthead-module-inc-'));
  await runBuild(store, { ...opts(out), tenants: ['alpha'], now: BUILD_NOW });
  builder = new TenantBuilder(store, 'alpha', opts(out), fullTenantBuild);
}, 120_000);
afterAll(async () => { await store?.close(); });

describe('the memberships module page, built incrementally', () => {
  it('follows the module layout as it is added, edited and removed, equal to a full build each time', async () => {
    expect(choose()('main').text()).not.toContain('Why join');
    for (const [step, edit] of [
      ['add', () => writeLayouts(store.db, 'alpha', [moduleLayout('<p>First pitch</p>')])],
      ['edit', () => writeLayouts(store.db, 'alpha', [moduleLayout('<p>Second pitch</p>')])],
      ['remove', () => store.run('DELETE FROM layouts WHERE id = 990001')],
    ] as const) {
      await edit();
      const r = await builder.update({ now: BUILD_NOW, reload: true, maxShare: 1 });
      expect(r.full, step).toBe(false);
      const text = choose()('main').text();
      if (step === 'add') expect(text).toContain('First pitch');
      if (step === 'edit') expect(text).toContain('Second pitch');
      if (step === 'remove') expect(text).not.toContain('Why join');
      const expected = await fullTree();
      const actual = publishedTree(realpathSync(join(out, 'alpha')));
      expect(actual.get('membership/choose/index.html'), step).toBe(expected.get('membership/choose/index.html'));
      expect([...actual.keys()], step).toEqual([...expected.keys()]);
    }
  }, 300_000);
});
