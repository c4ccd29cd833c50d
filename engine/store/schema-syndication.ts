// Syndication (issue 16): an item shared from one tenant to another as a linked copy. The copy is
// an ordinary content row of the target tenant; this row links it to its source. While the link
// stands, edits of the source flow to the copy and the copy's page is canonical to the source's
// URL. Detaching deletes the link (the copy stays, as an independent item).
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { cmsUsers, content, tenants } from './schema';

export const contentSyndication = sqliteTable('content_syndication', {
  /** The copy: one link per copy. */
  copyId: integer('copy_id').primaryKey().references(() => content.id, { onDelete: 'cascade' }),
  copyTenantKey: text('copy_tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' }),
  sourceId: integer('source_id').notNull().references(() => content.id, { onDelete: 'cascade' }),
  sourceTenantKey: text('source_tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => cmsUsers.id, { onDelete: 'set null' }),
  createdAt: integer('created_at').notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
}, (t) => [
  index('content_syndication_source').on(t.sourceId),
  index('content_syndication_copy_tenant').on(t.copyTenantKey),
]);
