// Layout operations (admin §3.1): every field and both grids validated with the layout schema,
// then the references inside (sections, content, assets) checked against the tenant.
import { AppError } from '../../domain/errors';
import { layoutSchema, type Layout } from '../../domain/layout';
import { badInput, parseInput } from '../../domain/validation';
import type { Db } from '../../store/connection';
import { nextId } from '../../store/queries/ids';
import { deleteLayoutRow, getLayout, listAllLayouts, type LayoutRecord } from '../../store/queries/layouts';
import { idsNotInTenant, type ReferenceKind } from '../../store/queries/ownership';
import { writeLayouts } from '../../store/writes';
import type { Actor } from '../kernel/access';
import { commit, diff, snapshot, tenantAccess, type OpArgs } from '../kernel/operation';
import { asInput, createInput, idArg, mergePatch } from '../kernel/patch';
import { normalizePath } from './page';

export function layoutInputOf(l: LayoutRecord): Record<string, unknown> {
  return asInput({
    name: l.name, type: l.type, key: l.key, aliases: l.aliases, propagate: l.propagate, pageType: l.pageType,
    contentTypes: l.contentTypes, contentIds: l.contentIds, sectionIds: l.sectionIds, gatingRequirements: l.gatingRequirements,
    isGlobal: l.isGlobal, hideHeader: l.hideHeader, hideFooter: l.hideFooter, loadMoreType: l.loadMoreType,
    excludeAds: l.excludeAds, primaryGrid: l.primaryGrid, secondaryGrid: l.secondaryGrid,
  });
}

function gridRefs(l: Layout): [string, ReferenceKind, number][] {
  const out: [string, ReferenceKind, number][] = [];
  for (const [name, grid] of [['primaryGrid', l.primaryGrid], ['secondaryGrid', l.secondaryGrid]] as const) {
    grid?.rows.forEach((row, ri) => row.columns.forEach((col, ci) => col.blocks.forEach((b, bi) => {
      const at = `${name}.rows[${ri}].columns[${ci}].blocks[${bi}].data`;
      if (b.type === 'content_list' && typeof b.data.section === 'number') out.push([`${at}.section`, 'section', b.data.section]);
      if (b.type === 'image_grid' || b.type === 'image_gallery') b.data.assetIds.forEach((a, ai) => out.push([`${at}.assetIds[${ai}]`, 'asset', a]));
      if (b.type === 'document_download' && b.data.assetId !== undefined) out.push([`${at}.assetId`, 'asset', b.data.assetId]);
      if (b.type === 'document_download') (b.data.membershipIds ?? []).forEach((m, mi) => out.push([`${at}.membershipIds[${mi}]`, 'membership', m]));
      if (b.type === 'issue_list') out.push([`${at}.publicationId`, 'publication', b.data.publicationId]);
    })));
  }
  return out;
}

async function checkLayout(tx: Db, tenantKey: string, actor: Actor, l: Layout, selfId: number): Promise<Layout> {
  if (l.isGlobal && !actor.isGlobal) badInput('isGlobal', 'Only global staff may mark a layout global');
  const aliases = l.aliases.map((a, i) => {
    const p = normalizePath(a);
    if (!a.trim().startsWith('/') || p === null) badInput(`aliases[${i}]`, 'Must be a path starting with /');
    return p;
  });
  const refs: [string, ReferenceKind, number][] = [
    ...l.sectionIds.map((id, i): [string, ReferenceKind, number] => [`sectionIds[${i}]`, 'section', id]),
    ...l.contentIds.map((id, i): [string, ReferenceKind, number] => [`contentIds[${i}]`, 'content', id]),
    ...gridRefs(l),
  ];
  for (const kind of ['section', 'content', 'asset', 'publication', 'membership'] as const) {
    const mine = refs.filter((r) => r[1] === kind);
    const missing = new Set(await idsNotInTenant(tx, kind, tenantKey, mine.map((r) => r[2])));
    const bad = mine.find((r) => missing.has(r[2]));
    if (bad) badInput(bad[0], `Unknown ${kind} ${bad[2]}`);
  }
  if (l.type === 'url-override') {
    const others = (await listAllLayouts(tx, tenantKey)).filter((o) => o.type === 'url-override' && o.id !== selfId);
    for (const [i, a] of aliases.entries()) {
      const clash = others.find((o) => o.aliases.some((x) => normalizePath(x) === a));
      if (clash) badInput(`aliases[${i}]`, `Path "${a}" already has layout ${clash.id} (${clash.name})`);
    }
  }
  return { ...l, aliases };
}

export async function createLayout({ ctx, input }: OpArgs): Promise<{ id: number }> {
  const { actor, tenant } = tenantAccess(ctx, ['manage_site_layouts']);
  const parsed = parseInput(layoutSchema, { ...createInput(input), id: 1 });
  return commit(ctx, async (tx) => {
    const l = await checkLayout(tx, tenant.tenantKey, actor, parsed, -1);
    const id = await nextId(tx, 'layout');
    await writeLayouts(tx, tenant.tenantKey, [{ ...l, id }]);
    return { id, l };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'layout', entityId: r.id, action: 'create', changes: snapshot({ ...r.l, id: r.id }) }),
  (r) => ({ entity: 'layout', action: 'create', ids: [r.id] }));
}

export async function updateLayout({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const { actor, tenant } = tenantAccess(ctx, ['manage_site_layouts']);
  const id = idArg(input.id);
  return commit(ctx, async (tx) => {
    const current = await getLayout(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Layout', id });
    const before = layoutInputOf(current);
    const l = await checkLayout(tx, tenant.tenantKey, actor, parseInput(layoutSchema, { ...mergePatch(before, input.input), id }), id);
    await writeLayouts(tx, tenant.tenantKey, [l]);
    return { id, before, after: layoutInputOf((await getLayout(tx, tenant.tenantKey, id))!) };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'layout', entityId: id, action: 'update', changes: diff(r.before, r.after) }),
  () => ({ entity: 'layout', action: 'update', ids: [id] }));
}

export async function deleteLayout({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, ['manage_site_layouts']);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await getLayout(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Layout', id });
    await deleteLayoutRow(tx, tenant.tenantKey, id);
    return current;
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'layout', entityId: id, action: 'delete', changes: snapshot(layoutInputOf(r)) }),
  () => ({ entity: 'layout', action: 'delete', ids: [id] }));
  return { ok: true };
}
