import { describe, expect, it } from 'vitest';
import { adUnitAllowed, adUnitPath, adUnitSchema, adUnitSettingsReport, bodyInsertionOffset, reservedHeightCss, reservedHeights } from './ads';

const unit = (over: Record<string, unknown>) => adUnitSchema.parse({ id: 1, key: 'top', type: 'header-leaderboard', size: [[728, 90]], ...over });

describe('which units a page gets', () => {
  it('drops a unit whose page type is excluded', () => {
    const u = unit({ excludePageTypes: ['content'] });
    expect(adUnitAllowed(u, 'content', {})).toBe(false);
    expect(adUnitAllowed(u, 'home', {})).toBe(true);
  });
  it('drops a unit whose kind the layout excludes, and only that kind', () => {
    expect(adUnitAllowed(unit({}), 'home', { headerLeaderboardAd: true })).toBe(false);
    expect(adUnitAllowed(unit({ type: 'sticky-bottom', size: [[320, 50]] }), 'home', { headerLeaderboardAd: true })).toBe(true);
    expect(adUnitAllowed(unit({ type: 'sticky-bottom', size: [[320, 50]] }), 'home', { stickyLeaderboardAd: true })).toBe(false);
    expect(adUnitAllowed(unit({ type: 'content-body-native' }), 'content', { contentBodyNativeAd: true })).toBe(false);
    expect(adUnitAllowed(unit({ type: 'layout-block', size: [[300, 250]] }), 'content', { contentBodyNativeAd: true, headerLeaderboardAd: true })).toBe(true);
  });
});

describe('ad unit path', () => {
  const section = { alias: 'markets/ocean', gamAlias: 'ocean_freight' };
  it('fills the pattern with the section gamAlias when the unit uses the section alias', () => {
    expect(adUnitPath('/1234/fw/[section]/[position]', { tenantKey: 'fw', key: 'rail', useSectionAlias: true, section })).toBe('/1234/fw/ocean_freight/rail');
    expect(adUnitPath('/1234/{tenant}/{section}/{key}', { tenantKey: 'fw', key: 'rail', useSectionAlias: true, section: { alias: 'news' } })).toBe('/1234/fw/news/rail');
  });
  it('leaves the section out when the unit does not use it, and names the home page home', () => {
    expect(adUnitPath('/1234/fw/[section]/[position]', { tenantKey: 'fw', key: 'rail', useSectionAlias: false, section })).toBe('/1234/fw/rail');
    expect(adUnitPath(null, { tenantKey: 'fw', key: 'rail', useSectionAlias: true, section: null })).toBe('/fw/home/rail');
  });
});

describe('reserved height', () => {
  it('reserves the largest mapped height per breakpoint', () => {
    const u = unit({ sizeMapping: [{ minWidth: 1024, sizes: [[728, 90], [970, 250]] }, { minWidth: 0, sizes: [[320, 50], [320, 100]] }] });
    expect(reservedHeights(u)).toEqual([{ minWidth: 0, height: 100 }, { minWidth: 1024, height: 250 }]);
    expect(reservedHeightCss([{ id: 'ad-top', unit: u }])).toBe('#ad-top{min-height:100px}@media (min-width:1024px){#ad-top{min-height:250px}}');
  });
  it('uses the unit sizes without a mapping and skips unsafe ids', () => {
    expect(reservedHeightCss([{ id: 'ad-a', unit: unit({ size: [[300, 250], [300, 600]] }) }, { id: 'x}body{', unit: unit({}) }])).toBe('#ad-a{min-height:600px}');
  });
});

describe('body insertion', () => {
  it('goes after the n-th top-level paragraph, counting none inside lists, tables or quotes', () => {
    const html = '<p>one</p><ul><li><p>in list</p></li></ul><table><tr><td><p>cell</p></td></tr></table><blockquote><p>q</p></blockquote><p>two<br>x</p><p>three</p>';
    const at = bodyInsertionOffset(html, 2)!;
    expect(html.slice(0, at).endsWith('<p>two<br>x</p>')).toBe(true);
    expect(html.slice(at)).toBe('<p>three</p>');
  });
  it('inserts nothing when the body is shorter', () => {
    expect(bodyInsertionOffset('<p>a</p><figure><img src="x"><figcaption>c</figcaption></figure>', 2)).toBeNull();
  });
});

describe('ad-unit settings report', () => {
  it('lists each unit with the layouts that place it and those that exclude its kind', () => {
    const block = (slot: string) => ({ type: 'ad_slot', data: { slot } });
    const layouts = [
      { name: 'Home', excludeAds: {}, grids: [{ rows: [{ columns: [{ blocks: [block('rail'), { type: 'html' }] }] }] }] },
      { name: 'Article', excludeAds: { headerLeaderboardAd: true }, grids: [{ rows: [] }, { rows: [{ columns: [{ blocks: [block('rail')] }] }] }] },
      { name: 'Empty', excludeAds: {}, grids: [] },
    ];
    const rows = adUnitSettingsReport([unit({ key: 'top', excludePageTypes: ['issue'] }), unit({ key: 'rail', type: 'layout-block', size: [[300, 250]] }), unit({ key: 'unused', type: 'layout-block', size: [[300, 250]] })], layouts);
    expect(rows.map((r) => [r.key, r.placedIn, r.excludedBy, r.excludePageTypes])).toEqual([
      ['rail', ['Home', 'Article'], [], []],
      ['top', ['Every page'], ['Article'], ['issue']],
      ['unused', [], [], []],
    ]);
  });
});
