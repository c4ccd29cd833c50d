// Input schemas of the stored entities (admin §3, public §3). Fixtures, API mutations and the
// admin's forms validate with these, so a bad value gets the same message everywhere.
import { z } from 'zod';
import {
  CONTENT_TYPES, MENU_KEYS, SCHEDULE_OPTIONS, TAXONOMY_TYPES,
} from './enums';
import { badTextReason } from './input-text';
import { ROLE_NAMES, PERMISSIONS } from './permissions';
import { httpUrl, linkHref, siteSettingsSchema } from './settings';

/** A required trimmed string: empty or whitespace-only fails with the spec's message (admin §5). */
export const requiredString = (max = 500) =>
  z.string({ error: 'Field is required' }).trim().min(1, 'Field is required').max(max, `At most ${max} characters`);

/** ISO 8601 date-time (or date); stored as epoch milliseconds. */
export const isoDate = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), { message: 'Must be an ISO 8601 date' })
  .transform((v) => Date.parse(v));

export const CONTENT_ID_MIN = 10_000_000;
export const CONTENT_ID_MAX = 99_999_999;
/** Content ids have exactly eight digits, so /:id can redirect to the canonical path. */
export const contentId = z.number().int().min(CONTENT_ID_MIN, 'Must be an 8-digit id').max(CONTENT_ID_MAX, 'Must be an 8-digit id');
const entityId = z.number().int().positive();
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be lower-case words joined by hyphens');
const alias = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/, 'Must be lower-case path segments like news/markets');

export const tenantKey = z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, 'Must be 2–32 lower-case letters, digits or _');

export const tenantSchema = z.strictObject({
  tenantKey,
  name: requiredString(120),
  domain: z.string().regex(/^[a-z0-9.-]+(:\d+)?$/, 'Must be a host name'),
  abbreviation: requiredString(12),
  prodEndpoint: httpUrl.optional(),
  isTest: z.boolean().default(false),
  settings: siteSettingsSchema,
});

export const sectionSchema = z
  .strictObject({
    id: entityId,
    name: requiredString(120),
    parentId: entityId.nullable().default(null),
    manualAlias: z.boolean().default(false),
    /** Required when manualAlias; otherwise derived from the names of the section and its parents. */
    alias: alias.optional(),
    description: z.string().max(2000).optional(),
    gamAlias: z.string().max(200).optional(),
    sequence: z.number().int().default(0),
    status: z.union([z.literal(0), z.literal(1)]).default(1),
  })
  .superRefine((s, ctx) => {
    if (s.manualAlias && !s.alias) ctx.addIssue({ code: 'custom', message: 'Field is required', path: ['alias'] });
  });

export const personSchema = z.strictObject({
  id: entityId,
  firstName: requiredString(80),
  lastName: requiredString(80),
  title: z.string().max(200).optional(),
  bio: z.string().max(5000).optional(),
  imageId: entityId.optional(),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
});

export const taxonomySchema = z.strictObject({
  id: entityId,
  type: z.enum(TAXONOMY_TYPES),
  name: requiredString(200),
  parentId: entityId.optional(),
});

export const assetSchema = z.strictObject({
  id: entityId,
  /** Path of the file relative to the fixture set root (e.g. images/harbor.svg). */
  file: z.string().regex(/^[A-Za-z0-9._/-]+$/).refine((f) => !f.split('/').includes('..'), 'Must stay inside the fixture folder'),
  alt: requiredString(300),
  caption: z.string().max(1000).optional(),
  credit: z.string().max(200).optional(),
  /** Images: their pixel size. Documents (PDF) have none. */
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
}).superRefine((a, ctx) => {
  if (a.file.toLowerCase().endsWith('.pdf')) return;
  for (const k of ['width', 'height'] as const) if (a[k] === undefined) ctx.addIssue({ code: 'custom', message: 'Field is required', path: [k] });
});

const eventSchema = z.strictObject({
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  venue: z.string().max(200).optional(),
  address1: z.string().max(200).optional(),
  city: z.string().max(100).optional(),
  postalCode: z.string().max(20).optional(),
  state: z.string().max(100).optional(),
  country: z.string().max(100).optional(),
});

export const scheduleSchema = z.strictObject({
  sectionId: entityId,
  option: z.enum(SCHEDULE_OPTIONS).default('Standard'),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});

export const contentSchema = z
  .strictObject({
    id: contentId,
    type: z.enum(CONTENT_TYPES),
    name: requiredString(300),
    slug: slug.optional(),
    teaser: z.string().max(2000).default(''),
    /** Body HTML; sanitised with an allow-list when rendered. */
    body: z.string().max(1_000_000).default(''),
    status: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(2),
    published: isoDate.optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    primarySectionId: entityId,
    authorIds: z.array(entityId).default([]),
    imageIds: z.array(entityId).default([]),
    primaryImageId: entityId.optional(),
    taxonomyIds: z.array(entityId).default([]),
    relatedIds: z.array(contentId).default([]),
    labels: z.array(z.string().min(1).max(60)).default([]),
    gating: z.strictObject({ surveyType: z.string().trim().max(60).optional() }).default({}),
    membershipIds: z.array(entityId).default([]),
    userRegistrationRequired: z.boolean().default(false),
    event: eventSchema.optional(),
    linkUrl: httpUrl.optional(),
    embedCode: z.string().max(20_000).optional(),
    /** Digital edition (zmag) publication id: letters, digits, '-' and '_'. */
    zmagId: z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Must be 1 to 64 letters, digits, - or _').optional(),
    seoTitle: z.string().max(300).optional(),
    /** The contributor contract the item was written under. */
    contractId: z.number().int().positive().optional(),
    metadata: z.record(z.string(), z.unknown()).default({}),
    schedules: z.array(scheduleSchema).default([]),
  })
  .superRefine((c, ctx) => {
    if (c.type === 'Promotion' && !c.linkUrl) ctx.addIssue({ code: 'custom', message: 'Field is required', path: ['linkUrl'] });
    if (c.startDate !== undefined && c.endDate !== undefined && c.endDate < c.startDate)
      ctx.addIssue({ code: 'custom', message: 'Must not be before startDate', path: ['endDate'] });
    if (c.primaryImageId !== undefined && !c.imageIds.includes(c.primaryImageId))
      ctx.addIssue({ code: 'custom', message: 'Must be one of imageIds', path: ['primaryImageId'] });
  });
export type ContentInput = z.input<typeof contentSchema>;
export type ContentRecord = z.output<typeof contentSchema>;

export const menuLinkSchema = z.strictObject({
  label: requiredString(80),
  href: linkHref,
  /** External targets open in a new tab only when flagged (admin §2.4). */
  external: z.boolean().default(false),
});
export const menusSchema = z.strictObject(
  Object.fromEntries(MENU_KEYS.map((k) => [k, z.array(menuLinkSchema).default([])])) as Record<
    (typeof MENU_KEYS)[number],
    z.ZodDefault<z.ZodArray<typeof menuLinkSchema>>
  >,
);

/**
 * Text a redirect may hold (the build's rules, engine/build/emit-redirects.ts, so that nothing
 * accepted here is left out of the build): no whitespace, no control characters, no unpaired
 * surrogates; a site path never starts with // or /\ (another host to a browser).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const URL_UNSAFE = /[\s\u0000-\u001F\u007F-\u009F]/;
const urlText = (s: z.ZodString) => s
  .refine((v) => !URL_UNSAFE.test(v), 'Must not contain spaces or control characters')
  .refine((v) => badTextReason(v) === null, 'Must not contain NUL characters or unpaired surrogates')
  .refine((v) => !v.startsWith('//') && !v.startsWith('/\\'), 'Must be a path on this site (not //…)');

function parsesAsUrl(v: string): boolean {
  try {
    return new URL(v).hostname !== '';
  } catch {
    return false;
  }
}

export const redirectSchema = z.strictObject({
  id: entityId,
  from: urlText(z.string().regex(/^\//, 'Must be a path starting with /'))
    .refine((v) => !/[?#]/.test(v), 'Must be a path without ? or #'),
  to: urlText(z.string().trim().min(1, 'Field is required'))
    .refine((v) => v.startsWith('/') || (/^https?:\/\/[^/?#]/i.test(v) && parsesAsUrl(v)), 'Must be a path starting with / or an http(s) address'),
  preserveQueryString: z.boolean().default(false),
});

export const membershipSchema = z.strictObject({
  id: entityId,
  title: requiredString(120),
  alias: slug,
  description: z.string().max(2000).default(''),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  isFree: z.boolean().default(false),
  omedaProduct: z.string().max(60).optional(),
  requiredUserCommonFields: z.array(z.string()).default([]),
  requiredUserDemographicFields: z.array(entityId).default([]),
  additionalUserDemographicFields: z.array(entityId).default([]),
});

export const newsletterSchema = z.strictObject({
  id: entityId,
  title: requiredString(120),
  description: z.string().max(2000).default(''),
  omedaProductId: z.string().max(60).optional(),
  showInSubscribeBlock: z.boolean().default(true),
});

export const adUnitPatternSchema = z.strictObject({
  id: entityId,
  name: requiredString(120),
  type: z.literal('layout-block').default('layout-block'),
  pattern: z.string().min(1),
  sizes: z.array(z.tuple([z.number().int().positive(), z.number().int().positive()])).default([]),
});

export const cmsUserSchema = z
  .strictObject({
    id: entityId,
    email: z.email(),
    username: z.string().regex(/^[a-z0-9._-]{3,60}$/, 'Must be 3–60 lower-case letters, digits, dots, dashes or underscores'),
    firstName: requiredString(80),
    lastName: requiredString(80),
    role: z.enum(ROLE_NAMES).default('editor'),
    extraPermissions: z.array(z.enum(PERMISSIONS)).default([]),
    status: z.union([z.literal(0), z.literal(1)]).default(1),
    isGlobal: z.boolean().default(false),
    tenants: z.array(tenantKey).default([]),
    /** Demo fixtures only: hashed on seed, never stored as given. */
    password: z.string().min(12, 'At least 12 characters').max(200),
  })
  .superRefine((u, ctx) => {
    if (!u.isGlobal && u.tenants.length === 0) ctx.addIssue({ code: 'custom', message: 'Field is required', path: ['tenants'] });
  });
