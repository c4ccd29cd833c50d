// getDashboard (issue 35): the counts and next dates of the admin's start page for the current
// tenant, read through the store's existing queries: drafts and scheduled items (published, dated
// ahead) of the content stream, and the unsent campaign due soonest. Staff of the tenant with any
// permission; each part is answered only to holders of the permission its screen needs, else null.
// Readers and top stories come from runReport (content-views), build health from getBuildStatus.
import { AppError } from '../../domain/errors';
import { contentStream, type ContentRecord } from '../../store/queries/content';
import { listNewsletterCampaigns } from '../../store/queries/newsletters';
import { may, requireTenantPermission } from '../kernel/access';
import type { LazyCaller } from '../kernel/operation';

const LIST = 5;
/** Campaigns are listed newest first (future deployments lead); this many are enough to find the next. */
const CAMPAIGN_WINDOW = 50;

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());
const item = (c: ContentRecord) => ({ id: c.id, name: c.name, type: c.type, published: iso(c.published), updatedAt: iso(c.updatedAt) });

async function contentFigures(ctx: LazyCaller, tenantKey: string, now: number) {
  const db = ctx.services.store.db;
  const base = { tenantKey, now, skip: 0, limit: LIST };
  const scheduled = await contentStream(db, { ...base, statuses: [1], publishedAfter: now, sortField: 'published', sortOrder: 'asc' });
  const drafts = await contentStream(db, { ...base, statuses: [2], sortField: 'updated', sortOrder: 'desc' });
  return { scheduledCount: scheduled.total, nextScheduled: scheduled.rows.map(item), draftCount: drafts.total, recentDrafts: drafts.rows.map(item) };
}

async function nextNewsletter(ctx: LazyCaller, tenantKey: string, now: number) {
  const { rows } = await listNewsletterCampaigns(ctx.services.store.db, { tenantKey, limit: CAMPAIGN_WINDOW, skip: 0 });
  const due = rows.filter((c) => c.sentAt === null && c.deploymentDate !== null && c.deploymentDate >= now)
    .sort((a, b) => (a.deploymentDate as number) - (b.deploymentDate as number))[0];
  return due ? { id: due.id, name: due.name, subject: due.subject ?? null, deploymentDate: iso(due.deploymentDate) } : null;
}

/** getDashboard: the start page's figures for the request's tenant; a part the caller may not open is null. */
export async function getDashboard(ctx: LazyCaller) {
  const tenant = await ctx.tenant();
  const actor = requireTenantPermission(await ctx.actor(), tenant.tenantKey, []);
  if (actor.kind !== 'staff' || actor.permissions.length === 0) throw new AppError('FORBIDDEN');
  const now = ctx.services.now();
  const content = may(actor, tenant.tenantKey, ['manage_content'])
    ? await contentFigures(ctx, tenant.tenantKey, now)
    : { scheduledCount: null, nextScheduled: null, draftCount: null, recentDrafts: null };
  const newsletter = may(actor, tenant.tenantKey, ['manage_newsletter_campaigns']) ? await nextNewsletter(ctx, tenant.tenantKey, now) : null;
  return { ...content, nextNewsletter: newsletter };
}
