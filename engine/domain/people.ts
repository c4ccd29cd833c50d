// People and taxonomy as staff edit them (issue 16; admin §3.6): a person's input (names, title,
// bio, photo, social links), a taxonomy term's input, the contacts settings and the author page
// path. Shared by the API (which checks every input with these schemas) and the admin's forms.
import { z } from 'zod';
import { SOCIAL_NETWORKS, TAXONOMY_TYPES } from './enums';
import { slugify } from './paths';
import { requiredString } from './records';

export const PERSON_NAME_MAX = 80;
export const PERSON_BIO_MAX = 5000;
export const SOCIAL_LINKS_MAX = SOCIAL_NETWORKS.length;
/** Contacts limit (admin §9). */
export const CONTACTS_LIMIT = 100;

const entityId = z.number().int().positive('Must be a positive whole number');

/** A social link: a network of admin §3.6 and an absolute http(s) address (Email: a mailto: address). */
export const socialLinkSchema = z.strictObject({
  network: z.enum(SOCIAL_NETWORKS),
  url: z.string().trim().min(1, 'Field is required').max(500, 'At most 500 characters'),
}).superRefine((l, ctx) => {
  const ok = l.network === 'Email' ? /^mailto:[^\s@]+@[^\s@]+$/i.test(l.url) : isHttpUrl(l.url);
  if (!ok) {
    ctx.addIssue({
      code: 'custom', path: ['url'],
      message: l.network === 'Email' ? 'Must be a mailto: address, e.g. mailto:name@example.com' : 'Must be an absolute http(s) URL',
    });
  }
});
export type SocialLink = z.output<typeof socialLinkSchema>;

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/** What staff send to create or update a person. `bio` is HTML, sanitised by the API before it is stored. */
export const personInputSchema = z.strictObject({
  firstName: requiredString(PERSON_NAME_MAX),
  lastName: requiredString(PERSON_NAME_MAX),
  title: z.string().trim().max(200, 'At most 200 characters').optional(),
  bio: z.string().max(PERSON_BIO_MAX, `At most ${PERSON_BIO_MAX} characters`).optional(),
  imageId: entityId.optional(),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  socialLinks: z.array(socialLinkSchema).max(SOCIAL_LINKS_MAX, `At most ${SOCIAL_LINKS_MAX} links`).default([]),
});
export type PersonInput = z.output<typeof personInputSchema>;

/** A taxonomy term as staff create or edit it: a kind, a name and an optional parent in the tree. */
export const taxonomyTermInputSchema = z.strictObject({
  type: z.enum(TAXONOMY_TYPES),
  name: requiredString(200),
  parentId: entityId.optional(),
});
export type TaxonomyTermInput = z.output<typeof taxonomyTermInputSchema>;

/** Taxonomy terms nest at most this deep (the tree's full names stay readable). */
export const TAXONOMY_MAX_DEPTH = 5;

/** The contacts settings (/admin/contacts-settings): a titled, ordered list of people, at most 100. */
export const contactsSettingsSchema = z.strictObject({
  title: z.string().trim().max(200, 'At most 200 characters').default('Contact Us'),
  personIds: z.array(entityId).max(CONTACTS_LIMIT, `At most ${CONTACTS_LIMIT} contacts`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each person may be listed once'),
});
export type ContactsSettings = z.output<typeof contactsSettingsSchema>;

/** The public author page of a person: /author/<id>/<slug of the full name>. */
export function authorPath(p: { id: number; fullName: string }): string {
  return `/author/${p.id}/${slugify(p.fullName)}`;
}

/** One row of the taxonomy export (admin §2.2 /admin/taxonomy-export), in column order. */
export const TAXONOMY_EXPORT_COLUMNS = ['id', 'type', 'name', 'fullName', 'parentId', 'contentCount'] as const;

/** A CSV field: quoted when needed; a leading =, +, - or @ is prefixed with ' so spreadsheets never run it. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
