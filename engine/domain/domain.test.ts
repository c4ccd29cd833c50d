import { describe, expect, it } from 'vitest';
import { contentPath, parseContentIdPath, sectionSystemAlias, slugify } from './paths';
import { hasAnyPermission, permissionsFor, PERMISSIONS, ROLES } from './permissions';
import { columnCount, layoutSchema, remapRowLayout } from './layout';
import { suggestTagManagerId, TAG_MANAGER_ID, siteSettingsSchema } from './settings';
import { contentSchema, sectionSchema } from './records';
import { AppError, ERRORS } from './errors';

describe('paths', () => {
  it('slugifies titles to lower-case hyphenated ASCII and cuts long ones on a word', () => {
    expect(slugify('Port of L.A. & Long Beach: Q3 Volumes Jump 12%')).toBe('port-of-l-a-and-long-beach-q3-volumes-jump-12');
    expect(slugify('Café Über Straße')).toBe('cafe-uber-strasse');
    const long = slugify('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith('-')).toBe(false);
    expect(slugify('!!!')).toBe('item');
  });
  it('builds canonical content paths that contain the 8-digit id', () => {
    expect(contentPath({ id: 10100001, name: 'Rates Fall', sectionAlias: 'markets/ocean' })).toBe('/markets/ocean/10100001/rates-fall');
    expect(contentPath({ id: 10100001, slug: 'custom', name: 'x', sectionAlias: null })).toBe('/10100001/custom');
  });
  it('matches /:id only for exactly eight digits', () => {
    expect(parseContentIdPath('/10100001')).toBe(10100001);
    expect(parseContentIdPath('/10100001/')).toBe(10100001);
    expect(parseContentIdPath('/1010000')).toBeNull();
    expect(parseContentIdPath('/101000011')).toBeNull();
    expect(parseContentIdPath('/markets/10100001')).toBeNull();
  });
  it('prefixes a child section alias with its parent alias', () => {
    expect(sectionSystemAlias('Ocean Freight', 'markets')).toBe('markets/ocean-freight');
    expect(sectionSystemAlias('Markets', null)).toBe('markets');
  });
});

describe('permissions', () => {
  it('lists the 32 permissions of admin §6', () => {
    expect(PERMISSIONS).toHaveLength(32);
    expect(new Set(PERMISSIONS).size).toBe(32);
  });
  it('passes when any one requested permission is held, and fails for nobody', () => {
    expect(hasAnyPermission(['manage_content'], ['manage_users', 'manage_content'])).toBe(true);
    expect(hasAnyPermission(['manage_content'], ['manage_users'])).toBe(false);
    expect(hasAnyPermission(null, ['manage_content'])).toBe(false);
    expect(hasAnyPermission([], ['manage_content'])).toBe(false);
  });
  it('gives an editor content rights but not staff management, and adds extra permissions', () => {
    const p = permissionsFor('editor');
    expect(p).toContain('manage_content');
    expect(p).not.toContain('manage_users');
    expect(permissionsFor('editor', ['manage_menus'])).toContain('manage_menus');
    expect(ROLES.admin).toHaveLength(32);
  });
});

describe('layouts', () => {
  it('remaps 1_3→1_2, 3_1→2_1 and 1_2_1→1_1_1 and leaves others alone', () => {
    expect(remapRowLayout('1_3')).toBe('1_2');
    expect(remapRowLayout('3_1')).toBe('2_1');
    expect(remapRowLayout('1_2_1')).toBe('1_1_1');
    expect(remapRowLayout('2_1')).toBe('2_1');
    expect(columnCount('1_1_1')).toBe(3);
  });
  const grid = { rows: [{ settings: { layout: '1' }, columns: [{ blocks: [] }] }] };
  it('requires aliases on url-override, a key on modules, content types on overrides and pageType with propagate', () => {
    const issues = (v: unknown) => layoutSchema.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(issues({ id: 1, name: 'x', type: 'url-override', primaryGrid: grid })).toContain('aliases: Field is required');
    expect(issues({ id: 1, name: 'x', type: 'module', primaryGrid: grid })).toContain('key: Field is required');
    expect(issues({ id: 1, name: 'x', type: 'content-type-override', primaryGrid: grid })).toContain('contentTypes: Field is required');
    expect(issues({ id: 1, name: 'x', type: 'section', propagate: true, primaryGrid: grid })).toContain('pageType: Field is required');
    expect(issues({ id: 1, name: '  ', type: 'section', primaryGrid: grid })).toContain('name: Field is required');
    expect(issues({ id: 1, name: 'x', type: 'section', primaryGrid: grid })).toEqual([]);
  });
  it('refuses a row whose column count differs from its layout', () => {
    const bad = { rows: [{ settings: { layout: '2_1' }, columns: [{ blocks: [] }] }] };
    expect(layoutSchema.safeParse({ id: 1, name: 'x', type: 'section', primaryGrid: bad }).success).toBe(false);
  });
});

describe('settings', () => {
  it('accepts GTM- and G- container ids and suggests a correction otherwise', () => {
    expect(TAG_MANAGER_ID.test('GTM-AB12CD')).toBe(true);
    expect(TAG_MANAGER_ID.test('G-XYZ123')).toBe(true);
    expect(TAG_MANAGER_ID.test('gtm-ab12')).toBe(false);
    expect(suggestTagManagerId('gtm-ab12cd')).toBe('GTM-AB12CD');
    expect(suggestTagManagerId('gtm_ab 12')).toBe('GTM-AB12');
    expect(suggestTagManagerId('AB12CD')).toBe('GTM-AB12CD');
    expect(suggestTagManagerId('g-x.y')).toBe('G-XY');
  });
  it('fills the spec defaults (header logo height 35, footer 45, Join Now)', () => {
    const s = siteSettingsSchema.parse({
      general: { siteName: 'S' }, header: { logo: '/l.svg' }, footer: {}, tenantInfo: { name: 'S', domain: 's.localhost' },
      colors: { primary: { main: '#000000', container: '#ffffff', onContainer: '#000000' }, secondary: { main: '#000000', container: '#ffffff', onContainer: '#000000' } },
    });
    expect(s.header.logoHeight).toBe(35);
    expect(s.footer.logoHeight).toBe(45);
    expect(s.memberships.registerButtonLabel).toBe('Join Now');
    expect(s.general.primaryFontFamily).toBe('open_sans');
  });
});

describe('records', () => {
  const base = { id: 10100001, type: 'Article', name: 'A', primarySectionId: 1 };
  it("fails whitespace-only required strings with 'Field is required'", () => {
    expect(contentSchema.safeParse({ ...base, name: '   ' }).error?.issues[0]?.message).toBe('Field is required');
    expect(sectionSchema.safeParse({ id: 1, name: 'S', manualAlias: true }).error?.issues[0]).toMatchObject({ path: ['alias'], message: 'Field is required' });
  });
  it('accepts only http(s) URLs where a URL is stored, never javascript: or data:', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>x</script>', 'vbscript:x', 'ftp://x.example/a']) {
      expect(contentSchema.safeParse({ ...base, linkUrl: bad }).error?.issues[0]?.path, bad).toEqual(['linkUrl']);
    }
    expect(contentSchema.safeParse({ ...base, linkUrl: 'https://example.com/offer' }).success).toBe(true);
  });
  it('requires a linkUrl on promotions and an end date not before the start', () => {
    expect(contentSchema.safeParse({ ...base, type: 'Promotion' }).error?.issues[0]?.path).toEqual(['linkUrl']);
    expect(contentSchema.safeParse({ ...base, startDate: '2026-02-01', endDate: '2026-01-01' }).error?.issues[0]?.path).toEqual(['endDate']);
  });
});

describe('error catalogue', () => {
  it('has unique codes with statuses and hides only internal errors', () => {
    for (const [code, e] of Object.entries(ERRORS)) {
      expect(e.status, code).toBeGreaterThanOrEqual(400);
      expect(e.expose, code).toBe(code !== 'INTERNAL');
    }
    const err = new AppError('BAD_USER_INPUT', { field: 'name', message: 'Field is required' });
    expect(err).toMatchObject({ code: 'BAD_USER_INPUT', status: 400, message: 'name: Field is required', details: { field: 'name' } });
  });
});
