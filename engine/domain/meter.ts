// The content meter (public §3 "Content meter", §4 "Content meter status", "Hidden blocks", §9):
// per-tenant settings, the state kept in a signed cookie, the status of a view, the meter bar text
// and what a page shows. Pure and browser-safe; the API signs and reads the cookie
// (engine/services/members/meter-cookie.ts) and calls `recordView` with the settings of the tenant.
//
// Rules the spec leaves open, fixed here:
// - The meter counts anonymous readers only, on items without a gate of their own ('open' items),
//   of a type and in sections the settings do not exempt. Members, site-license visitors and
//   crawlers are not metered; gated items need their gate, never the meter.
// - Each distinct item counts once per period; the first view creates the meter. A new item past
//   the allowance is refused (failed-metered) without being counted, so items already read in the
//   period stay readable and `views` never exceeds the allowance.
// - The allowance and period are those the meter was created with; new settings apply from the
//   next period. A state that has expired, or cannot be read, is a fresh meter.
import type { GatingResult, GatingStatus, GatingType } from './gating';
import { zonedDate } from './dates';

export type MeterStatus = 'passed-metered-more' | 'passed-metered-out' | 'failed-metered';

export interface MeterSettings {
  enabled: boolean;
  numberOfFreeViews: number;
  /** Days. */
  meteringPeriod: number;
  exemptContentTypes: readonly string[];
  exemptSectionIds: readonly number[];
}

export interface MeterState {
  views: number;
  /** Epoch ms of the first view of the period. */
  startTime: number;
  /** Epoch ms; the meter resets at this instant. */
  expirationTime: number;
  numberOfFreeViews: number;
  /** Days. */
  meteringPeriod: number;
  /** Distinct item ids counted this period. */
  viewedItems: number[];
}

export interface MeteredItem {
  id: number;
  type: string;
  /** The primary section and every section the item is scheduled in. */
  sectionIds: readonly number[];
}

const DAY_MS = 86_400_000;
/** The cookie holds every counted id; past this many a meter could outgrow a 4 KB cookie. */
export const MAX_METERED_VIEWS = 200;

export const DEFAULT_METER_TEXT = 'You have {viewsRemaining} of {allowedViews} free articles remaining until {expirationDate}.';

/** Blocks hidden when gating and the meter both failed and the type is not omeda (public §4). */
export const BLOCKS_HIDDEN_WHEN_LOCKED = [
  'image_gallery', 'video_player', 'content_sidebar', 'document_download', 'zmag_embed', 'us_map',
] as const;
export type LockedBlock = (typeof BLOCKS_HIDDEN_WHEN_LOCKED)[number];

/** True when the settings meter this item (metering on, type and sections not exempt). */
export function meterCoversItem(settings: MeterSettings, item: Pick<MeteredItem, 'type' | 'sectionIds'>): boolean {
  if (!settings.enabled) return false;
  if (settings.exemptContentTypes.includes(item.type)) return false;
  return !item.sectionIds.some((id) => settings.exemptSectionIds.includes(id));
}

/** Free views left: the allowance minus the views counted (negative only for a state over its allowance). */
export function viewsRemaining(state: MeterState): number {
  return state.numberOfFreeViews - state.views;
}

/** public §4: more when views remain, out at exactly 0, failed with no meter or below 0. */
export function meterStatusOf(state: MeterState | null): MeterStatus {
  if (!state) return 'failed-metered';
  const left = viewsRemaining(state);
  return left > 0 ? 'passed-metered-more' : left === 0 ? 'passed-metered-out' : 'failed-metered';
}

export function isMeterPassed(status: MeterStatus): boolean {
  return status !== 'failed-metered';
}

export function freshMeter(settings: MeterSettings, now: number): MeterState {
  const allowance = Math.max(0, Math.min(settings.numberOfFreeViews, MAX_METERED_VIEWS));
  return {
    views: 0, startTime: now, expirationTime: now + settings.meteringPeriod * DAY_MS,
    numberOfFreeViews: allowance, meteringPeriod: settings.meteringPeriod, viewedItems: [],
  };
}

/** The state to count against: the given one while it runs, else a fresh meter. */
export function currentMeter(settings: MeterSettings, state: MeterState | null, now: number): MeterState {
  return state && now < state.expirationTime && now >= state.startTime ? state : freshMeter(settings, now);
}

export interface ViewOutcome {
  state: MeterState;
  status: MeterStatus;
  /** True when this view added the item to the meter (the cookie must be written). */
  counted: boolean;
  /** True when the state differs from the one given (new, reset or counted). */
  changed: boolean;
}

/** Counts a view of `itemId`: once per distinct item; a new item past the allowance is refused uncounted. */
export function recordView(settings: MeterSettings, state: MeterState | null, itemId: number, now: number): ViewOutcome {
  const current = currentMeter(settings, state, now);
  const changed = current !== state;
  if (current.viewedItems.includes(itemId)) return { state: current, status: meterStatusOf(current), counted: false, changed };
  if (current.views + 1 > current.numberOfFreeViews) return { state: current, status: 'failed-metered', counted: false, changed };
  const next: MeterState = { ...current, views: current.views + 1, viewedItems: [...current.viewedItems, itemId] };
  return { state: next, status: meterStatusOf(next), counted: true, changed: true };
}

/** MM/dd/yyyy in the site's time zone (public §9). */
export function formatMeterDate(ms: number): string {
  const d = zonedDate(ms);
  return `${String(d.month).padStart(2, '0')}/${String(d.day).padStart(2, '0')}/${d.year}`;
}

/**
 * The meter bar text: {viewsRemaining}, {allowedViews}, {expirationDate} (MM/dd/yyyy) and {views}
 * replaced; an unknown placeholder is left as written. Remaining views never show below 0.
 */
export function meterText(template: string | null | undefined, state: MeterState): string {
  const values: Record<string, string> = {
    viewsRemaining: String(Math.max(0, viewsRemaining(state))),
    allowedViews: String(state.numberOfFreeViews),
    expirationDate: formatMeterDate(state.expirationTime),
    views: String(state.views),
  };
  const text = template && template.trim() ? template : DEFAULT_METER_TEXT;
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The hidden blocks of public §4: gating failed, the meter failed (or none) and the type is not omeda. */
export function hiddenBlocks(gating: GatingStatus, meter: MeterStatus | null, type: GatingType): LockedBlock[] {
  if (gating === 'passed' || (meter !== null && isMeterPassed(meter)) || type === 'omeda') return [];
  return [...BLOCKS_HIDDEN_WHEN_LOCKED];
}

/** gating_form shows when gating passed but the meter failed (public §4). */
export function showsGatingForm(gating: GatingStatus, meter: MeterStatus | null): boolean {
  return gating === 'passed' && meter === 'failed-metered';
}

/**
 * Which gate a locked page draws: join/login for memberships; 'survey' for a signed-in reader the
 * audience provider does not know yet (its survey opens the item); the gating (registration) form otherwise.
 */
export type Gate = 'none' | 'join-login' | 'gating-form' | 'survey';

export interface AccessDecision {
  canRead: boolean;
  gate: Gate;
  /** null when the meter does not apply to this reader and item. */
  meterStatus: MeterStatus | null;
  hiddenBlocks: LockedBlock[];
  showGatingForm: boolean;
}

/** True when the meter applies: an open item it covers, read by an anonymous visitor (gating reason 'open'). */
export function meterAppliesTo(gating: GatingResult, covered: boolean, signedIn: boolean): boolean {
  return covered && !signedIn && gating.status === 'passed' && gating.reason === 'open';
}

/** Combines the gating result and the meter's verdict (null when the meter does not apply). */
export function decideAccess(gating: GatingResult, meter: MeterStatus | null): AccessDecision {
  const meterFailed = meter === 'failed-metered';
  const canRead = gating.status === 'passed' && !meterFailed;
  const form = showsGatingForm(gating.status, meter);
  let gate: Gate = 'none';
  if (!canRead) gate = gating.status === 'failed' && gating.type === 'membership' ? 'join-login' : gating.status === 'failed' && gating.surveyRequired ? 'survey' : 'gating-form';
  // A meter wall (gating passed, meter failed) hides the same blocks as a failed gate.
  const hidden = meterFailed && gating.status === 'passed' ? [...BLOCKS_HIDDEN_WHEN_LOCKED] : hiddenBlocks(gating.status, meter, gating.type);
  return { canRead, gate, meterStatus: meter, hiddenBlocks: hidden, showGatingForm: form };
}
