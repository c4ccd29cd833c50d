// Print exports (admin §2.2 /admin/print-exports): an issue's print package, or a website section's
// items over a date range as the same package, — one ICML story per
// placed item, the images at original resolution, manifest.json — as a zip the admin downloads.
// Guarded by manage_print_export; the issue must be the tenant's.
import { z } from 'zod';
import { AppError } from '../../engine/domain/errors';
import { slugify } from '../../engine/domain/paths';
import { daysBetween, isDay } from '../../engine/domain/reports';
import { badInput, parseInput } from '../../engine/domain/validation';
import { exportIssueForPrint, exportSectionsForPrint, PrintExportError, type PrintManifest } from '../../engine/magazine/print-export';
import { getSection } from '../../engine/store/queries/sections';
import { requireTenantPermission } from '../../engine/services/kernel/access';
import type { GqlContext } from '../context';
import { idArg } from '../../engine/services/kernel/patch';
import { PERMS } from '../../engine/services/magazine';

export async function printExport(ctx: GqlContext, rawId: unknown) {
  const tenant = await ctx.tenant();
  requireTenantPermission(await ctx.actor(), tenant.tenantKey, PERMS.printExport);
  const issueId = idArg(rawId, 'issueId');
  const r = await exportIssueForPrint(ctx.services.store.db, tenant.tenantKey, issueId).catch((e: unknown) => {
    if (e instanceof PrintExportError) throw new AppError('NOT_FOUND', { entity: 'Issue', id: issueId });
    throw e;
  });
  return packageAnswer(`${slugify(r.manifest.publication.name) || 'publication'}-${slugify(r.manifest.issue.name) || issueId}-print.zip`, r);
}

const packageAnswer = (filename: string, r: { zip: Uint8Array; manifest: PrintManifest }) => ({
  filename,
  contentType: 'application/zip',
  bytes: r.zip.byteLength,
  stories: r.manifest.sections.reduce((n, s) => n + s.stories.length, 0),
  base64: Buffer.from(r.zip).toString('base64'),
  manifest: r.manifest,
});

const day = z.string().refine(isDay, 'Must be a date (YYYY-MM-DD)');
const sectionsArgs = z.strictObject({ sectionId: z.number().int().positive().nullish(), from: day, to: day });
/** The longest range one package covers (a year and a day). */
export const PRINT_RANGE_MAX_DAYS = 366;

/**
 * A print package by website section (and the sections below it; every section without one) and a
 * range of publication days, both included (UTC): for sites without a magazine issue to export.
 */
export async function printSectionsExport(ctx: GqlContext, args: unknown) {
  const tenant = await ctx.tenant();
  requireTenantPermission(await ctx.actor(), tenant.tenantKey, PERMS.printExport);
  const a = parseInput(sectionsArgs, args);
  if (a.from > a.to) badInput('to', 'Must not be before the start date');
  if (daysBetween(a.from, a.to).length > PRINT_RANGE_MAX_DAYS) badInput('to', `The range must be at most ${PRINT_RANGE_MAX_DAYS} days`);
  const sectionId = a.sectionId ?? null;
  const section = sectionId === null ? null : await getSection(ctx.services.store.db, tenant.tenantKey, sectionId);
  if (sectionId !== null && !section) badInput('sectionId', 'No section of this site has this id');
  const r = await exportSectionsForPrint(ctx.services.store.db, tenant.tenantKey, {
    siteName: tenant.name, sectionId, sectionName: section?.name ?? null, label: `${a.from} to ${a.to}`,
    from: Date.parse(`${a.from}T00:00:00Z`), to: Date.parse(`${a.to}T00:00:00Z`) + 86_400_000,
  });
  return packageAnswer(`${tenant.tenantKey}-${section ? slugify(section.name) : 'all-sections'}-${a.from}-${a.to}-print.zip`, r);
}
