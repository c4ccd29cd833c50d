// Ad units and house ads through the API (issue 19): list, create, update and delete behind the ad
// settings permissions, one tenant at a time; bad input names the field and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotCounts, startApi, type Harness } from './api-harness';

let h: Harness;
beforeAll(async () => { h = await startApi(); });
afterAll(async () => { await h.close(); });

const admin = { as: 'alphaAdmin' as const };
const leaderboard = {
  key: 'header-leaderboard', type: 'header-leaderboard', size: [[728, 90], [970, 250]],
  sizeMapping: [{ minWidth: 0, sizes: [[320, 50]] }, { minWidth: 1024, sizes: [[728, 90], [970, 250]] }],
  useSectionAlias: true, refreshRate: 30, excludePageTypes: ['issue'],
};

describe('ad units', () => {
  it('creates, lists, updates and deletes units with history and a rebuild request', async () => {
    h.changes.length = 0;
    const c = await h.op('createAdUnit', { input: leaderboard }, admin);
    const unit = c.data.createAdUnit;
    expect(unit).toMatchObject({ ...leaderboard, targetId: null, position: 3 });
    expect((await h.op('getAdUnits', {}, { as: 'alphaViewer' })).data.getAdUnits.map((u: any) => u.key)).toEqual(['header-leaderboard']);
    const u = await h.op('updateAdUnit', { id: unit.id, input: { refreshRate: 0, targetId: 'top-ad' } }, admin);
    expect(u.data.updateAdUnit).toMatchObject({ key: 'header-leaderboard', refreshRate: 0, targetId: 'top-ad', size: leaderboard.size });
    const history = await h.op('getHistory', { input: { entityType: 'adUnit', entityId: String(unit.id) } }, admin);
    expect(history.data.getHistory.edges.map((e: any) => e.node.action)).toEqual(['update', 'create']);
    expect((await h.op('deleteAdUnit', { id: unit.id }, admin)).data.deleteAdUnit.ok).toBe(true);
    expect((await h.op('getAdUnits', {}, admin)).data.getAdUnits).toEqual([]);
    expect(h.changes.map((x) => x.change)).toEqual([
      { entity: 'adUnit', action: 'create', ids: [unit.id] },
      { entity: 'adUnit', action: 'update', ids: [unit.id] },
      { entity: 'adUnit', action: 'delete', ids: [unit.id] },
    ]);
  });

  it('refuses bad input naming the field and writes nothing', async () => {
    const first = (await h.op('createAdUnit', { input: { key: 'rail', type: 'layout-block', size: [[300, 250]] } }, admin)).data.createAdUnit;
    const before = await snapshotCounts(h);
    const field = async (input: Record<string, unknown>) => {
      const e = (await h.op('createAdUnit', { input }, admin)).error;
      return { ...e?.extensions, message: e?.message };
    };
    expect(await field({ type: 'layout-block', size: [[300, 250]] })).toMatchObject({ field: 'key', message: 'key: Field is required' });
    expect(await field({ key: 'Rail Top', type: 'layout-block', size: [[300, 250]] })).toMatchObject({ field: 'key' });
    expect(await field({ key: 'rail', type: 'layout-block', size: [[300, 250]] })).toMatchObject({ field: 'key', message: expect.stringContaining('Already used') });
    expect(await field({ key: 'x', type: 'popup', size: [[300, 250]] })).toMatchObject({ field: 'type' });
    expect(await field({ key: 'x', type: 'sticky-bottom' })).toMatchObject({ field: 'size', message: 'size: Field is required' });
    expect(await field({ key: 'x', type: 'sticky-bottom', size: [[0, 90]] })).toMatchObject({ field: 'size[0][0]' });
    expect(await field({ key: 'x', type: 'content-list-native', refreshRate: 10 })).toMatchObject({ field: 'refreshRate', message: expect.stringContaining('30') });
    expect(await field({ key: 'x', type: 'content-list-native', excludePageTypes: ['blog'] })).toMatchObject({ field: 'excludePageTypes[0]' });
    expect(await field({ key: 'x', type: 'content-list-native', targetId: '1 bad"id' })).toMatchObject({ field: 'targetId' });
    expect(await field({ key: 'x', type: 'content-list-native', sizeMapping: [{ minWidth: 0, sizes: [] }, { minWidth: 0, sizes: [] }] })).toMatchObject({ field: 'sizeMapping[1].minWidth' });
    expect((await h.op('updateAdUnit', { id: first.id, input: { size: [] } }, admin)).error?.extensions).toMatchObject({ field: 'size' });
    expect(await snapshotCounts(h)).toEqual(before);
  });

  it('checks permission and tenant on every operation', async () => {
    const unit = (await h.op('createAdUnit', { input: { key: 'sticky', type: 'sticky-bottom', size: [[320, 50]] } }, admin)).data.createAdUnit;
    const before = await snapshotCounts(h);
    expect((await h.op('createAdUnit', { input: { key: 'y', type: 'content-list-native' } }, { as: 'alphaEditor' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('createAdUnit', { input: { key: 'y', type: 'content-list-native' } })).error!.extensions.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
    expect((await h.op('getAdUnits', {}, { as: 'alphaViewer', tenant: 'beta' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('updateAdUnit', { id: unit.id, input: { refreshRate: 60 } }, { as: 'alphaViewer' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('deleteAdUnit', { id: unit.id }, { ...admin, tenant: 'beta' })).error!.extensions.code).toBe('FORBIDDEN');
    expect(await snapshotCounts(h)).toEqual(before);
  });
});

describe('house ads', () => {
  const native = { nativeTitle: 'Benchmark report', nativeSummary: 'Free download', nativeUrl: 'https://sponsor.example/report', nativeImagePath: '/images/alpha/ship.svg' };
  it('creates a native ad with the Sponsored label by default, schedules and updates it, and deletes it', async () => {
    const c = await h.op('createHouseAd', { input: { name: 'Report', kind: 'native', priority: 5, startDate: '2026-01-01T00:00:00Z', endDate: '2027-01-01T00:00:00Z', native } }, admin);
    const ad = c.data.createHouseAd;
    expect(ad).toMatchObject({ kind: 'native', status: 1, priority: 5, startDate: '2026-01-01T00:00:00.000Z', native: { ...native, labels: 'Sponsored' }, skin: null });
    const u = await h.op('updateHouseAd', { id: ad.id, input: { endDate: '2028-01-01T00:00:00Z', native: { ...native, labels: 'Partner content' } } }, admin);
    expect(u.data.updateHouseAd).toMatchObject({ endDate: '2028-01-01T00:00:00.000Z', startDate: '2026-01-01T00:00:00.000Z', native: { labels: 'Partner content' } });
    expect((await h.op('getHouseAds', {}, { as: 'alphaViewer' })).data.getHouseAds.map((a: any) => a.id)).toEqual([ad.id]);
    expect((await h.op('deleteHouseAd', { id: ad.id }, admin)).data.deleteHouseAd.ok).toBe(true);
  });

  it('takes a native\'s image from the tenant\'s media library only', async () => {
    // Asset 120 is an image of alpha's library, 220 one of beta's.
    const c = await h.op('createHouseAd', { input: { name: 'Library', kind: 'native', native: { ...native, nativeImageAssetId: 120 } } }, admin);
    expect(c.data.createHouseAd.native).toMatchObject({ nativeImageAssetId: 120 });
    const other = await h.op('updateHouseAd', { id: c.data.createHouseAd.id, input: { native: { ...native, nativeImageAssetId: 220 } } }, admin);
    expect(other.error?.extensions.field).toBe('native.nativeImageAssetId');
    expect(other.error?.message).toMatch(/Unknown image asset 220/);
    expect((await h.op('createHouseAd', { input: { name: 'x', kind: 'native', native: { ...native, nativeImageAssetId: 'abc' } } }, admin)).error?.extensions.field).toBe('native.nativeImageAssetId');
    await h.op('deleteHouseAd', { id: c.data.createHouseAd.id }, admin);
  });

  it('refuses bad creatives naming the field, and other tenants and roles, writing nothing', async () => {
    const before = await snapshotCounts(h);
    const field = async (input: Record<string, unknown>, opts: Record<string, unknown> = admin) => {
      const e = (await h.op('createHouseAd', { input }, opts as never)).error;
      return e?.extensions.field ?? e?.extensions.code;
    };
    expect(await field({ name: 'x', kind: 'native' })).toBe('native');
    expect(await field({ name: 'x', kind: 'native', native: { ...native, nativeUrl: 'javascript:alert(1)' } })).toBe('native.nativeUrl');
    expect(await field({ name: 'x', kind: 'native', native: { ...native, nativeImagePath: '"><script>' } })).toBe('native.nativeImagePath');
    expect(await field({ name: 'x', kind: 'native', native, skin: { adTitle: 't', adClickUrl: 'https://a.example' } })).toBe('skin');
    expect(await field({ name: 'x', kind: 'welcome', welcome: { adType: 'welcomeAdImage' } })).toBe('welcome.adImagePath');
    expect(await field({ name: 'x', kind: 'welcome', welcome: { adImagePath: '/i.svg', adLength: 0 } })).toBe('welcome.adLength');
    expect(await field({ name: 'x', kind: 'native', native, startDate: '2027-01-01', endDate: '2026-01-01' })).toBe('endDate');
    expect(await field({ name: 'x', kind: 'native', native, priority: 7 })).toBe('priority');
    expect(await field({ name: 'x', kind: 'native', native }, { as: 'alphaEditor' })).toBe('FORBIDDEN');
    expect(await field({ name: 'x', kind: 'native', native }, { ...admin, tenant: 'beta' })).toBe('FORBIDDEN');
    expect(await snapshotCounts(h)).toEqual(before);
  });
});

describe('ad-unit settings report', () => {
  it('lists every unit with the layouts that place and exclude it, for viewers of the tenant only', async () => {
    const unit = (await h.op('createAdUnit', { input: { key: 'report-rail', type: 'layout-block', size: [[300, 250]] } }, admin)).data.createAdUnit;
    const top = (await h.op('createAdUnit', { input: { key: 'report-top', type: 'header-leaderboard', size: [[728, 90]], excludePageTypes: ['issue'] } }, admin)).data.createAdUnit;
    const grid = { rows: [{ settings: { layout: '1' }, columns: [{ blocks: [{ id: 'r', type: 'ad_slot', data: { slot: 'report-rail' } }] }] }] };
    const l = await h.op('createLayout', { input: { name: 'Rail layout', type: 'content', excludeAds: { headerLeaderboardAd: true }, primaryGrid: grid } }, admin);
    expect(l.error).toBeUndefined();
    const rows = (await h.op('getAdUnitSettingsReport', {}, { as: 'alphaViewer' })).data.getAdUnitSettingsReport;
    expect(rows.find((r: any) => r.key === 'report-rail')).toMatchObject({ type: 'layout-block', placedIn: ['Rail layout'], excludedBy: [] });
    expect(rows.find((r: any) => r.key === 'report-top')).toMatchObject({ placedIn: ['Every page'], excludedBy: expect.arrayContaining(['Rail layout']), excludePageTypes: ['issue'] });
    expect((await h.op('getAdUnitSettingsReport', {}, { as: 'alphaViewer', tenant: 'beta' })).error!.extensions.code).toBe('FORBIDDEN');
    await h.op('deleteAdUnit', { id: unit.id }, admin);
    await h.op('deleteAdUnit', { id: top.id }, admin);
  });
});
