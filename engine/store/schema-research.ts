// Content research (issue 16): the searches a staff user saved on /admin/content-research, per
// user and tenant; `query` is the research filter as the operation validated it (JSON).
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { cmsUsers, tenants } from './schema';

export const researchSavedSearches = sqliteTable('research_saved_searches', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  cmsUserId: integer('cms_user_id').notNull().references(() => cmsUsers.id, { onDelete: 'cascade' }),
  tenantKey: text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  query: text('query', { mode: 'json' }).notNull().$type<Record<string, unknown>>(),
  createdAt: integer('created_at').notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
}, (t) => [index('research_saved_searches_user').on(t.cmsUserId, t.tenantKey)]);
