// Magazine publications, issues and sections (admin §2.2, public §2): the input schemas the API and
// the admin's forms share, the one rule for when an issue is live (status and schedules), the
// issue limits of §9, the pages' paths and the "From the <Month Year> issue of <Publication>" line.
import { z } from 'zod';
import { SITE_TIME_ZONE } from './dates';
import { slugify } from './paths';
import { requiredString } from './records';
import { httpUrl } from './settings';

const REQUIRED = 'Field is required';
const entityId = z.number({ error: REQUIRED }).int().positive('Must be a positive whole number');
const epochMs = z.number({ error: REQUIRED }).int('Must be a date');
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default('');

export const publicationInputSchema = z.strictObject({
  name: requiredString(200),
  description: optionalText(2000),
  /** Media library assets of the tenant. */
  logoAssetId: entityId.optional(),
  coverAssetId: entityId.optional(),
  subscribeUrl: httpUrl.optional(),
  renewalUrl: httpUrl.optional(),
});
export type PublicationInput = z.output<typeof publicationInputSchema>;

export const ISSUE_STATUSES = [0, 1] as const;

export const issueInputSchema = z.strictObject({
  publicationId: entityId,
  name: requiredString(200),
  description: optionalText(2000),
  /** The mail date: the issue's date on the site ("March 2026 issue"). */
  issueDate: epochMs,
  /** A site path or URL of the cover image (usually a media library asset's path). */
  coverImage: z.string().trim().min(1, REQUIRED).max(1000, 'At most 1000 characters')
    .refine((v) => v.startsWith('/') || /^https?:\/\//i.test(v), 'Must be a site path or an absolute http(s) URL').optional(),
  digitalEditionUrl: httpUrl.optional(),
  /** 1 active, 0 inactive. */
  status: z.union(ISSUE_STATUSES.map((s) => z.literal(s)) as [z.ZodLiteral<0>, z.ZodLiteral<1>]).default(1),
  startDate: epochMs.optional(),
  endDate: epochMs.optional(),
}).refine((i) => i.startDate === undefined || i.endDate === undefined || i.endDate > i.startDate,
  { path: ['endDate'], message: 'Must be after startDate' });
export type IssueInput = z.output<typeof issueInputSchema>;

export const magazineSectionInputSchema = z.strictObject({
  publicationId: entityId,
  name: requiredString(200),
  position: z.number().int('Must be a whole number').min(0, 'Must be 0 or more').max(10_000, 'At most 10000').default(0),
});
export type MagazineSectionInput = z.output<typeof magazineSectionInputSchema>;

/** An issue's placements: content into the issue's sections, in order (at most 500). */
export const placementsInputSchema = z.array(z.strictObject({ sectionId: entityId, contentId: entityId }))
  .max(500, 'At most 500 placements');

/** An issue is live (listed, with pages) when active and inside its schedule at `now`. */
export function isIssueLive(i: { status: number; startDate: number | null; endDate: number | null }, now: number): boolean {
  return i.status === 1 && (i.startDate === null || i.startDate <= now) && (i.endDate === null || i.endDate > now);
}

/** Issue limits (admin §9): a single-issue block 1, a grid 12, otherwise 13. */
export const ISSUE_LIMITS = { single: 1, grid: 12, other: 13 } as const;
export function issueLimit(kind: 'single' | 'grid' | 'other'): number {
  return ISSUE_LIMITS[kind];
}

/** How an issue list block shows a publication's issues; its display sets how many (§9). */
export const ISSUE_LIST_DISPLAYS = ['single', 'grid', 'list'] as const;
export type IssueListDisplay = (typeof ISSUE_LIST_DISPLAYS)[number];
export function issueListLimit(display: IssueListDisplay): number {
  return issueLimit(display === 'list' ? 'other' : display);
}

/** The publication page: /magazine/<id>/<slug>. */
export function publicationPath(p: { id: number; name: string }): string {
  return `/magazine/${p.id}/${slugify(p.name) || 'publication'}`;
}

/** An issue page: /magazine/issue/<id>/<slug>. */
export function issuePath(i: { id: number; name: string }): string {
  return `/magazine/issue/${i.id}/${slugify(i.name) || 'issue'}`;
}

/** The magazine page a site path names (/magazine/issue/<id>[/<slug>] or /magazine/<id>[/<slug>]), else null. */
export function magazinePageOf(path: string): { kind: 'issue' | 'publication'; id: number } | null {
  const m = /^\/magazine\/(issue\/)?(\d{1,15})(?:\/[^/]+)?\/?$/.exec(path);
  if (!m) return null;
  const id = Number(m[2]);
  return Number.isSafeInteger(id) && id > 0 ? { kind: m[1] ? 'issue' : 'publication', id } : null;
}

/** "March 2026" in the site's time zone. */
export function issueMonthYear(issueDate: number): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: SITE_TIME_ZONE }).format(issueDate);
}

/** The line content in an issue shows: "From the March 2026 issue of Freight Monthly". */
export function fromIssueText(issueDate: number, publicationName: string): string {
  return `From the ${issueMonthYear(issueDate)} issue of ${publicationName}`;
}

/** Where the digital edition (zmag) viewer lives; a content item's zmagId is a publication there (issue 21). */
export const ZMAG_VIEWER_ORIGIN = 'https://secure.viewer.zmags.com';

/** The viewer URL the zmag embed frames for a publication id (ids are validated as [A-Za-z0-9_-]). */
export function zmagViewerUrl(zmagId: string): string {
  return `${ZMAG_VIEWER_ORIGIN}/publication/${encodeURIComponent(zmagId)}`;
}
