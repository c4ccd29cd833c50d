// The admin's imports (api/imports/route.ts): upload an export for a dry run or a real run, follow a
// run's progress, list the tenant's imports. REST, not GraphQL: the export is a file upload.
import { getJson, postFile } from './transport';

export type ImportKind = 'wordpress' | 'ghost' | 'ghost-members' | 'substack';
export type ImportKindChoice = ImportKind | 'auto';

export const IMPORT_KIND_OPTIONS: readonly { value: ImportKindChoice; label: string }[] = [
  { value: 'auto', label: 'Detect from the file' },
  { value: 'wordpress', label: 'WordPress export (WXR)' },
  { value: 'ghost', label: 'Ghost JSON export' },
  { value: 'ghost-members', label: 'Ghost members CSV' },
  { value: 'substack', label: 'Substack export (zip)' },
];

export type Counts = Record<string, number>;

/** The importer's report (engine/import/report.ts), archive or people, as stored with the import. */
export interface ImportReport {
  source: string;
  file: string;
  version?: string;
  dryRun: boolean;
  rows?: number;
  batches?: number;
  counts: { created: Counts; updated: Counts; unchanged: Counts };
  warnings: Counts;
  warningDetails: { kind: string; record: string; detail: string }[];
  skipped: { record: string; reason: string; line?: number; path?: string }[];
  skippedTotal?: number;
  notImported: Counts;
  plan: string[];
  planTotal?: number;
  durationMs: number;
  subscribers?: ImportReport;
}

export interface ImportRecord {
  id: number;
  kind: ImportKind;
  kindLabel: string;
  dryRun: boolean;
  fileName: string;
  fileSize: number;
  user: { id: number | null; name: string };
  status: 'running' | 'done' | 'failed';
  progress: { phase: string; done: number; total: number | null };
  startedAt: number;
  finishedAt: number | null;
  error: string | null;
  summary: { created: number; updated: number; unchanged: number; skipped: number; warnings: number } | null;
  report?: ImportReport | null;
}

/** Uploads `file` and starts a dry run (the answer holds its report once it ends) or a real run (it runs on; poll getImport). */
export async function uploadImport(file: File, kind: ImportKindChoice, dryRun: boolean, onProgress: (fraction: number) => void, newsletter = ''): Promise<ImportRecord> {
  const extra = newsletter.trim() ? `&newsletter=${encodeURIComponent(newsletter.trim())}` : '';
  const body = await postFile<{ import: ImportRecord }>(`/api/imports?kind=${encodeURIComponent(kind)}&dryRun=${dryRun}${extra}`, file, onProgress);
  return body.import;
}

export async function getImport(id: number): Promise<ImportRecord> {
  return (await getJson<{ import: ImportRecord }>(`/api/imports/${id}`)).import;
}

export async function listImports(limit = 50): Promise<ImportRecord[]> {
  return (await getJson<{ imports: ImportRecord[] }>(`/api/imports?limit=${limit}`)).imports;
}

/** Polls an import until it is no longer running, calling `onUpdate` with each answer. */
export async function followImport(id: number, onUpdate: (r: ImportRecord) => void, everyMs = 500, stopped: () => boolean = () => false): Promise<ImportRecord> {
  for (;;) {
    const r = await getImport(id);
    onUpdate(r);
    if (r.status !== 'running' || stopped()) return r;
    await new Promise((res) => setTimeout(res, everyMs));
  }
}
