// The newsletter subscribe form (public §2 "Subscribe pane", §3 "Subscribe request", §5, §8): its
// texts and one validation that the pane (in the browser) and the subscribe operation (on the
// server) both run, so a reader sees the same messages either way. Browser-safe.
import { consentKey, findCountry } from './countries';
import { normalizeEmail } from './email';

export const SUBSCRIBE_TEXTS = {
  paneTitle: 'Select the newsletters you want to receive',
  selectNewsletter: 'Please select a newsletter before continuing',
  correctForm: 'Please correct issues with this form',
  success: "You're all done! You will now receive updates from the newsletter(s) you selected.",
  emptyLoggedIn: 'Congrats, you have subscribed to all of our newsletters! Please check back later to see if we have added any new ones.',
  emptyAnonymous: 'There are no newsletters currently available, please check back later.',
  optOutConfirm: 'Are you sure you wish to opt out from this newsletter?',
  optInSuccess: 'Newsletter opt in successful!',
  optOutSuccess: 'Newsletter opt out successful!',
  optInFailed: 'Newsletter opt in failed. Please try again or contact support for assistance.',
  optOutFailed: 'Newsletter opt out failed. Please try again or contact support for assistance.',
  emailLabel: 'Email Address',
  emailPlaceholder: 'Enter your email here',
  countryLabel: 'Country',
  countryPlaceholder: 'Select...',
  fieldRequired: 'Field is required',
  invalidEmail: 'Please enter a valid email address',
  invalidOption: 'Please choose one of the options',
  captchaFailed: 'We could not confirm that you are not a robot. Please try again.',
  unsubscribed: 'You have been unsubscribed from this newsletter.',
  complianceText:
    'I acknowledge the Terms of Use and agree to the processing of my personal information to provide the services and communications I requested, as described in the Privacy Policy.',
} as const;

/** The captcha action the pane requests its token with (public §7). */
export const SUBSCRIBE_CAPTCHA_ACTION = 'newsletterSubscribeSignUp';
export const PROMO_CODE_MAX = 60;
export { EMAIL_MAX } from './email';

/** Sources of a subscription (public §3). */
export const SUBSCRIPTION_SOURCES = ['Account', 'NlWidgetAuthenticated', 'NlWidgetUnauthenticated', 'Registration'] as const;
export type SubscriptionSource = (typeof SUBSCRIPTION_SOURCES)[number];
/** Newsletter actions of the subscription tracking event (public §3). */
export const NEWSLETTER_ACTIONS = ['OptIn', 'OptOut'] as const;

export interface ConsentEntry { country: string; region: string | null; compliance: boolean }
/** Keyed CASL for Canada, GDPR otherwise (public §3). */
export type Consent = { CASL: ConsentEntry } | { GDPR: ConsentEntry };

/** A subscribe request as the pane sends it (public §7 subscribeAnonymousCustomer). */
export interface SubscribeRequestInput {
  email?: unknown;
  omedaProducts?: unknown;
  countryCode?: unknown;
  regionCode?: unknown;
  consent?: unknown;
  recaptchaToken?: unknown;
  promoCode?: unknown;
}

export interface ValidSubscribeRequest {
  email: string;
  newsletterIds: number[];
  /** ISO alpha-3. */
  countryCode: string;
  regionCode: string | null;
  consent: Consent;
  recaptchaToken: string;
  promoCode: string | null;
}

export type SubscribeValidation =
  | { ok: true; value: ValidSubscribeRequest }
  | { ok: false; message: string; fields: Record<string, string> };

export { normalizeEmail } from './email';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The compliance box as sent: checked is true; empty, missing or anything else is false (public §5). */
export function complianceValue(v: unknown): boolean {
  return v === true || v === 'true' || v === 'on' || v === '1' || v === 1;
}

function newsletterIds(v: unknown): number[] | 'invalid' {
  if (blank(v)) return [];
  const list = Array.isArray(v) ? v : [v];
  const ids: number[] = [];
  for (const x of list) {
    const n = typeof x === 'number' ? x : typeof x === 'string' && /^\d{1,12}$/.test(x.trim()) ? Number(x) : NaN;
    if (!Number.isSafeInteger(n) || n <= 0) return 'invalid';
    if (!ids.includes(n)) ids.push(n);
  }
  return ids;
}

function complianceFrom(consent: unknown): unknown {
  if (!consent || typeof consent !== 'object') return undefined;
  const c = consent as Record<string, { compliance?: unknown } | undefined>;
  return c.CASL?.compliance ?? c.GDPR?.compliance;
}

/**
 * Validates a subscribe request in the spec's order: no newsletter selected gives 'Please select a
 * newsletter before continuing'; otherwise any bad field gives 'Please correct issues with this
 * form' with a message per field (email required and valid; country required; region required
 * when the country has regions; the compliance box when the country requires it).
 */
export function validateSubscribeRequest(input: SubscribeRequestInput): SubscribeValidation {
  const ids = newsletterIds(input.omedaProducts);
  if (ids !== 'invalid' && ids.length === 0) {
    return { ok: false, message: SUBSCRIBE_TEXTS.selectNewsletter, fields: { omedaProducts: SUBSCRIBE_TEXTS.selectNewsletter } };
  }
  const fields: Record<string, string> = {};
  if (ids === 'invalid') fields.omedaProducts = SUBSCRIBE_TEXTS.invalidOption;

  const email = normalizeEmail(input.email);
  if (blank(input.email)) fields.email = SUBSCRIBE_TEXTS.fieldRequired;
  else if (!email) fields.email = SUBSCRIBE_TEXTS.invalidEmail;

  const country = findCountry(typeof input.countryCode === 'string' ? input.countryCode : undefined);
  if (blank(input.countryCode)) fields.countryCode = SUBSCRIBE_TEXTS.fieldRequired;
  else if (!country) fields.countryCode = SUBSCRIBE_TEXTS.invalidOption;

  let region: string | null = null;
  if (country?.regions) {
    const given = typeof input.regionCode === 'string' ? input.regionCode.trim().toUpperCase() : '';
    if (!given) fields.regionCode = SUBSCRIBE_TEXTS.fieldRequired;
    else if (!country.regions.options.some((o) => o.value === given)) fields.regionCode = SUBSCRIBE_TEXTS.invalidOption;
    else region = given;
  }

  const compliance = complianceValue(complianceFrom(input.consent));
  if (country?.compliance === 'required' && !compliance) fields.compliance = SUBSCRIBE_TEXTS.fieldRequired;

  let promoCode: string | null = null;
  if (!blank(input.promoCode)) {
    if (typeof input.promoCode !== 'string' || input.promoCode.trim().length > PROMO_CODE_MAX) fields.promoCode = `At most ${PROMO_CODE_MAX} characters`;
    else promoCode = input.promoCode.trim();
  }

  if (Object.keys(fields).length > 0 || !country || !email || ids === 'invalid') {
    return { ok: false, message: SUBSCRIBE_TEXTS.correctForm, fields };
  }
  const entry: ConsentEntry = { country: country.alpha3, region, compliance };
  return {
    ok: true,
    value: {
      email,
      newsletterIds: ids,
      countryCode: country.alpha3,
      regionCode: region,
      consent: consentKey(country.alpha3) === 'CASL' ? { CASL: entry } : { GDPR: entry },
      recaptchaToken: typeof input.recaptchaToken === 'string' ? input.recaptchaToken : '',
      promoCode,
    },
  };
}
