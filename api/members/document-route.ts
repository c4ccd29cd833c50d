// GET /api/documents/:id — a gated document (issue 17; engine/domain/documents.ts). The build never
// publishes its file; this route streams it to a reader who passes the document's gate under the
// one gating rule (a verified crawler, a site-licence company, or a signed-in member holding one of
// the block's memberships, any member when it names none). The tenant is the request's (its Host, as
// for every site call); an asset of another tenant, a public document or anything not a gated PDF
// is 404. Anonymous readers get 401, members without a required membership 403. The answer is
// private and never stored by a shared cache. A member cookie counts only from the same origin (the
// link on the tenant's page), as for every cookie-authenticated route (refuseCrossSiteCookies).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { tenantFolder } from '../../engine/assets/ingest';
import { GATED_DOCUMENT_ROUTE, gatedDocuments } from '../../engine/domain/documents';
import { AppError } from '../../engine/domain/errors';
import { gatingStatus } from '../../engine/domain/gating';
import { assetStoredData, mediaAssetsByIds } from '../../engine/store/queries/assets';
import { listAllLayouts } from '../../engine/store/queries/layouts';
import { asStorageError } from '../../engine/services/kernel/media-storage';
import { contextFor, refuseCrossSiteCookies, type GraphqlRouteOptions } from '../http/graphql-route';
import { errorBody } from '../http/errors';
import { gatingReader, readerForItem } from './gated-content';

/** A download name safe in a quoted header value: letters, digits, dot, dash and underscore. */
export function downloadName(name: string): string {
  const base = name.replace(/\.pdf$/i, '').normalize('NFKD').replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 100);
  return `${base || 'document'}.pdf`;
}

export function registerGatedDocumentRoute(app: FastifyInstance, o: GraphqlRouteOptions): void {
  app.get<{ Params: { id: string } }>(GATED_DOCUMENT_ROUTE, async (req, reply) => {
    reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    try {
      const ctx = contextFor(req, reply, o);
      refuseCrossSiteCookies(req, ctx, o.allowedOrigins);
      const tenant = await ctx.tenant();
      const id = /^\d{1,15}$/.test(req.params.id) ? Number(req.params.id) : NaN;
      const notFound = () => new AppError('NOT_FOUND', { entity: 'Document', id: req.params.id });
      if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
      const db = o.services.store.db;
      const [asset] = await mediaAssetsByIds(db, tenant.tenantKey, [id]);
      const gate = asset?.mimeType === 'application/pdf' ? gatedDocuments(await listAllLayouts(db, tenant.tenantKey)).get(id) : undefined;
      if (!asset || !gate) throw notFound();
      const facts = await gatingReader(ctx, tenant);
      const reader = await readerForItem(ctx, tenant, facts, gate);
      const status = gatingStatus(gate, reader, []);
      if (status.status === 'failed') throw new AppError(reader.signedIn ? 'FORBIDDEN' : 'UNAUTHENTICATED');
      reply.code(200)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${downloadName(asset.name)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      if (asset.original && o.services.assets.store) {
        // On object storage: read with the bucket's keys (originals are never public).
        const bytes = await o.services.assets.store.read(tenant.tenantKey, 'original', asset.original).catch(asStorageError);
        if (!bytes) throw new AppError('NOT_FOUND', { entity: 'Document file', id });
        return await reply.header('content-length', String(bytes.byteLength)).send(bytes);
      }
      if (asset.original) {
        const file = join(tenantFolder(o.services.assets.dir, tenant.tenantKey), asset.original);
        const size = await stat(file).then((s) => s.size, () => null);
        if (size === null) throw new AppError('NOT_FOUND', { entity: 'Document file', id });
        return await reply.header('content-length', String(size)).send(createReadStream(file));
      }
      const stored = await assetStoredData(db, tenant.tenantKey, id);
      if (!stored || stored.data.byteLength === 0) throw new AppError('NOT_FOUND', { entity: 'Document file', id });
      return await reply.send(stored.data);
    } catch (e) {
      const { status, body } = errorBody(e, o.services.log);
      return reply.code(status).header('content-type', 'application/json; charset=utf-8').header('content-disposition', 'inline').send(body);
    }
  });
}
