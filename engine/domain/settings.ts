// Site settings (public §3 "Site settings"): one zod schema, used when seeding, by the API when
// staff edit settings, and by the renderer. Defaults come from the spec's constants (public §9).
import { z } from 'zod';
import { CONTENT_TYPES, FONT_KEYS, NL_BUTTON_MODES } from './enums';
import { sourceesbSettingsSchema } from './sourceesb';

export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour like #1a2b3c');
/** An absolute http(s) URL. z.url() alone accepts any scheme, javascript: included. */
export const httpUrl = z.url({ protocol: /^https?$/, error: 'Must be an absolute http(s) URL' });
/** A link target: a site path ("/…") or an absolute http(s) URL. Never javascript:, data: and the like. */
export const linkHref = z
  .string()
  .trim()
  .min(1, 'Field is required')
  .refine((v) => v.startsWith('/') || /^https?:\/\//i.test(v) || /^mailto:/i.test(v), {
    message: 'Must be a path starting with / or an http(s) or mailto: address',
  });

export const socialLinksSchema = z.strictObject({
  facebook: httpUrl.optional(),
  instagram: httpUrl.optional(),
  linkedin: httpUrl.optional(),
  pinterest: httpUrl.optional(),
  twitter: httpUrl.optional(),
  youtube: httpUrl.optional(),
});

/** A consent category id as the tenant's tag manager names it (C0001–C0005 style). */
export const CONSENT_CATEGORY_ID_MESSAGE = 'Up to 32 letters, digits, _ or -, like C0002';
const consentCategoryId = z.string().regex(/^[\w-]{1,32}$/, CONSENT_CATEGORY_ID_MESSAGE);

const colorSet = z.strictObject({ main: hexColor, container: hexColor, onContainer: hexColor });

const cta = z.strictObject({ buttonLabel: z.string().min(1), buttonLink: linkHref });

/** Google Tag Manager / GA4 container id (admin §5). */
/** Google Publisher Tag, loaded the way Google documents it (https://developers.google.com/publisher-tag/guides/get-started). */
export const GPT_SCRIPT_URL = 'https://securepubads.g.doubleclick.net/tag/js/gpt.js';

export const TAG_MANAGER_ID = /^(GTM|G)-[A-Z0-9]+$/;

export const siteSettingsSchema = z.strictObject({
  general: z.strictObject({
    siteName: z.string().trim().min(1, 'Field is required').max(120),
    /** Site-relative path to the logo on dark backgrounds. */
    whiteLogo: z.string().optional(),
    favicon: z.string().optional(),
    primaryFontFamily: z.enum(FONT_KEYS).default('open_sans'),
    secondaryFontFamily: z.enum(FONT_KEYS).optional(),
    language: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/).default('en'),
    enableNoIndexByContentType: z.array(z.enum(CONTENT_TYPES)).default([]),
    tagManagerId: z.string().regex(TAG_MANAGER_ID).optional(),
  }),
  header: z.strictObject({
    logo: z.string().min(1, 'Field is required'),
    logoHeight: z.number().int().positive().default(35),
    logoWidth: z.number().int().positive().optional(),
    secondaryTextColor: hexColor.optional(),
    alternateCta: cta.optional(),
  }),
  headerCtaText: z.string().max(200).optional(),
  footer: z.strictObject({
    text: z.string().max(2000).default(''),
    logoHeight: z.number().int().positive().default(45),
    signupText: z.string().max(200).optional(),
    contactUsText: z.string().max(200).optional(),
    nlButton: z
      .strictObject({
        mode: z.enum(NL_BUTTON_MODES).default('flyout'),
        label: z.string().optional(),
        link: linkHref.optional(),
      })
      .default({ mode: 'flyout' }),
    alternateCta: cta.optional(),
  }),
  socialLinks: socialLinksSchema.default({}),
  sponsoredSearch: z
    .strictObject({
      enabled: z.boolean().default(false),
      logo: z.string().optional(),
      altLogo: z.string().optional(),
      clickUrl: httpUrl.optional(),
    })
    .default({ enabled: false }),
  memberships: z
    .strictObject({
      enabled: z.boolean().default(false),
      commenting: z.boolean().default(false),
      /** The comment provider the comments block loads (after consent, when commenting is on): its script, served over https. */
      commentingProvider: z.strictObject({
        name: z.string().trim().min(1, 'Field is required').max(100),
        scriptUrl: z.url({ protocol: /^https$/, error: 'Must be an absolute https URL' }),
      }).optional(),
      contentMetering: z
        .strictObject({
          enabled: z.boolean().default(false),
          numberOfFreeViews: z.number().int().min(0).max(1000).default(3),
          /** Days. */
          meteringPeriod: z.number().int().min(1).max(365).default(30),
          exemptContentTypes: z.array(z.enum(CONTENT_TYPES)).default([]),
          exemptSectionIds: z.array(z.number().int().positive()).default([]),
        })
        .default({ enabled: false, numberOfFreeViews: 3, meteringPeriod: 30, exemptContentTypes: [], exemptSectionIds: [] }),
      contentMeteringFields: z
        .strictObject({
          /** Meter bar text; placeholders {viewsRemaining} {allowedViews} {expirationDate} {views}. */
          text: z.string().optional(),
        })
        .optional(),
      overrideRegisterButtonLabel: z.boolean().default(false),
      registerButtonLabel: z.string().default('Join Now'),
      /** IP gating not allowed on this site (admin §6 "IP gating allowed", a menu condition): its screens leave the menu. Unset: allowed. */
      disableIpGating: z.boolean().optional(),
    })
    .default({
      enabled: false, commenting: false, overrideRegisterButtonLabel: false, registerButtonLabel: 'Join Now',
      contentMetering: { enabled: false, numberOfFreeViews: 3, meteringPeriod: 30, exemptContentTypes: [], exemptSectionIds: [] },
    }),
  newsletters: z
    .strictObject({
      enabledNewsletters: z.boolean().default(true),
      subscribeBlockSettings: z.strictObject({ promoCode: z.string().optional() }).default({}),
    })
    .default({ enabledNewsletters: true, subscribeBlockSettings: {} }),
  tenantInfo: z.strictObject({
    name: z.string().min(1, 'Field is required'),
    domain: z.string().min(1, 'Field is required'),
    reCAPTCHAPublicKey: z.string().optional(),
  }),
  /** Consent (issue #18): the regional default and the category ids the tenant's tag manager expects. */
  consent: z.strictObject({
    mode: z.enum(['opt-in', 'opt-out']).default('opt-in'),
    /** Account events (registration funnel, newsletter sign-ups): sent always (strictly necessary), or only with performance consent. */
    necessaryEvents: z.enum(['always', 'with-consent']).default('always'),
    categoryIds: z.strictObject({
      necessary: consentCategoryId.optional(),
      performance: consentCategoryId.optional(),
      functional: consentCategoryId.optional(),
      targeting: consentCategoryId.optional(),
      social: consentCategoryId.optional(),
    }).default({}),
  }).optional(),
  /**
   * Ads (issue 19): with `gpt`, ad units are requested from Google Publisher Tag (its script from
   * `scriptUrl`: Google's by default, a site path for a local stand-in); without it, the site serves
   * the house ads managed in the admin.
   */
  ads: z.strictObject({
    gpt: z.strictObject({
      scriptUrl: z.string().regex(/^(https:\/\/[A-Za-z0-9.-]+(\/[^\s"'<>]*)?|\/[^\s"'<>/][^\s"'<>]*)$/, 'Must be an https:// address or a site path').default(GPT_SCRIPT_URL),
    }).optional(),
  }).optional(),
  /**
   * The inquiry form (RMI, issue 17): shown only when enabled, and sent to contactEmail (required
   * when enabled). Off, the inquiry form blocks drop (public §4).
   */
  rmi: z.strictObject({
    enabled: z.boolean().default(false),
    contactEmail: z.email('Must be an e-mail address').max(254).optional(),
  }).refine((r) => !r.enabled || Boolean(r.contactEmail), { message: 'Field is required', path: ['contactEmail'] }).optional(),
  /** Optional modules of the tenant (admin §6 menu conditions): company updates by private link (issue #22). */
  /** Build-time integrations: read by the build only, never written into a page. */
  youtube: z.strictObject({
    /** A YouTube Data API key: video playlist blocks read their playlist with it (admin §9). */
    apiKey: z.string().trim().regex(/^[\w-]{20,100}$/, 'A YouTube API key has 20 to 100 letters, digits, _ or -').optional(),
  }).optional(),
  /**
   * The audience provider (issue 42, public §3 "omeda"): customers, their products and newsletter
   * subscriptions. `fake` is the local stand-in (tests, the demo). The Omeda app id is a secret read
   * from the environment by cli/ (MASTHEAD_OMEDA_APP_ID, or MASTHEAD_OMEDA_APP_ID_<TENANT KEY>), never stored here.
   * `disableOmeda` is the outage switch: nothing asks the provider, everything answers from the local store.
   */
  audience: z.strictObject({
    provider: z.enum(['omeda', 'fake']),
    brand: z.string().trim().regex(/^[A-Za-z0-9_-]{1,40}$/, 'A brand abbreviation has 1 to 40 letters, digits, _ or -'),
    staging: z.boolean().default(false),
    /** x-omeda-inputid for writes (newsletter opt in/out). */
    inputId: z.string().trim().regex(/^[A-Za-z0-9_-]{1,60}$/, 'An input id has 1 to 60 letters, digits, _ or -').optional(),
    disableOmeda: z.boolean().default(false),
    /**
     * Where readers answer the provider's survey (Omeda: a DragonForms address), linked from the gate
     * of survey-gated items to a signed-in reader the provider does not know yet: an https address,
     * or a path on the site (the demo's stand-in form, /__member/reader-survey).
     */
    surveyUrl: z.string().trim().max(500, 'At most 500 characters')
      .refine((v) => /^\/(?![/\\])[^\s\\]*$/.test(v) || URL.canParse(v) && new URL(v).protocol === 'https:', 'Must be an https address or a path on this site starting with /')
      .optional(),
    timeoutMs: z.number().int().min(100, 'At least 100 ms').max(30_000, 'At most 30000 ms').default(3000),
  }).optional(),
  /**
   * The assistant (/admin/openai, issue 42): an OpenAI-compatible chat-completions endpoint. `url` is
   * the full chat-completions address (OpenAI, Azure OpenAI or a self-hosted server) and `model` the
   * model (or Azure deployment) name; either overrides the installation's MASTHEAD_ASSISTANT_URL /
   * MASTHEAD_ASSISTANT_MODEL. The key is a secret of the server's environment, never stored here.
   * Gated items' bodies are never sent to the provider unless `sendGatedBodies` is on.
   */
  assistant: z.strictObject({
    url: httpUrl.optional(),
    model: z.string().trim().regex(/^[\w.:/-]{1,100}$/, 'A model name has 1 to 100 letters, digits, _ . : / or -').optional(),
    sendGatedBodies: z.boolean().default(false),
  }).optional(),
  /**
   * The sourceesb parts directory (issue 42, engine/domain/sourceesb.ts): the parts API the build
   * reads. Its token is a secret of the build's environment (MASTHEAD_SOURCEESB_TOKEN), never stored here.
   */
  sourceesb: sourceesbSettingsSchema.optional(),
  modules: z.strictObject({ companyUpdates: z.boolean().default(false) }).default({ companyUpdates: false }),
  colors: z.strictObject({
    primary: colorSet,
    secondary: colorSet,
    line: hexColor.default('#d9d9d9'),
    other: hexColor.optional(),
  }),
});
export type SiteSettings = z.output<typeof siteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;

/**
 * Suggests a corrected tag-manager id for an invalid one (admin §5): upper-cases it, drops
 * characters that cannot appear and adds the GTM- prefix when no known prefix is present.
 */
export function suggestTagManagerId(input: string): string {
  const cleaned = input.trim().toUpperCase().replace(/\s+/g, '');
  const m = /^(GTM|G)[-_ ]?(.*)$/.exec(cleaned);
  const prefix = m ? m[1] : 'GTM';
  const rest = (m ? m[2] ?? '' : cleaned).replace(/[^A-Z0-9]/g, '');
  return `${prefix}-${rest}`;
}

/**
 * The tenant's switched-on modules by name: the admin menu's feature conditions (admin §6).
 * company-updates: modules.companyUpdates; memberships: memberships.enabled ("memberships module
 * on"); ip-gating ("IP gating allowed"): memberships on and IP gating not disabled, since a
 * site-licence company only ever passes membership gating.
 */
export function enabledModules(settings: {
  modules?: { companyUpdates?: boolean } | undefined;
  memberships?: { enabled?: boolean; disableIpGating?: boolean | undefined } | undefined;
}): string[] {
  const out: string[] = [];
  if (settings.modules?.companyUpdates) out.push('company-updates');
  if (settings.memberships?.enabled) {
    out.push('memberships');
    if (settings.memberships.disableIpGating !== true) out.push('ip-gating');
  }
  return out;
}
