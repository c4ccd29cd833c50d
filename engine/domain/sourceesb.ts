// The sourceesb layout module (admin §3.1 "Modules", issue 42): a parts directory built from a
// parts API. This file is the API's contract (what Masthead expects an installation's parts
// service to answer, docs/modules.md), the tenant settings of the module and the part paths.
// Browser-safe: schemas and pure functions only. Everything an API answer carries is untrusted
// text: pages render it escaped, and links only when they are http(s).
import { z } from 'zod';

/** The tenant's settings of the module (site settings `sourceesb`). The token is a secret of the build's environment, never stored here. */
export const sourceesbSettingsSchema = z.strictObject({
  /** The parts API base URL, like https://parts.example.com/api/v1 (no query). Absent: the build keeps the catalogue it holds. */
  apiBaseUrl: z.string().trim().regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'Must be an http(s) URL without a query, like https://parts.example.com/api/v1').optional(),
  /** At most this many parts are read per build (the directory's bound). */
  maxParts: z.number().int().min(1, 'At least 1').max(2000, 'At most 2000').default(500),
  /** Each request's timeout. */
  timeoutMs: z.number().int().min(100, 'At least 100 ms').max(30_000, 'At most 30000 ms').default(5000),
});
export type SourceesbSettings = z.output<typeof sourceesbSettingsSchema>;

const text = (max: number) => z.string().trim().max(max);
/** A part number as suppliers write them: letters, digits and . _ / - + # (no spaces at the ends). */
export const partNumberSchema = z.string().trim().min(1).max(64);

/** One row of a search answer: GET <base>/parts?q=<text>&page=<n>&limit=<m>. */
export const partSummarySchema = z.object({
  partNumber: partNumberSchema,
  name: text(200),
  manufacturer: text(120).default(''),
  category: text(120).default(''),
});
export const partSearchAnswerSchema = z.object({
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  parts: z.array(partSummarySchema),
});

/** GET <base>/parts/<partNumber>: a part's details. */
export const partDetailsSchema = partSummarySchema.extend({
  description: text(4000).default(''),
  specs: z.array(z.object({ name: text(120), value: text(400) })).max(100).default([]),
  hasDatasheet: z.boolean().default(false),
});

/** GET <base>/parts/<partNumber>/datasheet: where the part's datasheet is. */
export const datasheetAnswerSchema = z.object({
  url: z.string().trim().max(2000),
  title: text(200).default(''),
  format: text(20).default('PDF'),
  pages: z.number().int().min(0).max(10_000).optional(),
  updated: text(40).optional(),
});

export interface Part {
  partNumber: string;
  name: string;
  manufacturer: string;
  category: string;
  description: string;
  specs: { name: string; value: string }[];
  datasheet: { url: string; title: string; format: string; pages?: number | undefined; updated?: string | undefined } | null;
}

/** The catalogue the build holds for a tenant: the last good copy of the API's parts. */
export const partsCatalogueSchema = z.object({
  source: z.string(),
  parts: z.array(partDetailsSchema.omit({ hasDatasheet: true }).extend({ datasheet: datasheetAnswerSchema.nullable().default(null) })),
});
export type PartsCatalogue = { source: string; parts: Part[] };

/** The path segment of a part number: lower case, runs of anything but letters and digits as one hyphen. */
export function partSlug(partNumber: string): string {
  return partNumber.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'part';
}

/** The module's layout key (admin layout form MODULE_KEYS). */
export const SOURCEESB_MODULE_KEY = 'sourceesb';
export const PARTS_PATH = '/parts';
/**
 * The prerendered JSON the part search reads: the /parts page's payload, whose module.parts lists
 * every part (site/islands/parts-search.tsx). It is written and removed with the page.
 */
export const PARTS_SEARCH_JSON = '/parts/_payload.json';

/** What the search matches on. */
export interface SearchablePart { partNumber: string; name: string; manufacturer: string; category: string }

/** The parts a search text matches: every word in the part number, name, manufacturer or category (case, and punctuation in part numbers, ignored). */
export function searchParts<T extends SearchablePart>(parts: readonly T[], q: string): T[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...parts];
  const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  return parts.filter((p) => {
    const hay = `${p.partNumber} ${p.name} ${p.manufacturer} ${p.category}`.toLowerCase();
    const pn = squash(p.partNumber);
    return words.every((w) => hay.includes(w) || (squash(w).length > 0 && pn.includes(squash(w))));
  });
}

/** Where the build keeps the catalogue's last good copy: this key of the tenant's feed cache (store/queries/feeds.ts). */
export const PARTS_CACHE_KEY = 'sourceesb:catalogue';

/** A stored catalogue copy, checked again when read (null when it is not one). */
export function partsCatalogueOf(stored: unknown): PartsCatalogue | null {
  const r = partsCatalogueSchema.safeParse(stored);
  return r.success ? r.data : null;
}
