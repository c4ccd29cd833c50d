// The admin's imports (issue 36): WordPress WXR, Ghost JSON, Ghost members CSV and Substack exports
// uploaded into the current tenant.
//
//   POST /api/imports?kind=auto|wordpress|ghost|ghost-members|substack&dryRun=true|false[&newsletter=…]
//        multipart/form-data, one part named `file` (the export, or a zip of it with its media)
//   GET  /api/imports[?before=<id>&limit=N]   the tenant's imports, newest first (report summaries)
//   GET  /api/imports/:id                     one import with its progress and full report
//
// Authenticated like POST /api/assets (bearer header, or the staff cookie from the same origin),
// for the tenant the request names, with bulk_update_content there (a Ghost members CSV also needs
// manage_site_users); checked before the body is read. Uploads count against a per-user limit.
// The file is streamed to a temporary folder (never held in memory) up to the size limit; its kind
// is checked (detect.ts) before a record is made, so a file that is not an export of the chosen
// kind is refused with nothing written. A dry run answers its report when it ends within a few
// seconds (200), else 202 and the admin polls; a real run answers 202 at once and runs in the
// background, one at a time per tenant.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../engine/domain/errors';
import { hasAnyPermission } from '../../engine/domain/permissions';
import { getImportJob, listImportJobs } from '../../engine/store/queries/import-jobs';
import { requireTenantPermission, type Actor } from '../../engine/services/kernel/access';
import { contextFor, refuseCrossSiteCookies, type GraphqlRouteOptions } from '../http/graphql-route';
import { errorBody } from '../http/errors';
import { clientKey, type LimitRule } from '../../engine/services/kernel/rate-limit';
import { throttle } from '../../engine/services/kernel/shared-state';
import { IMPORT_KINDS, prepareExport, type ImportKind } from '../../engine/services/imports';
import { runningImport, startImportJob } from '../../engine/services/imports';
import { jobView, listView } from '../../engine/services/imports';

export const IMPORTS_PATH = '/api/imports';
/** The largest export accepted (a 200 MB WXR, or a zip of an export with its media). */
export const DEFAULT_IMPORT_MAX_BYTES = 512 * 1024 * 1024;
/** Uploads per staff user and tenant (a dry run and its run are two). */
export const IMPORT_UPLOAD_LIMIT: LimitRule = { max: 20, windowMs: 60 * 60_000 };
/** How long a dry run's answer waits for its report before answering 202 (the admin then polls). */
const DRY_RUN_WAIT_MS = 8000;

export interface ImportRouteOptions { maxBytes?: number | undefined; uploadLimit?: LimitRule | undefined; dryRunWaitMs?: number | undefined }

async function staff(req: FastifyRequest, reply: FastifyReply, o: GraphqlRouteOptions): Promise<{ actor: Actor; tenantKey: string }> {
  const ctx = contextFor(req, reply, o);
  refuseCrossSiteCookies(req, ctx, o.allowedOrigins);
  const op = await ctx.op();
  if (!op.tenant) throw new AppError('TENANT_UNKNOWN', { tenant: req.headers.host ?? '(none)' });
  const actor = requireTenantPermission(op.actor, op.tenant.tenantKey, ['bulk_update_content']);
  return { actor, tenantKey: op.tenant.tenantKey };
}

function parseQuery(q: Record<string, string | undefined>): { kind: ImportKind | 'auto'; dryRun: boolean; newsletter: string | undefined } {
  const kind = q.kind ?? 'auto';
  if (kind !== 'auto' && !(IMPORT_KINDS as readonly string[]).includes(kind)) {
    throw new AppError('BAD_USER_INPUT', { field: 'kind', message: `"${kind.slice(0, 40)}" is not a kind of export: use auto, ${IMPORT_KINDS.join(', ')}` });
  }
  const dry = q.dryRun ?? 'true';
  if (!['true', 'false', '1', '0'].includes(dry)) throw new AppError('BAD_USER_INPUT', { field: 'dryRun', message: 'Must be true or false' });
  const newsletter = q.newsletter?.trim() || undefined;
  if (newsletter && newsletter.length > 200) throw new AppError('BAD_USER_INPUT', { field: 'newsletter', message: 'At most 200 characters' });
  return { kind: kind as ImportKind | 'auto', dryRun: dry === 'true' || dry === '1', newsletter };
}

const needsSiteUsers = (actor: Actor, kind: ImportKind) => kind === 'ghost-members' && !hasAnyPermission(actor.permissions, ['manage_site_users']);

export function registerImportRoutes(app: FastifyInstance, o: GraphqlRouteOptions, options: ImportRouteOptions = {}): void {
  const maxBytes = options.maxBytes ?? DEFAULT_IMPORT_MAX_BYTES;
  const limiter = o.services.shared.limiter('import-upload', options.uploadLimit ?? IMPORT_UPLOAD_LIMIT, o.services.now);
  const fail = (reply: FastifyReply, e: unknown) => {
    const { status, body } = errorBody(e, o.services.log);
    if (e instanceof AppError && e.code === 'RATE_LIMITED') reply.header('retry-after', String(e.details.retryAfterSeconds));
    return reply.code(status).send(body);
  };

  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });

    scope.post<{ Querystring: Record<string, string | undefined> }>(IMPORTS_PATH, { bodyLimit: maxBytes + 64 * 1024 }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      let uploadDir: string | undefined;
      try {
        const { actor, tenantKey } = await staff(req, reply, o);
        const q = parseQuery(req.query);
        if (q.kind !== 'auto' && needsSiteUsers(actor, q.kind)) throw new AppError('FORBIDDEN');
        if (!q.dryRun && runningImport(o.services, tenantKey) !== undefined) {
          throw new AppError('CONFLICT', { message: `Import ${runningImport(o.services, tenantKey)} into ${tenantKey} is still running; wait for it to finish, then import again.` });
        }
        await throttle([[limiter, `${actor.userId ?? actor.username}|${tenantKey}|${clientKey(req.ip)}`]]);
        if (!req.isMultipart()) throw new AppError('BAD_USER_INPUT', { field: 'file', message: 'Send the export as multipart/form-data in a part named "file"' });
        const part = await req.file();
        if (!part) throw new AppError('BAD_USER_INPUT', { field: 'file', message: 'No file was sent: add a part named "file"' });
        if (part.fieldname !== 'file') throw new AppError('BAD_USER_INPUT', { field: 'file', message: `The file part is named "${part.fieldname}"; name it "file"` });
        const fileName = [...(part.filename || 'export')].filter((c) => c >= ' ' && c !== '\u007f').join('').slice(0, 200);
        uploadDir = await mkdtemp(join(tmpdir(), 'masthead-import-'));
        const path = join(uploadDir, fileName.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '') || 'export');
        await pipeline(part.file, createWriteStream(path));
        if (part.file.truncated) throw new AppError('BAD_USER_INPUT', { field: 'file', message: `"${fileName}" is more than the limit of ${maxBytes} bytes` });
        const fileSize = (await stat(path)).size;
        if (fileSize === 0) throw new AppError('BAD_USER_INPUT', { field: 'file', message: `"${fileName}" is empty` });
        const prepared = await prepareExport(path, fileName, q.kind);
        if (needsSiteUsers(actor, prepared.kind)) { await prepared.cleanup(); throw new AppError('FORBIDDEN'); }
        const { job, finished } = await startImportJob(o.services, { tenantKey, actor, kind: prepared.kind, dryRun: q.dryRun, fileName, fileSize, prepared, uploadDir, newsletter: q.newsletter });
        uploadDir = undefined; // the run removes it
        if (q.dryRun) {
          const wait = options.dryRunWaitMs ?? DRY_RUN_WAIT_MS;
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([finished, new Promise((r) => { timer = setTimeout(r, wait); })]);
          clearTimeout(timer);
        }
        const now = (await getImportJob(o.services.store.db, tenantKey, job.id)) ?? job;
        return await reply.code(now.status === 'running' ? 202 : 200).send({ import: jobView(now) });
      } catch (e) {
        if (uploadDir) await rm(uploadDir, { recursive: true, force: true }).catch(() => {});
        return fail(reply, e);
      }
    });

    scope.get<{ Querystring: Record<string, string | undefined> }>(IMPORTS_PATH, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const { tenantKey } = await staff(req, reply, o);
        const limit = req.query.limit === undefined ? 50 : Number(req.query.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new AppError('BAD_USER_INPUT', { field: 'limit', message: 'Must be a whole number from 1 to 200' });
        const before = req.query.before === undefined ? undefined : Number(req.query.before);
        if (before !== undefined && (!Number.isInteger(before) || before < 1)) throw new AppError('BAD_USER_INPUT', { field: 'before', message: 'Must be an import id' });
        const rows = await listImportJobs(o.services.store.db, tenantKey, { limit, before });
        return await reply.send({ imports: rows.map(listView) });
      } catch (e) {
        return fail(reply, e);
      }
    });

    scope.get<{ Params: { id: string } }>(`${IMPORTS_PATH}/:id`, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const { tenantKey } = await staff(req, reply, o);
        const id = /^\d{1,12}$/.test(req.params.id) ? Number(req.params.id) : 0;
        const row = id ? await getImportJob(o.services.store.db, tenantKey, id) : undefined;
        if (!row) throw new AppError('NOT_FOUND', { entity: 'Import', id: req.params.id.slice(0, 20) });
        return await reply.send({ import: jobView(row) });
      } catch (e) {
        return fail(reply, e);
      }
    });
  });
}
