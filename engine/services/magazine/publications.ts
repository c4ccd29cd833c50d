// Magazine publication operations (admin §2.2): name, description, logo and cover from the media
// library, subscribe and renewal URLs. Guarded by manage_magazine_publications; every write keeps a
// history row and requests a rebuild of the tenant.
import { AppError } from '../../domain/errors';
import { publicationInputSchema, type PublicationInput } from '../../domain/magazine';
import { parseInput } from '../../domain/validation';
import { nextNewsletterId } from '../../store/queries/newsletters';
import {
  deleteMagazinePublication as deleteRow, readMagazinePublication, writeMagazinePublication, type MagazinePublicationRow,
} from '../../store/queries/magazine-admin';
import { commit, diff, snapshot, tenantAccess, type OpArgs } from '../kernel/operation';
import { asInput, createInput, idArg, mergePatch } from '../kernel/patch';
import { checkImageAssets, magazineChange, pagesOf, PERMS } from './shared';

export function publicationInputOf(p: MagazinePublicationRow): Record<string, unknown> {
  const { id: _id, updatedAt: _u, ...rest } = p;
  return asInput(rest);
}

const row = (id: number, p: PublicationInput) => ({
  id, name: p.name, description: p.description, logoAssetId: p.logoAssetId ?? null, coverAssetId: p.coverAssetId ?? null,
  subscribeUrl: p.subscribeUrl ?? null, renewalUrl: p.renewalUrl ?? null,
});

export async function createMagazinePublication({ ctx, input }: OpArgs): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS.publications);
  const p = parseInput(publicationInputSchema, createInput(input), 'input');
  return commit(ctx, async (tx) => {
    await checkImageAssets(tx, tenant.tenantKey, [['input.logoAssetId', p.logoAssetId], ['input.coverAssetId', p.coverAssetId]]);
    const id = await nextNewsletterId(tx, 'publication');
    await writeMagazinePublication(tx, tenant.tenantKey, row(id, p));
    return { id, p };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'magazinePublication', entityId: r.id, action: 'create', changes: snapshot({ ...r.p, id: r.id }) }),
  (r) => magazineChange('create', 'publication', r.id, pagesOf({ id: r.id, name: r.p.name })));
}

export async function updateMagazinePublication({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS.publications);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await readMagazinePublication(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Publication', id });
    const before = publicationInputOf(current);
    const p = parseInput(publicationInputSchema, mergePatch(before, input.input), 'input');
    await checkImageAssets(tx, tenant.tenantKey, [['input.logoAssetId', p.logoAssetId], ['input.coverAssetId', p.coverAssetId]]);
    await writeMagazinePublication(tx, tenant.tenantKey, row(id, p));
    return { before, after: publicationInputOf((await readMagazinePublication(tx, tenant.tenantKey, id))!), paths: pagesOf(current).concat(pagesOf({ id, name: p.name })) };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'magazinePublication', entityId: id, action: 'update', changes: diff(r.before, r.after) }),
  (r) => magazineChange('update', 'publication', id, r.paths));
  return { id };
}

export async function deleteMagazinePublication({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, PERMS.publications);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await readMagazinePublication(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Publication', id });
    await deleteRow(tx, tenant.tenantKey, id);
    return current;
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'magazinePublication', entityId: id, action: 'delete', changes: snapshot(publicationInputOf(r)) }),
  (r) => magazineChange('delete', 'publication', id, pagesOf(r)));
  return { ok: true };
}
