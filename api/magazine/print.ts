// Print exports (admin §2.2 /admin/print-exports): an issue's print package — one ICML story per
// placed item, the images at original resolution, manifest.json — as a zip the admin downloads.
// Guarded by manage_print_export; the issue must be the tenant's.
import { AppError } from '../../engine/domain/errors';
import { slugify } from '../../engine/domain/paths';
import { exportIssueForPrint, PrintExportError } from '../../engine/magazine/print-export';
import { requireTenantPermission } from '../access';
import type { GqlContext } from '../context';
import { idArg } from '../patch';
import { PERMS } from './shared';

export async function printExport(ctx: GqlContext, rawId: unknown) {
  const tenant = await ctx.tenant();
  requireTenantPermission(await ctx.actor(), tenant.tenantKey, PERMS.printExport);
  const issueId = idArg(rawId, 'issueId');
  const r = await exportIssueForPrint(ctx.services.store.db, tenant.tenantKey, issueId).catch((e: unknown) => {
    if (e instanceof PrintExportError) throw new AppError('NOT_FOUND', { entity: 'Issue', id: issueId });
    throw e;
  });
  return {
    filename: `${slugify(r.manifest.publication.name) || 'publication'}-${slugify(r.manifest.issue.name) || issueId}-print.zip`,
    contentType: 'application/zip',
    bytes: r.zip.byteLength,
    stories: r.manifest.sections.reduce((n, s) => n + s.stories.length, 0),
    base64: Buffer.from(r.zip).toString('base64'),
    manifest: r.manifest,
  };
}
