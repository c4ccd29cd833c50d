// Copying a brand's configuration to another tenant (issue 24, /admin/aspire-to-aspire-migration-config
// and /admin/run-aspire-to-aspire-migration): what can be copied, and the one rule for references
// inside copied JSON (layout grids, newsletter template configs, site settings). Section ids are
// remapped to the target's sections; content and media are never copied, so references to them are
// cleared; a path to a file of the source site (/images/<source>/…) gives way to the target's own value
// where it has one, else is kept; either way it is reported. Every change is a warning line.

export const BRAND_PARTS = ['sections', 'layouts', 'menus', 'settings', 'adUnitPatterns', 'newsletterTemplates'] as const;
export type BrandPart = (typeof BRAND_PARTS)[number];
export const BRAND_PART_LABELS: Record<BrandPart, string> = {
  sections: 'Sections', layouts: 'Layouts', menus: 'Menus', settings: 'Site settings', adUnitPatterns: 'Ad unit patterns', newsletterTemplates: 'Newsletter templates',
};

/** Settings groups copied unless chosen otherwise: everything but the site's identity (name, tag manager, contact details, social accounts). */
export const BRAND_SETTINGS_KEYS = ['header', 'headerCtaText', 'footer', 'sponsoredSearch', 'memberships', 'newsletters', 'consent', 'modules', 'colors'] as const;
export const BRAND_IDENTITY_KEYS = ['general', 'tenantInfo', 'socialLinks'] as const;

const ONE_SECTION = new Set(['section', 'sectionId']);
const SECTION_LISTS = new Set(['sectionIds', 'exemptSectionIds']);
const CONTENT_ONE = new Set(['contentId', 'assetId', 'imageId']);
const CONTENT_LISTS = new Set(['contentIds', 'assetIds', 'imageIds']);

const at = (v: unknown, k: string | number): unknown => (v && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined);

/**
 * A deep copy of `value` with section ids mapped through `sections` (unknown ones dropped), content
 * and asset references cleared, and each change reported to `warn` with its path. `keep` is the
 * target's own value at the same place, if any.
 */
export function remapRefs(value: unknown, sections: ReadonlyMap<number, number>, fromKey: string, warn: (path: string, message: string) => void, path = '', keep?: unknown): unknown {
  if (Array.isArray(value)) return value.map((v, i) => remapRefs(v, sections, fromKey, warn, `${path}[${i}]`, at(keep, i)));
  if (typeof value === 'string') {
    if (value.startsWith(`/images/${fromKey}/`) && typeof keep === 'string') {
      warn(path, `${value} is a file of the source site; this site keeps ${keep}`);
      return keep;
    }
    if (value.includes(`/images/${fromKey}/`)) warn(path, `${value} is a file of the source site; upload it to this site and choose it again`);
    return value;
  }
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const here = path ? `${path}.${k}` : k;
    if (ONE_SECTION.has(k) && typeof v === 'number') {
      const to = sections.get(v);
      if (to === undefined) warn(here, `section ${v} has no counterpart on this site; removed`);
      else out[k] = to;
    } else if (SECTION_LISTS.has(k) && Array.isArray(v)) {
      const mapped = v.map((id) => (typeof id === 'number' ? sections.get(id) : undefined));
      v.forEach((id, i) => { if (mapped[i] === undefined) warn(here, `section ${String(id)} has no counterpart on this site; removed`); });
      out[k] = mapped.filter((id) => id !== undefined);
    } else if (CONTENT_LISTS.has(k) && Array.isArray(v)) {
      if (v.length) warn(here, `${v.length} content or media references cleared (content is not copied)`);
      out[k] = [];
    } else if (CONTENT_ONE.has(k) && typeof v === 'number') {
      warn(here, `reference to ${v} cleared (content is not copied)`);
    } else out[k] = remapRefs(v, sections, fromKey, warn, here, at(keep, k));
  }
  return out;
}
