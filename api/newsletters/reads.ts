// Staff reads of newsletter templates, campaigns, ads and items: signed in, in the tenant's scope,
// holding a newsletter permission. Every row is read with the resolved tenant in the query, so
// another tenant's id answers NOT_FOUND.
import { isoCalendarDate } from '../../engine/domain/dates';
import { AppError } from '../../engine/domain/errors';
import { isCampaignListed } from '../../engine/domain/newsletter';
import type { Permission } from '../../engine/domain/permissions';
import { badInput } from '../../engine/domain/validation';
import { getNewsletterItem } from '../../engine/store/queries/newsletter-items';
import {
  getNewsletterAd, getNewsletterCampaign, getNewsletterTemplate, listNewsletterAds, listNewsletterCampaigns, listNewsletterItems,
  listNewsletterTemplates, listSends, type AdRecord, type CampaignRecord,
} from '../../engine/store/queries/newsletters';
import { requireTenantPermission } from '../../engine/services/kernel/access';
import type { GqlContext } from '../context';
import { clampLimit, connection, skipOf } from '../../engine/services/kernel/paging';
import { idArg } from '../../engine/services/kernel/patch';
import { optionalInt, PERMS } from '../../engine/services/newsletters';

type Pagination = { limit?: unknown; skip?: unknown; after?: unknown } | null | undefined;

async function staff(ctx: GqlContext, perms: readonly Permission[]): Promise<string> {
  const tenant = await ctx.tenant();
  requireTenantPermission(await ctx.actor(), tenant.tenantKey, perms);
  return tenant.tenantKey;
}

export async function readItems(ctx: GqlContext) {
  return listNewsletterItems(ctx.services.store.db, await staff(ctx, PERMS.read));
}

export async function readItem(ctx: GqlContext, rawId: unknown) {
  const id = idArg(rawId);
  const row = await getNewsletterItem(ctx.services.store.db, await staff(ctx, PERMS.read), id);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'Newsletter', id });
  return row;
}

export async function readTemplate(ctx: GqlContext, rawId: unknown) {
  const id = idArg(rawId);
  const row = await getNewsletterTemplate(ctx.services.store.db, await staff(ctx, PERMS.read), id);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'Newsletter template', id });
  return row;
}

/** Templates offered in selections (status 1) unless `status` or `anyStatus` asks otherwise. */
export async function readTemplateStream(ctx: GqlContext, input: { status?: unknown; anyStatus?: unknown; pagination?: Pagination } | null | undefined) {
  const tenantKey = await staff(ctx, PERMS.read);
  const status = optionalInt(input?.status, 'input.status');
  if (status !== undefined && status !== 0 && status !== 1) badInput('input.status', 'Must be one of 0, 1');
  const limit = clampLimit(input?.pagination?.limit, 100, 1000);
  const skip = skipOf(input?.pagination);
  const r = await listNewsletterTemplates(ctx.services.store.db, { tenantKey, status: input?.anyStatus === true ? undefined : status ?? 1, limit, skip });
  return connection(r.rows, skip, r.total);
}

export async function readCampaign(ctx: GqlContext, rawId: unknown): Promise<CampaignRecord> {
  const id = idArg(rawId);
  const row = await getNewsletterCampaign(ctx.services.store.db, await staff(ctx, PERMS.read), id);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'Newsletter campaign', id });
  return row;
}

/** Newest first; 20 by default (admin §7.3), at most 100. */
export async function readCampaignStream(ctx: GqlContext, input: { templateId?: unknown; listedOnly?: unknown; pagination?: Pagination } | null | undefined) {
  const tenantKey = await staff(ctx, PERMS.read);
  const templateId = optionalInt(input?.templateId, 'input.templateId');
  const limit = clampLimit(input?.pagination?.limit, 20, 100);
  const skip = skipOf(input?.pagination);
  const r = await listNewsletterCampaigns(ctx.services.store.db, { tenantKey, templateId, listedOnly: input?.listedOnly === true, limit, skip });
  return connection(r.rows, skip, r.total);
}

export async function readAd(ctx: GqlContext, rawId: unknown): Promise<AdRecord> {
  const id = idArg(rawId);
  const row = await getNewsletterAd(ctx.services.store.db, await staff(ctx, PERMS.ads), id);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'Newsletter ad', id });
  return row;
}

export async function readAdStream(ctx: GqlContext, input: { pagination?: Pagination } | null | undefined) {
  const tenantKey = await staff(ctx, PERMS.ads);
  const limit = clampLimit(input?.pagination?.limit, 100, 1000);
  const skip = skipOf(input?.pagination);
  const r = await listNewsletterAds(ctx.services.store.db, { tenantKey, limit, skip });
  return connection(r.rows, skip, r.total);
}

export const campaignFields = {
  listed: (c: CampaignRecord) => isCampaignListed(c),
  sends: (c: CampaignRecord, _: unknown, ctx: GqlContext) => listSends(ctx.services.store.db, c.tenantKey, c.id),
};

export const scheduleFields = {
  newsletterTemplateId: (s: AdRecord['schedules'][number]) => s.templateId,
  startDay: (s: AdRecord['schedules'][number]) => isoCalendarDate(s.startDate),
  endDay: (s: AdRecord['schedules'][number]) => isoCalendarDate(s.endDate),
};
