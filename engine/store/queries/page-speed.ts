// Page speed runs and their scores (issue 20 "Page speed"; tables in schema-page-speed.ts): a run
// is created queued, moves to running with the size of its sample, counts pages as they are
// measured (the progress the screen polls), and ends done or failed. Every read and write names
// the tenant.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../connection';
import { pageSpeedRuns, pageSpeedScores } from '../schema-page-speed';

export type PageSpeedRun = typeof pageSpeedRuns.$inferSelect;
export type PageSpeedScore = typeof pageSpeedScores.$inferSelect;
export type NewPageSpeedScore = Omit<typeof pageSpeedScores.$inferInsert, 'id' | 'tenantKey' | 'runId' | 'buildId'>;

export async function createPageSpeedRun(db: Db, tenantKey: string, o: { buildId: string | null; requestedBy: string | null; now: number }): Promise<number> {
  const [r] = await db.insert(pageSpeedRuns).values({ tenantKey, buildId: o.buildId, status: 'queued', requestedBy: o.requestedBy, createdAt: o.now }).returning({ id: pageSpeedRuns.id });
  return r!.id;
}

/** A run of the tenant that has not ended (queued or running), if any: one at a time per tenant. */
export async function activePageSpeedRun(db: Db, tenantKey: string): Promise<PageSpeedRun | null> {
  const [r] = await db.select().from(pageSpeedRuns)
    .where(and(eq(pageSpeedRuns.tenantKey, tenantKey), inArray(pageSpeedRuns.status, ['queued', 'running']))).limit(1);
  return r ?? null;
}

/** The tenant's runs that have not ended, oldest first (the page-speed job runs the queued ones). */
export async function unfinishedPageSpeedRuns(db: Db, tenantKey: string): Promise<PageSpeedRun[]> {
  return db.select().from(pageSpeedRuns)
    .where(and(eq(pageSpeedRuns.tenantKey, tenantKey), inArray(pageSpeedRuns.status, ['queued', 'running']))).orderBy(asc(pageSpeedRuns.id));
}

export async function startPageSpeedRun(db: Db, tenantKey: string, id: number, pagesTotal: number): Promise<void> {
  await db.update(pageSpeedRuns).set({ status: 'running', pagesTotal, pagesDone: 0 }).where(and(eq(pageSpeedRuns.id, id), eq(pageSpeedRuns.tenantKey, tenantKey)));
}

/** Stores one page's scores under the run (and its build id) and counts the page done. */
export async function addPageSpeedScore(db: Db, tenantKey: string, runId: number, score: NewPageSpeedScore): Promise<void> {
  const [run] = await db.select().from(pageSpeedRuns).where(and(eq(pageSpeedRuns.id, runId), eq(pageSpeedRuns.tenantKey, tenantKey)));
  if (!run) throw new Error(`No page speed run ${runId} for ${tenantKey}`);
  await db.insert(pageSpeedScores).values({ ...score, tenantKey, runId, buildId: run.buildId });
  await db.update(pageSpeedRuns).set({ pagesDone: run.pagesDone + 1 }).where(eq(pageSpeedRuns.id, runId));
}

export async function finishPageSpeedRun(db: Db, tenantKey: string, id: number, o: { now: number; error?: string | null }): Promise<void> {
  await db.update(pageSpeedRuns).set({ status: o.error ? 'failed' : 'done', error: o.error ?? null, finishedAt: o.now })
    .where(and(eq(pageSpeedRuns.id, id), eq(pageSpeedRuns.tenantKey, tenantKey)));
}

export async function readPageSpeedRun(db: Db, tenantKey: string, id: number): Promise<PageSpeedRun | null> {
  const [r] = await db.select().from(pageSpeedRuns).where(and(eq(pageSpeedRuns.id, id), eq(pageSpeedRuns.tenantKey, tenantKey)));
  return r ?? null;
}

/** The tenant's newest runs, newest first. */
export async function listPageSpeedRuns(db: Db, tenantKey: string, limit = 50): Promise<PageSpeedRun[]> {
  return db.select().from(pageSpeedRuns).where(eq(pageSpeedRuns.tenantKey, tenantKey)).orderBy(desc(pageSpeedRuns.createdAt), desc(pageSpeedRuns.id)).limit(limit);
}

export interface PageSpeedPoint {
  runId: number;
  buildId: string | null;
  at: number;
  pages: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Median largest contentful paint of the run's pages (ms), null when none was measured. */
  lcpMs: number | null;
  cls: number | null;
}

const mean = (xs: number[]) => Math.round(xs.reduce((s, v) => s + v, 0) / xs.length);
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[(s.length - 1) >> 1]! : null; };

/**
 * The chart of the report: one point per finished run with scores, oldest first (its time, build
 * id, the mean score per category over the sampled pages, median LCP and worst CLS).
 */
export async function pageSpeedHistory(db: Db, tenantKey: string, limit = 100): Promise<PageSpeedPoint[]> {
  const scores = await db.select().from(pageSpeedScores).where(eq(pageSpeedScores.tenantKey, tenantKey)).orderBy(asc(pageSpeedScores.runId), asc(pageSpeedScores.id));
  const byRun = new Map<number, PageSpeedScore[]>();
  for (const s of scores) { const l = byRun.get(s.runId); if (l) l.push(s); else byRun.set(s.runId, [s]); }
  const points = [...byRun].map(([runId, list]): PageSpeedPoint => {
    const lcps = list.map((s) => s.lcpMs).filter((v): v is number => v !== null);
    const clss = list.map((s) => s.cls).filter((v): v is number => v !== null);
    return {
      runId, buildId: list[0]!.buildId, at: Math.max(...list.map((s) => s.measuredAt)), pages: list.length,
      performance: mean(list.map((s) => s.performance)), accessibility: mean(list.map((s) => s.accessibility)),
      bestPractices: mean(list.map((s) => s.bestPractices)), seo: mean(list.map((s) => s.seo)),
      lcpMs: median(lcps), cls: clss.length ? Math.max(...clss) : null,
    };
  });
  return points.slice(-limit);
}

/** One run's page scores, in the order measured. */
export async function pageSpeedScoresOf(db: Db, tenantKey: string, runId: number): Promise<PageSpeedScore[]> {
  return db.select().from(pageSpeedScores).where(and(eq(pageSpeedScores.tenantKey, tenantKey), eq(pageSpeedScores.runId, runId))).orderBy(asc(pageSpeedScores.id));
}
