// People (issue 16): the contacts settings of a tenant (/admin/contacts-settings, manage_contacts):
// a title and an ordered list of person ids (at most 100, engine/domain/people.ts). Kept out of the
// site settings so editing contacts never changes the settings every page is built from.
import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { tenants } from './schema';

export const contactsSettings = sqliteTable('contacts_settings', {
  tenantKey: text('tenant_key').primaryKey().references(() => tenants.tenantKey, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  personIds: text('person_ids', { mode: 'json' }).notNull().$type<number[]>(),
  updatedAt: integer('updated_at').notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
});
