// House ads (engine/domain/house-ads.ts): create, update and delete, one tenant at a time, behind
// manage_ad_unit_patterns like the ad units they fill.
import { houseAdSchema, type HouseAd } from '../../domain/house-ads';
import { AppError } from '../../domain/errors';
import { parseInput } from '../../domain/validation';
import { deleteHouseAdRow, getHouseAd, writeHouseAds } from '../../store/queries/house-ads';
import { nextId } from '../../store/queries/ids';
import { commit, diff, snapshot, tenantAccess, type OpArgs } from '../kernel/operation';
import { createInput, idArg, mergePatch } from '../kernel/patch';
import { checkImageAssets } from '../kernel/references';
import type { Db } from '../../store/connection';

/** A native's library image must be an image of the tenant's media library. */
const checkAssets = (tx: Db, tenantKey: string, a: HouseAd) => checkImageAssets(tx, tenantKey, [['native.nativeImageAssetId', a.native?.nativeImageAssetId]]);

const PERMS = ['manage_ad_unit_patterns'] as const;

/** A stored ad as an input (dates back to ISO text). */
function inputOf(a: HouseAd): Record<string, unknown> {
  const { id: _id, startDate, endDate, ...rest } = a;
  return {
    ...rest,
    ...(startDate !== undefined ? { startDate: new Date(startDate).toISOString() } : {}),
    ...(endDate !== undefined ? { endDate: new Date(endDate).toISOString() } : {}),
  };
}

export async function createHouseAd({ ctx, input }: OpArgs): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS);
  const a = parseInput(houseAdSchema, { ...createInput(input), id: 1 });
  return commit(ctx, async (tx) => {
    await checkAssets(tx, tenant.tenantKey, a);
    const id = await nextId(tx, 'houseAd');
    await writeHouseAds(tx, tenant.tenantKey, [{ ...a, id }]);
    return { id };
  }, (x) => ({ tenantKey: tenant.tenantKey, entityType: 'houseAd', entityId: x.id, action: 'create', changes: snapshot(inputOf(a)) }),
  (x) => ({ entity: 'houseAd', action: 'create', ids: [x.id] }));
}

export async function updateHouseAd({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await getHouseAd(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'House ad', id });
    const { updatedAt: _u, ...stored } = current;
    const a = parseInput(houseAdSchema, { ...mergePatch(inputOf(stored), input.input), id });
    await checkAssets(tx, tenant.tenantKey, a);
    await writeHouseAds(tx, tenant.tenantKey, [a]);
    return { before: inputOf(stored), after: inputOf(a) };
  }, (x) => ({ tenantKey: tenant.tenantKey, entityType: 'houseAd', entityId: id, action: 'update', changes: diff(x.before, x.after) }),
  () => ({ entity: 'houseAd', action: 'update', ids: [id] }));
  return { id };
}

export async function deleteHouseAd({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, PERMS);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await getHouseAd(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'House ad', id });
    await deleteHouseAdRow(tx, tenant.tenantKey, id);
    return current;
  }, (x) => ({ tenantKey: tenant.tenantKey, entityType: 'houseAd', entityId: id, action: 'delete', changes: snapshot(inputOf(x)) }),
  () => ({ entity: 'houseAd', action: 'delete', ids: [id] }));
  return { ok: true };
}
