// Magazine section operations (admin §2.2): a publication's issue sections (name, position).
// Guarded by manage_magazine_sections.
import { AppError } from '../../domain/errors';
import { magazineSectionInputSchema } from '../../domain/magazine';
import { parseInput } from '../../domain/validation';
import { upsertMagazineSection } from '../../store/queries/magazine';
import {
  deleteMagazineSection as deleteRow, nextMagazineSectionId, readMagazineSection, type MagazineSectionRow,
} from '../../store/queries/magazine-admin';
import { commit, diff, snapshot, tenantAccess, type OpArgs } from '../kernel/operation';
import { createInput, idArg, mergePatch } from '../kernel/patch';
import { magazineChange, PERMS, publicationRef } from './shared';

const inputOf = (s: MagazineSectionRow) => ({ publicationId: s.publicationId, name: s.name, position: s.position });

export async function createMagazineSection({ ctx, input }: OpArgs): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS.sections);
  const s = parseInput(magazineSectionInputSchema, createInput(input), 'input');
  return commit(ctx, async (tx) => {
    await publicationRef(tx, tenant.tenantKey, s.publicationId, 'input.publicationId');
    const id = await nextMagazineSectionId(tx);
    await upsertMagazineSection(tx, tenant.tenantKey, { id, ...s });
    return { id, s };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'magazineSection', entityId: r.id, action: 'create', changes: snapshot({ ...r.s, id: r.id }) }),
  (r) => magazineChange('create', 'section', r.id));
}

export async function updateMagazineSection({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS.sections);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await readMagazineSection(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Magazine section', id });
    const s = parseInput(magazineSectionInputSchema, mergePatch(inputOf(current), input.input), 'input');
    if (s.publicationId !== current.publicationId) {
      throw new AppError('BAD_USER_INPUT', { field: 'input.publicationId', message: 'A section stays in its publication' });
    }
    await upsertMagazineSection(tx, tenant.tenantKey, { id, ...s });
    return { before: inputOf(current), after: s };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'magazineSection', entityId: id, action: 'update', changes: diff(r.before, r.after) }),
  () => magazineChange('update', 'section', id));
  return { id };
}

export async function deleteMagazineSection({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, PERMS.sections);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await readMagazineSection(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Magazine section', id });
    await deleteRow(tx, tenant.tenantKey, id);
    return current;
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'magazineSection', entityId: id, action: 'delete', changes: snapshot(inputOf(r)) }),
  () => magazineChange('delete', 'section', id));
  return { ok: true };
}
