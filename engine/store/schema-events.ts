// Event store (issue #18): the spec's tracking events, appended per tenant and day, and the rollups
// reports read (issue #20 reads `event_rollups`, never raw events).
// - events: append-only (a custom migration refuses UPDATE); one row per accepted event. No raw IP
//   (`net` is the address truncated to /24 or /48), no e-mail: `visitor` is the reader's session id
//   hashed with the day's salt, `site_user_id` the member's id only. Retention deletes whole days.
// - event_salts: the day's random salt; deleted after two days, so visitor ids cannot be linked
//   across days or recomputed later.
// - event_drops: per tenant, day and reason (bot, crawler, rate-limit, invalid), how many events were refused.
// - event_rollups: per tenant, grain (hour | day), bucket, event type, dimension (all | content |
//   section | menu | newsletter | company | step) and key: event count and unique visitors.
// - event_rollup_state: the last event id each tenant's rollup has seen; the row '*' holds the id up
//   to which every tenant's events are rolled up (the next run scans only the ids after it).
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const events = sqliteTable('events', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantKey: text('tenant_key').notNull(),
  /** UTC day, YYYY-MM-DD: the partition key (PostgreSQL partitions by it). */
  day: text('day').notNull(),
  /** Epoch ms the server received the event. */
  at: integer('at').notNull(),
  type: text('type').notNull(),
  visitor: text('visitor').notNull(),
  siteUserId: integer('site_user_id'),
  net: text('net'),
  contentId: integer('content_id'),
  sectionId: integer('section_id'),
  companyId: integer('company_id'),
  newsletterId: integer('newsletter_id'),
  pageId: text('page_id'),
  /** The menu link (menu + label) for ClickMenu, else the network, step or url the event names. */
  target: text('target'),
  /** The event's validated input as JSON. */
  data: text('data').notNull(),
}, (t) => [index('events_tenant_day').on(t.tenantKey, t.day)]);

export const eventSalts = sqliteTable('event_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});

export const eventDrops = sqliteTable('event_drops', {
  tenantKey: text('tenant_key').notNull(),
  day: text('day').notNull(),
  reason: text('reason').notNull(),
  count: integer('count').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.tenantKey, t.day, t.reason] })]);

export const eventRollups = sqliteTable('event_rollups', {
  tenantKey: text('tenant_key').notNull(),
  grain: text('grain').notNull(),
  /** YYYY-MM-DD for days, YYYY-MM-DDTHH for hours. */
  bucket: text('bucket').notNull(),
  day: text('day').notNull(),
  type: text('type').notNull(),
  dim: text('dim').notNull(),
  key: text('key').notNull(),
  events: integer('events').notNull(),
  visitors: integer('visitors').notNull(),
}, (t) => [
  primaryKey({ columns: [t.tenantKey, t.grain, t.bucket, t.type, t.dim, t.key] }),
  index('event_rollups_tenant_day').on(t.tenantKey, t.day),
  // Reports (issue #20) read one grain, dimension and type over a range of days: this index answers
  // them without touching the table (it covers key and counters too).
  index('event_rollups_report').on(t.tenantKey, t.grain, t.dim, t.type, t.day, t.key, t.events, t.visitors),
]);

export const eventRollupState = sqliteTable('event_rollup_state', {
  tenantKey: text('tenant_key').primaryKey(),
  lastEventId: integer('last_event_id').notNull().default(0),
  rolledAt: integer('rolled_at'),
});
