import { describe, expect, it } from 'vitest';
import { emptyForm, fromLocalInput, parseContentType, toLocalInput, toWrite, validateContent } from './content/content-form';
import { emptyLayout, toLayoutWrite, validateLayout, visibleFields } from './layouts/layout-form';
import { effectiveAlias, emptySection, validateSection } from './sections/section-form';
import { checkTagManagerId, setIn, validateSettings } from './site/settings-form';
import { validatePattern } from './site/ad-unit-patterns';
import { adUnitFormOf, emptyAdUnit, parseSizeMapping, toAdUnitWrite, validateAdUnit } from './site/ad-units';
import { emptyHouseAd, houseAdFormOf, toHouseAdWrite, validateHouseAd } from './site/house-ads';
import { validateRedirect } from './site/redirects';
import { validateUser } from './system/cms-users';
import { passwordErrors } from './reset-password';
import { entityHref } from './system/history';
import { textToHtml } from '../lib/sanitize-body';

describe('content form', () => {
  it('reads the type from the route case-insensitively and refuses unknown ones', () => {
    expect(parseContentType('article')).toBe('Article');
    expect(parseContentType('press-release')).toBe('PressRelease');
    expect(parseContentType('nonsense')).toBeNull();
  });
  it('needs a title and a primary section; Promotion needs its link; event end not before start', () => {
    const f = emptyForm('Article');
    expect(validateContent({ ...f, name: '  ' })).toMatchObject({ name: 'Field is required', primarySectionId: 'Field is required' });
    expect(validateContent({ ...f, name: 'Ok', primarySectionId: '108' })).toEqual({});
    expect(validateContent({ ...emptyForm('Promotion'), name: 'Deal', primarySectionId: '108' })).toEqual({ linkUrl: 'Field is required' });
    const ev = { ...emptyForm('Event'), name: 'Summit', primarySectionId: '108', event: { ...emptyForm('Event').event, startDate: '2027-05-02T09:00', endDate: '2027-05-01T09:00' } };
    expect(validateContent(ev)['event.endDate']).toBeDefined();
    expect(validateContent({ ...f, name: 'x', primarySectionId: '108', schedules: [{ sectionId: '', option: 'Standard', startDate: '', endDate: '' }] })).toEqual({ 'schedules.0.sectionId': 'Field is required' });
  });
  it('writes ISO dates and drops fields the type does not have', () => {
    const f = { ...emptyForm('Article'), name: ' Title ', primarySectionId: '108', startDate: '2027-01-02T03:04', linkUrl: 'https://x.example', schedules: [{ sectionId: '101', option: 'Featured' as const, startDate: '', endDate: '' }] };
    const w = toWrite(f);
    expect(w).toMatchObject({ name: 'Title', primarySectionId: 108, linkUrl: null, event: null, schedules: [{ sectionId: 101, option: 'Featured', startDate: null, endDate: null }] });
    expect(w.startDate).toBe(new Date('2027-01-02T03:04').toISOString());
    expect(toLocalInput(fromLocalInput('2027-01-02T03:04'))).toBe('2027-01-02T03:04');
    expect(fromLocalInput('')).toBeNull();
  });
});

describe('layout form (admin §3.1)', () => {
  it('shows fields by type', () => {
    expect([...visibleFields('module', false, true)]).toEqual(['key']);
    expect(visibleFields('url-override', false, true).has('pageType')).toBe(false);
    expect(visibleFields('url-override', true, true).has('pageType')).toBe(true);
    expect(visibleFields('content-override', false, true).has('contentIds')).toBe(true);
    expect(visibleFields('content-type-override', false, true).has('contentIds')).toBe(false);
    expect(visibleFields('section', false, false).has('tenants')).toBe(true);
  });
  it('validates with layoutSchema, hidden fields cleared', () => {
    const base = { ...emptyLayout('freightwise'), name: 'L' };
    expect(validateLayout(base)).toEqual({ type: 'Field is required' });
    expect(validateLayout({ ...base, type: 'url-override', aliases: [''] })).toMatchObject({ aliases: 'Field is required' });
    expect(validateLayout({ ...base, type: 'module' })).toEqual({ key: 'Field is required' });
    expect(validateLayout({ ...base, type: 'content-type-override' })).toEqual({ contentTypes: 'Field is required' });
    expect(validateLayout({ ...base, type: 'section', aliases: ['/left-over'] })).toEqual({});
    expect(toLayoutWrite({ ...base, type: 'section', aliases: ['/left-over'], key: 'x' })).toMatchObject({ aliases: [], propagate: false });
  });
});

describe('section form (admin §3.2)', () => {
  it('requires the alias only when manual and derives it otherwise', () => {
    expect(validateSection({ ...emptySection(), name: 'Rail', manualAlias: true })).toEqual({ alias: 'Field is required' });
    expect(validateSection({ ...emptySection(), name: ' ' })).toEqual({ name: 'Field is required' });
    expect(effectiveAlias({ ...emptySection(), name: 'Rail & Intermodal' }, { alias: 'freight' } as never)).toBe('freight/rail-and-intermodal');
  });
});

describe('settings, patterns, redirects, users, passwords', () => {
  it('suggests a corrected tag-manager id', () => {
    expect(checkTagManagerId('GTM-ABC123')).toBeNull();
    expect(checkTagManagerId('gtm_ab12')).toEqual({ message: 'Must start with GTM- or G- followed by upper-case letters and digits', suggestion: 'GTM-AB12' });
    expect(checkTagManagerId('')).toBeNull();
    const s = setIn({ general: { siteName: 'x' } }, 'general.tagManagerId', 'G-1');
    expect(s).toEqual({ general: { siteName: 'x', tagManagerId: 'G-1' } });
    expect(setIn(s, 'general.tagManagerId', '')).toEqual({ general: { siteName: 'x' } });
  });
  it('checks settings ranges with the shared schema', () => {
    const settings = {
      general: { siteName: 'S', primaryFontFamily: 'open_sans' }, header: { logo: '/l.svg' }, footer: {},
      tenantInfo: { name: 'S', domain: 's.localhost' },
      colors: { primary: { main: '#000000', container: '#111111', onContainer: '#222222' }, secondary: { main: '#000000', container: '#111111', onContainer: '#222222' } },
      memberships: { contentMetering: { numberOfFreeViews: 5000 } },
    };
    expect(Object.keys(validateSettings(settings as never))).toContain('memberships.contentMetering.numberOfFreeViews');
  });
  it('validates ad unit patterns, redirects and users', () => {
    expect(validatePattern({ name: '', pattern: ' ', type: 'layout-block', sizes: '300x250, nope' })).toEqual({ name: 'Field is required', pattern: 'Field is required', sizes: 'Use sizes like 300x250, 728x90' });
    expect(validateRedirect({ from: '/a', to: '/b', preserveQueryString: false })).toEqual({});
    const user = { email: 'a@b.example', username: 'ab', firstName: 'A', lastName: 'B', role: 'editor' as const, extraPermissions: [], status: '1' as const, scope: 'site' as const, tenants: [] };
    expect(Object.keys(validateUser(user)).sort()).toEqual(['tenants', 'username']);
    expect(validateUser({ ...user, username: 'abc', scope: 'global' })).toEqual({});
    expect(passwordErrors('short', 'short')).toEqual({ password: 'At least 12 characters' });
    expect(passwordErrors('long enough pass', 'other')).toEqual({ confirm: 'Passwords do not match' });
  });
  it('links history entries to their editors and turns pasted text into paragraphs', () => {
    expect(entityHref({ entityType: 'content', entityId: '10100001' })).toBe('/admin/edit-content/10100001');
    expect(entityHref({ entityType: 'menu', entityId: 'footer' })).toBeNull();
    expect(textToHtml('a <b>\nline\n\nnext')).toBe('<p>a &lt;b&gt;<br>line</p><p>next</p>');
  });
});

describe('ad unit form (issue 19)', () => {
  it('reads the size mapping one breakpoint per line and refuses lines that do not read', () => {
    expect(parseSizeMapping('0: 320x50\n 1024: 728x90, 970x90 \n')).toEqual([{ minWidth: 0, sizes: [[320, 50]] }, { minWidth: 1024, sizes: [[728, 90], [970, 90]] }]);
    expect(parseSizeMapping('wide: 728x90')).toBeNull();
  });
  it('names the bad fields with the shared schema messages', () => {
    expect(validateAdUnit(emptyAdUnit())).toEqual({ key: 'Field is required', size: 'Field is required' });
    expect(validateAdUnit({ ...emptyAdUnit(), key: 'rail', size: '300x250', refreshRate: '10', sizeMapping: '0 320x50' })).toEqual({
      refreshRate: '0 (never) or at least 30 seconds', sizeMapping: 'One breakpoint per line, like 1024: 728x90, 970x90',
    });
    expect(validateAdUnit({ ...emptyAdUnit(), key: 'rail', size: '300x250', refreshRate: 'soon' }).refreshRate).toBe('Must be a whole number of seconds');
    expect(validateAdUnit({ ...emptyAdUnit(), key: 'Rail', size: '300x250' }).key).toMatch(/lower-case/);
  });
  it('round-trips a stored unit through the form', () => {
    const u = { id: 4, key: 'top', type: 'header-leaderboard', size: [[728, 90]] as [number, number][], sizeMapping: [{ minWidth: 1024, sizes: [[970, 90]] as [number, number][] }], useSectionAlias: true, refreshRate: 60, excludePageTypes: ['home'], targetId: null, position: 3 };
    const { id: _id, ...rest } = u;
    expect(toAdUnitWrite(adUnitFormOf(u))).toEqual(rest);
  });
});

describe('house ad form (issue 19)', () => {
  it('asks for the kind\'s creative fields and names them by kind', () => {
    expect(validateHouseAd({ ...emptyHouseAd(), name: 'Report' })).toMatchObject({ 'native.nativeTitle': 'Field is required' });
    const welcome = { ...emptyHouseAd(), name: 'Hello', kind: 'welcome' as const, creative: { adType: 'welcomeAdImage', adLength: '0' } };
    expect(validateHouseAd(welcome)).toMatchObject({ 'welcome.adLength': 'At least 1' });
    expect(validateHouseAd({ ...welcome, creative: { adImagePath: '/w.svg' } })).toEqual({});
    expect(validateHouseAd({ ...welcome, creative: { adImagePath: '/w.svg' }, startDate: '2027-02-01', endDate: '2027-01-01' })).toEqual({ endDate: 'Must be after the start date' });
  });
  it('writes numbers, drops empty fields and round-trips a stored ad', () => {
    const w = toHouseAdWrite({ ...emptyHouseAd(), name: ' Sticky ', kind: 'sticky', active: false, priority: '5', unitKeys: '', creative: { imagePath: '/s.svg', clickUrl: 'https://a.example', alt: 'A', width: '320', height: '' } });
    expect(w).toEqual({ name: 'Sticky', kind: 'sticky', status: 0, priority: 5, startDate: null, endDate: null, unitKeys: [], sticky: { imagePath: '/s.svg', clickUrl: 'https://a.example', alt: 'A', width: 320 } });
    const stored = { id: 3, name: 'N', kind: 'native', status: 1, priority: 10, startDate: '2026-01-01T00:00:00.000Z', endDate: null, unitKeys: ['list-native'], native: { nativeTitle: 'T', nativeUrl: 'https://a.example', labels: 'Sponsored', nativeSummary: '' }, skin: null, welcome: null, sticky: null };
    expect(toHouseAdWrite(houseAdFormOf(stored))).toEqual({ name: 'N', kind: 'native', status: 1, priority: 10, startDate: '2026-01-01', endDate: null, unitKeys: ['list-native'], native: { nativeTitle: 'T', nativeUrl: 'https://a.example', labels: 'Sponsored' } });
    // A native's media library image is an asset id (a number); a typed non-number is named.
    const library = { ...houseAdFormOf(stored), creative: { nativeTitle: 'T', nativeUrl: 'https://a.example', nativeImageAssetId: '120' } };
    expect(toHouseAdWrite(library).native).toMatchObject({ nativeImageAssetId: 120 });
    expect(validateHouseAd({ ...library, creative: { ...library.creative, nativeImageAssetId: 'x' } })).toMatchObject({ 'native.nativeImageAssetId': 'Must be a whole number' });
  });
});
