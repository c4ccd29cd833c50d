// Ad units (public §3 Ad unit, §4 Ads, §5; admin §2.2, §3.1): the input schema the API, the
// fixtures and the admin's form share, and the pure rules the build and the ads island follow —
// which units a page gets, each unit's ad unit path, the height a slot reserves per breakpoint
// (so a filled slot never shifts the page) and where body units go in an article.
// Browser-safe: no Node APIs.
import { z } from 'zod';
import { AD_UNIT_TYPES, LAYOUT_AD_EXCLUSIONS } from './enums';

export type AdUnitType = (typeof AD_UNIT_TYPES)[number];
export type AdExclusion = (typeof LAYOUT_AD_EXCLUSIONS)[number];

/** The page types a unit may exclude (the build's page kinds). */
export const AD_EXCLUDABLE_PAGE_TYPES = ['home', 'section', 'content', 'issue', 'publication'] as const;
export type AdPageType = (typeof AD_EXCLUDABLE_PAGE_TYPES)[number];

/** Google's guidance: never refresh faster than every 30 seconds. */
export const AD_REFRESH_MIN = 30;
export const AD_REFRESH_MAX = 3600;
/** Units that carry display creatives need at least one size; native units are fluid. */
export const SIZED_AD_TYPES: readonly AdUnitType[] = ['header-leaderboard', 'content-body-embed', 'sticky-bottom', 'layout-block', 'reskin'];
/** The exclude-ad flag of a layout that switches a unit type off (layout-block units have none). */
export const AD_TYPE_EXCLUSION: Readonly<Record<AdUnitType, AdExclusion | null>> = {
  'header-leaderboard': 'headerLeaderboardAd',
  'content-list-native': 'contentListNativeAd',
  'content-body-native': 'contentBodyNativeAd',
  'content-body-embed': 'contentBodyEmbedAd',
  reskin: 'reskinAd',
  'sticky-bottom': 'stickyLeaderboardAd',
  'layout-block': null,
};
export const AD_TYPE_LABELS: Readonly<Record<AdUnitType, string>> = {
  'header-leaderboard': 'Header leaderboard',
  'content-list-native': 'Content list native',
  'content-body-native': 'Content body native',
  'content-body-embed': 'Content body embed',
  reskin: 'Reskin',
  'sticky-bottom': 'Sticky bottom',
  'layout-block': 'Layout block',
};

const REQUIRED = 'Field is required';
const dimension = z.number({ error: REQUIRED }).int('Must be a whole number').min(1, 'Must be at least 1').max(2000, 'At most 2000');
export const adSizeSchema = z.tuple([dimension, dimension], { error: 'Must be a [width, height] pair' });
export type AdSize = [number, number];

export const sizeMappingEntrySchema = z.strictObject({
  /** The viewport width from which this entry applies, in CSS pixels. */
  minWidth: z.number({ error: REQUIRED }).int('Must be a whole number').min(0, 'Must be 0 or more').max(10_000, 'At most 10000'),
  /** The sizes allowed from that width; empty means no ad there. */
  sizes: z.array(adSizeSchema).max(20, 'At most 20 sizes').default([]),
});
export type SizeMappingEntry = z.output<typeof sizeMappingEntrySchema>;

export const adUnitSchema = z.strictObject({
  id: z.number().int().positive(),
  key: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(60, 'At most 60 characters')
    .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'Must be lower-case words joined by - or _'),
  type: z.enum(AD_UNIT_TYPES, { error: REQUIRED }),
  size: z.array(adSizeSchema).max(20, 'At most 20 sizes').default([]),
  sizeMapping: z.array(sizeMappingEntrySchema).max(10, 'At most 10 breakpoints').default([]),
  useSectionAlias: z.boolean().default(false),
  /** Seconds between refreshes while in view; 0 never refreshes. */
  refreshRate: z.number().int('Must be a whole number').min(0, 'Must be 0 or more').max(AD_REFRESH_MAX, `At most ${AD_REFRESH_MAX}`).default(0),
  excludePageTypes: z.array(z.enum(AD_EXCLUDABLE_PAGE_TYPES)).default([]),
  /** The id of the slot's element on the page; without it, ad-<key>. */
  targetId: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,79}$/, 'Must start with a letter, then letters, digits, - or _ (at most 80)').optional(),
  /** Body units: after this many paragraphs; list natives: at this position in the list. */
  position: z.number().int('Must be a whole number').min(1, 'Must be at least 1').max(50, 'At most 50').default(3),
}).superRefine((u, ctx) => {
  if (u.refreshRate > 0 && u.refreshRate < AD_REFRESH_MIN) ctx.addIssue({ code: 'custom', path: ['refreshRate'], message: `0 (never) or at least ${AD_REFRESH_MIN} seconds` });
  if (SIZED_AD_TYPES.includes(u.type) && u.size.length === 0) ctx.addIssue({ code: 'custom', path: ['size'], message: REQUIRED });
  const seen = new Set<number>();
  u.sizeMapping.forEach((m, i) => {
    if (seen.has(m.minWidth)) ctx.addIssue({ code: 'custom', path: ['sizeMapping', i, 'minWidth'], message: `Breakpoint ${m.minWidth} is listed twice` });
    seen.add(m.minWidth);
  });
});
export type AdUnitInput = z.input<typeof adUnitSchema>;
export type AdUnit = z.output<typeof adUnitSchema>;

/** Whether a unit runs on a page (public §5): its page type is not excluded and the layout's flag for its kind is not set. */
export function adUnitAllowed(unit: Pick<AdUnit, 'type' | 'excludePageTypes'>, pageType: AdPageType, excludeAds: Readonly<Record<string, boolean | undefined>>): boolean {
  if (unit.excludePageTypes.includes(pageType)) return false;
  const flag = AD_TYPE_EXCLUSION[unit.type];
  return !(flag && excludeAds[flag]);
}

/**
 * The ad unit path of a unit on a page: the tenant's pattern with `{tenant}`, `{key}` (or
 * `[position]`) and `{section}` (or `[section]`) filled. The section is the section's gamAlias (else
 * its alias, `home` on the home page) only when the unit uses the section alias; otherwise the
 * section segment is left out. Without a pattern: /{tenant}/{section}/{key}.
 */
export function adUnitPath(pattern: string | null | undefined, v: { tenantKey: string; key: string; useSectionAlias: boolean; section: { alias: string; gamAlias?: string | null } | null }): string {
  const sectionName = v.useSectionAlias ? (v.section ? (v.section.gamAlias?.trim() || v.section.alias || 'home') : 'home') : '';
  const filled = (pattern?.trim() || '/{tenant}/{section}/{key}')
    .replace(/\{tenant\}|\[tenant\]/g, v.tenantKey)
    .replace(/\{key\}|\[position\]|\{position\}/g, v.key)
    .replace(/\{section\}|\[section\]/g, sectionName.replace(/^\/+|\/+$/g, ''));
  const path = filled.replace(/\/{2,}/g, '/').replace(/\/$/, '');
  return path.startsWith('/') ? path : `/${path}`;
}

/** The mapping a slot uses: its sizeMapping, or its sizes from width 0. Sorted by width. */
export function effectiveMapping(unit: Pick<AdUnit, 'size' | 'sizeMapping'>): SizeMappingEntry[] {
  const m = unit.sizeMapping.length ? unit.sizeMapping : [{ minWidth: 0, sizes: unit.size }];
  return [...m].sort((a, b) => a.minWidth - b.minWidth);
}

/** The height a slot reserves from each breakpoint on: the largest height it may be filled with there. */
export function reservedHeights(unit: Pick<AdUnit, 'size' | 'sizeMapping'>): { minWidth: number; height: number }[] {
  return effectiveMapping(unit).map((m) => ({ minWidth: m.minWidth, height: Math.max(0, ...m.sizes.map(([, h]) => h)) }));
}

/** The element id of a unit's slot. */
export function adTargetId(unit: Pick<AdUnit, 'key' | 'targetId'>): string {
  return unit.targetId ?? `ad-${unit.key}`;
}

/**
 * CSS that reserves each slot's height per breakpoint (selectors are ids the schema restricts to
 * safe characters). A slot with a house banner fallback also caps the banner at that height, so
 * showing it never grows the slot.
 */
export function reservedHeightCss(slots: readonly { id: string; unit: Pick<AdUnit, 'size' | 'sizeMapping'>; banner?: boolean }[]): string {
  const base: string[] = [];
  const media = new Map<number, string[]>();
  for (const s of slots) {
    if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(s.id)) continue;
    for (const r of reservedHeights(s.unit)) {
      const rule = `#${s.id}{min-height:${r.height}px}` + (s.banner && r.height > 0 ? `#${s.id} .ad-fallback-banner img{max-height:${r.height}px}` : '');
      if (r.minWidth === 0) base.push(rule);
      else media.set(r.minWidth, [...(media.get(r.minWidth) ?? []), rule]);
    }
  }
  const widths = [...media.keys()].sort((a, b) => a - b);
  return [base.join(''), ...widths.map((w) => `@media (min-width:${w}px){${media.get(w)!.join('')}}`)].join('');
}

const VOID_TAGS = new Set(['br', 'img', 'hr', 'wbr', 'source', 'input', 'meta', 'link', 'col', 'area', 'embed', 'param', 'track']);

/**
 * Where body units go in an article (sanitised body HTML): the offset just after the `after`-th
 * paragraph that sits at the top level of the body — never inside a list, table, blockquote, figure
 * or any other element. Null when the body has fewer top-level paragraphs (nothing is inserted).
 */
export function bodyInsertionOffset(html: string, after: number): number | null {
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>|<!--[\s\S]*?-->/g;
  let depth = 0;
  let count = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const name = m[2]?.toLowerCase();
    if (!name) continue;
    if (m[1]) {
      depth = Math.max(0, depth - 1);
      if (depth === 0 && name === 'p' && ++count === after) return m.index + m[0].length;
    } else if (!VOID_TAGS.has(name) && !m[3]) depth++;
  }
  return null;
}

/** One line of the ad-unit settings report (admin §2.2): a unit, where it is placed and where excluded. */
export interface AdUnitReportRow {
  key: string;
  type: AdUnitType;
  sizes: AdSize[];
  refreshRate: number;
  useSectionAlias: boolean;
  excludePageTypes: AdPageType[];
  /** Layouts (by name) whose ad blocks name the unit, or "Every page" for page-level, body and list units. */
  placedIn: string[];
  /** Layouts (by name) whose exclude-ad flag switches the unit's kind off. */
  excludedBy: string[];
}

interface ReportLayout {
  name: string;
  excludeAds: Readonly<Record<string, boolean | undefined>>;
  grids: readonly { rows: readonly { columns: readonly { blocks: readonly { type: string; data?: unknown }[] }[] }[] }[];
}

/** Every unit with where it is placed and where it is excluded, by key. */
export function adUnitSettingsReport(units: readonly AdUnit[], layouts: readonly ReportLayout[]): AdUnitReportRow[] {
  const slotsOf = (l: ReportLayout) => new Set(l.grids.flatMap((g) => g.rows.flatMap((r) => r.columns.flatMap((c) => c.blocks
    .filter((b) => b.type === 'ad_slot')
    .map((b) => String((b.data as { slot?: unknown } | undefined)?.slot ?? ''))))));
  const slots = layouts.map((l) => ({ name: l.name, keys: slotsOf(l) }));
  return [...units].sort((a, b) => a.key.localeCompare(b.key)).map((u) => {
    const flag = AD_TYPE_EXCLUSION[u.type];
    return {
      key: u.key, type: u.type, sizes: u.size, refreshRate: u.refreshRate, useSectionAlias: u.useSectionAlias, excludePageTypes: u.excludePageTypes,
      placedIn: u.type === 'layout-block' ? slots.filter((s) => s.keys.has(u.key)).map((s) => s.name) : ['Every page'],
      excludedBy: flag ? layouts.filter((l) => l.excludeAds[flag]).map((l) => l.name) : [],
    };
  });
}
