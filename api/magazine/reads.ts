// Staff reads of publications, issues and sections (admin §7.3 getPublicationStream, getIssue,
// getIssues, getMagazinePublication): signed in, in the tenant's scope, holding a magazine permission
// or one that picks a publication. Another tenant's id answers NOT_FOUND.
import { AppError } from '../../engine/domain/errors';
import { issueLimit, issuePath, publicationPath } from '../../engine/domain/magazine';
import { badInput } from '../../engine/domain/validation';
import {
  listIssuePlacements, listMagazineIssues, listMagazinePublications, listMagazineSections, readMagazineIssue, readMagazinePublication,
  type MagazineIssueRow, type MagazinePublicationRow,
} from '../../engine/store/queries/magazine-admin';
import { requireTenantPermission } from '../../engine/services/kernel/access';
import type { GqlContext } from '../context';
import { clampLimit, connection, skipOf } from '../../engine/services/kernel/paging';
import { idArg } from '../../engine/services/kernel/patch';
import { optionalInt } from '../../engine/services/kernel/references';
import { PERMS } from '../../engine/services/magazine';

type Pagination = { limit?: unknown; skip?: unknown; after?: unknown } | null | undefined;

async function staff(ctx: GqlContext): Promise<string> {
  const tenant = await ctx.tenant();
  requireTenantPermission(await ctx.actor(), tenant.tenantKey, PERMS.read);
  return tenant.tenantKey;
}

export async function readPublication(ctx: GqlContext, rawId: unknown): Promise<MagazinePublicationRow> {
  const id = idArg(rawId);
  const row = await readMagazinePublication(ctx.services.store.db, await staff(ctx), id);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'Publication', id });
  return row;
}

export async function readPublicationStream(ctx: GqlContext, input: { pagination?: Pagination } | null | undefined) {
  const tenantKey = await staff(ctx);
  const limit = clampLimit(input?.pagination?.limit, 100, 1000);
  const skip = skipOf(input?.pagination);
  const r = await listMagazinePublications(ctx.services.store.db, tenantKey, { limit, skip });
  return connection(r.rows, skip, r.total);
}

export async function readIssue(ctx: GqlContext, rawId: unknown): Promise<MagazineIssueRow> {
  const id = idArg(rawId);
  const row = await readMagazineIssue(ctx.services.store.db, await staff(ctx), id);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'Issue', id });
  return row;
}

/** Issues newest first; the default limit is §9's "otherwise" (13). */
export async function readIssues(ctx: GqlContext, input: { publicationId?: unknown; status?: unknown; pagination?: Pagination } | null | undefined) {
  const tenantKey = await staff(ctx);
  const publicationId = optionalInt(input?.publicationId, 'input.publicationId');
  const status = optionalInt(input?.status, 'input.status');
  if (status !== undefined && status !== 0 && status !== 1) badInput('input.status', 'Must be one of 0, 1');
  const limit = clampLimit(input?.pagination?.limit, issueLimit('other'), 1000);
  const skip = skipOf(input?.pagination);
  const r = await listMagazineIssues(ctx.services.store.db, tenantKey, { publicationId, status, limit, skip });
  return connection(r.rows, skip, r.total);
}

export async function readSections(ctx: GqlContext, publicationId: unknown) {
  return listMagazineSections(ctx.services.store.db, await staff(ctx), optionalInt(publicationId, 'publicationId'));
}

export const publicationFields = {
  canonicalPath: (p: MagazinePublicationRow) => publicationPath(p),
  sections: async (p: MagazinePublicationRow, _a: unknown, ctx: GqlContext) => listMagazineSections(ctx.services.store.db, (await ctx.tenant()).tenantKey, p.id),
};

export const issueFields = {
  canonicalPath: (i: MagazineIssueRow) => issuePath(i),
  publication: (i: MagazineIssueRow, _a: unknown, ctx: GqlContext) => readPublication(ctx, i.publicationId),
  placements: async (i: MagazineIssueRow, _a: unknown, ctx: GqlContext) => listIssuePlacements(ctx.services.store.db, (await ctx.tenant()).tenantKey, i.id),
};
