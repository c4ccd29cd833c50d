// Layout resolvers: page resolution for the public site, layout reads and writes for the admin.
import { AppError } from '../../engine/domain/errors';
import { LAYOUT_TYPES } from '../../engine/domain/enums';
import { badInput, REQUIRED } from '../../engine/domain/validation';
import { isIssueLive, magazinePageOf } from '../../engine/domain/magazine';
import { contentHead } from '../../engine/store/queries/content';
import { readMagazineIssue, readMagazinePublication } from '../../engine/store/queries/magazine-admin';
import { getLayout, listLayouts, type LayoutRecord } from '../../engine/store/queries/layouts';
import { may, requireTenantPermission } from '../../engine/services/kernel/access';
import type { GqlContext } from '../context';
import { clampLimit, connection, skipOf } from '../../engine/services/kernel/paging';
import { idArg } from '../../engine/services/kernel/patch';
import * as ops from '../../engine/services/layouts';
import { updateLayoutScheduleOptions } from '../../engine/services/layouts';
import { contentIdIn, normalizePath, resolvePage, type MagazinePage, type ResolvedPage } from '../../engine/services/layouts';

const PREVIEW = ['manage_content', 'manage_site_layouts', 'view_site_layouts'] as const;
const VIEW = ['view_site_layouts', 'manage_site_layouts'] as const;

function pageOf(p: ResolvedPage) {
  const l = p.layout;
  return {
    id: l?.id ?? null, name: l?.name ?? null, layoutType: l?.type ?? null, loadMoreType: { type: l?.loadMoreType ?? 'none' },
    hideHeader: l?.hideHeader ?? false, hideFooter: l?.hideFooter ?? false, excludeAds: l?.excludeAds ?? {},
    gatingRequirements: l?.gatingRequirements ?? null, pageData: p.pageData, primaryGrid: l?.primaryGrid ?? null,
    secondaryGrid: l?.secondaryGrid ?? null, redirect: p.redirect,
  };
}

/** The issue or publication a /magazine/… path names, if the reader may see it: an issue is live (status and schedule) unless previewed by staff. */
async function magazinePage(ctx: GqlContext, tenantKey: string, path: string, preview: boolean): Promise<MagazinePage | null> {
  const target = magazinePageOf(path);
  if (!target) return null;
  const db = ctx.services.store.db;
  if (target.kind === 'publication') {
    const p = await readMagazinePublication(db, tenantKey, target.id);
    return p ? { kind: 'publication', id: p.id, name: p.name } : null;
  }
  const i = await readMagazineIssue(db, tenantKey, target.id);
  if (!i || !(preview || isIssueLive(i, ctx.services.now()))) return null;
  return { kind: 'issue', id: i.id, name: i.name, publicationId: i.publicationId };
}

async function layoutById(ctx: GqlContext, id: number): Promise<LayoutRecord> {
  const tenant = await ctx.tenant();
  const row = await getLayout(ctx.services.store.db, tenant.tenantKey, id);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'Layout', id });
  return row;
}

export const layoutResolvers = {
  Query: {
    async getWebsiteLayoutPage(_: unknown, a: { alias?: string | null; useCache?: boolean | null; preview?: boolean | null }, ctx: GqlContext) {
      if (typeof a.alias !== 'string') badInput('alias', REQUIRED);
      const path = normalizePath(a.alias);
      if (path === null) badInput('alias', 'Must be a site path like /markets');
      const tenant = await ctx.tenant();
      const preview = a.preview === true;
      const staff = preview || a.useCache === false ? may(await ctx.actor(), tenant.tenantKey, PREVIEW) : false;
      if (preview && !staff) throw new AppError('FORBIDDEN');
      if (a.useCache === false && staff) ctx.services.site.invalidate(tenant.tenantKey);
      const site = await ctx.site();
      const id = contentIdIn(path);
      let content = null;
      if (id !== null) {
        const row = await contentHead(ctx.services.store.db, tenant.tenantKey, id);
        const now = ctx.services.now();
        const visible = row && (preview ? row.status !== 0 : row.status === 1 && row.published !== null && row.published <= now);
        content = visible ? row : null;
      }
      const magazine = content ? null : await magazinePage(ctx, tenant.tenantKey, path, preview);
      const page = resolvePage({ site, path, content, magazine });
      return page ? pageOf(page) : null;
    },
    async getLayout(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      const id = idArg(a.id);
      requireTenantPermission(await ctx.actor(), (await ctx.tenant()).tenantKey, VIEW);
      return layoutById(ctx, id);
    },
    async getLayoutStream(_: unknown, a: { input?: { type?: string | null; pagination?: { limit?: number; skip?: number; after?: string } | null } | null }, ctx: GqlContext) {
      const tenant = await ctx.tenant();
      requireTenantPermission(await ctx.actor(), tenant.tenantKey, VIEW);
      const type = a.input?.type ?? undefined;
      if (type !== undefined && !(LAYOUT_TYPES as readonly string[]).includes(type)) badInput('input.type', `Must be one of ${LAYOUT_TYPES.join(', ')}`);
      const limit = clampLimit(a.input?.pagination?.limit, 100, 1000);
      const skip = skipOf(a.input?.pagination);
      const r = await listLayouts(ctx.services.store.db, { tenantKey: tenant.tenantKey, type, limit, skip });
      return connection(r.rows, skip, r.total);
    },
  },
  Mutation: {
    async updateLayoutScheduleOptions(_: unknown, a: { from?: unknown; to?: unknown; dryRun?: boolean | null }, ctx: GqlContext) {
      return updateLayoutScheduleOptions({ ctx: await ctx.op(), input: { from: a.from, to: a.to, dryRun: a.dryRun ?? true } });
    },
    async createLayout(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      const { id } = await ops.createLayout({ ctx: await ctx.op(), input: a.input });
      return layoutById(ctx, id);
    },
    async updateLayout(_: unknown, a: { id?: unknown; input?: unknown }, ctx: GqlContext) {
      const { id } = await ops.updateLayout({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
      return layoutById(ctx, id);
    },
    async deleteLayout(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return ops.deleteLayout({ ctx: await ctx.op(), input: { id: a.id } });
    },
  },
};
