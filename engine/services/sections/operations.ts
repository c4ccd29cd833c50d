// Website section operations (admin §3.2): the tree is at most 3 levels deep, a section never
// moves under itself, aliases are derived from names unless manual and unique within a tenant.
import { AppError } from '../../domain/errors';
import { contentPath, sectionPath, sectionSystemAlias } from '../../domain/paths';
import { sectionSchema } from '../../domain/records';
import { badInput, parseInput } from '../../domain/validation';
import type { Db } from '../../store/connection';
import { publishedInSections } from '../../store/queries/content';
import { nextId } from '../../store/queries/ids';
import { deleteSectionRow, listSections, sectionUsage, type SectionRecord } from '../../store/queries/sections';
import { recordMovedPaths } from '../../store/queries/site-config';
import { writeSections, type SectionRow } from '../../store/writes';
import { commit, diff, snapshot, tenantAccess, type OpArgs } from '../kernel/operation';
import { asInput, createInput, idArg, mergePatch } from '../kernel/patch';

export const MAX_SECTION_DEPTH = 3;

export function sectionInputOf(s: SectionRecord): Record<string, unknown> {
  return asInput({
    name: s.name, parentId: s.parentId, manualAlias: s.manualAlias, alias: s.manualAlias ? s.alias : undefined,
    description: s.description, gamAlias: s.gamAlias, sequence: s.sequence, status: s.status,
  });
}

type Parsed = ReturnType<typeof sectionSchema.parse>;

/**
 * Places `section` (id, validated fields) in the tenant's tree: checks the parent, depth and
 * cycles, re-derives the aliases of the section and its descendants and checks they are unique.
 * Returns the rows to write (the section and every descendant whose alias changed).
 */
function place(all: SectionRecord[], id: number, s: Parsed): SectionRow[] {
  const byId = new Map(all.map((r) => [r.id, r]));
  const children = new Map<number, SectionRecord[]>();
  for (const r of all) if (r.parentId !== null && r.id !== id) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  let parentAlias: string | null = null;
  let depth = 1;
  if (s.parentId !== null) {
    const parent = byId.get(s.parentId);
    if (!parent) badInput('parentId', `Unknown section ${s.parentId}`);
    for (let p: SectionRecord | undefined = parent, guard = 0; p; p = p.parentId === null ? undefined : byId.get(p.parentId), guard++) {
      if (p.id === id || guard > 10) badInput('parentId', 'A section cannot be moved under itself or one of its descendants');
      depth += 1;
    }
    parentAlias = parent.alias;
  }
  const height = (sid: number): number => 1 + Math.max(0, ...(children.get(sid) ?? []).map((c) => height(c.id)));
  if (depth + height(id) - 1 > MAX_SECTION_DEPTH) badInput('parentId', `Sections nest at most ${MAX_SECTION_DEPTH} levels deep`);
  const systemAlias = sectionSystemAlias(s.name, parentAlias);
  const rows: SectionRow[] = [{
    id, name: s.name, parentId: s.parentId, systemAlias, manualAlias: s.manualAlias, alias: s.manualAlias && s.alias ? s.alias : systemAlias,
    description: s.description, gamAlias: s.gamAlias, sequence: s.sequence, status: s.status,
  }];
  const descend = (parent: SectionRow) => {
    for (const c of children.get(parent.id) ?? []) {
      const sys = sectionSystemAlias(c.name, parent.alias);
      const row: SectionRow = { ...c, description: c.description ?? undefined, gamAlias: c.gamAlias ?? undefined, systemAlias: sys, alias: c.manualAlias ? c.alias : sys };
      if (row.alias !== c.alias || row.systemAlias !== c.systemAlias) rows.push(row);
      descend(row);
    }
  };
  descend(rows[0]!);
  const taken = new Map(all.filter((r) => !rows.some((w) => w.id === r.id)).map((r) => [r.alias, r.id]));
  for (const r of rows) {
    const other = taken.get(r.alias);
    if (other !== undefined) badInput(r.id === id ? (s.manualAlias ? 'alias' : 'name') : 'parentId', `Alias "${r.alias}" is already used by section ${other}`);
    taken.set(r.alias, r.id);
  }
  return rows;
}

async function treeOf(tx: Db, tenantKey: string) {
  return listSections(tx, tenantKey);
}

/**
 * A re-aliased section keeps its published addresses (admin §2.4): the old listing path and the old
 * path of every published item filed under it answer 301 to the new ones.
 */
async function keepOldAliases(tx: Db, tenantKey: string, before: readonly SectionRecord[], rows: readonly SectionRow[]): Promise<void> {
  const oldAlias = new Map(before.map((r) => [r.id, r.alias]));
  const moved = rows.filter((r) => oldAlias.has(r.id) && oldAlias.get(r.id) !== r.alias);
  if (moved.length === 0) return;
  const newAlias = new Map(moved.map((r) => [r.id, r.alias]));
  const moves = moved.map((r) => ({ from: sectionPath(oldAlias.get(r.id)!), to: sectionPath(r.alias) }));
  for (const c of await publishedInSections(tx, tenantKey, [...newAlias.keys()])) {
    const path = (alias: string) => contentPath({ id: c.id, slug: c.slug, name: c.name, sectionAlias: alias });
    moves.push({ from: path(oldAlias.get(c.primarySectionId)!), to: path(newAlias.get(c.primarySectionId)!) });
  }
  await recordMovedPaths(tx, tenantKey, moves);
}

export async function createWebsiteSection({ ctx, input }: OpArgs): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, ['manage_site_sections']);
  const s = parseInput(sectionSchema, { ...createInput(input), id: 1 });
  return commit(ctx, async (tx) => {
    const id = await nextId(tx, 'section');
    const rows = place(await treeOf(tx, tenant.tenantKey), id, s);
    await writeSections(tx, tenant.tenantKey, rows);
    return { id, row: rows[0]! };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'section', entityId: r.id, action: 'create', changes: snapshot({ ...r.row }) }),
  (r) => ({ entity: 'section', action: 'create', ids: [r.id] }));
}

export async function updateWebsiteSection({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, ['manage_site_sections']);
  const id = idArg(input.id);
  return commit(ctx, async (tx) => {
    const all = await treeOf(tx, tenant.tenantKey);
    const current = all.find((r) => r.id === id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Section', id });
    const s = parseInput(sectionSchema, { ...mergePatch(sectionInputOf(current), input.input), id });
    const rows = place(all, id, s);
    await writeSections(tx, tenant.tenantKey, rows);
    await keepOldAliases(tx, tenant.tenantKey, all, rows);
    return { id, before: current, rows };
  }, (r) => ({
    tenantKey: tenant.tenantKey, entityType: 'section', entityId: id, action: 'update',
    changes: { ...diff(sectionInputOf(r.before), sectionInputOf({ ...r.before, ...r.rows[0]!, description: r.rows[0]!.description ?? null, gamAlias: r.rows[0]!.gamAlias ?? null })), ...(r.rows.length > 1 ? { descendantsReAliased: r.rows.slice(1).map((x) => x.id) } : {}) },
  }), (r) => ({ entity: 'section', action: 'update', ids: r.rows.map((x) => x.id) }));
}

export async function deleteWebsiteSection({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, ['manage_site_sections']);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = (await treeOf(tx, tenant.tenantKey)).find((r) => r.id === id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Section', id });
    const use = await sectionUsage(tx, id);
    if (use.children || use.content || use.schedules) {
      throw new AppError('CONFLICT', {
        message: `Section ${id} still has ${use.children} child section(s), ${use.content} content item(s) in it and ${use.schedules} website schedule(s); move them first.`,
      });
    }
    await deleteSectionRow(tx, tenant.tenantKey, id);
    return current;
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'section', entityId: id, action: 'delete', changes: snapshot({ ...r }) }),
  () => ({ entity: 'section', action: 'delete', ids: [id] }));
  return { ok: true };
}
