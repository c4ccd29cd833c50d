// Newsletter tables (admin §3.7–3.9, public §3): templates, campaigns, ads with their schedules, the
// local audience provider's subscriptions, a log of sends, and the magazine publications and issues
// the issue block reads. Newsletter items themselves are `newsletters` in schema.ts. JSON columns
// hold values already validated by engine/domain/newsletter*.ts.
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { NewsletterGrid, NewsletterTemplate } from '../domain/newsletter';
import type { NewsletterAd } from '../domain/newsletter-ads';
import type { Consent } from '../domain/newsletter-subscribe';
import { newsletters, siteUsers, tenants } from './schema';

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const createdAt = () => integer('created_at').notNull().default(now);
const updatedAt = () => integer('updated_at').notNull().default(now);
const tenantRef = () => text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' });

/** The template fields kept as JSON: everything but the columns below. */
export type TemplateConfig = Omit<NewsletterTemplate, 'name' | 'status' | 'newsletterId'>;

export const newsletterTemplates = sqliteTable('newsletter_templates', {
  id: integer('id').primaryKey(),
  tenantKey: tenantRef(),
  name: text('name').notNull(),
  status: integer('status').notNull().default(1),
  newsletterId: integer('newsletter_id').references(() => newsletters.id, { onDelete: 'set null' }),
  config: text('config', { mode: 'json' }).$type<TemplateConfig>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('newsletter_templates_tenant_status').on(t.tenantKey, t.status)]);

export const newsletterCampaigns = sqliteTable('newsletter_campaigns', {
  id: integer('id').primaryKey(),
  tenantKey: tenantRef(),
  templateId: integer('template_id').notNull().references(() => newsletterTemplates.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  subject: text('subject').notNull().default(''),
  preheader: text('preheader').notNull().default(''),
  fromAddress: text('from_address'),
  deploymentDate: integer('deployment_date'),
  audienceStatus: text('audience_status').notNull().default('Draft'),
  hiddenOnWeb: integer('hidden_on_web', { mode: 'boolean' }).notNull().default(false),
  grid: text('grid', { mode: 'json' }).$type<NewsletterGrid>().notNull(),
  sentAt: integer('sent_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('newsletter_campaigns_template_status').on(t.templateId, t.audienceStatus, t.sentAt),
  index('newsletter_campaigns_tenant').on(t.tenantKey, t.updatedAt),
  check('newsletter_campaigns_status', sql`${t.audienceStatus} in ('Draft', 'Scheduled', 'Sending', 'Sent', 'Failed')`),
]);

/** The ad fields kept as JSON: everything but the columns below and the schedules. */
export type AdConfig = Omit<NewsletterAd, 'title' | 'placement' | 'priority' | 'schedules'>;

export const newsletterAds = sqliteTable('newsletter_ads', {
  id: integer('id').primaryKey(),
  tenantKey: tenantRef(),
  title: text('title').notNull(),
  placement: text('placement').notNull(),
  priority: integer('priority').notNull().default(10),
  config: text('config', { mode: 'json' }).$type<AdConfig>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('newsletter_ads_tenant').on(t.tenantKey),
  check('newsletter_ads_priority', sql`${t.priority} in (1, 5, 10)`),
]);

export const newsletterAdSchedules = sqliteTable('newsletter_ad_schedules', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  adId: integer('ad_id').notNull().references(() => newsletterAds.id, { onDelete: 'cascade' }),
  templateId: integer('template_id').notNull().references(() => newsletterTemplates.id, { onDelete: 'cascade' }),
  /** Start of the first day, Central time (epoch ms). */
  startDate: integer('start_date').notNull(),
  /** End of the business day of the last day, Central time (epoch ms). */
  endDate: integer('end_date').notNull(),
  position: integer('position').notNull().default(1),
  orderId: text('order_id'),
  lineItemId: text('line_item_id'),
}, (t) => [
  index('newsletter_ad_schedules_slot').on(t.templateId, t.position, t.startDate),
  index('newsletter_ad_schedules_ad').on(t.adId),
  check('newsletter_ad_schedules_position', sql`${t.position} between 1 and 100`),
]);

/** The local audience provider: one row per (tenant, newsletter, email); subscribing twice updates it. */
export const newsletterSubscriptions = sqliteTable('newsletter_subscriptions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantKey: tenantRef(),
  newsletterId: integer('newsletter_id').notNull().references(() => newsletters.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  siteUserId: integer('site_user_id').references(() => siteUsers.id, { onDelete: 'set null' }),
  status: text('status').notNull().default('subscribed'),
  consent: text('consent', { mode: 'json' }).$type<Consent | null>(),
  countryCode: text('country_code'),
  regionCode: text('region_code'),
  promoCode: text('promo_code'),
  source: text('source').notNull(),
  subscribedAt: integer('subscribed_at'),
  unsubscribedAt: integer('unsubscribed_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('newsletter_subscriptions_unique').on(t.tenantKey, t.newsletterId, t.email),
  index('newsletter_subscriptions_list').on(t.newsletterId, t.status, t.id),
  index('newsletter_subscriptions_email').on(t.tenantKey, t.email),
  check('newsletter_subscriptions_status', sql`${t.status} in ('subscribed', 'unsubscribed')`),
]);

/** One row per test send or deploy. */
export const newsletterSends = sqliteTable('newsletter_sends', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantKey: tenantRef(),
  campaignId: integer('campaign_id').notNull().references(() => newsletterCampaigns.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  recipients: integer('recipients').notNull().default(0),
  sent: integer('sent').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  startedAt: integer('started_at').notNull(),
  /** When a deploy last reported progress (after each batch): a Sending campaign whose open send went quiet was cut off. */
  progressAt: integer('progress_at'),
  finishedAt: integer('finished_at'),
}, (t) => [
  index('newsletter_sends_campaign').on(t.campaignId),
  check('newsletter_sends_kind', sql`${t.kind} in ('test', 'deploy')`),
]);

export const magazinePublications = sqliteTable('magazine_publications', {
  id: integer('id').primaryKey(),
  tenantKey: tenantRef(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** Media library assets (assets.id) of the tenant: the publication's logo and cover. */
  logoAssetId: integer('logo_asset_id'),
  coverAssetId: integer('cover_asset_id'),
  subscribeUrl: text('subscribe_url'),
  renewalUrl: text('renewal_url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('magazine_publications_tenant').on(t.tenantKey)]);

export const magazineIssues = sqliteTable('magazine_issues', {
  id: integer('id').primaryKey(),
  publicationId: integer('publication_id').notNull().references(() => magazinePublications.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  issueDate: integer('issue_date').notNull(),
  coverImage: text('cover_image'),
  digitalEditionUrl: text('digital_edition_url'),
  status: integer('status').notNull().default(1),
  /** Schedules: the issue (and its pages) is live from startDate until endDate (epoch ms; null = open). */
  startDate: integer('start_date'),
  endDate: integer('end_date'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('magazine_issues_publication_date').on(t.publicationId, t.issueDate)]);
