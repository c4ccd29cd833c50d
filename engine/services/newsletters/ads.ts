// Newsletter ad operations (admin §3.9): the ad and its schedules validated with the ad schema
// (each schedule from the start of its first day to the end of the business day of its last,
// Central time; position 1–100), every schedule's template and an existing company checked against
// the tenant. Guarded by manage_newsletter_ads.
import { AppError } from '../../domain/errors';
import { newsletterAdSchema, type NewsletterAd } from '../../domain/newsletter-ads';
import { badInput, parseInput } from '../../domain/validation';
import type { Db } from '../../store/connection';
import { contentByIds } from '../../store/queries/content';
import {
  deleteNewsletterAdRow, getNewsletterAd, nextNewsletterId, upsertNewsletterAd, type AdRecord,
} from '../../store/queries/newsletters';
import { commit, diff, snapshot, tenantAccess, type OpArgs } from '../kernel/operation';
import { asInput, createInput, idArg, mergePatch } from '../kernel/patch';
import { checkImageAssets } from '../kernel/references';
import { newsletterChange, PERMS, templateRef } from './shared';

export function adInputOf(a: AdRecord): Record<string, unknown> {
  const { id: _id, tenantKey: _t, updatedAt: _u, schedules, ...rest } = a;
  return asInput({
    ...rest,
    schedules: schedules.map((s) => asInput({
      newsletterTemplateId: s.templateId, startDate: s.startDate, endDate: s.endDate, position: s.position, orderId: s.orderId, lineItemId: s.lineItemId,
    })),
  });
}

async function checkAd(tx: Db, tenantKey: string, ad: NewsletterAd): Promise<void> {
  await checkImageAssets(tx, tenantKey, [['logoAssetId', ad.logoAssetId], ['imageAssetId', ad.imageAssetId]]);
  for (const [i, s] of ad.schedules.entries()) await templateRef(tx, tenantKey, s.newsletterTemplateId, `schedules[${i}].newsletterTemplateId`);
  if (ad.companySource === 'existing' && ad.company.id !== undefined) {
    const [company] = await contentByIds(tx, tenantKey, [ad.company.id]);
    if (!company) badInput('company.id', `Unknown content ${ad.company.id}`);
    if (company.type !== 'Company') badInput('company.id', `Content ${ad.company.id} is not a Company`);
  }
}

export async function createNewsletterAd({ ctx, input }: OpArgs): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS.ads);
  const ad = parseInput(newsletterAdSchema, createInput(input));
  return commit(ctx, async (tx) => {
    await checkAd(tx, tenant.tenantKey, ad);
    const id = await nextNewsletterId(tx, 'ad');
    await upsertNewsletterAd(tx, id, tenant.tenantKey, ad);
    return { id, ad };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'newsletterAd', entityId: r.id, action: 'create', changes: snapshot({ ...r.ad, id: r.id }) }),
  (r) => newsletterChange('create', 'ad', r.id));
}

export async function updateNewsletterAd({ ctx, input }: OpArgs<{ id: unknown; input: unknown }>): Promise<{ id: number }> {
  const { tenant } = tenantAccess(ctx, PERMS.ads);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await getNewsletterAd(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Newsletter ad', id });
    const before = adInputOf(current);
    const ad = parseInput(newsletterAdSchema, mergePatch(before, input.input));
    await checkAd(tx, tenant.tenantKey, ad);
    await upsertNewsletterAd(tx, id, tenant.tenantKey, ad);
    return { before, after: adInputOf((await getNewsletterAd(tx, tenant.tenantKey, id))!) };
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'newsletterAd', entityId: id, action: 'update', changes: diff(r.before, r.after) }),
  () => newsletterChange('update', 'ad', id));
  return { id };
}

export async function deleteNewsletterAd({ ctx, input }: OpArgs<{ id: unknown }>): Promise<{ ok: true }> {
  const { tenant } = tenantAccess(ctx, PERMS.ads);
  const id = idArg(input.id);
  await commit(ctx, async (tx) => {
    const current = await getNewsletterAd(tx, tenant.tenantKey, id);
    if (!current) throw new AppError('NOT_FOUND', { entity: 'Newsletter ad', id });
    await deleteNewsletterAdRow(tx, tenant.tenantKey, id);
    return current;
  }, (r) => ({ tenantKey: tenant.tenantKey, entityType: 'newsletterAd', entityId: id, action: 'delete', changes: snapshot(adInputOf(r)) }),
  () => newsletterChange('delete', 'ad', id));
  return { ok: true };
}
