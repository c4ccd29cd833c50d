// Newsletter ads (admin §3.9): placements and their sizes, labels, categories, priorities, the
// schedule per template (start at the start of the day and end at the end of the business day,
// both America/Chicago; position 1–100) and the one selection rule the renderer and the admin's
// preview share: the scheduled ad of highest priority for a template, an instant and a position.
import { z } from 'zod';
import { SITE_TIME_ZONE, zonedDate, type ZonedDate } from './dates';
import { contentId, requiredString } from './records';
import { imageRef } from './newsletter';

const REQUIRED = 'Field is required';
const entityId = z.number({ error: REQUIRED }).int().positive();

export interface NewsletterAdPlacement {
  label: string;
  /** native: title, image, body and call to action; display: one linked image at the size. */
  kind: 'native' | 'display';
  width?: number;
  height?: number;
}

export const NEWSLETTER_AD_PLACEMENTS = {
  'sponsored-content-595x335': { label: 'Sponsored Content 595x335', kind: 'native', width: 595, height: 335 },
  'sponsored-content': { label: 'Sponsored Content', kind: 'native' },
  'sponsored-link': { label: 'Sponsored Link', kind: 'native' },
  'job-opening': { label: 'Job Opening', kind: 'native' },
  'product-showcase': { label: 'Product Showcase', kind: 'native' },
  'product-showcase-275x400': { label: 'Product Showcase 275x400', kind: 'native', width: 275, height: 400 },
  'rectangle-300x250': { label: 'Rectangle 300x250', kind: 'display', width: 300, height: 250 },
  'leaderboard-600x100': { label: 'Leaderboard 600x100', kind: 'display', width: 600, height: 100 },
  'leaderboard-670x90': { label: 'Leaderboard 670x90', kind: 'display', width: 670, height: 90 },
  'leaderboard-728x90': { label: 'Leaderboard 728x90', kind: 'display', width: 728, height: 90 },
  'billboard-600x250': { label: 'Billboard 600x250', kind: 'display', width: 600, height: 250 },
  'rectangle-595x335': { label: 'Rectangle 595x335', kind: 'display', width: 595, height: 335 },
  'logo-300x100': { label: 'Logo 300x100', kind: 'display', width: 300, height: 100 },
  'logo-600x100': { label: 'Logo 600x100', kind: 'display', width: 600, height: 100 },
} as const satisfies Record<string, NewsletterAdPlacement>;
export type PlacementKey = keyof typeof NEWSLETTER_AD_PLACEMENTS;
export const PLACEMENT_KEYS = Object.keys(NEWSLETTER_AD_PLACEMENTS) as [PlacementKey, ...PlacementKey[]];

export function placementsOfKind(kind: 'native' | 'display'): PlacementKey[] {
  return PLACEMENT_KEYS.filter((k) => NEWSLETTER_AD_PLACEMENTS[k].kind === kind);
}

export const AD_LABELS = ['Advertisement', 'Sponsored', 'Sponsored by [Company Name]', 'Brought to you by'] as const;
export const AD_CATEGORIES = ['Advertising', 'House Ad', 'Editorial', 'Social Media', 'Survey', 'Webinar', 'White Papers', 'Other'] as const;
/** Priorities: 10 Standard (default), 5 House-Reserve, 1 House. */
export const AD_PRIORITIES = { 10: 'Standard', 5: 'House-Reserve', 1: 'House' } as const;
export const AD_POSITION_MIN = 1;
export const AD_POSITION_MAX = 100;

/** The label shown above an ad, with the company named where the label asks for it. */
export function adLabelText(label: (typeof AD_LABELS)[number], companyName: string): string {
  if (label === 'Sponsored by [Company Name]') return `Sponsored by ${companyName}`;
  if (label === 'Brought to you by') return `Brought to you by ${companyName}`;
  return label;
}

// ——— Central-time day bounds ———

let partsFormatter: Intl.DateTimeFormat | undefined;
/** Offset of America/Chicago from UTC at an instant, in ms (negative: Chicago is behind). */
function chicagoOffset(ms: number): number {
  partsFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SITE_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  });
  const v: Record<string, number> = {};
  for (const p of partsFormatter.formatToParts(ms)) if (p.type !== 'literal') v[p.type] = Number(p.value);
  const asUtc = Date.UTC(v.year ?? 1970, (v.month ?? 1) - 1, v.day ?? 1, v.hour ?? 0, v.minute ?? 0, v.second ?? 0);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The instant of a Chicago wall-clock time (DST-aware: two passes settle the offset). */
export function chicagoInstant(d: ZonedDate, hour = 0, minute = 0, second = 0, ms = 0): number {
  const wall = Date.UTC(d.year, d.month - 1, d.day, hour, minute, second, ms);
  const first = wall - chicagoOffset(wall);
  return wall - chicagoOffset(first);
}

/** The start of a calendar day in Central time. */
export function startOfDayCentral(d: ZonedDate): number {
  return chicagoInstant(d, 0, 0, 0, 0);
}

/** The end of the business day in Central time: the last millisecond of that calendar day. */
export function endOfBusinessDayCentral(d: ZonedDate): number {
  return chicagoInstant(d, 23, 59, 59, 999);
}

/** A calendar day from "YYYY-MM-DD", an ISO date-time (its Chicago date) or epoch ms (its Chicago date). */
export function calendarDay(value: string | number): ZonedDate | null {
  if (typeof value === 'number') return Number.isFinite(value) ? zonedDate(value) : null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (m) {
    const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
    const check = new Date(Date.UTC(d.year, d.month - 1, d.day));
    return check.getUTCMonth() === d.month - 1 && check.getUTCDate() === d.day ? d : null;
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : zonedDate(ms);
}

const dayInput = (bound: (d: ZonedDate) => number) =>
  z.union([z.string(), z.number()], { error: REQUIRED }).transform((v, ctx) => {
    const d = calendarDay(v);
    if (!d) {
      ctx.addIssue({ code: 'custom', message: 'Must be a date like 2026-09-08' });
      return z.NEVER;
    }
    return bound(d);
  });

export const adScheduleSchema = z.strictObject({
  newsletterTemplateId: entityId,
  startDate: dayInput(startOfDayCentral),
  endDate: dayInput(endOfBusinessDayCentral),
  position: z.number({ error: REQUIRED }).int()
    .min(AD_POSITION_MIN, `Must be ${AD_POSITION_MIN} to ${AD_POSITION_MAX}`).max(AD_POSITION_MAX, `Must be ${AD_POSITION_MIN} to ${AD_POSITION_MAX}`).default(1),
  orderId: z.string().max(60).optional(),
  lineItemId: z.string().max(60).optional(),
}).superRefine((s, ctx) => {
  if (s.endDate < s.startDate) ctx.addIssue({ code: 'custom', message: 'Must not be before startDate', path: ['endDate'] });
});
export type AdSchedule = z.output<typeof adScheduleSchema>;

export const newsletterAdSchema = z.strictObject({
  title: requiredString(200),
  campaignName: z.string().max(200).optional(),
  companySource: z.enum(['existing', 'new']).default('existing'),
  /** An existing Company content item (id and name) or a new company by name. */
  company: z.strictObject({ id: contentId.optional(), name: requiredString(200) }, { error: REQUIRED }),
  logo: imageRef.optional(),
  image: imageRef.optional(),
  /** Media library images of the tenant; each wins over the path or address beside it. */
  logoAssetId: entityId.optional(),
  imageAssetId: entityId.optional(),
  placement: z.enum(PLACEMENT_KEYS, { error: REQUIRED }),
  label: z.enum(AD_LABELS).default('Advertisement'),
  url: z.url({ protocol: /^https?$/, error: 'Must be an http(s) address' }),
  body: z.string().max(5000).default(''),
  ctaLabel: z.string().max(60).default(''),
  adCategory: z.enum(AD_CATEGORIES).default('Advertising'),
  priority: z.union([z.literal(10), z.literal(5), z.literal(1)]).default(10),
  schedules: z.array(adScheduleSchema).max(200).default([]),
}).superRefine((a, ctx) => {
  if (a.companySource === 'existing' && a.company.id === undefined) ctx.addIssue({ code: 'custom', message: REQUIRED, path: ['company', 'id'] });
  if (NEWSLETTER_AD_PLACEMENTS[a.placement].kind === 'display' && !a.image && a.imageAssetId === undefined) ctx.addIssue({ code: 'custom', message: REQUIRED, path: ['image'] });
});
export type NewsletterAdInput = z.input<typeof newsletterAdSchema>;
export type NewsletterAd = z.output<typeof newsletterAdSchema>;

// ——— Selection ———

export interface AdCandidate {
  id: number;
  priority: number;
  placement: string;
  schedules: readonly { templateId: number; startDate: number; endDate: number; position: number }[];
}

export interface AdQuery {
  templateId: number;
  /** The instant the campaign goes out (or is viewed). */
  at: number;
  position: number;
  /** Only these placements (a block's placement, or the kind's placements). */
  placements?: readonly string[];
  /** Ads already placed in the campaign. */
  excludeIds?: ReadonlySet<number>;
}

/**
 * The ad for one slot: among ads with a schedule for the template whose window contains `at` and
 * whose position matches, the highest priority wins; ties go to the schedule that started last,
 * then to the lower id. Null when nothing is scheduled.
 */
export function selectNewsletterAd<T extends AdCandidate>(ads: readonly T[], q: AdQuery): T | null {
  let best: { ad: T; start: number } | null = null;
  for (const ad of ads) {
    if (q.excludeIds?.has(ad.id)) continue;
    if (q.placements && !q.placements.includes(ad.placement)) continue;
    for (const s of ad.schedules) {
      if (s.templateId !== q.templateId || s.position !== q.position || s.startDate > q.at || s.endDate < q.at) continue;
      if (!best || ad.priority > best.ad.priority
        || (ad.priority === best.ad.priority && (s.startDate > best.start || (s.startDate === best.start && ad.id < best.ad.id)))) {
        best = { ad, start: s.startDate };
      }
    }
  }
  return best?.ad ?? null;
}
