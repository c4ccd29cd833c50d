// Categories → sections (a tree at most three deep: deeper categories fold into their third-level
// ancestor, with a report line), tags → taxonomy terms, authors → persons. Each gets the id its
// source id was given before, or a new one; a row is written only when it differs from what the
// last import wrote (its hash), so a second import of the same export writes nothing.
import { createHash } from 'node:crypto';
import { sectionSystemAlias, slugify } from '../domain/paths';
import type { MappingRow, Mapping } from '../store/queries/imports';
import type { SectionRow } from '../store/writes';
import type { ImportCategory, ImportHeader } from './model';
import { count, warn, type ImportReport, type Kind } from './report';

export const MAX_SECTION_DEPTH = 3;

export const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);

export interface IdCounters { next(kind: Kind): number }

export interface PersonRow { id: number; firstName: string; lastName: string; bio?: string | undefined; status: 0 | 1 }
export interface TermRow { id: number; type: 'Tag'; name: string }

export interface Structure {
  sectionOf: Map<string, number>;
  aliasOf: Map<number, string>;
  personOf: Map<string, number>;
  tagOf: Map<string, number>;
  defaultSection: number;
  pagesSection: number;
  writes: { sections: SectionRow[]; persons: PersonRow[]; terms: TermRow[]; mappings: MappingRow[] };
}

interface Ctx { maps: Map<string, Mapping>; ids: IdCounters; report: ImportReport; aliases: Map<string, number> }

/** A row's id and whether to write it: the mapped id, or a new one; unchanged when the hash matches. */
function place(ctx: Ctx, kind: Kind, mapKind: string, sourceId: string, hash: string, label: string, out: Structure['writes']): { id: number; write: boolean } {
  const m = ctx.maps.get(`${mapKind}:${sourceId}`);
  if (m && m.hash === hash) { count(ctx.report, 'unchanged', kind); return { id: m.targetId, write: false }; }
  const id = m?.targetId ?? ctx.ids.next(kind);
  count(ctx.report, m ? 'updated' : 'created', kind, label);
  out.mappings.push({ kind: mapKind, sourceId, targetId: id, hash });
  return { id, write: true };
}

/**
 * What a section's alias is made from: its name, else (a name in a script slugify cannot spell in
 * ASCII: Arabic, Hebrew, Chinese…) the category's slug, else a word and a hash of the slug, so two
 * such categories do not fall into one section.
 */
function aliasBasis(name: string, sourceId: string): string {
  if (slugify(name) !== 'item' || /^\s*item\s*$/i.test(name)) return name;
  let slug = sourceId;
  try { slug = decodeURIComponent(sourceId); } catch { /* as it is */ }
  if (slugify(slug) !== 'item') return slug;
  return `section ${hashOf(sourceId).slice(0, 6)}`;
}

export function planStructure(header: ImportHeader, ctx: Ctx, needs: { defaultSection: boolean; pagesSection: boolean }): Structure {
  const writes: Structure['writes'] = { sections: [], persons: [], terms: [], mappings: [] };
  const s: Structure = { sectionOf: new Map(), aliasOf: new Map(), personOf: new Map(), tagOf: new Map(), defaultSection: 0, pagesSection: 0, writes };
  const aliasTaken = new Map([...ctx.aliases].map(([a, id]) => [a, id]));
  for (const [alias, id] of ctx.aliases) s.aliasOf.set(id, alias);

  const section = (sourceId: string, name: string, parentId: number | null, parentAlias: string | null, description?: string): number => {
    const alias = sectionSystemAlias(aliasBasis(name, sourceId), parentAlias);
    const mapped = ctx.maps.get(`category:${sourceId}`);
    const existing = aliasTaken.get(alias);
    if (!mapped && existing !== undefined) {
      // The tenant has this section already (made by hand or by another import): the category joins it.
      s.aliasOf.set(existing, alias);
      count(ctx.report, 'unchanged', 'section');
      return existing;
    }
    const row = { name, parentId, alias, systemAlias: alias, manualAlias: false, description, sequence: 0, status: 1 };
    const { id, write } = place(ctx, 'section', 'category', sourceId, hashOf(row), `"${name}" /${alias}`, writes);
    if (write) writes.sections.push({ id, ...row });
    aliasTaken.set(alias, id);
    s.aliasOf.set(id, alias);
    return id;
  };

  // Categories, parents first; a missing parent makes a top-level section.
  const bySlug = new Map(header.categories.map((c) => [c.slug, c]));
  const depthOf = (c: ImportCategory, seen = new Set<string>()): number => {
    const parent = c.parentSlug ? bySlug.get(c.parentSlug) : undefined;
    if (!parent || seen.has(c.slug)) return 1;
    seen.add(c.slug);
    return 1 + depthOf(parent, seen);
  };
  for (const c of header.categories) if (c.parentSlug && !bySlug.has(c.parentSlug)) warn(ctx.report, 'category-parent-missing', `category ${c.slug}`, `parent ${c.parentSlug} is not in the export; made a top-level section`);
  const ordered = [...header.categories].sort((a, b) => depthOf(a) - depthOf(b));
  for (const c of ordered) {
    const depth = depthOf(c);
    const parent = c.parentSlug ? bySlug.get(c.parentSlug) : undefined;
    if (depth > MAX_SECTION_DEPTH) {
      const folded = s.sectionOf.get(parent!.slug)!;
      s.sectionOf.set(c.slug, folded);
      warn(ctx.report, 'category-folded', `category ${c.slug}`, `level ${depth} is deeper than ${MAX_SECTION_DEPTH}; its posts go to /${s.aliasOf.get(folded)}`);
      continue;
    }
    const parentId = parent ? s.sectionOf.get(parent.slug) ?? null : null;
    s.sectionOf.set(c.slug, section(c.slug, c.name, parentId, parentId !== null ? s.aliasOf.get(parentId) ?? null : null, c.description));
  }
  if (needs.defaultSection) s.defaultSection = section('#default', 'News', null, null);
  if (needs.pagesSection) s.pagesSection = section('#pages', 'Pages', null, null);

  for (const a of header.authors) {
    const [first, ...rest] = a.displayName.trim().split(/\s+/);
    const firstName = (a.firstName || first || a.login).slice(0, 80);
    const lastName = (a.firstName ? a.lastName : a.lastName || rest.join(' ')).slice(0, 80);
    const row = { firstName, lastName, bio: a.bio?.slice(0, 5000), status: 1 as const };
    const { id, write } = place(ctx, 'person', 'author', a.sourceId, hashOf(row), `"${a.displayName}"`, writes);
    if (write) writes.persons.push({ id, ...row });
    s.personOf.set(a.sourceId, id);
  }
  for (const t of header.tags) {
    const row = { type: 'Tag' as const, name: t.name.slice(0, 200) || t.slug };
    const { id, write } = place(ctx, 'taxonomy', 'tag', t.slug, hashOf(row), `"${row.name}"`, writes);
    if (write) writes.terms.push({ id, ...row });
    s.tagOf.set(t.slug, id);
  }
  return s;
}
