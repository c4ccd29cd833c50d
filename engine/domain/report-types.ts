// The shapes of a report (issue #20): date presets and comparisons, filters, columns, figures and
// charts, and a report's definition. Shared by the catalogue (report-catalogue.ts) and the
// parameters, sorting and CSV (reports.ts). Pure and browser-safe.
import type { Permission } from './permissions';

export const DATE_PRESETS = ['last-7-days', 'last-30-days', 'last-90-days', 'this-month', 'last-month', 'this-year', 'custom'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const PRESET_LABELS: Record<DatePreset, string> = {
  'last-7-days': 'Last 7 days', 'last-30-days': 'Last 30 days', 'last-90-days': 'Last 90 days', 'this-month': 'This month',
  'last-month': 'Last month', 'this-year': 'This year', custom: 'Custom range',
};
export const COMPARISONS = ['previous-period', 'previous-year', 'none'] as const;
export type Comparison = (typeof COMPARISONS)[number];
export const COMPARISON_LABELS: Record<Comparison, string> = { 'previous-period': 'Previous period', 'previous-year': 'Same period last year', none: 'No comparison' };
export const FILTERS = ['section', 'type', 'author'] as const;
export type ReportFilter = (typeof FILTERS)[number];

export type ColumnKind = 'text' | 'int' | 'decimal' | 'percent' | 'date' | 'content';
export interface ReportColumn { key: string; label: string; kind: ColumnKind }
export interface ReportFigure { key: string; label: string; kind: 'int' | 'percent' | 'decimal' }
export interface ReportChart {
  kind: 'line' | 'bar' | 'funnel';
  /** The series field that holds the x value (a day, a bucket, a step). */
  x: string;
  series: { key: string; label: string }[];
}
export type ReportGroup = 'Analytics' | 'Editorial' | 'Analyses' | 'Exports';

export interface ReportDefinition {
  id: string;
  /** Below /admin (admin §2.2). */
  path: string;
  title: string;
  group: ReportGroup;
  /** One sentence under the title: what the numbers are. */
  description: string;
  permissions: readonly Permission[];
  /** Whether the date range applies (undated reports describe the current state). */
  dated: boolean;
  filters: readonly ReportFilter[];
  summary: readonly ReportFigure[];
  chart: ReportChart | null;
  columns: readonly ReportColumn[];
  defaultSort: { key: string; dir: SortDir };
  /** A cross-site report: always counts every site, for global staff only (admin §2.2 cross-site reports and exports). */
  crossSite?: boolean;
}
export type SortDir = 'asc' | 'desc';
