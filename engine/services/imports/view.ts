// What the imports API answers for one import: the record, with the full report (GET /api/imports/:id,
// the upload's answer) or a summary of it (the list).
import type { ImportJobRow } from '../../store/queries/import-jobs';
import { IMPORT_KINDS, KIND_LABEL, type ImportKind } from './detect';

export interface ImportSummary { created: number; updated: number; unchanged: number; skipped: number; warnings: number }

export interface ImportView {
  id: number;
  kind: string;
  kindLabel: string;
  dryRun: boolean;
  fileName: string;
  fileSize: number;
  user: { id: number | null; name: string };
  status: string;
  progress: { phase: string; done: number; total: number | null };
  startedAt: number;
  finishedAt: number | null;
  error: string | null;
  summary: ImportSummary | null;
  report?: Record<string, unknown> | null;
}

const sum = (o: unknown) => (o && typeof o === 'object' ? Object.values(o as Record<string, number>).reduce((a, n) => a + (Number(n) || 0), 0) : 0);

/** Totals of a report (archive or people): rows created, updated, unchanged, items skipped, warnings. */
export function summarize(report: Record<string, unknown> | null): ImportSummary | null {
  if (!report) return null;
  const counts = (report.counts ?? {}) as Record<string, unknown>;
  return {
    created: sum(counts.created), updated: sum(counts.updated), unchanged: sum(counts.unchanged),
    skipped: Number(report.skippedTotal ?? (Array.isArray(report.skipped) ? report.skipped.length : 0)),
    warnings: sum(report.warnings),
  };
}

export function listView(r: ImportJobRow): ImportView {
  return {
    id: r.id, kind: r.kind, kindLabel: (IMPORT_KINDS as readonly string[]).includes(r.kind) ? KIND_LABEL[r.kind as ImportKind] : r.kind,
    dryRun: r.dryRun, fileName: r.fileName, fileSize: r.fileSize, user: { id: r.userId, name: r.userName }, status: r.status,
    progress: { phase: r.phase, done: r.done, total: r.total }, startedAt: r.startedAt, finishedAt: r.finishedAt, error: r.error,
    summary: summarize(r.report ?? null),
  };
}

export function jobView(r: ImportJobRow): ImportView {
  return { ...listView(r), report: r.report ?? null };
}
