// Consent (issue #18, public §4 "Third-party scripts load only after consent is given for their
// category; each loads once"): the categories, a tenant's consent settings (regional default and
// the category ids its tag manager expects), what the page carries (the masthead-consent meta), the
// Google Consent Mode v2 signals of a choice, and the first-party cookies withdrawing a category
// clears. Pure and browser-safe: the site's consent client (site/client/consent.ts) imports it.
import { CONSENT_CATEGORIES, type ConsentCategory } from './events';

export { CONSENT_CATEGORIES, type ConsentCategory };

/** The categories a reader chooses (strictly necessary is always on). */
export const OPTIONAL_CATEGORIES = CONSENT_CATEGORIES.filter((c) => c !== 'necessary') as Exclude<ConsentCategory, 'necessary'>[];

export const CATEGORY_LABELS: Record<ConsentCategory, { title: string; description: string }> = {
  necessary: { title: 'Strictly necessary', description: 'Sign-in, security and your privacy choices. Always on.' },
  performance: { title: 'Performance and analytics', description: 'Counts visits and clicks so we can see what readers use (tag manager, page statistics).' },
  functional: { title: 'Functional', description: 'Video players, comments and other features provided by other companies.' },
  targeting: { title: 'Targeting and advertising', description: 'Advertising partners and measuring ads. Turning this off opts you out of the sale or sharing of your data.' },
  social: { title: 'Social media', description: 'Share buttons and posts embedded from social networks.' },
};

/** Tag managers commonly name the categories C0001–C0005 (OneTrust style); a tenant may map its own. */
export const DEFAULT_CATEGORY_IDS: Record<ConsentCategory, string> = {
  necessary: 'C0001', performance: 'C0002', functional: 'C0003', targeting: 'C0004', social: 'C0005',
};

/** opt-in: nothing optional until the reader agrees (GDPR, CASL); opt-out: on until the reader says no, with a "Do not sell or share" link (US states). */
export type ConsentMode = 'opt-in' | 'opt-out';

/** What the page carries in <meta name="masthead-consent" content="…json…">. */
export interface ConsentConfig {
  mode: ConsentMode;
  /** Changes when the category list changes: a stored choice of another version is asked again. */
  version: string;
  ids: Record<ConsentCategory, string>;
  /** The tenant's policy for strictly necessary events (the registration funnel, newsletter sign-ups): always sent (default), or only with performance consent. */
  necessaryEvents?: NecessaryEvents;
}

export type NecessaryEvents = 'always' | 'with-consent';

export const CONSENT_META = 'masthead-consent';
export const CONSENT_COOKIE = 'mh_consent';
/** A choice is kept for 12 months. */
export const CONSENT_MAX_AGE_DAYS = 365;

/** The version of a category list: the categories and their ids, so renaming or adding one re-asks. */
export function consentVersion(ids: Record<ConsentCategory, string>): string {
  let h = 0;
  const text = CONSENT_CATEGORIES.map((c) => `${c}=${ids[c]}`).join(';');
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

export interface ConsentSettings { mode?: ConsentMode | undefined; categoryIds?: Partial<Record<ConsentCategory, string>> | undefined; necessaryEvents?: NecessaryEvents | undefined }

export function consentConfigOf(s: ConsentSettings | undefined): ConsentConfig {
  const ids = { ...DEFAULT_CATEGORY_IDS, ...(s?.categoryIds ?? {}) };
  return { mode: s?.mode ?? 'opt-in', version: consentVersion(ids), ids, necessaryEvents: s?.necessaryEvents ?? 'always' };
}

/** The consent settings a site's pages carry, or null: a site without a tag manager, consent settings or ad script shows no banner, and every category counts as granted for its first-party use. */
export function siteConsentConfig(s: { general: { tagManagerId?: string | null | undefined }; consent?: ConsentSettings | undefined; ads?: { gpt?: unknown } | undefined }): ConsentConfig | null {
  return s.general.tagManagerId || s.consent || s.ads?.gpt ? consentConfigOf(s.consent) : null;
}

/** The reader's stored choice (the `mh_consent` cookie's value: `<version>.<bits>`), or null. */
export function parseConsentCookie(value: string | undefined): { version: string; granted: Granted } | null {
  if (!value) return null;
  let text: string;
  try { text = decodeURIComponent(value); } catch { return null; }
  const [version, bits] = text.split('.');
  if (!version || !bits || !/^[01]{4}$/.test(bits)) return null;
  const granted: Granted = { necessary: true, performance: false, functional: false, targeting: false, social: false };
  OPTIONAL_CATEGORIES.forEach((c, i) => { granted[c] = bits[i] === '1'; });
  return { version, granted };
}

/**
 * Whether a category is granted, as the site's consent client decides (site/client/consent.ts): a
 * stored choice of the current version, else the mode's default; everything without consent settings.
 */
export function categoryGranted(config: ConsentConfig | null, cookie: string | undefined, category: ConsentCategory): boolean {
  if (!config || category === 'necessary') return true;
  const stored = parseConsentCookie(cookie);
  if (stored && stored.version === config.version) return stored.granted[category];
  return config.mode === 'opt-out';
}

/** The script host a tag-manager id loads from (for the CSP script allow-list), or null. */
export function tagManagerHost(tagManagerId: string | null | undefined): string | null {
  return tagManagerId && /^(GTM|G)-[A-Z0-9]+$/.test(tagManagerId) ? 'https://www.googletagmanager.com' : null;
}

/** The script host of the tenant's Google Publisher Tag (for the CSP script allow-list), or null (house ads, or a site path). */
export function adScriptHost(ads: { gpt?: { scriptUrl: string } | undefined } | undefined): string | null {
  const url = ads?.gpt?.scriptUrl;
  return url && url.startsWith('https://') ? new URL(url).origin : null;
}

export type Granted = Record<ConsentCategory, boolean>;

/** Google Consent Mode v2 signals of a choice (gtag('consent', 'default' | 'update', …)). */
export function consentModeSignals(g: Granted): Record<string, 'granted' | 'denied'> {
  const v = (b: boolean) => (b ? 'granted' : 'denied');
  return {
    analytics_storage: v(g.performance),
    ad_storage: v(g.targeting),
    ad_user_data: v(g.targeting),
    ad_personalization: v(g.targeting),
    functionality_storage: v(g.functional),
    personalization_storage: v(g.functional),
    security_storage: 'granted',
  };
}

/** First-party cookies set by a category's scripts (names or prefixes ending in *), cleared on withdrawal. */
export const CATEGORY_COOKIES: Record<ConsentCategory, readonly string[]> = {
  necessary: [],
  performance: ['_ga', '_ga_*', '_gid', '_gat*', '_dc_gtm_*', '_hj*', '_clck', '_clsk'],
  functional: ['_vwo*', 'yt-*'],
  targeting: ['_gcl_*', '_fbp', '_fbc', '__gads', '__gpi', '_uetsid', '_uetvid'],
  social: ['li_*', '_pin_unauth', 'personalization_id'],
};

export function cookieMatches(pattern: string, name: string): boolean {
  return pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;
}
