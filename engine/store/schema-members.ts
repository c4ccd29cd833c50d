// Member tables (public §3, §4, §7; admin §3.6): single-use links for registration, password
// reset and username change; member sessions; site-license companies with their IP ranges;
// demographic questions and values with the written answers and the consent a member gave; the
// installation's secrets (the meter cookie's HMAC key). Site users, their memberships, newsletters
// and favourites are in schema.ts. Only SHA-256 digests of tokens are stored.
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { cmsUsers, siteUsers, tenants } from './schema';

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const createdAt = () => integer('created_at').notNull().default(now);
const updatedAt = () => integer('updated_at').notNull().default(now);
const tenantRef = () => text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' });

/** What a registration link carries until it is completed (validated by api/members before storing). */
export interface RegistrationPayload {
  membershipId: number;
  countryCode: string | null;
  region: string | null;
  consent: { key: 'CASL' | 'GDPR'; country: string; region: string | null; compliance: boolean } | null;
  path: string;
  promoCode: string | null;
}
export interface UsernamePayload { newUsername: string }
export type SiteUserTokenPayload = RegistrationPayload | UsernamePayload | Record<string, never>;

/**
 * Single-use, expiring links. register: no user yet (email is the address being registered);
 * reset and username: the user's; a newer link voids older unused ones of the same kind.
 */
export const siteUserTokens = sqliteTable('site_user_tokens', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantKey: tenantRef(),
  kind: text('kind').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  siteUserId: integer('site_user_id').references(() => siteUsers.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  payload: text('payload', { mode: 'json' }).$type<SiteUserTokenPayload>().notNull(),
  expiresAt: integer('expires_at').notNull(),
  usedAt: integer('used_at'),
  createdAt: createdAt(),
}, (t) => [
  index('site_user_tokens_email').on(t.tenantKey, t.kind, t.email),
  index('site_user_tokens_user').on(t.siteUserId),
  check('site_user_tokens_kind', sql`${t.kind} in ('register', 'reset', 'username')`),
]);

/** Member sessions: 30 days from login, 1 day when staff simulate a member (simulatedBy set). */
export const siteUserSessions = sqliteTable('site_user_sessions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantKey: tenantRef(),
  siteUserId: integer('site_user_id').notNull().references(() => siteUsers.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: integer('expires_at').notNull(),
  simulatedBy: integer('simulated_by').references(() => cmsUsers.id, { onDelete: 'cascade' }),
  revokedAt: integer('revoked_at'),
  createdAt: createdAt(),
}, (t) => [index('site_user_sessions_user').on(t.siteUserId)]);

export const siteLicenseCompanies = sqliteTable('site_license_companies', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantKey: tenantRef(),
  name: text('name').notNull(),
  /** 1 active, 0 inactive (inactive companies match nobody). */
  status: integer('status').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('site_license_companies_tenant_name').on(t.tenantKey, t.name)]);

/** A company's ranges as 128-bit keys in hex (engine/domain/ip-range.ts), so a lookup is an index range scan. */
export const siteLicenseIpRanges = sqliteTable('site_license_ip_ranges', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  companyId: integer('company_id').notNull().references(() => siteLicenseCompanies.id, { onDelete: 'cascade' }),
  tenantKey: tenantRef(),
  cidr: text('cidr').notNull(),
  startKey: text('start_key').notNull(),
  endKey: text('end_key').notNull(),
}, (t) => [
  index('site_license_ip_ranges_lookup').on(t.tenantKey, t.startKey),
  uniqueIndex('site_license_ip_ranges_company_cidr').on(t.companyId, t.cidr),
]);

export const demographicQuestions = sqliteTable('demographic_questions', {
  id: integer('id').primaryKey(),
  tenantKey: tenantRef(),
  demographicType: integer('demographic_type').notNull(),
  description: text('description').notNull(),
  omedaWebformText: text('omeda_webform_text'),
  status: integer('status').notNull().default(1),
  sequence: integer('sequence').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('demographic_questions_tenant').on(t.tenantKey, t.sequence),
  check('demographic_questions_type', sql`${t.demographicType} in (1, 2, 3, 5, 6, 7, 8)`),
]);

export const demographicValues = sqliteTable('demographic_values', {
  id: integer('id').primaryKey(),
  questionId: integer('question_id').notNull().references(() => demographicQuestions.id, { onDelete: 'cascade' }),
  description: text('description').notNull(),
  sequence: integer('sequence').notNull().default(0),
}, (t) => [index('demographic_values_question').on(t.questionId, t.sequence)]);

/** Written answers (text, date, number questions); chosen options are in site_users.demographics. */
export const siteUserDemographicTexts = sqliteTable('site_user_demographic_texts', {
  siteUserId: integer('site_user_id').notNull().references(() => siteUsers.id, { onDelete: 'cascade' }),
  questionId: integer('question_id').notNull().references(() => demographicQuestions.id, { onDelete: 'cascade' }),
  value: text('value').notNull(),
}, (t) => [primaryKey({ columns: [t.siteUserId, t.questionId] })]);

/** Consent a member gave (public §3 "Consent object"): CASL for Canada, GDPR otherwise. */
export const siteUserConsents = sqliteTable('site_user_consents', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  siteUserId: integer('site_user_id').notNull().references(() => siteUsers.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  country: text('country').notNull(),
  region: text('region'),
  compliance: integer('compliance', { mode: 'boolean' }).notNull(),
  source: text('source').notNull(),
  createdAt: createdAt(),
}, (t) => [index('site_user_consents_user').on(t.siteUserId), check('site_user_consents_kind', sql`${t.kind} in ('CASL', 'GDPR')`)]);

/** Installation secrets generated on first use (name → hex), shared by every API instance. */
export const installationSecrets = sqliteTable('installation_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Inquiries (issue 17, the RMI form): what a reader sent from a page's inquiry form, with the
 * consent text they agreed to and when. contentId is the page's item (null off content pages); it
 * is not a foreign key, so an inquiry outlives the item it was about.
 */
export const inquiries = sqliteTable('inquiries', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantKey: tenantRef(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company').notNull().default(''),
  message: text('message').notNull(),
  contentId: integer('content_id'),
  consentText: text('consent_text').notNull(),
  consentAt: integer('consent_at').notNull(),
  createdAt: createdAt(),
}, (t) => [index('inquiries_tenant_created').on(t.tenantKey, t.createdAt)]);
