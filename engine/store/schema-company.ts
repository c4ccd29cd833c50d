// Company data (issue #22). Internal news: staff news items shown in the admin toolbar's flyout
// (admin §2.3, §3.6, §4). They are global (not per tenant): global admins write them, every
// signed-in staff user reads them.
// - aspire_news: title, HTML description (sanitised by the shared body rules), date (epoch ms),
//   status 1 published / 2 draft, alert flag.
// - aspire_news_reads: who opened which item and when (an item is marked read once).
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { cmsUsers } from './schema';

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
