// Taxonomy operations (issue 16, /admin/taxonomy, manage_taxonomy): the tree of terms of a tenant
// — create, rename or move, delete, merge two terms — and the CSV export (/admin/taxonomy-export).
// A term's full name is its ancestors' names joined by " > " and is re-derived for a term and every
// descendant when a name or a parent changes. Terms have no public pages, so a merge moves the
// content and leaves no address behind; the items' pages (keywords, feed categories) are rebuilt.
import { AppError } from '../../domain/errors';
import { csvField, TAXONOMY_EXPORT_COLUMNS, TAXONOMY_MAX_DEPTH, taxonomyTermInputSchema, type TaxonomyTermInput } from '../../domain/people';
import { badInput, parseInput } from '../../domain/validation';
import type { Db } from '../../store/connection';
import { nextId } from '../../store/queries/ids';
import {
  contentOfTerms, deleteTermRow, listTerms, moveTermLinks, saveTerms, termContentCounts, type TermRow,
} from '../../store/queries/people';
import { commit, diff, snapshot, tenantAccess, type OpArgs, type OpContext } from '../kernel/operation';
import { asInput, createInput, idArg, mergePatch } from '../kernel/patch';

const PERMS = ['manage_taxonomy'] as const;

const inputOf = (t: TermRow) => asInput({ type: t.type, name: t.name, parentId: t.parentId });

/**
 * Places term `id` with fields `t` in the tree `all`: the parent exists, has the same kind and is
 * not the term or below it, the depth stays within TAXONOMY_MAX_DEPTH, and no sibling has the same
 * name. Returns the rows to write: the term and every descendant whose full name changed.
 */
function place(all: TermRow[], id: number, t: TaxonomyTermInput): TermRow[] {
  const byId = new Map(all.map((r) => [r.id, r]));
  const children = new Map<number, TermRow[]>();
  for (const r of all) if (r.parentId !== null && r.id !== id) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  let depth = 1;
  let parentName: string | null = null;
  if (t.parentId !== undefined) {
    const parent = byId.get(t.parentId);
    if (!parent) badInput('parentId', `Unknown taxonomy term ${t.parentId}`);
    if (parent.type !== t.type) badInput('parentId', `The parent must be a ${t.type} term (term ${parent.id} is a ${parent.type})`);
    for (let p: TermRow | undefined = parent, guard = 0; p; p = p.parentId === null ? undefined : byId.get(p.parentId), guard++) {
      if (p.id === id || guard > 20) badInput('parentId', 'A term cannot be moved under itself or one of its descendants');
      depth += 1;
    }
    parentName = parent.fullName;
  }
  const height = (tid: number): number => 1 + Math.max(0, ...(children.get(tid) ?? []).map((c) => height(c.id)));
  if (depth + height(id) - 1 > TAXONOMY_MAX_DEPTH) badInput('parentId', `Terms nest at most ${TAXONOMY_MAX_DEPTH} levels deep`);
  const parentId = t.parentId ?? null;
  const sibling = all.find((r) => r.id !== id && r.parentId === parentId && r.type === t.type && r.name.toLowerCase() === t.name.toLowerCase());
  if (sibling) badInput('name', `A ${t.type} term named "${sibling.name}" already exists here (term ${sibling.id})`);
  const self: TermRow = { id, type: t.type, name: t.name, parentId, fullName: parentName ? `${parentName} > ${t.name}` : t.name };
  const rows = [self];
  const descend = (parent: TermRow) => {
    for (const c of children.get(parent.id) ?? []) {
      const next = { ...c, type: parent.type, fullName: `${parent.fullName} > ${c.name}` };
      if (next.fullName !== c.fullName || next.type !== c.type) rows.push(next);
      descend(next);
    }
  };
  descend(self);
  return rows;
}

async function termOf(tx: Db, tenantKey: string, id: number, field = 'id'): Promise<{ all: TermRow[]; term: TermRow }> {
  const all = await listTerms(tx, tenantKey);
  const term = all.find((r) => r.id === id);
  if (!term) {
    if (field === 'id') throw new AppError('NOT_FOUND', { entity: 'Taxonomy term', id });
    badInput(field, `Unknown taxonomy term ${id}`);
  }
  return { all, term };
}

export async function createTaxonomyTerm({ ctx, input }: OpArgs): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS);
  const t = parseInput(taxonomyTermInputSchema, createInput(input), 'input');
  return commit(ctx, async (tx) => {
    const id = await nextId(tx, 'taxonomy');
    const [row] = place(await listTerms(tx, tenant.tenantKey), id, t);
    await saveTerms(tx, tenant.tenantKey, [row!], ctx.services.now());
    return { id, row: row! };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'taxonomy', entityId: r.id, action: 'create', changes: snapshot({ ...r.row }) }));
  // A new term tags nothing yet, so no page changes; items read term names with their own rows.
}

/** Rename and/or move a term (and re-derive its descendants' full names). */
export async function updateTaxonomyTerm({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS);
  const id = idArg(input.id);
  return commit(ctx, async (tx) => {
    const { all, term } = await termOf(tx, tenant.tenantKey, id);
    const t = parseInput(taxonomyTermInputSchema, mergePatch(inputOf(term), input.input), 'input');
    const rows = place(all, id, t);
    await saveTerms(tx, tenant.tenantKey, rows, ctx.services.now());
    return { before: term, rows, items: await contentOfTerms(tx, rows.map((r) => r.id)) };
  }, (r) => ({
    tenantKey: tenant.tenantKey, entityType: 'taxonomy', entityId: id, action: 'update',
    changes: { ...diff(inputOf(r.before), inputOf(r.rows[0]!)), ...(r.rows.length > 1 ? { descendantsRenamed: r.rows.slice(1).map((x) => x.id) } : {}) },
  }), (r) => (r.items.length ? { entity: 'taxonomy', action: 'update', ids: r.rows.map((x) => x.id) } : null)).then(() => ({ id }));
}

export async function deleteTaxonomyTerm({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, PERMS);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const { all, term } = await termOf(tx, tenant.tenantKey, id);
    const kids = all.filter((r) => r.parentId === id).length;
    if (kids) throw new AppError('CONFLICT', { message: `Taxonomy term "${term.fullName}" still has ${kids} child term(s); move or delete them first.` });
    const items = await contentOfTerms(tx, [id]);
    await deleteTermRow(tx, tenant.tenantKey, id);
    return { term, items };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'taxonomy', entityId: id, action: 'delete', changes: snapshot({ ...r.term, untaggedContent: r.items }) }),
  (r) => (r.items.length ? { entity: 'taxonomy', action: 'delete', ids: [id] } : null));
  return { ok: true };
}

/**
 * Merges `sourceId` into `targetId`: the source's content links move to the target, its child terms
 * move under the target, and the source is deleted. Both terms must be of the same kind.
 */
export async function mergeTaxonomyTerms({ ctx, input }: OpArgs<{ sourceId: unknown; targetId: unknown }>): Promise<{ id: number; moved: number }> {
  const { tenant } = tenantAccess(ctx, PERMS);
  const sourceId = idArg(input.sourceId, 'sourceId');
  const targetId = idArg(input.targetId, 'targetId');
  if (sourceId === targetId) badInput('targetId', 'A term cannot be merged into itself');
  return commit(ctx, async (tx) => {
    const { all, term: source } = await termOf(tx, tenant.tenantKey, sourceId, 'sourceId');
    const target = all.find((r) => r.id === targetId);
    if (!target) badInput('targetId', `Unknown taxonomy term ${targetId}`);
    if (target.type !== source.type) badInput('targetId', `Both terms must be of the same kind (${source.type} and ${target.type})`);
    let rest = all.filter((r) => r.id !== sourceId);
    const rows: TermRow[] = [];
    for (const child of all.filter((r) => r.parentId === sourceId)) {
      const placed = place(rest, child.id, { type: child.type as TaxonomyTermInput['type'], name: child.name, parentId: targetId });
      rows.push(...placed);
      const changed = new Map(placed.map((p) => [p.id, p]));
      rest = rest.map((r) => changed.get(r.id) ?? r);
    }
    await saveTerms(tx, tenant.tenantKey, rows, ctx.services.now());
    const moved = await moveTermLinks(tx, sourceId, targetId);
    await deleteTermRow(tx, tenant.tenantKey, sourceId);
    return { source, target, moved, children: rows.map((r) => r.id) };
  }, (r) => ({
    tenantKey: tenant.tenantKey, entityType: 'taxonomy', entityId: sourceId, action: 'merge',
    changes: { mergedInto: { from: r.source.fullName, to: r.target.fullName }, targetId, movedContent: r.moved, movedTerms: r.children },
  }), () => ({ entity: 'taxonomy', action: 'update', ids: [sourceId, targetId] })).then((r) => ({ id: targetId, moved: r.moved.length }));
}

/** The taxonomy export (admin §2.2 /admin/taxonomy-export): every term with its content count, as CSV. */
export async function taxonomyExportCsv(ctx: OpContext): Promise<string> {
  const { tenant } = tenantAccess(ctx, PERMS);
  const db = ctx.services.store.db;
  const [terms, counts] = await Promise.all([listTerms(db, tenant.tenantKey), termContentCounts(db, tenant.tenantKey)]);
  const lines = [TAXONOMY_EXPORT_COLUMNS.join(',')];
  for (const t of terms) lines.push([t.id, t.type, t.name, t.fullName, t.parentId, counts.get(t.id) ?? 0].map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
