// A tenant's theme as CSS custom properties: colours and fonts from site settings (public §3
// "colors", admin §3.6 font choices), plus the spacing constants of public §9.
import { FONTS, type FontKey } from '../engine/domain/enums';
import type { SiteSettings } from '../engine/domain/settings';

export const SITE_MAX_WIDTH_PX = 1300;
export const ROW_GAP_PX = 48;
export const BLOCK_GAP_PX = 24;

const SERIF = new Set<FontKey>(['georgia']);
const HEX = /^#[0-9a-fA-F]{6}$/;

function fontStack(key: FontKey): string {
  return `"${FONTS[key]}", ${SERIF.has(key) ? 'Georgia, "Times New Roman", serif' : 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif'}`;
}

/** `:root{…}` with the tenant's colours and fonts. Values are re-checked, so settings cannot inject CSS. */
export function themeCss(settings: SiteSettings): string {
  const c = settings.colors;
  const vars: [string, string][] = [
    ['--color-primary', c.primary.main],
    ['--color-primary-container', c.primary.container],
    ['--color-on-primary-container', c.primary.onContainer],
    ['--color-secondary', c.secondary.main],
    ['--color-secondary-container', c.secondary.container],
    ['--color-on-secondary-container', c.secondary.onContainer],
    ['--color-line', c.line],
    ['--color-other', c.other ?? c.line],
    ['--color-header-secondary-text', settings.header.secondaryTextColor ?? c.primary.onContainer],
  ];
  const colors = vars.filter(([, v]) => HEX.test(v)).map(([k, v]) => `${k}:${v};`).join('');
  const primaryFont = settings.general.primaryFontFamily;
  const secondaryFont = settings.general.secondaryFontFamily ?? primaryFont;
  return `:root{${colors}--font-primary:${fontStack(primaryFont)};--font-secondary:${fontStack(secondaryFont)};`
    + `--site-max-width:${SITE_MAX_WIDTH_PX}px;--row-gap:${ROW_GAP_PX}px;--block-gap:${BLOCK_GAP_PX}px;}\n`;
}
