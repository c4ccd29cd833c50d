// The leaders module's pages rebuild incrementally (DESIGN §4: an incremental build equals a full
// build): adding the module layout, renaming a company (an edit naming only that item, the patched
// index path), adding a company in another section and removing the layout each update /leaders and
// its category pages exactly as a from-scratch build of the same database does.
import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
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
import { ALPHA, BUILD_NOW, id, publishedTree, seedBuildSite } from './build-site-fixture';

const ORIGIN = 'https://{key}.example.com';
const opts = (outDir: string) => ({ outDir, originTemplate: ORIGIN, clientDir: null, workers: 1 });
const FIRST = id(ALPHA, 90);
const SECOND = id(ALPHA, 91);
let store: Store;
let out: string;
let builder: TenantBuilder;

const leadersLayout = layoutSchema.parse({
  id: 990201, name: 'Leaders module', type: 'module', key: 'leaders',
  primaryGrid: { rows: [{ settings: { layout: '1' }, columns: [{ blocks: [{ id: 'about', type: 'html', data: { html: '<p>Our leaders.</p>' } }] }] }] },
});

async function insertCompany(cid: number, name: string, sectionId: number): Promise<void> {
  await store.run(
    `INSERT INTO content (id, tenant_key, type, name, slug, teaser, body, status, published, primary_section_id, labels, metadata)
     VALUES (?, 'alpha', 'Company', ?, ?, 'A company.', '<p>About.</p>', 1, ?, ?, '[]', '{}')`,
    [cid, name, name.toLowerCase().replace(/\W+/g, '-'), BUILD_NOW - 86_400_000, sectionId]);
}

async function fullTree(): Promise<Map<string, string>> {
  const fresh = mkdtempSync(join(tmpdir(), 'masthead-leaders-full-'));
  await runBuild(store, { ...opts(fresh), tenants: ['alpha'], now: BUILD_NOW });
  return publishedTree(realpathSync(join(fresh, 'alpha')));
}
const root = () => realpathSync(join(out, 'alpha'));
const leaders = () => load(readFileSync(join(root(), 'leaders/index.html'), 'utf8'));
const names = () => { const $ = leaders(); return $('main .leader-name a').map((_, a) => $(a).text()).get(); };

beforeAll(async () => {
  ({ store } = await seedBuildSite());
  await insertCompany(FIRST, 'Harbor Cranes', ALPHA + 2);
  out = mkdtempSync(join(tmpdir(), 'masthead-leaders-inc-'));
  await runBuild(store, { ...opts(out), tenants: ['alpha'], now: BUILD_NOW });
  builder = new TenantBuilder(store, 'alpha', opts(out), fullTenantBuild);
}, 120_000);
afterAll(async () => { await store?.close(); });

describe('the leaders module pages, built incrementally', () => {
  it('follow the layout and the company content, equal to a full build each time', async () => {
    expect(existsSync(join(root(), 'leaders/index.html'))).toBe(false);
    const steps = [
      ['add layout', () => writeLayouts(store.db, 'alpha', [leadersLayout]), { reload: true }],
      ['rename company', () => store.run("UPDATE content SET name = 'Harbor Cranes & Hoists', updated_at = ? WHERE id = ?", [BUILD_NOW, FIRST]), { contentIds: [FIRST] }],
      ['add company', () => insertCompany(SECOND, 'Anchor Terminals', ALPHA + 3), { contentIds: [SECOND] }],
      ['remove layout', () => store.run('DELETE FROM layouts WHERE id = 990201'), { reload: true }],
    ] as const;
    for (const [step, edit, req] of steps) {
      await edit();
      const r = await builder.update({ now: BUILD_NOW, maxShare: 1, ...req });
      expect(r.full, step).toBe(false);
      if (step === 'add layout') expect(names(), step).toEqual(['Harbor Cranes']);
      if (step === 'rename company') expect(names(), step).toEqual(['Harbor Cranes & Hoists']);
      if (step === 'add company') {
        expect([...names()].sort(), step).toEqual(['Anchor Terminals', 'Harbor Cranes & Hoists']);
        expect(leaders()('main .leaders-category h2 a').length, step).toBe(2);
      }
      if (step === 'remove layout') expect(existsSync(join(root(), 'leaders/index.html')), step).toBe(false);
      const expected = await fullTree();
      const actual = publishedTree(root());
      const leaderFiles = (m: Map<string, string>) => [...m.keys()].filter((k) => k.startsWith('leaders/'));
      expect(leaderFiles(actual), step).toEqual(leaderFiles(expected));
      for (const f of leaderFiles(expected)) expect(actual.get(f), `${step}: ${f}`).toBe(expected.get(f));
      expect([...actual.keys()], step).toEqual([...expected.keys()]);
    }
  }, 300_000);
});
