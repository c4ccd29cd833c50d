// /css/dragonform.css (issue 22): read the way a browser would (parsed), the tenant's theme values
// reach the form rules, and a value that is not a colour never becomes CSS.
import postcss, { type Declaration, type Rule } from 'postcss';
import { describe, expect, it } from 'vitest';
import { siteSettingsSchema, type SiteSettings } from '../engine/domain/settings';
import { tenantFixture } from '../tests/helpers/fixture-set';
import { dragonformCss } from './form-theme';

function settings(primary: string): SiteSettings {
  const s = structuredClone(tenantFixture('alpha', 100).tenant.settings) as Record<string, any>;
  s.general.primaryFontFamily = 'georgia';
  s.colors.primary.main = primary;
  return siteSettingsSchema.parse(s);
}
const decls = (css: string, selector: string) => {
  const out: Record<string, string> = {};
  postcss.parse(css).walkRules((r: Rule) => { if (r.selector === selector) r.walkDecls((d: Declaration) => { out[d.prop] = d.value; }); });
  return out;
};

describe('dragonform.css', () => {
  it('declares the tenant colours and fonts, and styles buttons, fields and errors with them', () => {
    const css = dragonformCss(settings('#0b3d91'));
    const root = decls(css, ':root');
    expect(root['--color-primary']).toBe('#0b3d91');
    expect(root['--font-primary']).toMatch(/^"Georgia", Georgia/);
    expect(decls(css, 'button,input[type=submit],input[type=button]').background).toBe('var(--color-primary)');
    expect(decls(css, 'body')['font-family']).toBe('var(--font-primary)');
    expect(Object.keys(decls(css, 'label'))).toContain('font-weight');
  });

  it('leaves out a stored value that is not a colour, so settings cannot add rules', () => {
    const bad = { ...settings('#0b3d91') };
    bad.colors = { ...bad.colors, primary: { ...bad.colors.primary, main: 'red}body{display:none' } };
    const css = dragonformCss(bad);
    expect(decls(css, ':root')['--color-primary']).toBeUndefined();
    const selectors: string[] = [];
    postcss.parse(css).walkRules((r: Rule) => { selectors.push(r.selector); });
    expect(selectors.filter((s) => s === 'body')).toHaveLength(1);
    expect(decls(css, 'body').display).toBeUndefined();
  });
});
