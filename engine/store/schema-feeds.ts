// RSS feed blocks (issue 17): the last good copy of each external feed a tenant's layouts read,
// refreshed at build time (engine/build/feeds.ts). A failed or empty fetch leaves the row as it
// was, so the block keeps showing the last good items.
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { tenants } from './schema';

/** One feed item as the block shows it: plain text and an http(s) link, parsed and checked when fetched. */
export interface FeedItemRow { title: string; link: string; summary: string; published: number | null }

export const feedCache = sqliteTable('feed_cache', {
  tenantKey: text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  items: text('items', { mode: 'json' }).notNull().$type<FeedItemRow[]>(),
  /** When the items were fetched (epoch ms); a newer fetch is tried once this is older than the refresh interval. */
  fetchedAt: integer('fetched_at').notNull(),
}, (t) => [primaryKey({ columns: [t.tenantKey, t.url] })]);
