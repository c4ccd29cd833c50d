// The store reader the build uses: only live content (published, inside its window at `now`),
// schedules inside their own windows, bodies streamed in chunks in the order asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { listTenants, loadSiteRows, streamAssetFiles, streamContentBodies } from '../../engine/store/site-reader';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';

const NOW = Date.UTC(2026, 10, 1);
let store: Store;

beforeAll(async () => {
  const t = tenantFixture('acme', 4000);
  const c = t.content as Record<string, unknown>[];
  c[0]!.startDate = '2026-12-01T00:00:00Z'; // not yet
  c[1]!.endDate = '2026-10-15T00:00:00Z'; // over
  c[2]!.schedules = [{ sectionId: 4001, option: 'Featured', endDate: '2026-10-20T00:00:00Z' }, { sectionId: 4003, option: 'Standard', startDate: '2026-10-01T00:00:00Z' }];
  store = await openStore({ path: tempDbPath() });
  await seedFixtures(store, writeFixtureSet([t, tenantFixture('beta', 5000)]));
});

afterAll(async () => {
  await store?.close();
});

describe('site reader', () => {
  it('lists tenants by key', async () => {
    expect((await listTenants(store)).map((t) => t.tenantKey)).toEqual(['acme', 'beta']);
  });

  it('loads only live content, newest first, with its links, and schedules inside their windows', async () => {
    const rows = await loadSiteRows(store, 'acme', NOW);
    const ids = rows.content.map((c) => c.id);
    expect(ids).not.toContain(10_400_001); // starts later
    expect(ids).not.toContain(10_400_002); // ended
    expect(ids).not.toContain(10_400_012); // draft
    expect(ids).toHaveLength(9);
    const published = rows.content.map((c) => c.published!);
    expect([...published].sort((a, b) => b - a)).toEqual(published);
    expect(rows.authors.filter((a) => a.contentId === 10_400_003)).toEqual([{ contentId: 10_400_003, targetId: 4010, name: 'Rosa Delgado', position: 0 }]);
    expect(rows.schedules.filter((s) => s.contentId === 10_400_003)).toEqual([{ contentId: 10_400_003, sectionId: 4003, option: 'Standard' }]);
    expect(rows.schedules.some((s) => s.contentId === 10_400_001 || s.contentId === 10_400_002)).toBe(false);
    expect(rows.redirects).toEqual([{ from: '/old-markets', to: '/markets', preserveQueryString: false }]);
    expect(rows.oldAliases).toEqual([]);
    expect(rows.layouts[0]).toMatchObject({ id: 4070, type: 'section', primaryGrid: { rows: [expect.anything()] } });
  });

  it('streams bodies in chunks in the order asked, skipping other tenants’ ids, and asset bytes', async () => {
    const chunks: { id: number; body: string }[][] = [];
    for await (const chunk of streamContentBodies(store, 'acme', [10_400_005, 10_400_003, 10_500_001, 10_400_004], 2)) chunks.push(chunk);
    expect(chunks.map((c) => c.map((b) => b.id))).toEqual([[10_400_005, 10_400_003], [10_400_004]]);
    expect(chunks[0]![0]!.body).toContain('<p>Carriers are trimming sailings.</p>');
    const assets: { path: string; data: Buffer }[] = [];
    for await (const chunk of streamAssetFiles(store, 'acme')) assets.push(...chunk);
    expect(assets.map((a) => a.path)).toEqual(['/images/acme/ship.svg']);
    expect(assets[0]!.data.toString()).toContain('<svg');
  });
});
