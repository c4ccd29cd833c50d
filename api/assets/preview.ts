// GET /api/assets/:id/preview?width=N: the admin's view of an asset (issue 16). The site path
// (/media/<tenant>/...) is served by the published site, not the admin host, and unused uploads are
// never published; so the admin loads thumbnails here. Authenticated like POST /api/assets (bearer
// header or the same-origin staff cookie, for the tenant the request names) with manage_assets or
// manage_content. Answers the smallest derivative at least `width` pixels wide (WebP first; the
// widest when none is), a PDF's original, or a fixture asset's stored bytes, with a long private
// cache: the admin adds the file's hash (?v=) to the URL, so a replaced file gets a new URL. The
// bytes come from the media store: the assets folder, or the bucket (MASTHEAD_MEDIA_URL).
import type { FastifyInstance } from 'fastify';
import { smallestFitting } from '../../engine/assets/ingest';
import type { MediaKind } from '../../engine/assets/media-store';
import { AppError } from '../../engine/domain/errors';
import { badInput } from '../../engine/domain/validation';
import * as q from '../../engine/store/queries/assets';
import { asStorageError, mediaStore } from '../../engine/services/kernel/media-storage';
import { contextFor, refuseCrossSiteCookies, type GraphqlRouteOptions } from '../http/graphql-route';
import { errorBody } from '../http/errors';
import { tenantAccess, type OpContext } from '../../engine/services/kernel/operation';
import { idArg } from '../../engine/services/kernel/patch';
import { READ } from '../../engine/services/assets';

export const PREVIEW_PATH = '/api/assets/:id/preview';
export const DEFAULT_PREVIEW_WIDTH = 480;
export const MAX_PREVIEW_WIDTH = 4000;
/** A year, private: only the signed-in browser keeps it. */
export const PREVIEW_CACHE = 'private, max-age=31536000, immutable';

export interface AssetPreview { bytes: Buffer; mimeType: string }

/** The bytes the admin shows for an asset at `width` (see the file comment). */
export async function assetPreview(ctx: OpContext, input: { id: unknown; width?: unknown }): Promise<AssetPreview> {
  const { tenant } = tenantAccess(ctx, READ);
  const key = tenant.tenantKey;
  const id = idArg(input.id);
  let width = DEFAULT_PREVIEW_WIDTH;
  if (input.width !== undefined && input.width !== '') {
    width = typeof input.width === 'string' && /^\d+$/.test(input.width) ? Number(input.width) : NaN;
    if (!Number.isInteger(width) || width < 1 || width > MAX_PREVIEW_WIDTH) badInput('width', `Must be a whole number of pixels from 1 to ${MAX_PREVIEW_WIDTH}`);
  }
  const db = ctx.services.store.db;
  const [asset] = await q.mediaAssetsByIds(db, key, [id]);
  if (!asset) throw new AppError('NOT_FOUND', { entity: 'Asset', id });
  const store = mediaStore(ctx.services.assets);
  const fitting = smallestFitting(asset.derivatives, width);
  const stored = async (kind: MediaKind, file: string, mimeType: string): Promise<AssetPreview> => {
    const bytes = await store.read(key, kind, file).catch(asStorageError);
    if (!bytes) throw new AppError('NOT_FOUND', { entity: 'Asset file', id: `${id} (${file})` });
    return { bytes, mimeType };
  };
  if (fitting) return stored('derivative', fitting.file, `image/${fitting.format}`);
  if (asset.original) return stored('original', asset.original, asset.mimeType);
  const inStore = await q.assetStoredData(db, key, id);
  if (!inStore || inStore.data.byteLength === 0) throw new AppError('NOT_FOUND', { entity: 'Asset file', id });
  return { bytes: inStore.data, mimeType: inStore.mimeType };
}

export function registerAssetPreviewRoute(app: FastifyInstance, o: GraphqlRouteOptions): void {
  app.get<{ Params: { id: string }; Querystring: { width?: string } }>(PREVIEW_PATH, async (req, reply) => {
    try {
      const ctx = contextFor(req, reply, o);
      refuseCrossSiteCookies(req, ctx, o.allowedOrigins);
      const op = await ctx.op();
      if (!op.tenant) throw new AppError('TENANT_UNKNOWN', { tenant: req.headers.host ?? '(none)' });
      const preview = await assetPreview(op, { id: /^\d+$/.test(req.params.id) ? Number(req.params.id) : req.params.id, width: req.query.width });
      return await reply.code(200)
        .header('cache-control', PREVIEW_CACHE)
        .header('content-type', preview.mimeType)
        .header('x-content-type-options', 'nosniff')
        // A PDF opened from here runs nothing of the admin's origin.
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(preview.bytes);
    } catch (e) {
      reply.header('cache-control', 'no-store');
      const { status, body } = errorBody(e, o.services.log);
      return reply.code(status).send(body);
    }
  });
}
