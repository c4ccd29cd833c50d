// Magazine tables beyond the publications and issues in schema-newsletters.ts (admin §2.2): a
// publication's sections and the content placed into an issue's sections, in order. An issue's
// table of contents and its print export read these rows.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { content, tenants } from './schema';
import { magazineIssues, magazinePublications } from './schema-newsletters';

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export const magazineSections = sqliteTable('magazine_sections', {
  id: integer('id').primaryKey(),
  tenantKey: text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' }),
  publicationId: integer('publication_id').notNull().references(() => magazinePublications.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: integer('created_at').notNull().default(now),
  updatedAt: integer('updated_at').notNull().default(now),
}, (t) => [index('magazine_sections_publication').on(t.publicationId, t.position)]);

/** Content placed in an issue's section; position orders the section's stories. */
export const magazineIssueContent = sqliteTable('magazine_issue_content', {
  issueId: integer('issue_id').notNull().references(() => magazineIssues.id, { onDelete: 'cascade' }),
  sectionId: integer('section_id').notNull().references(() => magazineSections.id, { onDelete: 'cascade' }),
  contentId: integer('content_id').notNull().references(() => content.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
}, (t) => [primaryKey({ columns: [t.issueId, t.contentId] }), index('magazine_issue_content_content').on(t.contentId)]);
