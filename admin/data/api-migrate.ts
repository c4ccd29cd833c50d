// Migration tools of the admin (issue 24): site users from a CSV (/admin/migrate-site-users). Same
// rules as api.ts (one function per operation, the only place that knows these documents); a
// separate file to keep api.ts short.
import { request } from './transport';

export interface SiteUserImportProblem { field: string; message: string }
export interface SiteUserImportRow { line: number; email: string; action: 'create' | 'merge' | 'invalid'; mergedWithLine: number | null; problems: SiteUserImportProblem[] }
export interface SiteUserImportPreview {
  columns: string[];
  mapping: { field: string; label: string; column: number | null }[];
  rows: SiteUserImportRow[];
  total: number; valid: number; invalid: number; create: number; merge: number;
}
export interface SiteUserImportResult { created: number; merged: number; skipped: number }
export type SiteUserImportMapping = { field: string; column: number | null }[];

export const previewSiteUserImport = (csv: string, mapping?: SiteUserImportMapping) =>
  request<SiteUserImportPreview>('query', 'previewSiteUserImport', { input: { csv, mapping } });
export const importSiteUsers = (csv: string, mapping: SiteUserImportMapping, importValidRows: boolean) =>
  request<SiteUserImportResult>('mutation', 'importSiteUsers', { input: { csv, mapping, importValidRows } });

// Brand configuration copy (/admin/aspire-to-aspire-migration-config, /admin/run-aspire-to-aspire-migration)
export interface BrandCopyLine { part: string; action: 'create' | 'update' | 'unchanged' | 'warning'; name: string; detail: string | null }
export interface BrandCopyResult { from: string; to: string; dryRun: boolean; lines: BrandCopyLine[]; created: number; updated: number; unchanged: number; warnings: number }
export interface BrandCopyConfig { from: string; to: string; parts: string[]; settingsKeys: string[] }

export const copyBrandConfiguration = (c: BrandCopyConfig, dryRun: boolean) =>
  request<BrandCopyResult>('mutation', 'copyBrandConfiguration', { input: { ...c, dryRun } });
