// Company updates (issue #22, admin §2.2 "Taxonomy and company data", §2.1 /company-update/:hash):
// a company edits its own profile through a private link; staff review the submission field by
// field. The profile is a view of a Company content item:
//   description → content.teaser (the page's deck)
//   website     → content.linkUrl (the page's "Visit website" button)
//   address, phone, email, socialLinks, products → content.metadata.companyProfile
// Browser-safe: the admin's review screen and the API share these rules.
import { z } from 'zod';

/** How long a company update link stays valid after it is issued. */
export const COMPANY_UPDATE_LINK_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
/** The tenant module that switches company updates on (site settings modules.companyUpdates). */
export const COMPANY_UPDATES_MODULE = 'company-updates';

export const COMPANY_PROFILE_FIELDS = ['description', 'website', 'address', 'phone', 'email', 'socialLinks', 'products'] as const;
export type CompanyProfileField = (typeof COMPANY_PROFILE_FIELDS)[number];

export const COMPANY_FIELD_LABELS: Record<CompanyProfileField, string> = {
  description: 'Description', website: 'Website', address: 'Address', phone: 'Phone', email: 'Contact e-mail',
  socialLinks: 'Social links', products: 'Products',
};

export interface CompanyProfile {
  description: string;
  website: string;
  address: string;
  phone: string;
  email: string;
  socialLinks: string[];
  products: string[];
}

const httpUrl = z.string().trim().max(500, 'At most 500 characters')
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), 'Must be a web address starting with http:// or https://');
const lines = (max: number, each: z.ZodString) => z.array(each).max(max, `At most ${max} lines`);

/** What the public form may submit: every field, each checked (limits, URL and e-mail shapes). */
export const companyProfileSchema = z.strictObject({
  description: z.string().trim().max(2000, 'At most 2000 characters'),
  website: httpUrl,
  address: z.string().trim().max(500, 'At most 500 characters'),
  phone: z.string().trim().max(50, 'At most 50 characters').regex(/^[\d\s()+.\-/x]*$/i, 'Must be a phone number (digits, spaces, + ( ) - .)'),
  email: z.string().trim().max(200, 'At most 200 characters').refine((v) => v === '' || z.email().safeParse(v).success, 'Must be an e-mail address'),
  socialLinks: lines(10, z.string().trim().min(1).max(500, 'At most 500 characters')
    .refine((v) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), 'Each line must be a web address starting with http:// or https://')),
  products: lines(50, z.string().trim().min(1).max(200, 'At most 200 characters per line')),
});

/** Splits a textarea into its non-empty, trimmed lines. */
export function splitLines(v: unknown): string[] {
  return typeof v === 'string' ? v.split(/\r?\n/).map((s) => s.trim()).filter(Boolean) : [];
}

/** A form post (strings only) in the schema's shape: list fields are one entry per line. */
export function profileFromForm(form: Record<string, string | undefined>): Record<string, unknown> {
  return {
    description: form.description ?? '', website: form.website ?? '', address: form.address ?? '', phone: form.phone ?? '',
    email: form.email ?? '', socialLinks: splitLines(form.socialLinks), products: splitLines(form.products),
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strs = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The profile as stored on a Company item. */
export function profileOf(c: { teaser: string; linkUrl: string | null; metadata: Record<string, unknown> }): CompanyProfile {
  const p = (c.metadata.companyProfile ?? {}) as Record<string, unknown>;
  return {
    description: c.teaser, website: c.linkUrl ?? '', address: str(p.address), phone: str(p.phone), email: str(p.email),
    socialLinks: strs(p.socialLinks), products: strs(p.products),
  };
}

/** The value of one field as text (lists one entry per line), for the review's diff. */
export function fieldText(p: CompanyProfile, f: CompanyProfileField): string {
  const v = p[f];
  return Array.isArray(v) ? v.join('\n') : v;
}

/** The fields whose proposed value differs from the current one. */
export function changedFields(current: CompanyProfile, proposed: CompanyProfile): CompanyProfileField[] {
  return COMPANY_PROFILE_FIELDS.filter((f) => fieldText(current, f) !== fieldText(proposed, f));
}

/**
 * The content patch that applies the accepted fields of `proposed` (admin edit shape): teaser,
 * linkUrl and the metadata with its companyProfile merged. Fields not accepted keep their value.
 */
export function contentPatchFor(
  current: { metadata: Record<string, unknown> }, proposed: CompanyProfile, accepted: readonly CompanyProfileField[],
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (accepted.includes('description')) patch.teaser = proposed.description;
  if (accepted.includes('website')) patch.linkUrl = proposed.website === '' ? null : proposed.website;
  const meta = accepted.filter((f) => f !== 'description' && f !== 'website');
  if (meta.length) {
    const profile = { ...((current.metadata.companyProfile ?? {}) as Record<string, unknown>) };
    for (const f of meta) profile[f] = proposed[f];
    patch.metadata = { ...current.metadata, companyProfile: profile };
  }
  return patch;
}

export const companyUpdateRequestSchema = z.strictObject({
  contentId: z.number().int().positive(),
  contactName: z.string().trim().min(1, 'Field is required').max(200, 'At most 200 characters'),
  contactEmail: z.string().trim().toLowerCase().pipe(z.email('Must be an e-mail address')),
});

export const companyUpdateReviewSchema = z.strictObject({
  accept: z.array(z.enum(COMPANY_PROFILE_FIELDS)).max(COMPANY_PROFILE_FIELDS.length),
  message: z.string().trim().max(2000, 'At most 2000 characters').default(''),
});

/** requested (link sent) → submitted (awaiting review) → applied (some fields accepted) | rejected (none). */
export type CompanyUpdateStatus = 'requested' | 'submitted' | 'applied' | 'rejected';
