// Report operations of the admin (issue #20): run a report for a screen's address query, download
// its export. The definitions themselves are shared code (engine/domain/reports.ts).
import type { ReportRow } from '../../engine/domain/reports';
import { fetchReportExport, request } from './transport';
import { downloadBytes } from '../lib/download';

export interface ReportAnswer {
  id: string;
  from: string;
  to: string;
  tenant: string;
  summary: Record<string, number>;
  comparison: { from: string; to: string; summary: Record<string, number> } | null;
  series: ReportRow[];
  rows: ReportRow[];
  totalRows: number;
  skip: number;
  limit: number;
  /** Events of the period dropped as duplicates, implausible or over a limit; null for reports that count no events. */
  droppedEvents?: number | null;
}

export const runReport = (id: string, params: string) => request<ReportAnswer>('query', 'runReport', { id, params });

/** Downloads every row of the report as a CSV or XLSX file (the API names it). */
export async function downloadReport(id: string, params: string, format: 'csv' | 'xlsx'): Promise<string> {
  const file = await fetchReportExport(id, params, format);
  downloadBytes(file.filename, file.bytes, file.type);
  return file.filename;
}

/** Page speed (issue #20): Lighthouse runs against a sample of the site's pages. */
export interface PageSpeedRunView {
  id: number; buildId: string | null; status: 'queued' | 'running' | 'done' | 'failed'; pagesTotal: number; pagesDone: number;
  error: string | null; requestedBy: string | null; createdAt: string; finishedAt: string | null;
}
export interface PageSpeedScoresView { performance: number; accessibility: number; bestPractices: number; seo: number; lcpMs: number | null; cls: number | null }
export interface PageSpeedReport {
  runs: PageSpeedRunView[];
  history: (PageSpeedScoresView & { runId: number; buildId: string | null; at: string; pages: number })[];
  pages: (PageSpeedScoresView & { path: string; form: string })[];
}

export const getPageSpeedReport = () => request<PageSpeedReport>('query', 'getPageSpeedReport');
export const startPageSpeedRun = () => request<PageSpeedRunView>('mutation', 'startPageSpeedRun');
