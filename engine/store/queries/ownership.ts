// Reference checks for writes: which of the given ids are not rows of this tenant (unknown, or
// another tenant's). A tenant never links to, reads or changes another tenant's rows by id.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../connection';
import * as t from '../schema';
import { contracts } from '../schema-company';
import { magazinePublications } from '../schema-newsletters';

const OWNED = {
  section: t.websiteSections, asset: t.assets, person: t.persons, taxonomy: t.taxonomy,
  membership: t.memberships, newsletter: t.newsletters, redirect: t.redirects,
  adUnitPattern: t.adUnitPatterns, layout: t.layouts, content: t.content, contract: contracts,
  publication: magazinePublications,
} as const;
export type ReferenceKind = keyof typeof OWNED;

/** The ids among `ids` that are not this tenant's `kind` rows, in the order given. */
export async function idsNotInTenant(db: Db, kind: ReferenceKind, tenantKey: string, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const table = OWNED[kind];
  const found = new Set<number>();
  for (let i = 0; i < unique.length; i += 900) {
    const rows = await db.select({ id: table.id }).from(table)
      .where(and(inArray(table.id, unique.slice(i, i + 900)), eq(table.tenantKey, tenantKey)));
    for (const r of rows) found.add(r.id);
  }
  return ids.filter((id) => !found.has(id));
}
