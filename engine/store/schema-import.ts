// WordPress and Ghost import (issue 24). `import_sources` maps each record of an export (by its
// source id) to the row it became, with a hash of what was written: a second import of the same
// export updates the row when the hash differs and writes nothing when it is the same.
// `import_runs` holds the progress of an import: the batches committed so far are counted in the
// batch's own transaction, so an interrupted import of the same file continues after the last one.
// `import_jobs` records every import started from the admin (api/imports): who, when, the file, the
// kind, dry run or not, its status and progress while it runs, and the importer's report.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { tenants } from './schema';

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export const importSources = sqliteTable('import_sources', {
  tenantKey: text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' }),
  /** wordpress | ghost */
  source: text('source').notNull(),
  /** author | category | tag | post | image | redirect */
  kind: text('kind').notNull(),
  sourceId: text('source_id').notNull(),
  targetId: integer('target_id').notNull(),
  hash: text('hash').notNull(),
  updatedAt: integer('updated_at').notNull().default(now),
}, (t) => [primaryKey({ columns: [t.tenantKey, t.source, t.kind, t.sourceId] })]);

export const importRuns = sqliteTable('import_runs', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantKey: text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' }),
  source: text('source').notNull(),
  /** sha256 of the export file: a run resumes only over the same bytes. */
  fileHash: text('file_hash').notNull(),
  /** running | done */
  status: text('status').notNull(),
  batchesDone: integer('batches_done').notNull().default(0),
  report: text('report', { mode: 'json' }).$type<Record<string, unknown>>(),
  startedAt: integer('started_at').notNull().default(now),
  finishedAt: integer('finished_at'),
}, (t) => [index('import_runs_file').on(t.tenantKey, t.source, t.fileHash)]);


export const importJobs = sqliteTable('import_jobs', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tenantKey: text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' }),
  /** wordpress | ghost | ghost-members | substack */
  kind: text('kind').notNull(),
  dryRun: integer('dry_run', { mode: 'boolean' }).notNull(),
  fileName: text('file_name').notNull(),
  fileSize: integer('file_size').notNull(),
  /** The staff user who started it (null once the account is gone), and their name as it was then. */
  userId: integer('user_id'),
  userName: text('user_name').notNull().default(''),
  /** running | done | failed */
  status: text('status').notNull(),
  /** What the run is doing now (reading, importing…), with how far it got. */
  phase: text('phase').notNull().default(''),
  done: integer('done').notNull().default(0),
  total: integer('total'),
  /** The importer's report (engine/import/report.ts ImportReport or PeopleReport) once finished. */
  report: text('report', { mode: 'json' }).$type<Record<string, unknown>>(),
  /** Why a failed run stopped (nothing of an unreadable file is written). */
  error: text('error'),
  startedAt: integer('started_at').notNull().default(now),
  finishedAt: integer('finished_at'),
}, (t) => [index('import_jobs_tenant').on(t.tenantKey, t.id)]);
