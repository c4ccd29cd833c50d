// GET /scripts/indesign.zip: the InDesign script package for print exports (engine/magazine/
// indesign-package.ts), the same bytes on every host `masthead serve` answers; public, no tenant data.
import type { FastifyInstance } from 'fastify';
import { indesignPackage } from '../../engine/magazine/indesign-package';

export const INDESIGN_ZIP_PATH = '/scripts/indesign.zip';

export function registerIndesignRoute(app: FastifyInstance): void {
  app.get(INDESIGN_ZIP_PATH, async (_req, reply) => reply
    .type('application/zip')
    .header('content-disposition', 'attachment; filename="masthead-indesign.zip"')
    .header('cache-control', 'public, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(indesignPackage())));
}
