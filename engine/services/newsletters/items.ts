// Newsletter item operations (public §3 "Newsletter item": title, description, omedaProductId,
// showInSubscribeBlock). Items decide audiences, so writes need manage_newsletter_templates. An item
// that a template deploys to or that has subscribers cannot be deleted (deleting would drop its
// subscriptions): hide it from the subscribe block instead.
import { AppError } from '../../domain/errors';
import { newsletterSchema } from '../../domain/records';
import { parseInput } from '../../domain/validation';
import { localAudienceProvider } from '../../newsletter/audience';
import {
  deleteNewsletterItemRow, getNewsletterItem, insertNewsletterItem, nextNewsletterItemId, templatesOfNewsletterItem,
  updateNewsletterItemRow, type NewsletterItemWrite,
} from '../../store/queries/newsletter-items';
import type { NewsletterItemRecord } from '../../store/queries/newsletters';
import { commit, diff, snapshot, tenantAccess, type OpArgs } from '../kernel/operation';
import { asInput, createInput, idArg, mergePatch } from '../kernel/patch';
import { newsletterRuntime } from './options';
import { newsletterChange, PERMS } from './shared';

export function itemInputOf(n: NewsletterItemRecord): Record<string, unknown> {
  return asInput({ title: n.title, description: n.description, omedaProductId: n.omedaProductId, showInSubscribeBlock: n.showInSubscribeBlock });
}

/** Validates with the fixtures' newsletter schema (the id is allocated, not given). */
function parseItem(raw: Record<string, unknown>): NewsletterItemWrite {
  if ('id' in raw) delete raw.id;
  const { id: _id, ...n } = parseInput(newsletterSchema, { ...raw, id: 1 });
  return { ...n, omedaProductId: n.omedaProductId ?? null };
}

export async function createNewsletterItem({ ctx, input }: OpArgs): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS.items);
  const n = parseItem(createInput(input));
  return commit(ctx, async (tx) => {
    const id = await nextNewsletterItemId(tx);
    await insertNewsletterItem(tx, tenant.tenantKey, id, n);
    return { id, n };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'newsletterItem', entityId: r.id, action: 'create', changes: snapshot({ ...r.n, id: r.id }) }),
  (r) => newsletterChange('create', 'item', r.id));
}

export async function updateNewsletterItem({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS.items);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await getNewsletterItem(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Newsletter', id });
    const before = itemInputOf(current);
    const n = parseItem(mergePatch(before, input.input));
    await updateNewsletterItemRow(tx, tenant.tenantKey, id, n);
    return { before, after: itemInputOf((await getNewsletterItem(tx, tenant.tenantKey, id))!) };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'newsletterItem', entityId: id, action: 'update', changes: diff(r.before, r.after) }),
  () => newsletterChange('update', 'item', id));
  return { id };
}

export async function deleteNewsletterItem({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, PERMS.items);
  const id = idArg(input.id);
  const provider = newsletterRuntime(ctx.services).options.audience ?? localAudienceProvider(ctx.services.store);
  await commit(ctx, async (tx) => {
    const current = await getNewsletterItem(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Newsletter', id });
    const [template] = await templatesOfNewsletterItem(tx, tenant.tenantKey, id);
    if (template) throw new AppError('CONFLICT', { message: `Newsletter ${id} is sent by template ${template.id} (${template.name}); hide it from the subscribe block instead.` });
    const subscribers = await provider.countSubscribers(tenant.tenantKey, id);
    if (subscribers > 0) throw new AppError('CONFLICT', { message: `Newsletter ${id} has ${subscribers} subscriber${subscribers === 1 ? '' : 's'}; hide it from the subscribe block instead.` });
    await deleteNewsletterItemRow(tx, tenant.tenantKey, id);
    return current;
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'newsletterItem', entityId: id, action: 'delete', changes: snapshot(itemInputOf(r)) }),
  () => newsletterChange('delete', 'item', id));
  return { ok: true };
}
