// Imports started from the admin (api/imports): one row per upload, dry run or not, with its
// progress while it runs and the importer's report once it ends. Every read names the tenant.
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../connection';
import { importJobs } from '../schema-import';

export type ImportJobRow = typeof importJobs.$inferSelect;
export type ImportJobStatus = 'running' | 'done' | 'failed';

export interface NewImportJob {
  tenantKey: string;
  kind: string;
  dryRun: boolean;
  fileName: string;
  fileSize: number;
  userId: number | null;
  userName: string;
}

export async function insertImportJob(db: Db, job: NewImportJob): Promise<ImportJobRow> {
  const [row] = await db.insert(importJobs).values({ ...job, status: 'running', phase: 'queued' }).returning();
  return row!;
}

export async function setImportJobProgress(db: Db, tenantKey: string, id: number, p: { phase: string; done: number; total?: number | null | undefined }): Promise<void> {
  await db.update(importJobs).set({ phase: p.phase, done: p.done, total: p.total ?? null })
    .where(and(eq(importJobs.tenantKey, tenantKey), eq(importJobs.id, id), eq(importJobs.status, 'running')));
}

export async function finishImportJob(db: Db, tenantKey: string, id: number, end: { status: Exclude<ImportJobStatus, 'running'>; report?: Record<string, unknown> | null; error?: string | null; at: number }): Promise<void> {
  await db.update(importJobs).set({ status: end.status, report: end.report ?? null, error: end.error ?? null, finishedAt: end.at, phase: end.status })
    .where(and(eq(importJobs.tenantKey, tenantKey), eq(importJobs.id, id)));
}

export async function getImportJob(db: Db, tenantKey: string, id: number): Promise<ImportJobRow | undefined> {
  const [row] = await db.select().from(importJobs).where(and(eq(importJobs.tenantKey, tenantKey), eq(importJobs.id, id)));
  return row;
}

/** The tenant's imports, newest first; `before` (an id) pages on. */
export async function listImportJobs(db: Db, tenantKey: string, o: { limit: number; before?: number | undefined }): Promise<ImportJobRow[]> {
  const where = o.before ? and(eq(importJobs.tenantKey, tenantKey), lt(importJobs.id, o.before)) : eq(importJobs.tenantKey, tenantKey);
  return db.select().from(importJobs).where(where).orderBy(desc(importJobs.id)).limit(o.limit);
}
