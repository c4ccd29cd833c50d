// Newsletter templates, campaigns and ads (admin §3.7–3.9, §5, §9): the zod schemas the API, the
// admin's forms, the fixtures and the renderer share, with the spec's defaults and ranges. Pure and
// browser-safe; the ad selection and the Central-time schedule bounds live here too so the admin's
// preview and the renderer pick the same ad.
import { z } from 'zod';
import { CONTENT_TYPES } from './enums';
import { contentId, requiredString } from './records';
import { hexColor, linkHref } from './settings';

const REQUIRED = 'Field is required';
const entityId = z.number({ error: REQUIRED }).int().positive();
const range = (min: number, max: number, unit = '') =>
  z.number().int().min(min, `Must be ${min} to ${max}${unit}`).max(max, `Must be ${min} to ${max}${unit}`);

/** An image: a site path ("/images/…") or an absolute http(s) URL. */
export const imageRef = z.string().trim().min(1, REQUIRED).max(2000)
  .refine((v) => (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\//i.test(v), { message: 'Must be a path starting with / or an http(s) address' });

/** Newsletter widths (admin §9). */
export const NEWSLETTER_WIDTHS = [700, 750, 800] as const;
export type NewsletterWidth = (typeof NEWSLETTER_WIDTHS)[number];

/** The six web-safe font families a template offers (admin §3.7): key → label and CSS stack. */
export const NEWSLETTER_FONTS = {
  arial: { label: 'Arial', stack: 'Arial, Helvetica, sans-serif' },
  georgia: { label: 'Georgia', stack: "Georgia, 'Times New Roman', Times, serif" },
  tahoma: { label: 'Tahoma', stack: 'Tahoma, Geneva, sans-serif' },
  times_new_roman: { label: 'Times New Roman', stack: "'Times New Roman', Times, serif" },
  trebuchet_ms: { label: 'Trebuchet MS', stack: "'Trebuchet MS', Helvetica, sans-serif" },
  verdana: { label: 'Verdana', stack: 'Verdana, Geneva, sans-serif' },
} as const;
export type NewsletterFont = keyof typeof NEWSLETTER_FONTS;
export const NEWSLETTER_FONT_KEYS = Object.keys(NEWSLETTER_FONTS) as [NewsletterFont, ...NewsletterFont[]];

/** Header styles: 1 full image, 2 split image plus social, 3 date, name and logo. */
export const HEADER_STYLES = { 1: 'Full image', 2: 'Split image plus social', 3: 'Date, name and logo' } as const;
export const SOCIAL_ICON_SETS = ['none', 'classic', 'gray-round', 'white-round', 'black-round'] as const;
export type SocialIconSet = (typeof SOCIAL_ICON_SETS)[number];
export const NEWSLETTER_SOCIAL_NETWORKS = ['facebook', 'twitter', 'instagram', 'pinterest', 'linkedin', 'youtube'] as const;
export type NewsletterSocialNetwork = (typeof NEWSLETTER_SOCIAL_NETWORKS)[number];
/** Each network's brand colour: the classic set's badge, the white-round set's glyph. */
export const SOCIAL_BRAND_COLORS: Record<NewsletterSocialNetwork, string> = {
  facebook: '#3b5998', twitter: '#000000', instagram: '#3f729b', pinterest: '#bd081c', linkedin: '#0077b5', youtube: '#eb3323',
};
/**
 * Where every tenant's site serves the newsletters' social icons (templates/email-icons/, copied by
 * the build): under "__" like /__rss, so no section or content alias can shadow it.
 */
export const SOCIAL_ICON_DIR = '__email/social';
/** A white glyph (on a coloured badge) or a glyph in the network's brand colour (on a white one). */
export type SocialGlyph = 'white' | 'brand';
export function socialIconFile(network: NewsletterSocialNetwork, glyph: SocialGlyph): string {
  return `${network}${glyph === 'brand' ? '-brand' : ''}.png`;
}
/** Header date formats, shown with an example of each. */
export const HEADER_DATE_FORMATS = {
  long: 'Sept. 8, 2026',
  weekday: 'Tuesday, Sept. 8, 2026',
  numeric: '09/08/2026',
  iso: '2026-09-08',
} as const;
export const ALIGNMENTS = ['left', 'center', 'right'] as const;

export const DEFAULT_CUSTOMER_SERVICE_LINK = '/customer-service';
export const DEFAULT_PRIVACY_POLICY_LINK = '/privacy-policy';
export const DEFAULT_SAFE_SENDER_INFO =
  'To make sure our emails reach your inbox, add our sending address to your address book or safe sender list.';

const border = range(0, 15, 'px');
/** Text that ends up in a mail header (subject, sender): one line. */
const oneLine = (max: number) => z.string().max(max, `At most ${max} characters`).regex(/^[^\r\n]*$/, 'Must be one line');
const optionalLink = linkHref.optional();

const socialLinks = z.strictObject(
  Object.fromEntries(NEWSLETTER_SOCIAL_NETWORKS.map((n) => [n, z.url().optional()])) as Record<NewsletterSocialNetwork, z.ZodOptional<z.ZodURL>>,
);

const navLink = z.strictObject({ label: requiredString(80), url: linkHref });
const imageBarImage = z.strictObject({ image: imageRef, link: linkHref, alt: z.string().max(300).default('') });
const tester = z.strictObject({ firstName: requiredString(80), lastName: requiredString(80), emailAddress: z.email('Must be an email address') });

export const newsletterTemplateSchema = z.strictObject({
  name: requiredString(120),
  description: z.string().max(2000).default(''),
  legacyNewsletterProductId: z.string().max(60).optional(),
  preheaderBlurb: z.string().max(300).default(''),
  /** Only status-1 templates are offered in selections. */
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  /** The newsletter item whose subscribers a deploy goes to. */
  newsletterId: entityId.optional(),
  styles: z.strictObject({
    width: z.union(NEWSLETTER_WIDTHS.map((w) => z.literal(w)) as [z.ZodLiteral<700>, z.ZodLiteral<750>, z.ZodLiteral<800>]).default(700),
    bodyBackgroundColor: hexColor.default('#efefef'),
    contentBackgroundColor: hexColor.default('#ffffff'),
    linkColor: hexColor.default('#000000'),
    primaryFontFamily: z.enum(NEWSLETTER_FONT_KEYS).default('arial'),
    secondaryFontFamily: z.enum(NEWSLETTER_FONT_KEYS).default('georgia'),
  }).prefault({}),
  gridTitleStyles: z.strictObject({
    fontSize: range(10, 40, 'px').default(20),
    color: hexColor.default('#000000'),
    backgroundColor: hexColor.default('#ffffff'),
    borderColor: hexColor.default('#000000'),
    borderTopSize: border.default(0),
    borderBottomSize: border.default(2),
  }).prefault({}),
  socialLinks: socialLinks.prefault({}),
  header: z.strictObject({
    tagLine: z.string().max(300).default(''),
    link: linkHref.default('/'),
    backgroundColor: hexColor.default('#ffffff'),
    textColor: hexColor.default('#000000'),
    borderColor: hexColor.default('#000000'),
    borderTopSize: border.default(0),
    borderBottomSize: border.default(0),
    headerStyle: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
    /** Header image (styles 1 and 2) or logo (style 3); the tenant's logo when absent. */
    image: imageRef.optional(),
    /** A media library image of the tenant for the header image or logo; wins over `image`. */
    imageAssetId: entityId.optional(),
    dateFormat: z.enum(Object.keys(HEADER_DATE_FORMATS) as [keyof typeof HEADER_DATE_FORMATS]).default('long'),
    alignment: z.enum(ALIGNMENTS).default('center'),
    socialIconSet: z.enum(SOCIAL_ICON_SETS).default('classic'),
  }).prefault({}),
  footer: z.strictObject({
    backgroundColor: hexColor.default('#ffffff'),
    textColor: hexColor.default('#555555'),
    linkColor: hexColor.default('#000000'),
    textAlignment: z.enum(['left', 'center']).default('center'),
    socialIconSet: z.enum(SOCIAL_ICON_SETS).default('classic'),
    navBar: z.strictObject({
      links: z.array(navLink).max(12).default([]),
      backgroundColor: hexColor.default('#ffffff'),
      textColor: hexColor.default('#000000'),
    }).prefault({}),
    imageBar: z.strictObject({
      prefixText: z.string().max(300).default(''),
      imageWidth: range(20, 600, 'px').default(120),
      images: z.array(imageBarImage).max(12).default([]),
    }).prefault({}),
    subscriptions: z.strictObject({
      unsubscribeLink: linkHref,
      subscribeLink: optionalLink,
      manageSubscriptionsLink: optionalLink,
    }, { error: REQUIRED }),
    informationLinks: z.strictObject({
      customerServiceLink: linkHref.default(DEFAULT_CUSTOMER_SERVICE_LINK),
      privacyPolicyLink: linkHref.default(DEFAULT_PRIVACY_POLICY_LINK),
    }).prefault({}),
    safeSenderInfo: requiredString(1000).default(DEFAULT_SAFE_SENDER_INFO),
  }, { error: REQUIRED }),
  deploymentSettings: z.strictObject({
    defaultSubject: oneLine(300).default(''),
    /** "Name <address>" or a bare address; the mailer's default sender when empty. */
    defaultFrom: oneLine(300).default(''),
    deploymentTypeId: z.string().max(60).optional(),
    queryName: z.array(z.string().trim().min(1).max(120)).max(20).default([]),
    outputCriteria: z.string().max(300).optional(),
    billingCategoryCode: z.string().max(60).optional(),
  }).prefault({}),
  defaultTesters: z.array(tester).max(50).default([]),
});
export type NewsletterTemplateInput = z.input<typeof newsletterTemplateSchema>;
export type NewsletterTemplate = z.output<typeof newsletterTemplateSchema>;

// ——— Campaigns: a grid of rows, at most two columns, and blocks (admin §3.8) ———

export const NEWSLETTER_BLOCK_TYPES = [
  'contacts', 'content_list', 'content_list_new', 'fixed_ad', 'html', 'issue', 'native_ad', 'passendo_ad',
] as const;
export type NewsletterBlockType = (typeof NEWSLETTER_BLOCK_TYPES)[number];
export const NEWSLETTER_ROW_LAYOUTS = ['1', '1_1'] as const;
export const CTA_STYLES = ['none', 'solid-button', 'hollow-button', 'link'] as const;
export const ISSUE_DISPLAY_MODES = ['image_only', 'image_above_text', 'image_left_text_right'] as const;
/** The text tokens of the issue block, replaced with the issue's values when rendered. */
export const ISSUE_TOKENS = ['[issue-date]', '[issue-description]', '[magazine-name]', '[digital-edition-url]', '[subscribe-url]'] as const;
export const TEASER_LENGTH_MIN = 50;
export const TEASER_LENGTH_MAX = 600;
export const TEASER_LENGTH_DEFAULT = 175;
/** Content block list limit (admin §9). */
export const CONTENT_LIST_MAX_ITEMS = 100;
/** Contacts limit (admin §9). */
export const CONTACTS_MAX = 100;

/** Font sizes in rem, .8rem to 2.0rem. */
const remSize = z.number().min(0.8, 'Must be .8rem to 2.0rem').max(2, 'Must be .8rem to 2.0rem');

export const newsletterBlockSettingsSchema = z.strictObject({
  label: z.string().max(120).optional(),
  title: z.string().max(300).optional(),
  titleLink: optionalLink,
  backgroundColor: hexColor.optional(),
  titleColor: hexColor.optional(),
  contentFontColor: hexColor.optional(),
  titleFontSize: remSize.default(1.25),
  contentFontSize: remSize.default(1),
  ctaStyle: z.enum(CTA_STYLES).default('none'),
  ctaLabel: z.string().max(60).default('Read More'),
  ctaColor: hexColor.optional(),
  alignment: z.enum(ALIGNMENTS).default('left'),
});
export type NewsletterBlockSettings = z.output<typeof newsletterBlockSettingsSchema>;

export const newsletterContentListDataSchema = z.strictObject({
  population_mode: z.enum(['automatic', 'manual']).default('manual'),
  /** Automatic mode: the website section whose scheduled content fills the list. */
  section: entityId.optional(),
  contentTypes: z.array(z.enum(CONTENT_TYPES)).default([]),
  /** Manual mode: the chosen items, in order. */
  contentIds: z.array(contentId).max(CONTENT_LIST_MAX_ITEMS, `At most ${CONTENT_LIST_MAX_ITEMS}`).default([]),
  numberOfItems: z.number().int().min(1, 'Must be at least 1').max(CONTENT_LIST_MAX_ITEMS, `At most ${CONTENT_LIST_MAX_ITEMS}`).default(1),
  showLabels: z.boolean().default(false),
  showAuthor: z.boolean().default(false),
  showEventInfo: z.boolean().default(false),
  showTeaser: z.boolean().default(true),
  teaserMode: z.enum(['fallback', 'body_only']).default('fallback'),
  teaserLength: range(TEASER_LENGTH_MIN, TEASER_LENGTH_MAX).default(TEASER_LENGTH_DEFAULT),
  imagePosition: z.enum(['none', 'above', 'right', 'left']).default('above'),
  imageSize: z.enum(['small', 'large', 'custom']).default('large'),
  /** Pixels; used when imageSize is custom, and as an upper bound otherwise. */
  maxImageSize: range(40, 800, 'px').optional(),
  imageShaping: z.enum(['max', 'fill', 'crop']).default('max'),
}).superRefine((d, ctx) => {
  if (d.population_mode === 'automatic' && d.section === undefined) ctx.addIssue({ code: 'custom', message: REQUIRED, path: ['section'] });
  if (d.population_mode === 'manual' && d.contentIds.length === 0) ctx.addIssue({ code: 'custom', message: REQUIRED, path: ['contentIds'] });
  if (d.imageSize === 'custom' && d.maxImageSize === undefined) ctx.addIssue({ code: 'custom', message: REQUIRED, path: ['maxImageSize'] });
});
export type NewsletterContentListData = z.output<typeof newsletterContentListDataSchema>;

const position = range(1, 100).default(1);

const block = <T extends NewsletterBlockType, D extends z.ZodType>(type: T, data: D) =>
  z.strictObject({
    id: z.string().trim().min(1).max(60).optional(),
    type: z.literal(type),
    settings: newsletterBlockSettingsSchema.prefault({}),
    data,
  });

export const newsletterBlockSchema = z.discriminatedUnion('type', [
  block('content_list', newsletterContentListDataSchema),
  block('content_list_new', newsletterContentListDataSchema),
  block('html', z.strictObject({ html: z.string().max(100_000).default('') })),
  block('fixed_ad', z.strictObject({ position, placement: z.string().max(60).optional() }).prefault({})),
  block('native_ad', z.strictObject({ position, placement: z.string().max(60).optional() }).prefault({})),
  block('issue', z.strictObject({
    publicationId: entityId,
    /** A given issue; the publication's latest issue when absent. */
    issueId: entityId.optional(),
    displayMode: z.enum(ISSUE_DISPLAY_MODES, { error: REQUIRED }),
    text: z.string().max(5000).default(''),
  }, { error: REQUIRED })),
  block('contacts', z.strictObject({
    contactsGroupTitle: z.string().max(200).default(''),
    contacts: z.array(contentId).min(1, REQUIRED).max(CONTACTS_MAX, `At most ${CONTACTS_MAX}`),
  }, { error: REQUIRED })),
  block('passendo_ad', z.strictObject({
    placementId: requiredString(120),
    addtlDemos: z.string().max(500).optional(),
  }, { error: REQUIRED })),
]);
export type NewsletterBlock = z.output<typeof newsletterBlockSchema>;

export const newsletterRowSettingsSchema = z.strictObject({
  layout: z.enum(NEWSLETTER_ROW_LAYOUTS).default('1'),
  title: z.string().max(300).default(''),
  titleLink: optionalLink,
  editableTitle: z.boolean().default(false),
  /** Overrides of the template's gridTitleStyles for this row's title. */
  titleStyles: z.strictObject({
    fontSize: range(10, 40, 'px').optional(),
    color: hexColor.optional(),
    backgroundColor: hexColor.optional(),
    borderColor: hexColor.optional(),
    borderTopSize: border.optional(),
    borderBottomSize: border.optional(),
  }).prefault({}),
  backgroundColor: hexColor.optional(),
});

export const newsletterGridSchema = z.strictObject({
  rows: z.array(z.strictObject({
    id: z.string().max(60).optional(),
    settings: newsletterRowSettingsSchema.prefault({}),
    columns: z.array(z.strictObject({ blocks: z.array(newsletterBlockSchema).max(50).default([]) }))
      .min(1, REQUIRED).max(2, 'At most 2 columns'),
  }).superRefine((r, ctx) => {
    const want = r.settings.layout === '1_1' ? 2 : 1;
    if (r.columns.length !== want) ctx.addIssue({ code: 'custom', message: `Layout ${r.settings.layout} has ${want} column${want > 1 ? 's' : ''}`, path: ['columns'] });
  })).max(60).default([]),
});
export type NewsletterGrid = z.output<typeof newsletterGridSchema>;

export const AUDIENCE_STATUSES = ['Draft', 'Scheduled', 'Sending', 'Sent', 'Failed'] as const;
export type AudienceStatus = (typeof AUDIENCE_STATUSES)[number];

export const newsletterCampaignSchema = z.strictObject({
  templateId: entityId,
  name: requiredString(200),
  /** Empty means the template's default subject. */
  subject: oneLine(300).default(''),
  /** Empty means the template's preheader blurb. */
  preheader: z.string().max(300).default(''),
  fromAddress: oneLine(300).optional(),
  /** When the issue goes out: the date in the header, and the date ads are chosen for. */
  deploymentDate: z.union([z.number().int(), z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'Must be an ISO 8601 date').transform((v) => Date.parse(v))]).optional(),
  hiddenOnWeb: z.boolean().default(false),
  audienceStatus: z.enum(AUDIENCE_STATUSES).default('Draft'),
  grid: newsletterGridSchema.prefault({}),
});
export type NewsletterCampaignInput = z.input<typeof newsletterCampaignSchema>;
export type NewsletterCampaign = z.output<typeof newsletterCampaignSchema>;

/** Campaigns are listed on the web only when Sent or Sending and not hidden (admin §3.8). */
export function isCampaignListed(c: { audienceStatus: string; hiddenOnWeb: boolean }): boolean {
  return (c.audienceStatus === 'Sent' || c.audienceStatus === 'Sending') && !c.hiddenOnWeb;
}

/** Replaces the issue block's tokens; unknown bracketed words are left as written. */
export function replaceIssueTokens(text: string, values: Record<(typeof ISSUE_TOKENS)[number], string>): string {
  return text.replace(/\[(issue-date|issue-description|magazine-name|digital-edition-url|subscribe-url)\]/g, (m) => values[m as keyof typeof values] ?? m);
}

