// Gating (public §1, §4 "Gating status"): the one function that decides whether a reader passes an
// item's gate. The API's getGatedContent, the prerender (which gate to draw) and the newsletter all
// call it. Pure and browser-safe: the caller supplies the reader's facts (memberships held, the
// site-license company matched by IP, whether the client is a verified search-engine crawler) and
// the tenant's free memberships.
//
// The spec leaves the server-side rules open (§9: "not shown"); this module fixes them:
//   type      'membership' when the item lists memberships or is a zmag item (free memberships are
//             then the required ones), otherwise the item's survey type (e.g. 'omeda'), otherwise null.
//   passed    a verified search-engine crawler (never a User-Agent alone: engine/services/crawlers/verify.ts);
//             a site-license company matched by the visitor's IP; for type membership, holding one of the required memberships; for a survey type or an item that
//             requires registration, being a signed-in member; an item with no requirement ('open').
//             A survey type on a site with an audience provider (issue 42): the provider must know
//             the signed-in member as a customer, i.e. they answered its survey ('survey'); when no
//             provider answers (none configured, switched off, down) being signed in is enough, so an
//             outage never locks registered readers out.
//   failed    otherwise; `surveyRequired` when only the provider's survey stands in the way.

export type GatingStatus = 'passed' | 'failed';
/** 'membership', a survey type such as 'omeda', or null when the item names neither. */
export type GatingType = string | null;
/** Why a reader passed (or 'none' when they did not). */
export type GatingReason = 'open' | 'crawler' | 'license' | 'membership' | 'registered' | 'survey' | 'none';

export interface GatedItem {
  membershipIds: readonly number[];
  surveyType?: string | null | undefined;
  /** Page data userRegistration.isRequired: a signed-in member passes. */
  registrationRequired?: boolean | undefined;
  /** Magazine (zmag) items are gated by the tenant's free memberships. */
  isZmag?: boolean | undefined;
}

export interface GatingReader {
  /** Ids of the memberships the reader holds now (active, unexpired); empty when anonymous. */
  membershipIds: readonly number[];
  signedIn: boolean;
  /** The site-license company matched by the visitor's IP, or null. */
  licenseCompany: string | null;
  /** True only for a search-engine crawler verified by reverse and forward DNS (engine/services/crawlers/verify.ts). */
  crawler: boolean;
  /**
   * For survey-type items: true when the tenant's audience provider knows the signed-in reader as a
   * customer, false when it answered that it does not; null or absent when no provider answered.
   */
  surveyCustomer?: boolean | null | undefined;
}

export interface GatingResult {
  type: GatingType;
  status: GatingStatus;
  reason: GatingReason;
  /** The memberships that open the item (type membership), else empty. */
  requiredMembershipIds: number[];
  /** True when the item has any requirement at all (its body is never prerendered). */
  gated: boolean;
  /** Failed only because the audience provider does not know the signed-in reader (its survey opens the item). */
  surveyRequired: boolean;
}

/** A user agent claiming Googlebot (public §1). A claim only: gating needs GatingReader.crawler. */
const CRAWLER = /googlebot/i;
/** Bots that do not get the error page (public §8): bot, lighthouse, facebook external hit, google. */
const BOT = /bot|lighthouse|facebookexternalhit|google/i;

export function isCrawlerAgent(userAgent: string | null | undefined): boolean {
  return typeof userAgent === 'string' && CRAWLER.test(userAgent);
}

export function isBotAgent(userAgent: string | null | undefined): boolean {
  return typeof userAgent === 'string' && BOT.test(userAgent);
}

/** ASCII blanks only, so that the store's search (SQL trim) draws the same line. */
const BLANK_ENDS = /^[\t\n\v\f\r ]+|[\t\n\v\f\r ]+$/g;

export function gatingType(item: GatedItem): GatingType {
  if (item.isZmag || item.membershipIds.length > 0) return 'membership';
  const survey = item.surveyType?.replace(BLANK_ENDS, '');
  return survey ? survey : null;
}

/** True when the item's body must come from the API (any membership, survey or registration requirement). */
export function isGatedItem(item: GatedItem): boolean {
  return gatingType(item) !== null || item.registrationRequired === true;
}

/**
 * The gating status of `item` for `reader`. `freeMembershipIds` are the tenant's active free
 * memberships (the required ones of a zmag item).
 */
export function gatingStatus(item: GatedItem, reader: GatingReader, freeMembershipIds: readonly number[] = []): GatingResult {
  const type = gatingType(item);
  const gated = type !== null || item.registrationRequired === true;
  const required = type === 'membership' ? [...(item.isZmag ? freeMembershipIds : item.membershipIds)] : [];
  const result = (status: GatingStatus, reason: GatingReason, surveyRequired = false): GatingResult => ({ type, status, reason, requiredMembershipIds: required, gated, surveyRequired });
  if (reader.crawler) return result('passed', 'crawler');
  if (reader.licenseCompany) return result('passed', 'license');
  if (!gated) return result('passed', 'open');
  if (type === 'membership') {
    return required.some((id) => reader.membershipIds.includes(id)) ? result('passed', 'membership') : result('failed', 'none');
  }
  if (!reader.signedIn) return result('failed', 'none');
  if (type !== null && reader.surveyCustomer === false) return result('failed', 'none', true);
  return type !== null && reader.surveyCustomer === true ? result('passed', 'survey') : result('passed', 'registered');
}
