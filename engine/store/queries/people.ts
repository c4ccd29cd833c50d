// People and taxonomy writes for the admin (issue 16): one person, the taxonomy tree of a tenant,
// merges, and what still points at a person or a term. Every function takes the caller's handle
// (the operation's transaction for writes) and is scoped to one tenant.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../connection';
import { assets, content, contentAuthors, contentTaxonomy, persons, taxonomy } from '../schema';
import { contactsSettings } from '../schema-people';

export interface PersonRow {
  id: number; firstName: string; lastName: string; fullName: string; title: string | null; bio: string | null;
  imageId: number | null; status: number; socialLinks: { network: string; url: string }[]; updatedAt: number;
}
const personColumns = {
  id: persons.id, firstName: persons.firstName, lastName: persons.lastName, fullName: persons.fullName, title: persons.title,
  bio: persons.bio, imageId: persons.imageId, status: persons.status, socialLinks: persons.socialLinks, updatedAt: persons.updatedAt,
};

export async function getPerson(db: Db, tenantKey: string, id: number): Promise<PersonRow | undefined> {
  const [row] = await db.select(personColumns).from(persons).where(and(eq(persons.id, id), eq(persons.tenantKey, tenantKey))).limit(1);
  return row;
}

export type PersonWrite = Omit<PersonRow, 'updatedAt' | 'fullName'>;

/** Inserts or updates one person of the tenant (fullName is "first last"). */
export async function savePerson(db: Db, tenantKey: string, p: PersonWrite, now: number): Promise<void> {
  const row = { ...p, fullName: `${p.firstName} ${p.lastName}`, tenantKey, updatedAt: now };
  await db.insert(persons).values(row).onConflictDoUpdate({ target: persons.id, set: row });
}

export async function deletePersonRow(db: Db, tenantKey: string, id: number): Promise<void> {
  await db.delete(persons).where(and(eq(persons.id, id), eq(persons.tenantKey, tenantKey)));
}

/** Ids of the content items (any status) that list the person as an author. */
export async function contentOfPerson(db: Db, id: number): Promise<number[]> {
  const rows = await db.select({ id: contentAuthors.contentId }).from(contentAuthors).where(eq(contentAuthors.personId, id));
  return rows.map((r) => r.id);
}

/** True when the asset exists and belongs to the tenant. */
export async function assetOfTenant(db: Db, tenantKey: string, id: number): Promise<boolean> {
  const [row] = await db.select({ id: assets.id }).from(assets).where(and(eq(assets.id, id), eq(assets.tenantKey, tenantKey))).limit(1);
  return !!row;
}

export interface TermRow { id: number; type: string; name: string; fullName: string; parentId: number | null }
const termColumns = { id: taxonomy.id, type: taxonomy.type, name: taxonomy.name, fullName: taxonomy.fullName, parentId: taxonomy.parentId };

/** The tenant's whole taxonomy tree. */
export async function listTerms(db: Db, tenantKey: string): Promise<TermRow[]> {
  return db.select(termColumns).from(taxonomy).where(eq(taxonomy.tenantKey, tenantKey)).orderBy(asc(taxonomy.fullName), asc(taxonomy.id));
}

/** Writes terms (new or changed) of the tenant with their full names already derived. */
export async function saveTerms(db: Db, tenantKey: string, rows: TermRow[], now: number): Promise<void> {
  for (const r of rows) {
    const row = { ...r, tenantKey, updatedAt: now };
    await db.insert(taxonomy).values(row).onConflictDoUpdate({ target: taxonomy.id, set: row });
  }
}

export async function deleteTermRow(db: Db, tenantKey: string, id: number): Promise<void> {
  await db.delete(taxonomy).where(and(eq(taxonomy.id, id), eq(taxonomy.tenantKey, tenantKey)));
}

/** Ids of the content items tagged with any of the terms. */
export async function contentOfTerms(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectDistinct({ id: contentTaxonomy.contentId }).from(contentTaxonomy).where(inArray(contentTaxonomy.taxonomyId, ids));
  return rows.map((r) => r.id);
}

/** Moves every content link of `from` to `to` (items tagged with both keep one link). Returns the items moved. */
export async function moveTermLinks(db: Db, from: number, to: number): Promise<number[]> {
  const moved = await contentOfTerms(db, [from]);
  if (moved.length === 0) return [];
  await db.insert(contentTaxonomy).values(moved.map((contentId) => ({ contentId, taxonomyId: to }))).onConflictDoNothing();
  await db.delete(contentTaxonomy).where(eq(contentTaxonomy.taxonomyId, from));
  return moved;
}

/** How many content items each term of the tenant tags. */
export async function termContentCounts(db: Db, tenantKey: string): Promise<Map<number, number>> {
  const rows = await db.select({ id: contentTaxonomy.taxonomyId, n: sql<number>`count(*)` }).from(contentTaxonomy)
    .innerJoin(content, eq(content.id, contentTaxonomy.contentId))
    .where(eq(content.tenantKey, tenantKey)).groupBy(contentTaxonomy.taxonomyId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The tenant's contacts settings, or null when none were saved. */
export async function getContactsSettings(db: Db, tenantKey: string): Promise<{ title: string; personIds: number[] } | null> {
  const [row] = await db.select({ title: contactsSettings.title, personIds: contactsSettings.personIds }).from(contactsSettings)
    .where(eq(contactsSettings.tenantKey, tenantKey)).limit(1);
  return row ?? null;
}

export async function saveContactsSettings(db: Db, tenantKey: string, s: { title: string; personIds: number[] }, now: number): Promise<void> {
  const row = { tenantKey, title: s.title, personIds: s.personIds, updatedAt: now };
  await db.insert(contactsSettings).values(row).onConflictDoUpdate({ target: contactsSettings.tenantKey, set: row });
}

/** Which of `ids` are persons of the tenant. */
export async function personIdsOfTenant(db: Db, tenantKey: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: persons.id }).from(persons).where(and(eq(persons.tenantKey, tenantKey), inArray(persons.id, ids)));
  return new Set(rows.map((r) => r.id));
}
