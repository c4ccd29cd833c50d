// Event tracking (public §7 "Event tracking mutations", §4 "page tracking fires once per page id"):
// the 21 event operations (and the house-ad ones of issue 19), the fields each one takes, the consent category it needs, and one
// validator the API uses for the GraphQL mutations and for the batched beacon path alike. Pure and
// browser-safe (the site's event client imports the type list and categories only).

export const EVENT_TYPES = [
  'PageView', 'BlueConicRedirect', 'Registration', 'NewsletterSubscription', 'ClickBlueConicRecommendation',
  'ViewBlueConicRecommendation', 'ClickSocialCompany', 'ClickSocialBrand', 'ClickSocialShares', 'ClickMenu',
  'ClickSponsoredSearchLogo', 'ClickSectionLink', 'ClickContentBody', 'ClickCompanyWebsite', 'FavoriteContent',
  'ClickMagazineIssueLink', 'ClickDownloadButton', 'ClickContentLink', 'ClickOmedaInjectionLink',
  'ClickBlockTitleLink', 'ViewMediaGallery',
  // House ads (issue 19): a viewable impression (50% in view for 1 s) and a click.
  'ViewHouseAd', 'ClickHouseAd',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The GraphQL mutation of an event type: setEvent<Type>. */
export const eventOperation = (type: EventType): string => `setEvent${type}`;

/**
 * Consent categories (strictly necessary is always on). A tenant maps each to the category id its
 * tag manager expects (C0001–C0005 style) in its site settings.
 */
export const CONSENT_CATEGORIES = ['necessary', 'performance', 'functional', 'targeting', 'social'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** Registration-funnel steps (public §3 Enumerations). */
export const REGISTRATION_STEPS = [
  'click-join-header', 'click-login-header', 'click-join-footer', 'choose-membership', 'submit-registration',
  'complete-registration', 'confirm-email', 'reminder-1h', 'reminder-24h', 'view-gated-content', 'login',
] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

type FieldKind = 'int' | 'string' | 'url' | 'step';
interface FieldSpec { kind: FieldKind; required?: boolean; max?: number }

const S = (max = 200, required = false): FieldSpec => ({ kind: 'string', max, required });
const U = (required = false): FieldSpec => ({ kind: 'url', max: 2048, required });
const I = (required = false): FieldSpec => ({ kind: 'int', required });

/** The id fields that must name a row of the request's tenant, and the kind of row. */
export const ID_REFERENCES = { contentId: 'content', companyId: 'content', sectionId: 'section', newsletterId: 'newsletter', membershipId: 'membership' } as const;
export type IdField = keyof typeof ID_REFERENCES;

export const EVENT_FIELDS: Record<EventType, Record<string, FieldSpec>> = {
  PageView: { pageId: S(128, true), path: S(2048, true), contentId: I(), sectionId: I(), referrer: U() },
  BlueConicRedirect: { url: U(true), contentId: I() },
  Registration: { step: { kind: 'step', required: true }, membershipId: I(), contentId: I() },
  NewsletterSubscription: { newsletterId: I(true), source: S(100) },
  ClickBlueConicRecommendation: { recommendationId: S(128, true), url: U(), contentId: I() },
  ViewBlueConicRecommendation: { recommendationId: S(128, true), contentId: I() },
  ClickSocialCompany: { companyId: I(true), network: S(50, true) },
  ClickSocialBrand: { network: S(50, true) },
  ClickSocialShares: { network: S(50, true), contentId: I() },
  ClickMenu: { menu: S(50, true), label: S(200, true), url: U(true) },
  ClickSponsoredSearchLogo: { companyId: I(true), query: S(200) },
  ClickSectionLink: { sectionId: I(true), url: U() },
  ClickContentBody: { contentId: I(true), url: U(true) },
  ClickCompanyWebsite: { companyId: I(true), url: U(true) },
  FavoriteContent: { contentId: I(true) },
  ClickMagazineIssueLink: { issueId: I(true), url: U() },
  ClickDownloadButton: { contentId: I(true), url: U() },
  ClickContentLink: { contentId: I(true), url: U(), blockId: S(64) },
  ClickOmedaInjectionLink: { url: U(true), contentId: I() },
  ClickBlockTitleLink: { blockId: S(64, true), url: U(true), sectionId: I() },
  ViewMediaGallery: { contentId: I(true), imageIndex: I() },
  ViewHouseAd: { adId: I(true), unitKey: S(60), contentId: I() },
  ClickHouseAd: { adId: I(true), unitKey: S(60), url: U(), contentId: I() },
};

/** Registration funnel steps and newsletter sign-ups are tied to an account or a request the reader made; the rest measure reading. */
export const EVENT_CATEGORY: Record<EventType, ConsentCategory> = Object.fromEntries(
  EVENT_TYPES.map((t) => [t, t === 'Registration' || t === 'NewsletterSubscription' ? 'necessary' : 'performance']),
) as Record<EventType, ConsentCategory>;

export const MAX_BATCH = 100;
export const SESSION_ID_MAX = 128;

export interface EventInput { [field: string]: string | number | undefined }
export interface ValidEvent { type: EventType; input: EventInput }
export interface FieldError { field: string; message: string }

/** True when the text holds a C0 control character or DEL. */
function hasControl(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

const isType = (t: unknown): t is EventType => typeof t === 'string' && (EVENT_TYPES as readonly string[]).includes(t);

/** Checks one event's shape (type, field kinds, bounds); ids are checked against the tenant by the API. */
export function validateEvent(type: unknown, input: unknown, prefix = ''): { ok: true; event: ValidEvent } | { ok: false; errors: FieldError[] } {
  if (!isType(type)) return { ok: false, errors: [{ field: `${prefix}type`, message: `Unknown event type; one of ${EVENT_TYPES.join(', ')}` }] };
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, errors: [{ field: `${prefix}input`, message: 'Must be an object' }] };
  }
  const spec = EVENT_FIELDS[type];
  const raw = input as Record<string, unknown>;
  const errors: FieldError[] = [];
  const out: EventInput = {};
  for (const key of Object.keys(raw)) {
    if (!(key in spec)) errors.push({ field: `${prefix}input.${key}`, message: `Not a field of ${type}` });
  }
  for (const [name, f] of Object.entries(spec)) {
    const v = raw[name];
    const field = `${prefix}input.${name}`;
    if (v === undefined || v === null || v === '') {
      if (f.required) errors.push({ field, message: 'Field is required' });
      continue;
    }
    if (f.kind === 'int') {
      if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) errors.push({ field, message: 'Must be a whole number of 0 or more' });
      else out[name] = v;
    } else if (f.kind === 'step') {
      if (typeof v !== 'string' || !(REGISTRATION_STEPS as readonly string[]).includes(v)) errors.push({ field, message: `Must be one of ${REGISTRATION_STEPS.join(', ')}` });
      else out[name] = v;
    } else if (typeof v !== 'string') {
      errors.push({ field, message: 'Must be text' });
    } else if (v.length > (f.max ?? 200)) {
      errors.push({ field, message: `Must be at most ${f.max} characters` });
    } else if (hasControl(v)) {
      errors.push({ field, message: 'Must not hold control characters' });
    } else if (f.kind === 'url' && !/^(https?:\/\/|\/)/i.test(v)) {
      errors.push({ field, message: 'Must be an http(s) address or a path starting with /' });
    } else {
      out[name] = v;
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, event: { type, input: out } };
}

/** User agents of bots and tools whose requests are never counted (besides the verified crawlers). */
export const BOT_AGENT = /bot\b|bot\/|crawl|spider|slurp|lighthouse|headlesschrome|facebookexternalhit|preview|curl\/|wget\/|python-requests|httpclient|go-http-client|node-fetch|axios\/|java\/|phantomjs|pingdom|uptime|monitor/i;

export function isBotAgent(userAgent: string | null | undefined): boolean {
  return !userAgent || BOT_AGENT.test(userAgent);
}
