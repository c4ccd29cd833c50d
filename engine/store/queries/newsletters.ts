// Newsletter reads and writes: templates, campaigns, ads and their schedules, the local audience
// provider's subscriptions, sends, and the magazine publications the issue block reads. Every read
// is scoped to a tenant; joins are avoided so no two columns share a name (see connection.ts).
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { NewsletterCampaign, NewsletterTemplate, AudienceStatus } from '../../domain/newsletter';
import type { NewsletterAd } from '../../domain/newsletter-ads';
import type { Consent } from '../../domain/newsletter-subscribe';
import type { Db } from '../connection';
import { assets, newsletters, siteUserNewsletters, siteUsers } from '../schema';
import {
  magazineIssues, magazinePublications, newsletterAdSchedules, newsletterAds, newsletterCampaigns, newsletterSends,
  newsletterSubscriptions, newsletterTemplates,
} from '../schema-newsletters';

const stamp = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
async function count(db: Db, table: SQLiteTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(table).where(where);
  return Number(row?.n ?? 0);
}

// ——— ids ———

const ID_TABLES = {
  template: newsletterTemplates, campaign: newsletterCampaigns, ad: newsletterAds,
  publication: magazinePublications, issue: magazineIssues,
} as const;

/** The next id after the largest in use (ids are global across tenants). Call inside the write transaction. */
export async function nextNewsletterId(db: Db, kind: keyof typeof ID_TABLES): Promise<number> {
  const table = ID_TABLES[kind];
  const [row] = await db.select({ max: sql<number | null>`max(${table.id})` }).from(table);
  return Number(row?.max ?? 0) + 1;
}

// ——— newsletter items ———

export type NewsletterItemRecord = { id: number; title: string; description: string; omedaProductId: string | null; showInSubscribeBlock: boolean };
const itemColumns = {
  id: newsletters.id, title: newsletters.title, description: newsletters.description,
  omedaProductId: newsletters.omedaProductId, showInSubscribeBlock: newsletters.showInSubscribeBlock,
};

export async function listNewsletterItems(db: Db, tenantKey: string, ids?: readonly number[]): Promise<NewsletterItemRecord[]> {
  const where: SQL[] = [eq(newsletters.tenantKey, tenantKey)];
  if (ids) where.push(inArray(newsletters.id, ids.length ? [...ids] : [-1]));
  return db.select(itemColumns).from(newsletters).where(and(...where)).orderBy(asc(newsletters.title), asc(newsletters.id));
}

// ——— templates ———

export type TemplateRecord = NewsletterTemplate & { id: number; tenantKey: string; updatedAt: number };

function templateFromRow(r: typeof newsletterTemplates.$inferSelect): TemplateRecord {
  return { ...r.config, id: r.id, tenantKey: r.tenantKey, name: r.name, status: r.status as 0 | 1, newsletterId: r.newsletterId ?? undefined, updatedAt: r.updatedAt };
}

export async function upsertNewsletterTemplate(db: Db, id: number, tenantKey: string, t: NewsletterTemplate): Promise<void> {
  const { name, status, newsletterId, ...config } = t;
  const values = { name, status, newsletterId: newsletterId ?? null, config };
  await db.insert(newsletterTemplates).values({ id, tenantKey, ...values })
    .onConflictDoUpdate({ target: newsletterTemplates.id, set: { ...values, updatedAt: stamp }, setWhere: eq(newsletterTemplates.tenantKey, tenantKey) });
}

export async function getNewsletterTemplate(db: Db, tenantKey: string, id: number): Promise<TemplateRecord | undefined> {
  const [row] = await db.select().from(newsletterTemplates)
    .where(and(eq(newsletterTemplates.id, id), eq(newsletterTemplates.tenantKey, tenantKey))).limit(1);
  return row ? templateFromRow(row) : undefined;
}

/** Templates of a tenant by name; `status: 1` gives only those offered in selections. */
export async function listNewsletterTemplates(db: Db, f: { tenantKey: string; status?: number | undefined; limit: number; skip: number }): Promise<{ rows: TemplateRecord[]; total: number }> {
  const where = and(eq(newsletterTemplates.tenantKey, f.tenantKey), f.status === undefined ? undefined : eq(newsletterTemplates.status, f.status));
  const rows = await db.select().from(newsletterTemplates).where(where)
    .orderBy(asc(newsletterTemplates.name), asc(newsletterTemplates.id)).limit(f.limit).offset(f.skip);
  return { rows: rows.map(templateFromRow), total: await count(db, newsletterTemplates, where) };
}

export async function deleteNewsletterTemplateRow(db: Db, tenantKey: string, id: number): Promise<void> {
  await db.delete(newsletterTemplates).where(and(eq(newsletterTemplates.id, id), eq(newsletterTemplates.tenantKey, tenantKey)));
}

// ——— campaigns ———

export type CampaignRecord = Omit<NewsletterCampaign, 'deploymentDate' | 'fromAddress'> & {
  id: number; tenantKey: string; deploymentDate: number | null; fromAddress: string | null; sentAt: number | null; updatedAt: number;
};

function campaignFromRow(r: typeof newsletterCampaigns.$inferSelect): CampaignRecord {
  return {
    id: r.id, tenantKey: r.tenantKey, templateId: r.templateId, name: r.name, subject: r.subject, preheader: r.preheader,
    fromAddress: r.fromAddress, deploymentDate: r.deploymentDate, hiddenOnWeb: r.hiddenOnWeb,
    audienceStatus: r.audienceStatus as AudienceStatus, grid: r.grid, sentAt: r.sentAt, updatedAt: r.updatedAt,
  };
}

export async function upsertNewsletterCampaign(db: Db, id: number, tenantKey: string, c: NewsletterCampaign, sentAt: number | null = null): Promise<void> {
  const values = {
    templateId: c.templateId, name: c.name, subject: c.subject, preheader: c.preheader, fromAddress: c.fromAddress ?? null,
    deploymentDate: c.deploymentDate ?? null, hiddenOnWeb: c.hiddenOnWeb, audienceStatus: c.audienceStatus, grid: c.grid,
    ...(sentAt !== null ? { sentAt } : {}),
  };
  await db.insert(newsletterCampaigns).values({ id, tenantKey, ...values })
    .onConflictDoUpdate({ target: newsletterCampaigns.id, set: { ...values, updatedAt: stamp }, setWhere: eq(newsletterCampaigns.tenantKey, tenantKey) });
}

/** A campaign by id within a tenant, or by id alone when `tenantKey` is null (the CLI's lookup). */
export async function getNewsletterCampaign(db: Db, tenantKey: string | null, id: number): Promise<CampaignRecord | undefined> {
  const where = tenantKey === null ? eq(newsletterCampaigns.id, id) : and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.tenantKey, tenantKey));
  const [row] = await db.select().from(newsletterCampaigns).where(where).limit(1);
  return row ? campaignFromRow(row) : undefined;
}

const listed = () => and(inArray(newsletterCampaigns.audienceStatus, ['Sent', 'Sending']), eq(newsletterCampaigns.hiddenOnWeb, false));
const sentOrder = () => [desc(sql`coalesce(${newsletterCampaigns.sentAt}, ${newsletterCampaigns.deploymentDate}, ${newsletterCampaigns.updatedAt})`), desc(newsletterCampaigns.id)];

/** Campaigns of a tenant, newest first; `listedOnly` keeps those shown on the web (Sent or Sending, not hidden). */
export async function listNewsletterCampaigns(db: Db, f: { tenantKey: string; templateId?: number | undefined; listedOnly?: boolean; limit: number; skip: number }): Promise<{ rows: CampaignRecord[]; total: number }> {
  const where = and(
    eq(newsletterCampaigns.tenantKey, f.tenantKey),
    f.templateId === undefined ? undefined : eq(newsletterCampaigns.templateId, f.templateId),
    f.listedOnly ? listed() : undefined,
  );
  const rows = await db.select().from(newsletterCampaigns).where(where).orderBy(...sentOrder()).limit(f.limit).offset(f.skip);
  return { rows: rows.map(campaignFromRow), total: await count(db, newsletterCampaigns, where) };
}

/** The latest listed campaign of a template: what /latest-newsletter/<templateId> shows. */
export async function latestListedCampaign(db: Db, tenantKey: string, templateId: number): Promise<CampaignRecord | undefined> {
  const [row] = await db.select().from(newsletterCampaigns)
    .where(and(eq(newsletterCampaigns.tenantKey, tenantKey), eq(newsletterCampaigns.templateId, templateId), listed()))
    .orderBy(...sentOrder()).limit(1);
  return row ? campaignFromRow(row) : undefined;
}

/** The tenant's campaigns set to Scheduled whose deployment date has come, soonest first (serve's scheduled-sends job deploys them). */
export async function dueScheduledCampaigns(db: Db, tenantKey: string, now: number): Promise<{ id: number; templateId: number }[]> {
  return db.select({ id: newsletterCampaigns.id, templateId: newsletterCampaigns.templateId }).from(newsletterCampaigns)
    .where(and(eq(newsletterCampaigns.tenantKey, tenantKey), eq(newsletterCampaigns.audienceStatus, 'Scheduled'), lte(newsletterCampaigns.deploymentDate, now)))
    .orderBy(asc(newsletterCampaigns.deploymentDate), asc(newsletterCampaigns.id));
}

/** Sets a campaign's audience-provider status; only moves from one of `from` when given. Returns whether it changed. */
export async function setCampaignStatus(db: Db, tenantKey: string, id: number, status: AudienceStatus, opts: { from?: AudienceStatus[]; sentAt?: number } = {}): Promise<boolean> {
  const res = await db.update(newsletterCampaigns)
    .set({ audienceStatus: status, ...(opts.sentAt !== undefined ? { sentAt: opts.sentAt } : {}), updatedAt: stamp })
    .where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.tenantKey, tenantKey), opts.from ? inArray(newsletterCampaigns.audienceStatus, opts.from) : undefined))
    .returning({ id: newsletterCampaigns.id });
  return res.length > 0;
}

export async function deleteNewsletterCampaignRow(db: Db, tenantKey: string, id: number): Promise<void> {
  await db.delete(newsletterCampaigns).where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.tenantKey, tenantKey)));
}

// ——— ads ———

export type AdScheduleRecord = { templateId: number; startDate: number; endDate: number; position: number; orderId: string | null; lineItemId: string | null };
export type AdRecord = Omit<NewsletterAd, 'schedules'> & { id: number; tenantKey: string; updatedAt: number; schedules: AdScheduleRecord[] };

const scheduleColumns = {
  adId: newsletterAdSchedules.adId, templateId: newsletterAdSchedules.templateId, startDate: newsletterAdSchedules.startDate,
  endDate: newsletterAdSchedules.endDate, position: newsletterAdSchedules.position, orderId: newsletterAdSchedules.orderId,
  lineItemId: newsletterAdSchedules.lineItemId,
};

/** Writes an ad and replaces its schedules. Call inside a transaction. */
export async function upsertNewsletterAd(db: Db, id: number, tenantKey: string, ad: NewsletterAd): Promise<void> {
  const { title, placement, priority, schedules, ...config } = ad;
  await db.insert(newsletterAds).values({ id, tenantKey, title, placement, priority, config })
    .onConflictDoUpdate({ target: newsletterAds.id, set: { title, placement, priority, config, updatedAt: stamp }, setWhere: eq(newsletterAds.tenantKey, tenantKey) });
  await db.delete(newsletterAdSchedules).where(eq(newsletterAdSchedules.adId, id));
  if (schedules.length) {
    await db.insert(newsletterAdSchedules).values(schedules.map((s) => ({
      adId: id, templateId: s.newsletterTemplateId, startDate: s.startDate, endDate: s.endDate, position: s.position,
      orderId: s.orderId ?? null, lineItemId: s.lineItemId ?? null,
    })));
  }
}

async function withSchedules(db: Db, rows: (typeof newsletterAds.$inferSelect)[], scheduleWhere?: SQL): Promise<AdRecord[]> {
  if (rows.length === 0) return [];
  const schedules = await db.select(scheduleColumns).from(newsletterAdSchedules)
    .where(and(inArray(newsletterAdSchedules.adId, rows.map((r) => r.id)), scheduleWhere))
    .orderBy(asc(newsletterAdSchedules.startDate), asc(newsletterAdSchedules.id));
  return rows.map((r) => ({
    ...r.config, id: r.id, tenantKey: r.tenantKey, title: r.title, placement: r.placement as NewsletterAd['placement'],
    priority: r.priority as NewsletterAd['priority'], updatedAt: r.updatedAt,
    schedules: schedules.filter((s) => s.adId === r.id).map(({ adId: _a, ...s }) => s),
  }));
}

export async function getNewsletterAd(db: Db, tenantKey: string, id: number): Promise<AdRecord | undefined> {
  const rows = await db.select().from(newsletterAds).where(and(eq(newsletterAds.id, id), eq(newsletterAds.tenantKey, tenantKey))).limit(1);
  return (await withSchedules(db, rows))[0];
}

export async function listNewsletterAds(db: Db, f: { tenantKey: string; limit: number; skip: number }): Promise<{ rows: AdRecord[]; total: number }> {
  const where = eq(newsletterAds.tenantKey, f.tenantKey);
  const rows = await db.select().from(newsletterAds).where(where).orderBy(asc(newsletterAds.title), asc(newsletterAds.id)).limit(f.limit).offset(f.skip);
  return { rows: await withSchedules(db, rows), total: await count(db, newsletterAds, where) };
}

/** Ads with a schedule for the template whose window contains `at`; only those schedules are attached. */
export async function adsScheduledFor(db: Db, f: { tenantKey: string; templateId: number; at: number }): Promise<AdRecord[]> {
  const window = and(eq(newsletterAdSchedules.templateId, f.templateId), lte(newsletterAdSchedules.startDate, f.at), gte(newsletterAdSchedules.endDate, f.at));
  const ids = await db.selectDistinct({ id: newsletterAdSchedules.adId }).from(newsletterAdSchedules).where(window);
  if (ids.length === 0) return [];
  const rows = await db.select().from(newsletterAds).where(and(eq(newsletterAds.tenantKey, f.tenantKey), inArray(newsletterAds.id, ids.map((r) => r.id))));
  return withSchedules(db, rows, window);
}

export async function deleteNewsletterAdRow(db: Db, tenantKey: string, id: number): Promise<void> {
  await db.delete(newsletterAds).where(and(eq(newsletterAds.id, id), eq(newsletterAds.tenantKey, tenantKey)));
}

// ——— magazine publications and issues (the issue block) ———

export type PublicationRecord = { id: number; name: string; subscribeUrl: string | null };
export type IssueRecord = { id: number; publicationId: number; name: string; description: string; issueDate: number; coverImage: string | null; digitalEditionUrl: string | null };

export async function upsertPublication(db: Db, tenantKey: string, p: PublicationRecord): Promise<void> {
  const written = await db.insert(magazinePublications).values({ ...p, tenantKey })
    .onConflictDoUpdate({ target: magazinePublications.id, set: { name: p.name, subscribeUrl: p.subscribeUrl, updatedAt: stamp }, setWhere: eq(magazinePublications.tenantKey, tenantKey) })
    .returning({ id: magazinePublications.id });
  if (written.length === 0) throw new Error(`Publication ${p.id} belongs to another tenant`);
}

/** Ids of the tenant's publications, as a subquery: an issue belongs to a tenant through its publication. */
const tenantPublicationIds = (db: Db, tenantKey: string) =>
  db.select({ id: magazinePublications.id }).from(magazinePublications).where(eq(magazinePublications.tenantKey, tenantKey));

/**
 * Writes an issue of one of the tenant's publications. Refuses (throws) when the publication is not the
 * tenant's, and never overwrites an issue id that belongs to another tenant's publication.
 */
export async function upsertIssue(db: Db, tenantKey: string, i: IssueRecord & { status?: number }): Promise<void> {
  if (!(await getPublication(db, tenantKey, i.publicationId))) {
    throw new Error(`Issue ${i.id}: publication ${i.publicationId} is not a publication of tenant ${tenantKey}`);
  }
  const { id: _id, ...rest } = i;
  const written = await db.insert(magazineIssues).values(i)
    .onConflictDoUpdate({ target: magazineIssues.id, set: { ...rest, updatedAt: stamp }, setWhere: inArray(magazineIssues.publicationId, tenantPublicationIds(db, tenantKey)) })
    .returning({ id: magazineIssues.id });
  if (written.length === 0) throw new Error(`Issue ${i.id} belongs to another tenant`);
}

/** An issue of one of the tenant's publications (any status), or undefined: the tenant check for issue ids. */
export async function getTenantIssue(db: Db, tenantKey: string, issueId: number): Promise<(IssueRecord & { status: number }) | undefined> {
  const [row] = await db.select({ ...issueColumns, status: magazineIssues.status }).from(magazineIssues)
    .where(and(eq(magazineIssues.id, issueId), inArray(magazineIssues.publicationId, tenantPublicationIds(db, tenantKey)))).limit(1);
  return row;
}

export async function getPublication(db: Db, tenantKey: string, id: number): Promise<PublicationRecord | undefined> {
  const [row] = await db.select({ id: magazinePublications.id, name: magazinePublications.name, subscribeUrl: magazinePublications.subscribeUrl })
    .from(magazinePublications).where(and(eq(magazinePublications.id, id), eq(magazinePublications.tenantKey, tenantKey))).limit(1);
  return row;
}

const issueColumns = {
  id: magazineIssues.id, publicationId: magazineIssues.publicationId, name: magazineIssues.name, description: magazineIssues.description,
  issueDate: magazineIssues.issueDate, coverImage: magazineIssues.coverImage, digitalEditionUrl: magazineIssues.digitalEditionUrl,
};

/** A given issue of the publication, or its latest active issue dated at or before `at`. */
export async function issueFor(db: Db, publicationId: number, at: number, issueId?: number): Promise<IssueRecord | undefined> {
  const where = issueId !== undefined
    ? and(eq(magazineIssues.id, issueId), eq(magazineIssues.publicationId, publicationId))
    // the latest issue live at `at` (admin §2.2: active and inside its schedule, as on the site)
    : and(eq(magazineIssues.publicationId, publicationId), eq(magazineIssues.status, 1), lte(magazineIssues.issueDate, at),
      or(isNull(magazineIssues.startDate), lte(magazineIssues.startDate, at)), or(isNull(magazineIssues.endDate), gt(magazineIssues.endDate, at)));
  const [row] = await db.select(issueColumns).from(magazineIssues).where(where).orderBy(desc(magazineIssues.issueDate), desc(magazineIssues.id)).limit(1);
  return row;
}

// ——— subscriptions (the local audience provider) ———

export interface SubscriptionWrite {
  tenantKey: string;
  newsletterId: number;
  email: string;
  siteUserId?: number | null;
  consent?: Consent | null;
  countryCode?: string | null;
  regionCode?: string | null;
  promoCode?: string | null;
  source: string;
  at: number;
}

/** Subscribes (or re-subscribes) an address; an active subscription keeps its first subscribedAt and source. */
export async function upsertSubscription(db: Db, w: SubscriptionWrite): Promise<void> {
  const s = newsletterSubscriptions;
  await db.insert(s).values({
    tenantKey: w.tenantKey, newsletterId: w.newsletterId, email: w.email, siteUserId: w.siteUserId ?? null, status: 'subscribed',
    consent: w.consent ?? null, countryCode: w.countryCode ?? null, regionCode: w.regionCode ?? null, promoCode: w.promoCode ?? null,
    source: w.source, subscribedAt: w.at, unsubscribedAt: null,
  }).onConflictDoUpdate({
    target: [s.tenantKey, s.newsletterId, s.email],
    set: {
      subscribedAt: sql`case when ${s.status} = 'subscribed' then ${s.subscribedAt} else excluded.subscribed_at end`,
      source: sql`case when ${s.status} = 'subscribed' then ${s.source} else excluded.source end`,
      status: 'subscribed',
      unsubscribedAt: null,
      siteUserId: sql`coalesce(excluded.site_user_id, ${s.siteUserId})`,
      consent: sql`coalesce(excluded.consent, ${s.consent})`,
      countryCode: sql`coalesce(excluded.country_code, ${s.countryCode})`,
      regionCode: sql`coalesce(excluded.region_code, ${s.regionCode})`,
      promoCode: sql`coalesce(excluded.promo_code, ${s.promoCode})`,
      updatedAt: stamp,
    },
  });
}

/** Marks a subscription unsubscribed; returns whether an active one changed. */
export async function markUnsubscribed(db: Db, f: { tenantKey: string; newsletterId: number; email: string; at: number }): Promise<boolean> {
  const s = newsletterSubscriptions;
  const res = await db.update(s).set({ status: 'unsubscribed', unsubscribedAt: f.at, updatedAt: stamp })
    .where(and(eq(s.tenantKey, f.tenantKey), eq(s.newsletterId, f.newsletterId), eq(s.email, f.email), eq(s.status, 'subscribed')))
    .returning({ id: s.id });
  return res.length > 0;
}

export type SubscriptionRecord = typeof newsletterSubscriptions.$inferSelect;

export async function subscriptionsOfEmail(db: Db, tenantKey: string, email: string): Promise<SubscriptionRecord[]> {
  return db.select().from(newsletterSubscriptions)
    .where(and(eq(newsletterSubscriptions.tenantKey, tenantKey), eq(newsletterSubscriptions.email, email)))
    .orderBy(asc(newsletterSubscriptions.newsletterId));
}

/** Active subscribers of a newsletter after a row id, in id order (keyset paging for deploys). */
export async function subscriberPage(db: Db, f: { tenantKey: string; newsletterId: number; afterId: number; limit: number }): Promise<{ id: number; email: string }[]> {
  const s = newsletterSubscriptions;
  return db.select({ id: s.id, email: s.email }).from(s)
    .where(and(eq(s.tenantKey, f.tenantKey), eq(s.newsletterId, f.newsletterId), eq(s.status, 'subscribed'), gt(s.id, f.afterId)))
    .orderBy(asc(s.id)).limit(f.limit);
}

export async function countSubscribers(db: Db, tenantKey: string, newsletterId: number): Promise<number> {
  const s = newsletterSubscriptions;
  return count(db, s, and(eq(s.tenantKey, tenantKey), eq(s.newsletterId, newsletterId), eq(s.status, 'subscribed')));
}

// ——— site users' newsletters ———

export async function getSiteUserContact(db: Db, tenantKey: string, id: number): Promise<{ id: number; email: string; countryCode: string | null; region: string | null } | undefined> {
  const [row] = await db.select({ id: siteUsers.id, email: siteUsers.email, countryCode: siteUsers.countryCode, region: siteUsers.region })
    .from(siteUsers).where(and(eq(siteUsers.id, id), eq(siteUsers.tenantKey, tenantKey), eq(siteUsers.status, 1))).limit(1);
  return row;
}

export async function linkSiteUserNewsletter(db: Db, siteUserId: number, newsletterId: number): Promise<void> {
  await db.insert(siteUserNewsletters).values({ siteUserId, newsletterId }).onConflictDoNothing();
}

/** Drops the newsletter from the site user with this id and from every site user of the tenant with this email (case-insensitive). */
export async function unlinkSiteUserNewsletter(db: Db, f: { tenantKey: string; newsletterId: number; email?: string; siteUserId?: number }): Promise<void> {
  if (f.email === undefined && f.siteUserId === undefined) return; // never "every user of the tenant"
  const users = db.select({ id: siteUsers.id }).from(siteUsers).where(and(
    eq(siteUsers.tenantKey, f.tenantKey),
    or(
      f.siteUserId !== undefined ? eq(siteUsers.id, f.siteUserId) : undefined,
      f.email !== undefined ? sql`lower(${siteUsers.email}) = ${f.email.toLowerCase()}` : undefined,
    ),
  ));
  await db.delete(siteUserNewsletters).where(and(eq(siteUserNewsletters.newsletterId, f.newsletterId), inArray(siteUserNewsletters.siteUserId, users)));
}

// ——— sends ———

export async function insertSend(db: Db, s: { tenantKey: string; campaignId: number; kind: 'test' | 'deploy'; startedAt: number }): Promise<number> {
  const [row] = await db.insert(newsletterSends).values(s).returning({ id: newsletterSends.id });
  return row!.id;
}

export async function finishSend(db: Db, id: number, r: { recipients: number; sent: number; failed: number; finishedAt: number }): Promise<void> {
  await db.update(newsletterSends).set(r).where(eq(newsletterSends.id, id));
}

export async function listSends(db: Db, tenantKey: string, campaignId: number): Promise<(typeof newsletterSends.$inferSelect)[]> {
  return db.select().from(newsletterSends).where(and(eq(newsletterSends.tenantKey, tenantKey), eq(newsletterSends.campaignId, campaignId))).orderBy(asc(newsletterSends.id));
}

/** Paths of a tenant's first image assets, by id (demo data and previews). */
export async function firstImagePaths(db: Db, tenantKey: string, limit: number): Promise<string[]> {
  const rows = await db.select({ path: assets.path }).from(assets)
    .where(and(eq(assets.tenantKey, tenantKey), sql`${assets.mimeType} like 'image/%'`)).orderBy(asc(assets.id)).limit(limit);
  return rows.map((r) => r.path);
}
