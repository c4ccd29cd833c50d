// Page speed (issue 20 "Page speed"): Lighthouse runs against a sample of a tenant's built pages.
// A run is a background job: `page_speed_runs` holds its state and progress (pages done of the
// sample), `page_speed_scores` one row per page measured, with the build id the page came from, so
// the report charts the scores over builds and time.
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { tenants } from './schema';

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export const pageSpeedRuns = sqliteTable('page_speed_runs', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantKey: text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' }),
  /** The live build measured (builds/latest.json's id), null when the site had none. */
  buildId: text('build_id'),
  /** queued | running | done | failed */
  status: text('status').notNull(),
  pagesTotal: integer('pages_total').notNull().default(0),
  pagesDone: integer('pages_done').notNull().default(0),
  error: text('error'),
  requestedBy: text('requested_by'),
  createdAt: integer('created_at').notNull().default(now),
  finishedAt: integer('finished_at'),
}, (t) => [index('page_speed_runs_tenant').on(t.tenantKey, t.createdAt)]);

export const pageSpeedScores = sqliteTable('page_speed_scores', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantKey: text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' }),
  runId: integer('run_id').notNull().references(() => pageSpeedRuns.id, { onDelete: 'cascade' }),
  buildId: text('build_id'),
  path: text('path').notNull(),
  /** mobile | desktop */
  form: text('form').notNull(),
  /** Lighthouse category scores, 0–100. */
  performance: integer('performance').notNull(),
  accessibility: integer('accessibility').notNull(),
  bestPractices: integer('best_practices').notNull(),
  seo: integer('seo').notNull(),
  lcpMs: integer('lcp_ms'),
  cls: real('cls'),
  measuredAt: integer('measured_at').notNull(),
}, (t) => [index('page_speed_scores_tenant').on(t.tenantKey, t.measuredAt)]);
