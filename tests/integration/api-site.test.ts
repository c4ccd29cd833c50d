import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotCounts, startApi, type Harness } from './api-harness';

let h: Harness;
beforeAll(async () => { h = await startApi(); });
afterAll(async () => { await h.close(); });

const admin = { as: 'alphaAdmin' as const };
const grid = (blocks: unknown[]) => ({ rows: [{ settings: { layout: '1' }, columns: [{ blocks }] }] });
const list = (id: string, data: Record<string, unknown> = {}) => ({ id, type: 'content_list', data: { section: 'current', limit: 5, ...data } });

describe('website sections', () => {
  it('reads the tree three levels deep with full names and paths', async () => {
    const r = await h.op('getWebsiteSectionsHierarchy');
    const markets = r.data.getWebsiteSectionsHierarchy.find((s: any) => s.id === 102);
    expect(markets.children[0]).toMatchObject({ id: 103, fullName: 'Markets > Ocean Freight', canonicalPath: '/markets/ocean-freight', depth: 2 });
    expect(markets.children[0].children[0].hierarchy.map((x: any) => x.name)).toEqual(['Markets', 'Ocean Freight', 'Spot Rates']);
    const one = await h.op('getWebsiteSection', { alias: 'markets/ocean-freight' });
    expect(one.data.getWebsiteSection).toMatchObject({ id: 103, parentId: 102, children: [{ id: 104 }] });
    expect((await h.op('getWebsiteSection', { sectionId: 203 })).error!.extensions.code).toBe('NOT_FOUND');
  });

  it('creates, renames and moves sections, re-deriving descendant aliases, with history and rebuild requests', async () => {
    h.changes.length = 0;
    const air = (await h.op('createWebsiteSection', { input: { name: 'Air Cargo', parentId: 102 } }, admin)).data.createWebsiteSection;
    expect(air).toMatchObject({ alias: 'markets/air-cargo', depth: 2, fullName: 'Markets > Air Cargo' });
    const child = (await h.op('createWebsiteSection', { input: { name: 'Charters', parentId: air.id } }, admin)).data.createWebsiteSection;
    expect(child.alias).toBe('markets/air-cargo/charters');
    const moved = await h.op('updateWebsiteSection', { id: air.id, input: { name: 'Air Freight', parentId: null } }, admin);
    expect(moved.data.updateWebsiteSection).toMatchObject({ alias: 'air-freight', depth: 1 });
    expect((await h.op('getWebsiteSection', { sectionId: child.id })).data.getWebsiteSection.alias).toBe('air-freight/charters');
    expect(h.changes.map((c) => c.change)).toEqual([
      { entity: 'section', action: 'create', ids: [air.id] },
      { entity: 'section', action: 'create', ids: [child.id] },
      { entity: 'section', action: 'update', ids: [air.id, child.id] },
    ]);
    const manual = await h.op('updateWebsiteSection', { id: child.id, input: { manualAlias: true, alias: 'charter-flights' } }, admin);
    expect(manual.data.updateWebsiteSection.alias).toBe('charter-flights');
  });

  const badSections: [string, unknown, string, RegExp][] = [
    ['a blank name', { name: ' ' }, 'name', /Field is required/],
    ['an over-long name', { name: 'n'.repeat(121) }, 'name', /At most 120/],
    ['a manual alias without an alias', { name: 'X', manualAlias: true }, 'alias', /Field is required/],
    ['an alias already in use', { name: 'Other', manualAlias: true, alias: 'markets' }, 'alias', /already used by section 102/],
    ['a fourth level', { name: 'Too deep', parentId: 104 }, 'parentId', /at most 3 levels/],
    ['another tenant\'s parent', { name: 'Stray', parentId: 202 }, 'parentId', /Unknown section 202/],
    ['a wrong type', { name: 'X', sequence: 'first' }, 'sequence', /Int cannot represent/],
  ];
  it.each(badSections)('refuses %s, writing nothing', async (_n, input, field, message) => {
    const before = await snapshotCounts(h);
    const r = await h.op('createWebsiteSection', { input }, admin);
    expect(r.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(r.error!.message).toMatch(message);
    expect(await snapshotCounts(h)).toEqual(before);
  });

  it('refuses a move under a descendant, deleting a section still in use, and unknown or foreign ids', async () => {
    const cycle = await h.op('updateWebsiteSection', { id: 102, input: { parentId: 104 } }, admin);
    expect(cycle.error!.extensions).toMatchObject({ field: 'parentId' });
    const inUse = await h.op('deleteWebsiteSection', { id: 103 }, admin);
    expect(inUse.status).toBe(409);
    expect(inUse.error!.message).toMatch(/still has 1 child section\(s\), \d+ content item\(s\)/);
    expect((await h.op('updateWebsiteSection', { id: 203, input: { name: 'Mine' } }, admin)).error!.extensions.code).toBe('NOT_FOUND');
    expect((await h.op('deleteWebsiteSection', { id: 203 }, { ...admin, tenant: 'beta' })).error!.extensions.code).toBe('FORBIDDEN');
    const leaf = (await h.op('createWebsiteSection', { input: { name: 'Temporary' } }, admin)).data.createWebsiteSection;
    expect((await h.op('deleteWebsiteSection', { id: leaf.id }, admin)).data.deleteWebsiteSection.ok).toBe(true);
  });

  it('needs manage_site_sections to write and view rights to see inactive sections', async () => {
    expect((await h.op('createWebsiteSection', { input: { name: 'Nope' } }, { as: 'alphaEditor' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('getWebsiteSectionsHierarchy', { includeInactive: true })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('getWebsiteSectionsHierarchy', { includeInactive: true }, { as: 'alphaEditor' })).status).toBe(200);
  });
});

describe('layouts and page resolution', () => {
  it('creates a url-override layout for the home page and resolves paths to pages', async () => {
    const home = await h.op('createLayout', { input: { name: 'Home', type: 'url-override', aliases: ['/'], pageType: 'home', primaryGrid: grid([list('top', { section: 101, scheduleOption: 'Featured' })]) } }, admin);
    expect(home.status).toBe(200);
    const page = (await h.op('getWebsiteLayoutPage', { alias: '/' })).data.getWebsiteLayoutPage;
    expect(page).toMatchObject({ id: home.data.createLayout.id, layoutType: 'url-override', pageData: { type: 'home', sectionId: 101 }, loadMoreType: { type: 'none' } });
    expect(page.primaryGrid.rows[0].columns[0].blocks[0]).toMatchObject({ id: 'top', type: 'content_list' });
    const section = (await h.op('getWebsiteLayoutPage', { alias: '/markets/ocean-freight/' })).data.getWebsiteLayoutPage;
    expect(section).toMatchObject({ id: 170, pageData: { type: 'section', sectionId: 103, canonicalPath: '/markets/ocean-freight' } });
    expect((await h.op('getWebsiteLayoutPage', { alias: '/no/such/page' })).data.getWebsiteLayoutPage).toBeNull();
  });

  it('redirects a content id or a stale path to the canonical path, and resolves content layouts', async () => {
    const bare = (await h.op('getWebsiteLayoutPage', { alias: '/10010002' })).data.getWebsiteLayoutPage;
    expect(bare.redirect).toEqual({ to: '/markets/ocean-freight/spot-rates/10010002/carriers-adjust-capacity-on-lane-2', code: 301 });
    await h.op('createLayout', { input: { name: 'Articles', type: 'content', primaryGrid: grid([{ id: 'body', type: 'content_body', data: {} }]) } }, admin);
    const canonical = (await h.op('getWebsiteLayoutPage', { alias: bare.redirect.to })).data.getWebsiteLayoutPage;
    expect(canonical).toMatchObject({ name: 'Articles', pageData: { type: 'content', contentId: 10_010_002 }, redirect: null });
    expect((await h.op('getWebsiteLayoutPage', { alias: '/x/10010012/draft' })).data.getWebsiteLayoutPage).toBeNull();
    expect((await h.op('getWebsiteLayoutPage', { alias: '/x/10010012/draft', preview: true })).error!.extensions.code).toBe('FORBIDDEN');
    const preview = await h.op('getWebsiteLayoutPage', { alias: '/10010012', preview: true }, { as: 'alphaEditor' });
    expect(preview.data.getWebsiteLayoutPage.pageData.contentId).toBe(10_010_012);
    expect((await h.op('getWebsiteLayoutPage', { alias: '/old-markets' })).data.getWebsiteLayoutPage.redirect).toEqual({ to: '/markets', code: 301 });
    expect((await h.op('getWebsiteLayoutPage', { alias: '/10020001' })).data.getWebsiteLayoutPage).toBeNull();
  });

  const badLayouts: [string, Record<string, unknown>, string, RegExp][] = [
    ['a missing name', { name: undefined }, 'name', /Field is required/],
    ['a url-override without aliases', { type: 'url-override', aliases: [] }, 'aliases', /Field is required/],
    ['a module without a key', { type: 'module' }, 'key', /Field is required/],
    ['an alias that is not a path', { type: 'url-override', aliases: ['javascript:alert(1)'] }, 'aliases[0]', /Must be a path/],
    ['an alias another layout has', { type: 'url-override', aliases: ['/'] }, 'aliases[0]', /already has layout/],
    ['a row whose columns do not match its layout', { primaryGrid: { rows: [{ settings: { layout: '1_1' }, columns: [{ blocks: [] }] }] } }, 'primaryGrid.rows[0].columns', /different number of columns/],
    ['an unknown block type', { primaryGrid: grid([{ id: 'x', type: 'marquee', data: {} }]) }, 'primaryGrid.rows[0].columns[0].blocks[0].type', /.+/],
    ['a block reading another tenant\'s section', { primaryGrid: grid([list('l', { section: 203 })]) }, 'primaryGrid.rows[0].columns[0].blocks[0].data.section', /Unknown section 203/],
    ['another tenant\'s section ids', { sectionIds: [103, 204] }, 'sectionIds[1]', /Unknown section 204/],
    ['a gated document opened by another tenant\'s membership', { primaryGrid: grid([{ id: 'd', type: 'document_download', data: { assetId: 120, gated: true, membershipIds: [140, 240] } }]) }, 'primaryGrid.rows[0].columns[0].blocks[0].data.membershipIds[1]', /Unknown membership 240/],
    ['a bad load-more type', { loadMoreType: 'infinite' }, 'loadMoreType', /Invalid option/],
    ['a global layout by scoped staff', { isGlobal: true }, 'isGlobal', /Only global staff/],
  ];
  it.each(badLayouts)('refuses %s, writing nothing', async (_n, patch, field, message) => {
    const before = await snapshotCounts(h);
    const r = await h.op('createLayout', { input: { name: 'L', type: 'section', primaryGrid: grid([]), ...patch } }, admin);
    expect(r.status).toBe(400);
    expect(r.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(r.error!.message).toMatch(message);
    expect(await snapshotCounts(h)).toEqual(before);
  });

  it('updates and deletes within the tenant only, behind manage_site_layouts', async () => {
    const l = (await h.op('createLayout', { input: { name: 'Spare', type: 'section', sectionIds: [104], hideHeader: true, excludeAds: { reskinAd: true }, primaryGrid: grid([]) } }, admin)).data.createLayout;
    expect(l).toMatchObject({ hideHeader: true, excludeAds: { reskinAd: true }, sectionIds: [104] });
    const u = await h.op('updateLayout', { id: l.id, input: { loadMoreType: 'page-scroll', secondaryGrid: grid([list('more')]) } }, admin);
    expect(u.data.updateLayout).toMatchObject({ name: 'Spare', loadMoreType: 'page-scroll', hideHeader: true });
    expect((await h.op('getWebsiteLayoutPage', { alias: '/markets/ocean-freight/spot-rates' })).data.getWebsiteLayoutPage.id).toBe(l.id);
    expect((await h.op('updateLayout', { id: 270, input: { name: 'Mine' } }, admin)).error!.extensions.code).toBe('NOT_FOUND');
    expect((await h.op('getLayout', { id: 270 }, admin)).error!.extensions.code).toBe('NOT_FOUND');
    expect((await h.op('getLayout', { id: l.id }, { as: 'alphaViewer' })).data.getLayout.name).toBe('Spare');
    expect((await h.op('updateLayout', { id: l.id, input: { name: 'x' } }, { as: 'alphaViewer' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('getLayout', { id: l.id })).error!.extensions.code).toBe('UNAUTHENTICATED');
    expect((await h.op('deleteLayout', { id: l.id }, admin)).data.deleteLayout.ok).toBe(true);
    expect((await h.op('getLayoutStream', { input: { type: 'section' } }, admin)).data.getLayoutStream.edges.map((e: any) => e.node.id)).not.toContain(l.id);
  });
});

describe('menus, redirects, settings and ad unit patterns', () => {
  it('replaces a menu and validates its links', async () => {
    const r = await h.op('updateMenu', { key: 'footer', links: [{ label: 'About', href: '/about' }, { label: 'Partner', href: 'https://partner.example', external: true }] }, admin);
    expect(r.data.updateMenu.links).toEqual([{ label: 'About', href: '/about', external: false }, { label: 'Partner', href: 'https://partner.example', external: true }]);
    expect((await h.op('getMenus')).data.getMenus.find((m: any) => m.key === 'footer').links).toHaveLength(2);
    const before = await snapshotCounts(h);
    expect((await h.op('updateMenu', { key: 'sidebar', links: [] }, admin)).error!.extensions.field).toBe('key');
    expect((await h.op('updateMenu', { key: 'footer', links: [{ label: 'Bad', href: 'javascript:alert(1)' }] }, admin)).error!.extensions.field).toBe('links[0].href');
    expect((await h.op('updateMenu', { key: 'footer', links: [{ label: '', href: '/x' }] }, admin)).error!.extensions.field).toBe('links[0].label');
    expect((await h.op('updateMenu', { key: 'footer', links: [] }, { as: 'alphaEditor' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('updateMenu', { key: 'footer', links: [] }, { as: 'alphaAdmin', tenant: 'beta' })).error!.extensions.code).toBe('FORBIDDEN');
    expect(await snapshotCounts(h)).toEqual(before);
  });

  it('manages redirects and looks them up, keeping the query string when asked', async () => {
    // Earlier tests here move published items (slug, section alias), which leaves redirect rows too.
    const stored = (await h.op('getRedirectStream', {}, admin)).data.getRedirectStream.totalCount as number;
    const r = (await h.op('createRedirect', { input: { from: '/old-rates', to: '/markets/ocean-freight/spot-rates' } }, admin)).data.createRedirect;
    expect((await h.op('getWebsiteRedirect', { from: '/old-rates?utm=x' })).data.getWebsiteRedirect).toEqual({ from: '/old-rates', to: '/markets/ocean-freight/spot-rates', code: 301 });
    expect((await h.op('getWebsiteRedirect', { from: '/old-rates?utm=x', preserveQueryString: true })).data.getWebsiteRedirect.to).toBe('/markets/ocean-freight/spot-rates?utm=x');
    expect((await h.op('getWebsiteRedirect', { from: '/nowhere' })).data.getWebsiteRedirect).toBeNull();
    const before = await snapshotCounts(h);
    expect((await h.op('createRedirect', { input: { from: '/old-rates', to: '/x' } }, admin)).error!.extensions.field).toBe('from');
    expect((await h.op('createRedirect', { input: { from: 'no-slash', to: '/x' } }, admin)).error!.extensions.field).toBe('from');
    expect((await h.op('createRedirect', { input: { from: '/a', to: 'data:text/html,hi' } }, admin)).error!.extensions.field).toBe('to');
    expect((await h.op('createRedirect', { input: { from: '/same', to: '/same' } }, admin)).error!.extensions.field).toBe('to');
    expect((await h.op('updateRedirect', { id: 260, input: { to: '/mine' } }, admin)).error!.extensions.code).toBe('NOT_FOUND');
    expect((await h.op('createRedirect', { input: { from: '/e', to: '/f' } }, { as: 'alphaEditor' })).error!.extensions.code).toBe('FORBIDDEN');
    expect(await snapshotCounts(h)).toEqual(before);
    const u = await h.op('updateRedirect', { id: r.id, input: { preserveQueryString: true } }, admin);
    expect(u.data.updateRedirect).toMatchObject({ from: '/old-rates', preserveQueryString: true });
    expect((await h.op('getRedirectStream', {}, admin)).data.getRedirectStream.totalCount).toBe(stored + 1);
    expect((await h.op('deleteRedirect', { id: r.id }, admin)).data.deleteRedirect.ok).toBe(true);
  });

  it('replaces site settings and suggests a corrected tag-manager id', async () => {
    const current = (await h.op('getSiteSettingsNew')).data.getSiteSettingsNew;
    const bad = await h.op('updateSiteSettings', { settings: { ...current, general: { ...current.general, tagManagerId: 'gtm-abc12' } } }, admin);
    expect(bad.error).toMatchObject({
      message: 'general.tagManagerId: Must start with GTM- or G- followed by upper-case letters and digits; did you mean GTM-ABC12?',
      extensions: { code: 'BAD_USER_INPUT', field: 'general.tagManagerId', suggestion: 'GTM-ABC12' },
    });
    const missing = await h.op('updateSiteSettings', { settings: { ...current, general: { ...current.general, siteName: '' } } }, admin);
    expect(missing.error!.extensions.field).toBe('general.siteName');
    const evil = await h.op('updateSiteSettings', { settings: { ...current, socialLinks: { twitter: 'javascript:alert(1)' } } }, admin);
    expect(evil.error!.extensions.field).toBe('socialLinks.twitter');
    expect((await h.op('updateSiteSettings', { settings: current }, { as: 'alphaEditor' })).error!.extensions.code).toBe('FORBIDDEN');
    h.changes.length = 0;
    const ok = await h.op('updateSiteSettings', { settings: { ...current, general: { ...current.general, tagManagerId: 'GTM-ABC12', siteName: 'Alpha Daily' } } }, admin);
    expect(ok.data.updateSiteSettings.general).toMatchObject({ siteName: 'Alpha Daily', tagManagerId: 'GTM-ABC12' });
    expect((await h.op('getSiteSettingsNew')).data.getSiteSettingsNew.general.siteName).toBe('Alpha Daily');
    expect((await h.op('getSiteSettingsNew', {}, { tenant: 'beta' })).data.getSiteSettingsNew.general.siteName).toBe('beta News');
    expect(h.changes).toEqual([{ tenantKey: 'alpha', change: { entity: 'settings', action: 'update', ids: ['alpha'] } }]);
    const history = await h.op('getHistory', { input: { entityType: 'settings' } }, admin);
    expect(history.data.getHistory.edges[0].node.changes.general.to.siteName).toBe('Alpha Daily');
  });

  it('sets the header call to action behind manage_header_cta, for its tenant only', async () => {
    const before = await snapshotCounts(h);
    expect((await h.op('updateHeaderCta', { text: 'Subscribe today' }, { as: 'alphaEditor' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('updateHeaderCta', { text: 'Subscribe today' }, { as: 'alphaAdmin', tenant: 'beta' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('updateHeaderCta', { text: 'x'.repeat(201) }, admin)).error!.extensions.field).toBe('text');
    expect(await snapshotCounts(h)).toEqual(before);
    expect((await h.op('getSiteSettingsNew')).data.getSiteSettingsNew.headerCtaText ?? null).not.toBe('Subscribe today');
    const ok = await h.op('updateHeaderCta', { text: '  Subscribe today ' }, admin);
    expect(ok.data.updateHeaderCta).toEqual({ headerCtaText: 'Subscribe today' });
    expect((await h.op('getSiteSettingsNew')).data.getSiteSettingsNew.headerCtaText).toBe('Subscribe today');
    expect((await h.op('getSiteSettingsNew', {}, { tenant: 'beta' })).data.getSiteSettingsNew.headerCtaText ?? null).not.toBe('Subscribe today');
    expect((await h.op('updateHeaderCta', { text: '' }, admin)).data.updateHeaderCta).toEqual({ headerCtaText: null });
    expect((await h.op('getSiteSettingsNew')).data.getSiteSettingsNew.headerCtaText).toBeUndefined();
  });

  it('manages ad unit patterns behind their permissions', async () => {
    const p = await h.op('createAdUnitPattern', { input: { name: 'Leaderboard', pattern: '/1234/alpha/{section}', sizes: [[728, 90], [970, 250]] } }, admin);
    expect(p.data.createAdUnitPattern).toMatchObject({ type: 'layout-block', sizes: [[728, 90], [970, 250]] });
    const before = await snapshotCounts(h);
    expect((await h.op('createAdUnitPattern', { input: { name: '', pattern: '/x' } }, admin)).error!.extensions.field).toBe('name');
    expect((await h.op('createAdUnitPattern', { input: { name: 'Long', pattern: 'p'.repeat(501) } }, admin)).error!.extensions.field).toBe('pattern');
    expect((await h.op('createAdUnitPattern', { input: { name: 'Sized', pattern: '/x', sizes: [[728]] } }, admin)).error!.extensions.field).toMatch(/^sizes\[0\]/);
    expect((await h.op('createAdUnitPattern', { input: { name: 'T', pattern: '/x', type: 'popup' } }, admin)).error!.extensions.field).toBe('type');
    expect((await h.op('createAdUnitPattern', { input: { name: 'T', pattern: '/x' } }, { as: 'alphaEditor' })).error!.extensions.code).toBe('FORBIDDEN');
    expect(await snapshotCounts(h)).toEqual(before);
    expect((await h.op('getAdUnitPatternStream', {}, { as: 'alphaViewer' })).data.getAdUnitPatternStream.totalCount).toBe(1);
    expect((await h.op('getAdUnitPatternStream', {}, { as: 'alphaViewer', tenant: 'beta' })).error!.extensions.code).toBe('FORBIDDEN');
    const u = await h.op('updateAdUnitPattern', { id: p.data.createAdUnitPattern.id, input: { name: 'Top leaderboard' } }, admin);
    expect(u.data.updateAdUnitPattern).toMatchObject({ name: 'Top leaderboard', pattern: '/1234/alpha/{section}' });
    expect((await h.op('deleteAdUnitPattern', { id: p.data.createAdUnitPattern.id }, { ...admin, tenant: 'beta' })).error!.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('deleteAdUnitPattern', { id: p.data.createAdUnitPattern.id }, admin)).data.deleteAdUnitPattern.ok).toBe(true);
  });
});

describe('catalogue reads', () => {
  it('streams people, taxonomy and memberships of the tenant only, with the spec limits', async () => {
    expect((await h.op('getPersonStream', { input: { pagination: { limit: 9999 } } })).data.getPersonStream.edges.map((e: any) => e.node.id)).toEqual([110]);
    expect((await h.op('getTaxonomyStream', { input: { includeTypes: ['Tag'] } })).data.getTaxonomyStream.totalCount).toBe(1);
    expect((await h.op('matchTaxonomyStream', { input: { phrase: 'rat', limit: 5000 } })).data.matchTaxonomyStream.edges[0].node).toMatchObject({ id: 130, name: 'Rates' });
    expect((await h.op('matchTaxonomyStream', { input: { includeTypes: ['Weather'] } })).error!.extensions.field).toMatch(/^input.includeTypes/);
    expect((await h.op('getMembershipStream', { input: { status: 1 } })).data.getMembershipStream.edges[0].node).toMatchObject({ id: 140, alias: 'insider', isFree: true });
    expect((await h.op('getAsset', { id: 120 })).data.getAsset).toMatchObject({ path: '/images/alpha/ship.svg', width: 1200 });
    expect((await h.op('getAsset', { id: 220 })).error!.extensions.code).toBe('NOT_FOUND');
  });
});
