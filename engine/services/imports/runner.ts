// An import started from the admin, run in the background of the API process: the record is made
// first (status running), the importer's progress is written to it as it goes (at most every
// 300 ms), and its end stores the report, or the reason it stopped. A real run that created or
// changed anything writes a history row and requests the tenant's rebuild, so the import goes live.
import { rm } from 'node:fs/promises';
import { runImport } from '../../import/run';
import { runGhostMembersImport } from '../../import/ghost-members';
import { ImportFormatError, ImportInputError } from '../../import/model';
import type { ImportReport, PeopleReport } from '../../import/report';
import { insertHistory } from '../../store/queries/history';
import { finishImportJob, insertImportJob, setImportJobProgress, type ImportJobRow } from '../../store/queries/import-jobs';
import { inTenant } from '../../store/tenant-scope';
import type { Actor } from '../kernel/access';
import type { Services } from '../kernel/services';
import { KIND_LABEL, type ImportKind, type PreparedExport } from './detect';

/** Lines of the dry-run plan and skipped items kept in the stored report (a 200 MB export has a line per record). */
export const REPORT_LIST_MAX = 2000;
const PROGRESS_EVERY_MS = 300;

export interface StartArgs {
  tenantKey: string;
  actor: Actor;
  kind: ImportKind;
  dryRun: boolean;
  fileName: string;
  fileSize: number;
  prepared: PreparedExport;
  /** The folder the upload was written to, removed when the run ends. */
  uploadDir: string;
  newsletter?: string | undefined;
}

/** Real runs under way in this process, by tenant (one at a time per tenant). */
const running = new WeakMap<Services, Map<string, number>>();

export function runningImport(services: Services, tenantKey: string): number | undefined {
  return running.get(services)?.get(tenantKey);
}

type AnyReport = ImportReport | PeopleReport;

/** The report as stored: its file named as uploaded, long lists cut with their full length kept. */
function storedReport(r: AnyReport, fileName: string): Record<string, unknown> {
  return {
    ...r,
    file: fileName,
    plan: r.plan.slice(0, REPORT_LIST_MAX),
    planTotal: r.plan.length,
    skipped: r.skipped.slice(0, REPORT_LIST_MAX),
    skippedTotal: r.skipped.length,
  };
}

/** Whether a real run changed anything the public site shows (site users and subscribers do not). */
function changedSite(r: AnyReport): boolean {
  if (!('batches' in r)) return false;
  return Object.values(r.counts.created).some((n) => n > 0) || Object.values(r.counts.updated).some((n) => n > 0);
}

/** The message a failed run keeps: the importer's own (naming the file as uploaded), else a generic one. */
function failure(e: unknown, args: StartArgs): string {
  if (e instanceof ImportFormatError || e instanceof ImportInputError) {
    return e.message.split(args.prepared.file).join(args.fileName).split(args.uploadDir).join('').replace(/(^|\s)[\\/][^\s:]*[\\/]/g, '$1');
  }
  return `The import stopped on an unexpected error; nothing of the batch it was writing was kept. Run it again to continue (${KIND_LABEL[args.kind]}).`;
}

/** Creates the record and starts the run; `finished` settles when the record holds the outcome. */
export async function startImportJob(services: Services, args: StartArgs): Promise<{ job: ImportJobRow; finished: Promise<void> }> {
  const { tenantKey, actor } = args;
  const job = await inTenant(tenantKey, () => insertImportJob(services.store.db, {
    tenantKey, kind: args.kind, dryRun: args.dryRun, fileName: args.fileName, fileSize: args.fileSize, userId: actor.userId, userName: actor.username,
  }));
  if (!args.dryRun) {
    const map = running.get(services) ?? new Map<string, number>();
    running.set(services, map);
    map.set(tenantKey, job.id);
  }
  const finished = inTenant(tenantKey, () => run(services, args, job.id)).finally(async () => {
    if (!args.dryRun && running.get(services)?.get(tenantKey) === job.id) running.get(services)?.delete(tenantKey);
    await args.prepared.cleanup().catch(() => {});
    await rm(args.uploadDir, { recursive: true, force: true }).catch(() => {});
  });
  return { job, finished };
}

async function run(services: Services, args: StartArgs, id: number): Promise<void> {
  const { store, log } = services;
  const { tenantKey } = args;
  let last = 0;
  let writes: Promise<void> = setImportJobProgress(store.db, tenantKey, id, { phase: 'reading', done: 0 });
  const onProgress = (p: { phase: string; done: number; total?: number | undefined }) => {
    const now = Date.now();
    if (now - last < PROGRESS_EVERY_MS) return;
    last = now;
    writes = writes.then(() => setImportJobProgress(store.db, tenantKey, id, p)).catch((e: unknown) => log.warn({ err: e, id }, 'import progress not recorded'));
  };
  try {
    const report: AnyReport = args.kind === 'ghost-members'
      ? await runGhostMembersImport(store, { file: args.prepared.file, tenantKey, dryRun: args.dryRun, newsletter: args.newsletter })
      : await runImport(store, {
        source: args.kind, file: args.prepared.file, tenantKey, dryRun: args.dryRun, mediaDir: args.prepared.mediaDir, newsletter: args.newsletter, onProgress,
      });
    await writes;
    const stored = storedReport(report, args.fileName);
    const live = !args.dryRun && changedSite(report);
    await store.transaction(async (tx) => {
      await finishImportJob(tx, tenantKey, id, { status: 'done', report: stored, at: services.now() });
      if (!args.dryRun) {
        await insertHistory(tx, {
          tenantKey, actorType: args.actor.kind, actorId: args.actor.userId, entityType: 'import', entityId: String(id), action: 'import',
          changes: { kind: args.kind, fileName: args.fileName, fileSize: args.fileSize, counts: report.counts, skipped: report.skipped.length },
        });
      }
    });
    // The imported rows go live like any edit: the tenant's rebuild is requested (the queue coalesces it).
    if (live) await services.changed(tenantKey, { entity: 'full', action: 'update', ids: [] });
  } catch (e) {
    await writes;
    if (!(e instanceof ImportFormatError || e instanceof ImportInputError)) log.error({ err: e, tenantKey, importId: id }, 'import failed');
    await finishImportJob(store.db, tenantKey, id, { status: 'failed', error: failure(e, args), at: services.now() })
      .catch((err: unknown) => log.error({ err, importId: id }, 'import outcome not recorded'));
    // Batches committed before a run stopped part way are live content too (an unreadable file stops before any).
    if (!args.dryRun && !(e instanceof ImportFormatError)) await services.changed(tenantKey, { entity: 'full', action: 'update', ids: [] });
  }
}
