// The relational schema. Every tenant-owned row carries tenant_key; ids are explicit integers so
// fixtures and the API address the same rows. Times are epoch milliseconds; JSON columns hold
// values already validated by engine/domain schemas.
import { sql } from 'drizzle-orm';
import {
  blob, check, index, integer, primaryKey, sqliteTable, text, uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import type { SiteSettings } from '../domain/settings';
import type { Grid } from '../domain/layout';

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const createdAt = () => integer('created_at').notNull().default(now);
const updatedAt = () => integer('updated_at').notNull().default(now);
const tenantRef = () => text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' });

export const tenants = sqliteTable('tenants', {
  tenantKey: text('tenant_key').primaryKey(),
  name: text('name').notNull(),
  domain: text('domain').notNull().unique(),
  abbreviation: text('abbreviation').notNull(),
  prodEndpoint: text('prod_endpoint'),
  isTest: integer('is_test', { mode: 'boolean' }).notNull().default(false),
  settings: text('settings', { mode: 'json' }).$type<SiteSettings>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const websiteSections = sqliteTable('website_sections', {
  id: integer('id').primaryKey(),
  tenantKey: tenantRef(),
  parentId: integer('parent_id').references((): any => websiteSections.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  /** The effective alias: manualAlias ? the given alias : systemAlias. */
  alias: text('alias').notNull(),
  systemAlias: text('system_alias').notNull(),
  manualAlias: integer('manual_alias', { mode: 'boolean' }).notNull().default(false),
  description: text('description'),
  gamAlias: text('gam_alias'),
  sequence: integer('sequence').notNull().default(0),
  status: integer('status').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('website_sections_tenant_alias').on(t.tenantKey, t.alias),
  index('website_sections_parent').on(t.parentId),
]);

export const assets = sqliteTable('assets', {
  id: integer('id').primaryKey(),
  tenantKey: tenantRef(),
  /** Site path the file is published at, e.g. /images/freightwise/ship.svg. */
  path: text('path').notNull(),
  mimeType: text('mime_type').notNull(),
  alt: text('alt').notNull(),
  caption: text('caption'),
  credit: text('credit'),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** The file's bytes; the build publishes them at `path`. */
  data: blob('data', { mode: 'buffer' }).notNull(),
  sha256: text('sha256').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('assets_tenant').on(t.tenantKey), uniqueIndex('assets_tenant_path').on(t.tenantKey, t.path)]);

export const persons = sqliteTable('persons', {
  id: integer('id').primaryKey(),
  tenantKey: tenantRef(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  fullName: text('full_name').notNull(),
  title: text('title'),
  bio: text('bio'),
  imageId: integer('image_id').references(() => assets.id, { onDelete: 'set null' }),
  status: integer('status').notNull().default(1),
  /** [{ network, url }] checked by engine/domain/people.ts socialLinkSchema. */
  socialLinks: text('social_links', { mode: 'json' }).$type<{ network: string; url: string }[]>().notNull().default(sql`'[]'`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('persons_tenant').on(t.tenantKey)]);

export const taxonomy = sqliteTable('taxonomy', {
  id: integer('id').primaryKey(),
  tenantKey: tenantRef(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  fullName: text('full_name').notNull(),
  parentId: integer('parent_id').references((): any => taxonomy.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('taxonomy_tenant_type').on(t.tenantKey, t.type)]);

export const memberships = sqliteTable('memberships', {
  id: integer('id').primaryKey(),
  tenantKey: tenantRef(),
  title: text('title').notNull(),
  alias: text('alias').notNull(),
  description: text('description').notNull().default(''),
  status: integer('status').notNull().default(1),
  isFree: integer('is_free', { mode: 'boolean' }).notNull().default(false),
  omedaProduct: text('omeda_product'),
  requiredUserCommonFields: text('required_user_common_fields', { mode: 'json' }).$type<string[]>().notNull(),
  requiredUserDemographicFields: text('required_user_demographic_fields', { mode: 'json' }).$type<number[]>().notNull(),
  additionalUserDemographicFields: text('additional_user_demographic_fields', { mode: 'json' }).$type<number[]>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('memberships_tenant_alias').on(t.tenantKey, t.alias)]);

export interface EventFields {
  startDate?: number; endDate?: number; venue?: string; address1?: string; city?: string;
  postalCode?: string; state?: string; country?: string;
}

export const content = sqliteTable('content', {
  /** Exactly eight digits (enforced by the domain schema and a CHECK in the migration). */
  id: integer('id').primaryKey(),
  tenantKey: tenantRef(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  teaser: text('teaser').notNull().default(''),
  body: text('body').notNull().default(''),
  status: integer('status').notNull().default(2),
  published: integer('published'),
  startDate: integer('start_date'),
  endDate: integer('end_date'),
  primarySectionId: integer('primary_section_id').notNull().references(() => websiteSections.id, { onDelete: 'restrict' }),
  primaryImageId: integer('primary_image_id').references(() => assets.id, { onDelete: 'set null' }),
  labels: text('labels', { mode: 'json' }).$type<string[]>().notNull(),
  gatingSurveyType: text('gating_survey_type'),
  userRegistrationRequired: integer('user_registration_required', { mode: 'boolean' }).notNull().default(false),
  event: text('event', { mode: 'json' }).$type<EventFields>(),
  linkUrl: text('link_url'),
  embedCode: text('embed_code'),
  /** The digital edition (zmag) publication id; its page embeds the viewer (issue 21). */
  zmagId: text('zmag_id'),
  seoTitle: text('seo_title'),
  /** The contributor contract the item was written under (contracts.id, the tenant's own; issue #22). */
  contractId: integer('contract_id'),
  metadata: text('metadata', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('content_tenant_status_published').on(t.tenantKey, t.status, t.published),
  index('content_primary_section').on(t.primarySectionId),
  index('content_tenant_type').on(t.tenantKey, t.type),
  // Reports (issue #20) read names, types, sections and dates of many items: these indexes cover
  // them, so the rows (whose bodies spill onto overflow pages before the later columns) are not read.
  index('content_report_by_id').on(t.id, t.primarySectionId, t.type, t.status, t.published, t.name),
  index('content_report_published').on(t.tenantKey, t.status, t.published, t.primarySectionId, t.type, t.id, t.name),
  // The next start or end date of a tenant's live items (the builder's time boundary, every edit).
  index('content_tenant_start_date').on(t.tenantKey, t.status, t.startDate),
  index('content_tenant_end_date').on(t.tenantKey, t.status, t.endDate),
  check('content_id_eight_digits', sql`${t.id} between 10000000 and 99999999`),
  check('content_status_code', sql`${t.status} in (0, 1, 2)`),
]);

/** Ordered many-to-many links from content; position keeps the editor's order. */
export const contentAuthors = sqliteTable('content_authors', {
  contentId: integer('content_id').notNull().references(() => content.id, { onDelete: 'cascade' }),
  personId: integer('person_id').notNull().references(() => persons.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
}, (t) => [primaryKey({ columns: [t.contentId, t.personId] })]);

export const contentImages = sqliteTable('content_images', {
  contentId: integer('content_id').notNull().references(() => content.id, { onDelete: 'cascade' }),
  assetId: integer('asset_id').notNull().references(() => assets.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
}, (t) => [primaryKey({ columns: [t.contentId, t.assetId] })]);

export const contentTaxonomy = sqliteTable('content_taxonomy', {
  contentId: integer('content_id').notNull().references(() => content.id, { onDelete: 'cascade' }),
  taxonomyId: integer('taxonomy_id').notNull().references(() => taxonomy.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.contentId, t.taxonomyId] }), index('content_taxonomy_term').on(t.taxonomyId)]);

export const contentMemberships = sqliteTable('content_memberships', {
  contentId: integer('content_id').notNull().references(() => content.id, { onDelete: 'cascade' }),
  membershipId: integer('membership_id').notNull().references(() => memberships.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.contentId, t.membershipId] })]);

/** Related content; the target is not a foreign key so a relation may point at a not-yet-seeded item. */
export const contentRelated = sqliteTable('content_related', {
  contentId: integer('content_id').notNull().references(() => content.id, { onDelete: 'cascade' }),
  relatedId: integer('related_id').notNull(),
  position: integer('position').notNull(),
}, (t) => [primaryKey({ columns: [t.contentId, t.relatedId] })]);

/** Website schedules: content × section × option, optionally time-boxed. */
export const websiteSchedules = sqliteTable('website_schedules', {
  contentId: integer('content_id').notNull().references(() => content.id, { onDelete: 'cascade' }),
  sectionId: integer('section_id').notNull().references(() => websiteSections.id, { onDelete: 'cascade' }),
  option: text('option').notNull(),
  startDate: integer('start_date'),
  endDate: integer('end_date'),
}, (t) => [
  primaryKey({ columns: [t.contentId, t.sectionId, t.option] }),
  index('website_schedules_section_option').on(t.sectionId, t.option),
  // The next schedule start or end date (few rows lie in the future; builds-content.ts nextDateBoundary).
  index('website_schedules_start_date').on(t.startDate),
  index('website_schedules_end_date').on(t.endDate),
]);

export const layouts = sqliteTable('layouts', {
  id: integer('id').primaryKey(),
  /** Owning tenant; global layouts also list the tenants they serve in layout_tenants. */
  tenantKey: tenantRef(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  key: text('key'),
  aliases: text('aliases', { mode: 'json' }).$type<string[]>().notNull(),
  propagate: integer('propagate', { mode: 'boolean' }).notNull().default(false),
  pageType: text('page_type'),
  contentTypes: text('content_types', { mode: 'json' }).$type<string[]>().notNull(),
  contentIds: text('content_ids', { mode: 'json' }).$type<number[]>().notNull(),
  sectionIds: text('section_ids', { mode: 'json' }).$type<number[]>().notNull(),
  gatingRequirements: text('gating_requirements'),
  isGlobal: integer('is_global', { mode: 'boolean' }).notNull().default(false),
  hideHeader: integer('hide_header', { mode: 'boolean' }).notNull().default(false),
  hideFooter: integer('hide_footer', { mode: 'boolean' }).notNull().default(false),
  loadMoreType: text('load_more_type').notNull().default('none'),
  excludeAds: text('exclude_ads', { mode: 'json' }).$type<Record<string, boolean | undefined>>().notNull(),
  primaryGrid: text('primary_grid', { mode: 'json' }).$type<Grid>().notNull(),
  secondaryGrid: text('secondary_grid', { mode: 'json' }).$type<Grid>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('layouts_tenant_type').on(t.tenantKey, t.type)]);

export const menus = sqliteTable('menus', {
  tenantKey: tenantRef(),
  key: text('key').notNull(),
  links: text('links', { mode: 'json' }).$type<{ label: string; href: string; external: boolean }[]>().notNull(),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.tenantKey, t.key] })]);

export const redirects = sqliteTable('redirects', {
  id: integer('id').primaryKey(),
  tenantKey: tenantRef(),
  from: text('from_path').notNull(),
  to: text('to_path').notNull(),
  preserveQueryString: integer('preserve_query_string', { mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('redirects_tenant_from').on(t.tenantKey, t.from)]);

export const adUnitPatterns = sqliteTable('ad_unit_patterns', {
  id: integer('id').primaryKey(),
  tenantKey: tenantRef(),
  name: text('name').notNull(),
  type: text('type').notNull().default('layout-block'),
  pattern: text('pattern').notNull(),
  sizes: text('sizes', { mode: 'json' }).$type<[number, number][]>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const newsletters = sqliteTable('newsletters', {
  id: integer('id').primaryKey(),
  tenantKey: tenantRef(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  omedaProductId: text('omeda_product_id'),
  showInSubscribeBlock: integer('show_in_subscribe_block', { mode: 'boolean' }).notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const cmsUsers = sqliteTable('cms_users', {
  id: integer('id').primaryKey(),
  email: text('email').notNull().unique(),
  username: text('username').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull().default('editor'),
  extraPermissions: text('extra_permissions', { mode: 'json' }).$type<string[]>().notNull(),
  status: integer('status').notNull().default(1),
  isGlobal: integer('is_global', { mode: 'boolean' }).notNull().default(false),
  lastLoginAt: integer('last_login_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const cmsUserTenants = sqliteTable('cms_user_tenants', {
  userId: integer('user_id').notNull().references(() => cmsUsers.id, { onDelete: 'cascade' }),
  tenantKey: tenantRef(),
}, (t) => [primaryKey({ columns: [t.userId, t.tenantKey] })]);

export const siteUsers = sqliteTable('site_users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantKey: tenantRef(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  title: text('title'),
  company: text('company'),
  city: text('city'),
  postalCode: text('postal_code'),
  region: text('region'),
  countryCode: text('country_code'),
  demographics: text('demographics', { mode: 'json' }).$type<{ questionId: number; answerIds: number[] }[]>().notNull(),
  /** The audience provider's customer (setOmedaCustomer, a sign-in link's omedaEncryptedCustomerId): its id, encrypted id and products as last known. */
  omedaCustomerId: text('omeda_customer_id'),
  omedaEncryptedCustomerId: text('omeda_encrypted_customer_id'),
  omedaProducts: text('omeda_products', { mode: 'json' }).$type<{ id: string; version: string | null; expirationDate: number | null; amount: number | null; receive: boolean }[]>(),
  status: integer('status').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('site_users_tenant_username').on(t.tenantKey, t.username),
  uniqueIndex('site_users_tenant_email').on(t.tenantKey, t.email),
]);

export const siteUserMemberships = sqliteTable('site_user_memberships', {
  siteUserId: integer('site_user_id').notNull().references(() => siteUsers.id, { onDelete: 'cascade' }),
  membershipId: integer('membership_id').notNull().references(() => memberships.id, { onDelete: 'cascade' }),
  expiresAt: integer('expires_at'),
}, (t) => [primaryKey({ columns: [t.siteUserId, t.membershipId] })]);

export const siteUserNewsletters = sqliteTable('site_user_newsletters', {
  siteUserId: integer('site_user_id').notNull().references(() => siteUsers.id, { onDelete: 'cascade' }),
  newsletterId: integer('newsletter_id').notNull().references(() => newsletters.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.siteUserId, t.newsletterId] })]);

export const siteUserFavorites = sqliteTable('site_user_favorites', {
  siteUserId: integer('site_user_id').notNull().references(() => siteUsers.id, { onDelete: 'cascade' }),
  contentId: integer('content_id').notNull().references(() => content.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.siteUserId, t.contentId] })]);

/** Who changed what, when: one row per admin operation. */
export const history = sqliteTable('history', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantKey: text('tenant_key'),
  actorType: text('actor_type').notNull(),
  actorId: integer('actor_id'),
  entityType: text('entity_type').notNull(),
  entityId: text('entity_id').notNull(),
  action: text('action').notNull(),
  changes: text('changes', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('history_tenant_created').on(t.tenantKey, t.createdAt),
  index('history_entity').on(t.entityType, t.entityId),
  // The editorial tracking report (issue #20) counts a tenant's content changes in a period by person and action from this index alone.
  index('history_report').on(t.tenantKey, t.entityType, t.createdAt, t.actorType, t.actorId, t.action, t.entityId),
]);

/**
 * Staff sessions: one row per issued bearer/refresh pair. Only SHA-256 digests of the tokens are
 * stored. Rotating a refresh token marks its row rotated and adds a row to the same family;
 * presenting a rotated refresh token again revokes the whole family.
 */
export const cmsSessions = sqliteTable('cms_sessions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  familyId: text('family_id').notNull(),
  userId: integer('user_id').notNull().references(() => cmsUsers.id, { onDelete: 'cascade' }),
  bearerHash: text('bearer_hash').notNull().unique(),
  bearerExpiresAt: integer('bearer_expires_at').notNull(),
  refreshHash: text('refresh_hash').notNull().unique(),
  refreshExpiresAt: integer('refresh_expires_at').notNull(),
  rotatedAt: integer('rotated_at'),
  revokedAt: integer('revoked_at'),
  revokedReason: text('revoked_reason'),
  createdAt: createdAt(),
}, (t) => [index('cms_sessions_family').on(t.familyId), index('cms_sessions_user').on(t.userId)]);

/** Single-use, expiring links for password reset and staff invites (digest of the token only). */
export const cmsUserTokens = sqliteTable('cms_user_tokens', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: integer('user_id').notNull().references(() => cmsUsers.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: integer('expires_at').notNull(),
  usedAt: integer('used_at'),
  createdAt: createdAt(),
}, (t) => [index('cms_user_tokens_user').on(t.userId), check('cms_user_tokens_kind', sql`${t.kind} in ('reset', 'invite')`)]);

/**
 * Staff and member mail waiting for the SMTP server (engine/mail/outbox.ts): written before the
 * request that asked for it answers, sent by the server's drainer, kept until sent. pending →
 * sending (claimed) → sent; a failed send goes back to pending with its error and a later
 * next_attempt_at. message: the MailMessage as JSON, its Message-ID fixed when it is queued (a
 * message re-sent after a crash mid-send carries the same one, so mail clients show it once).
 */
export const mailOutbox = sqliteTable('mail_outbox', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  kind: text('kind').notNull(),
  message: text('message').notNull(),
  state: text('state').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: integer('next_attempt_at').notNull(),
  createdAt: createdAt(),
  sentAt: integer('sent_at'),
  error: text('error'),
}, (t) => [index('mail_outbox_due').on(t.state, t.nextAttemptAt), check('mail_outbox_state', sql`${t.state} in ('pending', 'sending', 'sent')`)]);
