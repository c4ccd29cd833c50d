// Company data (issue #22). Internal news: staff news items shown in the admin toolbar's flyout
// (admin §2.3, §3.6, §4). They are global (not per tenant): global admins write them, every
// signed-in staff user reads them.
// - aspire_news: title, HTML description (sanitised by the shared body rules), date (epoch ms),
//   status 1 published / 2 draft, alert flag.
// - aspire_news_reads: who opened which item and when (an item is marked read once).
// Contributor contracts are per tenant (below).
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { cmsUsers, persons, tenants } from './schema';

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export const aspireNews = sqliteTable('aspire_news', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** The item's date (epoch ms); the alert window counts from it. */
  date: integer('date').notNull(),
  /** 1 published, 2 draft. */
  status: integer('status').notNull().default(2),
  alert: integer('alert', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at').notNull().default(now),
  updatedAt: integer('updated_at').notNull().default(now),
}, (t) => [index('aspire_news_status_date').on(t.status, t.date)]);

export const aspireNewsReads = sqliteTable('aspire_news_reads', {
  newsId: integer('news_id').notNull().references(() => aspireNews.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => cmsUsers.id, { onDelete: 'cascade' }),
  readAt: integer('read_at').notNull(),
}, (t) => [primaryKey({ columns: [t.newsId, t.userId] })]);

// - contracts: a contributor contract of a tenant (admin §3.6): the contributor (a person, with a
//   name and e-mail of their own), the terms rendered from a template, Pending or Approved with
//   the approval's time, typed name, truncated IP and user agent. The link sent to the contributor
//   carries a random token stored only as its SHA-256 digest, with an expiry and a revocation time.
export const contracts = sqliteTable('contracts', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantKey: text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' }),
  personId: integer('person_id').references(() => persons.id, { onDelete: 'set null' }),
  contributorName: text('contributor_name').notNull(),
  contributorEmail: text('contributor_email').notNull(),
  rate: text('rate').notNull().default(''),
  startsOn: text('starts_on'),
  endsOn: text('ends_on'),
  /** The template with {{name}}, {{rate}}, {{start}}, {{end}} tokens. */
  template: text('template').notNull(),
  /** The terms as sent: the template with its tokens filled, sanitised HTML. */
  terms: text('terms').notNull(),
  /** pending | approved */
  status: text('status').notNull().default('pending'),
  approvedAt: integer('approved_at'),
  approvedName: text('approved_name'),
  approvedIp: text('approved_ip'),
  approvedUserAgent: text('approved_user_agent'),
  tokenHash: text('token_hash'),
  tokenExpiresAt: integer('token_expires_at'),
  tokenRevokedAt: integer('token_revoked_at'),
  /** The staff user who created it (copied on the approval mail). */
  createdBy: integer('created_by').references(() => cmsUsers.id, { onDelete: 'set null' }),
  createdAt: integer('created_at').notNull().default(now),
  updatedAt: integer('updated_at').notNull().default(now),
}, (t) => [index('contracts_tenant').on(t.tenantKey, t.id), uniqueIndex('contracts_token').on(t.tokenHash)]);

// - company_updates: a company's update of its own profile (a Company content item), by private
//   link. The link's random token is stored as its SHA-256 digest with an expiry and a revocation
//   time. The submission (proposed profile) and the profile it was made against are JSON; the
//   review keeps the accepted fields and the message sent back to the company.
export const companyUpdates = sqliteTable('company_updates', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantKey: text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' }),
  contentId: integer('content_id').notNull(),
  contactName: text('contact_name').notNull(),
  contactEmail: text('contact_email').notNull(),
  /** requested | submitted | applied | rejected */
  status: text('status').notNull().default('requested'),
  tokenHash: text('token_hash'),
  tokenExpiresAt: integer('token_expires_at'),
  tokenRevokedAt: integer('token_revoked_at'),
  proposed: text('proposed', { mode: 'json' }).$type<Record<string, unknown>>(),
  /** The profile as it was when the company submitted (the diff's left side). */
  baseline: text('baseline', { mode: 'json' }).$type<Record<string, unknown>>(),
  submittedAt: integer('submitted_at'),
  accepted: text('accepted', { mode: 'json' }).$type<string[]>(),
  message: text('message'),
  reviewedAt: integer('reviewed_at'),
  reviewedBy: integer('reviewed_by').references(() => cmsUsers.id, { onDelete: 'set null' }),
  createdBy: integer('created_by').references(() => cmsUsers.id, { onDelete: 'set null' }),
  createdAt: integer('created_at').notNull().default(now),
  updatedAt: integer('updated_at').notNull().default(now),
}, (t) => [index('company_updates_tenant').on(t.tenantKey, t.id), uniqueIndex('company_updates_token').on(t.tokenHash)]);
