// House ads (issue 19; public §3 Native ad, Ad skin, Welcome ad): creatives Masthead serves itself
// for tenants without an ad server — natives in list and body positions, a skin, a welcome ad and
// a sticky bottom creative — with a schedule and a priority (like newsletter ads: 10 Standard,
// 5 House-Reserve, 1 House; the highest wins, then the one that started last, then the lower id).
// The input schema the API, fixtures and admin share, and the selection rule the build uses.
// Browser-safe.
import { z } from 'zod';
import { isoDate, requiredString } from './records';
import { hexColor, httpUrl } from './settings';

export const HOUSE_AD_KINDS = ['native', 'skin', 'welcome', 'sticky'] as const;
export type HouseAdKind = (typeof HOUSE_AD_KINDS)[number];
export const HOUSE_AD_KIND_LABELS: Readonly<Record<HouseAdKind, string>> = { native: 'Native', skin: 'Skin', welcome: 'Welcome ad', sticky: 'Sticky bottom' };
export const HOUSE_AD_PRIORITIES = { 10: 'Standard', 5: 'House-Reserve', 1: 'House' } as const;

const REQUIRED = 'Field is required';
/** An image of the media library (or any site path): /images/… */
const sitePath = z.string().regex(/^\/[^\s"'<>]*$/, 'Must be a site path like /images/brand/picture.jpg').max(500);
const httpsUrl = z.url({ protocol: /^https$/, error: 'Must be an https:// address' });

export const nativeCreativeSchema = z.strictObject({
  nativeTitle: requiredString(200),
  nativeSummary: z.string().max(500, 'At most 500 characters').default(''),
  nativeUrl: httpUrl,
  nativeImagePath: sitePath.optional(),
  /** An image of the media library: the build publishes its derivative and wins over nativeImagePath. */
  nativeImageAssetId: z.number({ error: 'Must be a whole number' }).int('Must be a whole number').positive('Must be a whole number').optional(),
  nativeImpressionTrackerUrl: httpsUrl.optional(),
  labels: z.string().trim().min(1, REQUIRED).max(60, 'At most 60 characters').default('Sponsored'),
});

export const skinCreativeSchema = z.strictObject({
  adTitle: requiredString(200),
  adSkinType: z.enum(['reskin', 'siteskin']).default('reskin'),
  /** The width of the site column the skin frames, in px. */
  adSkinWidth: z.number().int().min(600, 'At least 600').max(2000, 'At most 2000').default(1300),
  adClickUrl: httpUrl,
  adImagePath: sitePath.optional(),
  backgroundImagePath: sitePath.optional(),
  background: hexColor.optional(),
  leftImagePath: sitePath.optional(),
  leftUrl: httpUrl.optional(),
  rightImagePath: sitePath.optional(),
  rightUrl: httpUrl.optional(),
});

export const welcomeCreativeSchema = z.strictObject({
  adType: z.enum(['welcomeAdImage', 'welcomeAdTag']).default('welcomeAdImage'),
  /** welcomeAdTag: the third-party tag, run in a sandboxed frame. */
  adTag: z.string().max(5000, 'At most 5000 characters').optional(),
  adClickUrl: httpUrl.optional(),
  adImagePath: sitePath.optional(),
  /** Seconds after the page loads before the ad shows. */
  adDelay: z.number().int('Must be a whole number').min(0, 'Must be 0 or more').max(120, 'At most 120').default(0),
  /** Seconds the ad stays before it closes itself. */
  adLength: z.number().int('Must be a whole number').min(1, 'At least 1').max(300, 'At most 300').default(15),
  mobileAlternate: sitePath.optional(),
  desktopAlternate: sitePath.optional(),
});

export const stickyCreativeSchema = z.strictObject({
  imagePath: sitePath,
  clickUrl: httpUrl,
  alt: requiredString(200),
  width: z.number().int().min(1).max(2000).default(728),
  height: z.number().int().min(1).max(250).default(90),
});

const unitKey = z.string().regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'Must be an ad unit key');

export const houseAdSchema = z.strictObject({
  id: z.number().int().positive(),
  name: requiredString(120),
  kind: z.enum(HOUSE_AD_KINDS, { error: REQUIRED }),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  priority: z.union([z.literal(10), z.literal(5), z.literal(1)], { error: 'Must be 10 (Standard), 5 (House-Reserve) or 1 (House)' }).default(10),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  /** Native ads: the native units (list or body) they fill; empty means every native unit. */
  unitKeys: z.array(unitKey).max(20).default([]),
  native: nativeCreativeSchema.optional(),
  skin: skinCreativeSchema.optional(),
  welcome: welcomeCreativeSchema.optional(),
  sticky: stickyCreativeSchema.optional(),
}).superRefine((a, ctx) => {
  if (!a[a.kind]) ctx.addIssue({ code: 'custom', path: [a.kind], message: REQUIRED });
  for (const k of HOUSE_AD_KINDS) if (k !== a.kind && a[k]) ctx.addIssue({ code: 'custom', path: [k], message: `Only a ${a.kind} ad has ${a.kind} fields` });
  if (a.startDate !== undefined && a.endDate !== undefined && a.endDate <= a.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Must be after the start date' });
  if (a.kind === 'welcome' && a.welcome) {
    if (a.welcome.adType === 'welcomeAdTag' && !a.welcome.adTag?.trim()) ctx.addIssue({ code: 'custom', path: ['welcome', 'adTag'], message: REQUIRED });
    if (a.welcome.adType === 'welcomeAdImage' && !a.welcome.adImagePath) ctx.addIssue({ code: 'custom', path: ['welcome', 'adImagePath'], message: REQUIRED });
  }
});
export type HouseAdInput = z.input<typeof houseAdSchema>;
export type HouseAd = z.output<typeof houseAdSchema>;

/** Whether an ad runs at an instant: active and inside its schedule. */
export function houseAdLive(a: Pick<HouseAd, 'status' | 'startDate' | 'endDate'>, at: number): boolean {
  return a.status === 1 && (a.startDate === undefined || a.startDate <= at) && (a.endDate === undefined || at < a.endDate);
}

/** The live ads of a kind, best first: highest priority, then the latest start, then the lower id. */
export function rankHouseAds(ads: readonly HouseAd[], kind: HouseAdKind, at: number, unitKey?: string): HouseAd[] {
  return ads
    .filter((a) => a.kind === kind && houseAdLive(a, at) && (!unitKey || a.unitKeys.length === 0 || a.unitKeys.includes(unitKey)))
    .sort((x, y) => y.priority - x.priority || (y.startDate ?? 0) - (x.startDate ?? 0) || x.id - y.id);
}

/** The next instant after `at` when a schedule starts or ends (the build's next rebuild), or null. */
export function nextHouseAdChange(ads: readonly HouseAd[], at: number): number | null {
  const times = ads.flatMap((a) => [a.startDate, a.endDate]).filter((t): t is number => t !== undefined && t > at);
  return times.length ? Math.min(...times) : null;
}
