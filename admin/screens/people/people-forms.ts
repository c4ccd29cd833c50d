// Pure form models of the people screens (issue 16): a person (names, title, bio, photo id, social
// links), a taxonomy term and the tree it sits in, and the contacts list. Checked with the shared
// schemas of engine/domain/people.ts, so the messages match the API's.
import { personInputSchema, taxonomyTermInputSchema, contactsSettingsSchema } from '../../../engine/domain/people';
import { issuesToErrors, type FieldErrors } from '../../lib/validation';
import type { Person, PersonInput, SocialLink, TaxonomyTerm } from '../../data/types';

export interface PersonForm {
  firstName: string;
  lastName: string;
  title: string;
  bio: string;
  /** An image asset id, as typed ('' for none). */
  imageId: string;
  status: '0' | '1';
  socialLinks: SocialLink[];
}

export function personForm(p: Person | null): PersonForm {
  return {
    firstName: p?.firstName ?? '', lastName: p?.lastName ?? '', title: p?.title ?? '', bio: p?.bio ?? '',
    imageId: p?.imageId ? String(p.imageId) : '', status: p?.status === 0 ? '0' : '1', socialLinks: p?.socialLinks ?? [],
  };
}

/** The API input of a person form ('' fields become null, i.e. cleared). */
export function personInput(f: PersonForm): PersonInput {
  return {
    firstName: f.firstName.trim(), lastName: f.lastName.trim(), title: f.title.trim() || null, bio: f.bio.trim() || null,
    imageId: f.imageId.trim() ? Number(f.imageId.trim()) : null, status: Number(f.status),
    socialLinks: f.socialLinks.map((l) => ({ network: l.network, url: l.url.trim() })),
  };
}

export function validatePerson(f: PersonForm): FieldErrors {
  const errors: FieldErrors = {};
  if (f.imageId.trim() && !/^\d+$/.test(f.imageId.trim())) errors.imageId = 'Must be a positive whole number';
  const input = personInput({ ...f, imageId: errors.imageId ? '' : f.imageId });
  const r = personInputSchema.safeParse(Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null)));
  return r.success ? errors : { ...issuesToErrors(r.error.issues), ...errors };
}

export interface TermForm { type: string; name: string; parentId: string }

export function validateTerm(f: TermForm): FieldErrors {
  const r = taxonomyTermInputSchema.safeParse({ type: f.type, name: f.name, ...(f.parentId ? { parentId: Number(f.parentId) } : {}) });
  return r.success ? {} : issuesToErrors(r.error.issues);
}

/** Depth of each term in the tree (roots 0), for indentation; unknown parents count as roots. */
export function termDepths(terms: readonly TaxonomyTerm[]): Map<number, number> {
  const byId = new Map(terms.map((t) => [t.id, t]));
  const out = new Map<number, number>();
  const depth = (t: TaxonomyTerm, guard = 0): number => {
    const known = out.get(t.id);
    if (known !== undefined) return known;
    const parent = t.parentId ? byId.get(t.parentId) : undefined;
    const d = parent && guard < 20 ? depth(parent, guard + 1) + 1 : 0;
    out.set(t.id, d);
    return d;
  };
  for (const t of terms) depth(t);
  return out;
}

/** Terms a term may move under: same kind, not itself nor below it. */
export function parentChoices(terms: readonly TaxonomyTerm[], term: { id?: number; type: string }): TaxonomyTerm[] {
  const below = new Set<number>();
  if (term.id !== undefined) {
    below.add(term.id);
    let grew = true;
    while (grew) {
      grew = false;
      for (const t of terms) if (t.parentId && below.has(t.parentId) && !below.has(t.id)) { below.add(t.id); grew = true; }
    }
  }
  return terms.filter((t) => t.type === term.type && !below.has(t.id));
}

export function validateContacts(title: string, personIds: number[]): FieldErrors {
  const r = contactsSettingsSchema.safeParse({ title, personIds });
  return r.success ? {} : issuesToErrors(r.error.issues);
}
