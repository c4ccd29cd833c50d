// Person operations (issue 16, /admin/persons): authors and contacts. Guarded by manage_content or
// manage_contacts (people are content metadata; the toolbar's "create person" is an editor's action). The bio is
// sanitised by the body rules (engine/html/sanitize.ts), the photo must be one of the tenant's
// images, social links are checked by engine/domain/people.ts. A person who still signs content
// cannot be deleted. Each change rebuilds the person's author page and the pages of their items.
import { AppError } from '../../domain/errors';
import { authorPath, personInputSchema, type PersonInput } from '../../domain/people';
import { badInput, parseInput } from '../../domain/validation';
import { sanitizeBody } from '../../html/sanitize';
import type { Db } from '../../store/connection';
import { nextId } from '../../store/queries/ids';
import { recordMovedPaths } from '../../store/queries/site-config';
import { assetOfTenant, contentOfPerson, deletePersonRow, getPerson, savePerson, type PersonRow } from '../../store/queries/people';
import { commit, diff, snapshot, tenantAccess, type OpArgs } from '../kernel/operation';
import { asInput, createInput, idArg, mergePatch } from '../kernel/patch';

export const PERSON_PERMS = ['manage_content', 'manage_contacts'] as const;

function inputOf(p: PersonRow): Record<string, unknown> {
  return asInput({ firstName: p.firstName, lastName: p.lastName, title: p.title, bio: p.bio, imageId: p.imageId, status: p.status, socialLinks: p.socialLinks });
}

/** The validated input with its bio sanitised; an empty bio (or one that sanitises to nothing) is none. */
function clean(p: PersonInput): PersonInput {
  const bio = p.bio === undefined ? undefined : sanitizeBody(p.bio).trim();
  return { ...p, title: p.title || undefined, bio: bio || undefined };
}

async function checkImage(tx: Db, tenantKey: string, imageId: number | undefined): Promise<void> {
  if (imageId !== undefined && !(await assetOfTenant(tx, tenantKey, imageId))) badInput('imageId', `Unknown image ${imageId}`);
}

const row = (id: number, p: PersonInput) => ({
  id, firstName: p.firstName, lastName: p.lastName, title: p.title ?? null, bio: p.bio ?? null,
  imageId: p.imageId ?? null, status: p.status, socialLinks: p.socialLinks,
});

export async function createPerson({ ctx, input }: OpArgs): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERSON_PERMS);
  const p = clean(parseInput(personInputSchema, createInput(input), 'input'));
  return commit(ctx, async (tx) => {
    await checkImage(tx, tenant.tenantKey, p.imageId);
    const id = await nextId(tx, 'person');
    await savePerson(tx, tenant.tenantKey, row(id, p), ctx.services.now());
    return { id, p };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'person', entityId: r.id, action: 'create', changes: snapshot({ ...r.p }) }),
  (r) => ({ entity: 'person', action: 'create', ids: [r.id] }));
}

export async function updatePerson({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERSON_PERMS);
  const id = idArg(input.id);
  return commit(ctx, async (tx) => {
    const current = await getPerson(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Person', id });
    const p = clean(parseInput(personInputSchema, mergePatch(inputOf(current), input.input), 'input'));
    await checkImage(tx, tenant.tenantKey, p.imageId);
    await savePerson(tx, tenant.tenantKey, row(id, p), ctx.services.now());
    // A renamed author keeps their published page's address: the old path answers 301 (admin §2.4).
    const from = authorPath(current);
    const to = authorPath({ id, fullName: `${p.firstName} ${p.lastName}` });
    if (from !== to && (await contentOfPerson(tx, id)).length) await recordMovedPaths(tx, tenant.tenantKey, [{ from, to }]);
    return { before: inputOf(current), after: asInput({ ...row(id, p), id: undefined }) };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'person', entityId: id, action: 'update', changes: diff(r.before, r.after) }),
  () => ({ entity: 'person', action: 'update', ids: [id] })).then(() => ({ id }));
}

export async function deletePerson({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, PERSON_PERMS);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await getPerson(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Person', id });
    const items = await contentOfPerson(tx, id);
    if (items.length) {
      throw new AppError('CONFLICT', { message: `${current.fullName} is an author of ${items.length} content item(s); remove them from those items first.` });
    }
    await deletePersonRow(tx, tenant.tenantKey, id);
    return current;
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'person', entityId: id, action: 'delete', changes: snapshot({ ...r }) }),
  () => ({ entity: 'person', action: 'delete', ids: [id] }));
  return { ok: true };
}
