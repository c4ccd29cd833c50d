// Ad units (public §3 Ad unit, admin §2.2): create, update and delete, one tenant at a time, behind
// manage_ad_unit_patterns (the permission of the ad settings screens). Keys are unique per tenant,
// since layout blocks and the ads island name units by key.
import { adUnitSchema, type AdUnit } from '../../domain/ads';
import { AppError } from '../../domain/errors';
import { badInput, parseInput } from '../../domain/validation';
import type { Db } from '../../store/connection';
import { deleteAdUnitRow, findAdUnitByKey, getAdUnit, writeAdUnits, type AdUnitRecord } from '../../store/queries/ad-units';
import { nextId } from '../../store/queries/ids';
import { commit, diff, snapshot, tenantAccess, type OpArgs } from '../kernel/operation';
import { createInput, idArg, mergePatch } from '../kernel/patch';

const PERMS = ['manage_ad_unit_patterns'] as const;

function inputOf(u: AdUnitRecord | AdUnit): Record<string, unknown> {
  return {
    key: u.key, type: u.type, size: u.size, sizeMapping: u.sizeMapping, useSectionAlias: u.useSectionAlias, refreshRate: u.refreshRate,
    excludePageTypes: u.excludePageTypes, position: u.position, ...(u.targetId ? { targetId: u.targetId } : {}),
  };
}

async function checkKey(tx: Db, tenantKey: string, key: string, selfId: number): Promise<void> {
  const other = await findAdUnitByKey(tx, tenantKey, key);
  if (other && other.id !== selfId) badInput('key', `Already used by another ad unit (${other.id})`);
}

export async function createAdUnit({ ctx, input }: OpArgs): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS);
  const u = parseInput(adUnitSchema, { ...createInput(input), id: 1 });
  return commit(ctx, async (tx) => {
    await checkKey(tx, tenant.tenantKey, u.key, -1);
    const id = await nextId(tx, 'adUnit');
    await writeAdUnits(tx, tenant.tenantKey, [{ ...u, id }]);
    return { id };
  }, (x) => ({ tenantKey: tenant.tenantKey, entityType: 'adUnit', entityId: x.id, action: 'create', changes: snapshot(inputOf(u)) }),
  (x) => ({ entity: 'adUnit', action: 'create', ids: [x.id] }));
}

export async function updateAdUnit({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await getAdUnit(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Ad unit', id });
    const u = parseInput(adUnitSchema, { ...mergePatch(inputOf(current), input.input), id });
    await checkKey(tx, tenant.tenantKey, u.key, id);
    await writeAdUnits(tx, tenant.tenantKey, [u]);
    return { before: inputOf(current), after: inputOf(u) };
  }, (x) => ({ tenantKey: tenant.tenantKey, entityType: 'adUnit', entityId: id, action: 'update', changes: diff(x.before, x.after) }),
  () => ({ entity: 'adUnit', action: 'update', ids: [id] }));
  return { id };
}

export async function deleteAdUnit({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, PERMS);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await getAdUnit(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Ad unit', id });
    await deleteAdUnitRow(tx, tenant.tenantKey, id);
    return current;
  }, (x) => ({ tenantKey: tenant.tenantKey, entityType: 'adUnit', entityId: id, action: 'delete', changes: snapshot(inputOf(x)) }),
  () => ({ entity: 'adUnit', action: 'delete', ids: [id] }));
  return { ok: true };
}
