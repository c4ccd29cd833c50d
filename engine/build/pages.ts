// Which items get pages and which bodies stay out of static files. Kept apart from resolve.ts so
// the main thread can ask without loading the renderer's dependencies.
import type { BuildContent } from './types';

/** True when the body must not be prerendered (membership or survey gating, or registration). */
export function isGated(c: BuildContent): boolean {
  return c.membershipIds.length > 0 || Boolean(c.surveyType) || c.registrationRequired === true;
}

/** Content pages: every live item except Promotions, which redirect to their linkUrl. */
export function hasPage(c: BuildContent): boolean {
  return c.type !== 'Promotion';
}
