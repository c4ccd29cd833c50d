// Which items get pages and which bodies stay out of static files. Kept apart from resolve.ts so
// the main thread can ask without loading the renderer's dependencies.
import { isGatedItem } from '../../domain/gating';
import { meterCoversItem } from '../../domain/meter';
import type { BuildCaches } from '../caches';
import type { BuildContent, TenantIndex } from '../types';

/** True when the body must not be prerendered: the domain's gating rule (isGatedItem; a zmag item is gated by membership). */
export function isGated(c: BuildContent): boolean {
  return isGatedItem({ ...c, isZmag: typeof c.zmagId === 'string' && c.zmagId !== '' });
}

/** Content pages: every live item except Promotions, which redirect to their linkUrl. */
export function hasPage(c: BuildContent): boolean {
  return c.type !== 'Promotion';
}

/**
 * True when the tenant's meter covers the item (metering on, type and sections not exempt): its
 * body is withheld like a gated one and getGatedContent serves it while the reader's meter allows.
 * Same rule and inputs as the API (primary section plus scheduled sections).
 */
export function isMetered(index: TenantIndex, c: BuildContent, caches?: BuildCaches): boolean {
  const settings = index.tenant.settings.memberships?.contentMetering;
  if (!settings) return false;
  let sectionIds = [c.sectionId];
  if (settings.exemptSectionIds.length > 0) {
    let byContent = caches?.scheduledSections.get(index.schedules);
    if (!byContent) {
      byContent = new Map();
      for (const s of index.schedules) {
        const list = byContent.get(s.contentId);
        if (list) list.push(s.sectionId); else byContent.set(s.contentId, [s.sectionId]);
      }
      caches?.scheduledSections.set(index.schedules, byContent);
    }
    sectionIds = [c.sectionId, ...(byContent.get(c.id) ?? [])];
  }
  return meterCoversItem(settings, { type: c.type, sectionIds });
}

/** Most items an author page lists (newest first), as the content block lists (admin §9). */
export const AUTHOR_PAGE_ITEMS = 100;

/**
 * The people who get an author page: active persons who sign at least one live item with a page,
 * each with those items' ids, newest first (all of them; the page shows the first AUTHOR_PAGE_ITEMS).
 * Memoised in the build's caches when given (a one-off caller, the sitemap, gives none).
 */
export function authorsWithPages(index: TenantIndex, caches?: BuildCaches): Map<number, number[]> {
  const persons = index.persons ?? [];
  let byPersons = caches?.authors.get(index.content);
  if (!byPersons) {
    byPersons = new WeakMap();
    caches?.authors.set(index.content, byPersons);
  }
  const cached = byPersons.get(persons);
  if (cached) return cached;
  const active = new Set(persons.map((p) => p.id));
  const out = new Map<number, number[]>();
  for (const c of index.content) {
    if (!hasPage(c)) continue;
    for (const a of c.authors) {
      if (!active.has(a.id)) continue;
      const list = out.get(a.id);
      if (list) list.push(c.id);
      else out.set(a.id, [c.id]);
    }
  }
  byPersons.set(persons, out);
  return out;
}
