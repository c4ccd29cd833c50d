// Newsletter template operations (admin §3.7): every field validated with the template schema and
// its defaults, the newsletter item it deploys to checked against the tenant. Holders of
// manage_newsletter_templates_basic edit looks and texts; creating, deleting, and changing who
// receives the mail and from whom (newsletterId, deploymentSettings, defaultTesters) need
// manage_newsletter_templates.
import { AppError } from '../../domain/errors';
import { newsletterTemplateSchema, type NewsletterTemplate } from '../../domain/newsletter';
import { hasAnyPermission } from '../../domain/permissions';
import { parseInput, withoutNulls } from '../../domain/validation';
import type { Db } from '../../store/connection';
import {
  deleteNewsletterTemplateRow, getNewsletterTemplate, listNewsletterCampaigns, nextNewsletterId, upsertNewsletterTemplate,
  type TemplateRecord,
} from '../../store/queries/newsletters';
import { commit, diff, snapshot, tenantAccess, type OpArgs } from '../kernel/operation';
import { asInput, createInput, idArg } from '../kernel/patch';
import { checkImageAssets } from '../kernel/references';
import { checkOwned, newsletterChange, PERMS } from './shared';

/** Fields only manage_newsletter_templates may change: they decide who gets the mail and from whom. */
export const DEPLOYMENT_FIELDS = ['newsletterId', 'deploymentSettings', 'defaultTesters'] as const;

export function templateInputOf(t: TemplateRecord): Record<string, unknown> {
  const { id: _id, tenantKey: _t, updatedAt: _u, ...rest } = t;
  return asInput(rest);
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A template patch: only the fields given change, at any depth of the settings groups (styles,
 * header, footer…); lists are replaced whole; null clears a field (its default applies again).
 */
export function mergeDeep(current: Record<string, unknown>, patch: unknown, field = 'input'): Record<string, unknown> {
  if (!isObject(patch)) throw new AppError('BAD_USER_INPUT', { field, message: 'Field is required' });
  const out: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (v === null) delete out[k];
    else if (isObject(v) && isObject(out[k])) out[k] = mergeDeep(out[k] as Record<string, unknown>, v, `${field}.${k}`);
    else out[k] = withoutNulls(v);
  }
  return out;
}

async function checkTemplate(tx: Db, tenantKey: string, t: NewsletterTemplate): Promise<void> {
  if (t.newsletterId !== undefined) await checkOwned(tx, tenantKey, 'newsletter', [['newsletterId', t.newsletterId]]);
  await checkImageAssets(tx, tenantKey, [['header.imageAssetId', t.header.imageAssetId]]);
}

export async function createNewsletterTemplate({ ctx, input }: OpArgs): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS.templatesFull);
  const t = parseInput(newsletterTemplateSchema, createInput(input));
  return commit(ctx, async (tx) => {
    await checkTemplate(tx, tenant.tenantKey, t);
    const id = await nextNewsletterId(tx, 'template');
    await upsertNewsletterTemplate(tx, id, tenant.tenantKey, t);
    return { id, t };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'newsletterTemplate', entityId: r.id, action: 'create', changes: snapshot({ ...r.t, id: r.id }) }),
  (r) => newsletterChange('create', 'template', r.id));
}

export async function updateNewsletterTemplate({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const { actor, tenant } = tenantAccess(ctx, PERMS.templates);
  const id = idArg(input.id);
  const full = hasAnyPermission(actor.permissions, PERMS.templatesFull);
  await commit(ctx, async (tx) => {
    const current = await getNewsletterTemplate(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Newsletter template', id });
    const before = templateInputOf(current);
    const t = parseInput(newsletterTemplateSchema, mergeDeep(before, input.input));
    if (!full) {
      const was = newsletterTemplateSchema.parse(before);
      if (DEPLOYMENT_FIELDS.some((f) => JSON.stringify(was[f]) !== JSON.stringify(t[f]))) throw new AppError('FORBIDDEN');
    }
    await checkTemplate(tx, tenant.tenantKey, t);
    await upsertNewsletterTemplate(tx, id, tenant.tenantKey, t);
    return { before, after: templateInputOf((await getNewsletterTemplate(tx, tenant.tenantKey, id))!) };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'newsletterTemplate', entityId: id, action: 'update', changes: diff(r.before, r.after) }),
  () => newsletterChange('update', 'template', id));
  return { id };
}

/** Refused while campaigns use the template (set its status to 0 instead); its ad schedules go with it. */
export async function deleteNewsletterTemplate({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, PERMS.templatesFull);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await getNewsletterTemplate(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Newsletter template', id });
    const { total } = await listNewsletterCampaigns(tx, { tenantKey: tenant.tenantKey, templateId: id, limit: 1, skip: 0 });
    if (total > 0) {
      throw new AppError('CONFLICT', { message: `Newsletter template ${id} has ${total} campaign${total === 1 ? '' : 's'}; set its status to 0 instead.` });
    }
    await deleteNewsletterTemplateRow(tx, tenant.tenantKey, id);
    return current;
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'newsletterTemplate', entityId: id, action: 'delete', changes: snapshot(templateInputOf(r)) }),
  () => newsletterChange('delete', 'template', id));
  return { ok: true };
}
