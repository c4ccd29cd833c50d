// POST /api/assets: the media library's upload route (issue 16). multipart/form-data with one
// `file` part; `?replace=<id>` gives an existing asset a new file (same id, every use kept).
// Authenticated like POST /graphql (bearer header, or the staff cookie from the same origin), for
// the tenant the request names, with manage_assets. The actor and tenant are checked before the
// body is read; the file is read up to the size setting (one byte more is refused) and goes through
// engine/assets/ingest.ts. Answers { asset } (the record as getAsset gives it) or { errors }.
// GET /api/assets/:id/preview (./preview.ts) serves the admin's thumbnails.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../engine/domain/errors';
import { requireTenantPermission } from '../../engine/services/kernel/access';
import { contextFor, refuseCrossSiteCookies, type GraphqlRouteOptions } from '../http/graphql-route';
import { errorBody } from '../http/errors';
import { uploadAsset } from '../../engine/services/assets';
import { registerAssetPreviewRoute } from './preview';

export const ASSETS_PATH = '/api/assets';

export function registerAssetRoutes(app: FastifyInstance, o: GraphqlRouteOptions): void {
  const maxBytes = o.services.assets.maxBytes;
  registerAssetPreviewRoute(app, o);
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
    scope.post<{ Querystring: { replace?: string } }>(ASSETS_PATH, { bodyLimit: maxBytes + 64 * 1024 }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const ctx = contextFor(req, reply, o);
        refuseCrossSiteCookies(req, ctx, o.allowedOrigins);
        const op = await ctx.op();
        if (!op.tenant) throw new AppError('TENANT_UNKNOWN', { tenant: req.headers.host ?? '(none)' });
        requireTenantPermission(op.actor, op.tenant.tenantKey, ['manage_assets']);
        if (!req.isMultipart()) throw new AppError('BAD_USER_INPUT', { field: 'file', message: 'Send the file as multipart/form-data in a part named "file"' });
        const part = await req.file();
        if (!part) throw new AppError('BAD_USER_INPUT', { field: 'file', message: 'No file was sent: add a part named "file"' });
        if (part.fieldname !== 'file') throw new AppError('BAD_USER_INPUT', { field: 'file', message: `The file part is named "${part.fieldname}"; name it "file"` });
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (e) {
          if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError('BAD_USER_INPUT', { field: 'file', message: `the file is more than the limit of ${maxBytes} bytes` });
          }
          throw e;
        }
        const replace = req.query.replace;
        const asset = await uploadAsset({
          ctx: op,
          input: { bytes, name: part.filename, declaredType: part.mimetype, replaceId: replace === undefined ? undefined : /^\d+$/.test(replace) ? Number(replace) : replace },
        });
        return await reply.code(replace === undefined ? 201 : 200).send({ asset });
      } catch (e) {
        const { status, body } = errorBody(e, o.services.log);
        return reply.code(status).send(body);
      }
    });
  });
}
