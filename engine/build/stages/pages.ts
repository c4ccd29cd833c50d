// Which items get pages and which bodies stay out of static files. Kept apart from resolve.ts so
// the main thread can ask without loading the renderer's dependencies.
import { isGatedItem } from '../../domain/gating';
import { meterCoversItem } from '../../domain/meter';
import type { BuildContent, TenantIndex } from '../types';

/** True when the body must not be prerendered: the domain's gating rule (isGatedItem). */
export function isGated(c: BuildContent): boolean {
  return isGatedItem(c);
}

/** Content pages: every live item except Promotions, which redirect to their linkUrl. */
export function hasPage(c: BuildContent): boolean {
  return c.type !== 'Promotion';
}

const scheduledSections = new WeakMap<TenantIndex, Map<number, number[]>>();

/**
 * True when the tenant's meter covers the item (metering on, type and sections not exempt): its
 * body is withheld like a gated one and getGatedContent serves it while the reader's meter allows.
 * Same rule and inputs as the API (primary section plus scheduled sections).
 */
export function isMetered(index: TenantIndex, c: BuildContent): boolean {
  const settings = index.tenant.settings.memberships?.contentMetering;
  if (!settings) return false;
  let sectionIds = [c.sectionId];
  if (settings.exemptSectionIds.length > 0) {
    let byContent = scheduledSections.get(index);
    if (!byContent) {
      byContent = new Map();
      for (const s of index.schedules) byContent.set(s.contentId, [...(byContent.get(s.contentId) ?? []), s.sectionId]);
      scheduledSections.set(index, byContent);
    }
    sectionIds = [c.sectionId, ...(byContent.get(c.id) ?? [])];
  }
  return meterCoversItem(settings, { type: c.type, sectionIds });
}
