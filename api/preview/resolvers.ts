// Preview links, the staff site pass and the staff toolbar query (thin: the rules live in
// links.ts and staff-site.ts).
import { AppError } from '../../engine/domain/errors';
import { hasAnyPermission, type Permission } from '../../engine/domain/permissions';
import { badInput } from '../../engine/domain/validation';
import { contentHead } from '../../engine/store/queries/content';
import { inScope, requireTenantPermission, type Actor } from '../../engine/services/kernel/access';
import type { GqlContext } from '../context';
import { siteOrigin } from '../../engine/services/kernel/site-origin';
import { previewKey } from '../../engine/services/kernel/preview-keys';
import { PREVIEW_LINK_TTL_MS, previewPath } from '../../engine/services/preview';
import { landingPath, mintStaffPass, STAFF_ENTER_PATH, STAFF_SITE_COOKIE, staffFromSiteCookie } from '../auth/staff-site';

type Tenant = { tenantKey: string; domain: string };
const iso = (ms: number) => new Date(ms).toISOString();

/** The absolute URL of a site path when the API knows the tenant's site origin (members.siteUrl). */
function absoluteUrl(ctx: GqlContext, tenant: Tenant, path: string): string | null {
  return ctx.services.members.siteUrl ? `${siteOrigin(ctx.services.members, tenant)}${path}` : null;
}

/** The admin origin the caller says it runs on: http(s), and the very host this request came to. */
function checkedAdminOrigin(ctx: GqlContext, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    return badInput('adminOrigin', 'Must be an http(s) origin like https://admin.example.com');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== String(value).replace(/\/+$/, '')) {
    badInput('adminOrigin', 'Must be an http(s) origin like https://admin.example.com');
  }
  if (url.host !== ctx.req.tenantHeaders.host) badInput('adminOrigin', 'Must be the origin this request was sent to');
  return url.origin;
}

function id8(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;
}

function toolbar(actor: Actor, adminBase: string, a: { contentId?: unknown; sectionId?: unknown; layoutId?: unknown }) {
  const can = (p: Permission) => hasAnyPermission(actor.permissions, [p]);
  const contentId = id8(a.contentId);
  const sectionId = id8(a.sectionId);
  const layoutId = id8(a.layoutId);
  return {
    username: actor.username,
    editContentHref: contentId !== null && can('manage_content') ? `${adminBase}/edit-content/${contentId}` : null,
    editSectionHref: sectionId !== null && can('manage_site_sections') ? `${adminBase}/edit-website-section/${sectionId}` : null,
    configureLayoutHref: layoutId !== null && can('manage_site_layouts') ? `${adminBase}/edit-web-layout/${layoutId}` : null,
  };
}

export const previewResolvers = {
  Query: {
    async getStaffToolbar(_: unknown, a: { contentId?: number | null; sectionId?: number | null; layoutId?: number | null }, ctx: GqlContext) {
      const tenant = await ctx.tenantOrNull();
      if (!tenant) return null;
      const direct = await ctx.actor();
      if (direct && inScope(direct, tenant.tenantKey)) return toolbar(direct, ctx.services.adminUrl, a);
      const staff = await staffFromSiteCookie(ctx.services, ctx.req.cookie(STAFF_SITE_COOKIE), tenant.tenantKey, await previewKey(ctx.services));
      if (!staff || !inScope(staff.actor, tenant.tenantKey)) return null;
      const adminBase = /^https?:\/\//.test(ctx.services.adminUrl) || !staff.adminOrigin ? ctx.services.adminUrl : `${staff.adminOrigin}${ctx.services.adminUrl}`;
      return toolbar(staff.actor, adminBase, a);
    },
  },
  Mutation: {
    async createContentPreviewLink(_: unknown, a: { id?: number | null }, ctx: GqlContext) {
      const tenant = await ctx.tenant();
      requireTenantPermission(await ctx.actor(), tenant.tenantKey, ['manage_content']);
      const id = a.id;
      if (typeof id !== 'number' || !Number.isInteger(id) || id < 10_000_000 || id > 99_999_999) badInput('id', 'Must be an eight-digit content id');
      if (!(await contentHead(ctx.services.store.db, tenant.tenantKey, id))) throw new AppError('NOT_FOUND', { entity: 'Content', id });
      const expiresAt = ctx.services.now() + PREVIEW_LINK_TTL_MS;
      const path = previewPath({ tenantKey: tenant.tenantKey, contentId: id, expiresAt }, await previewKey(ctx.services));
      return { path, url: absoluteUrl(ctx, tenant, path), expiresAt: iso(expiresAt) };
    },
    async createStaffSiteLink(_: unknown, a: { path?: string | null; adminOrigin?: string | null }, ctx: GqlContext) {
      const tenant = await ctx.tenant();
      const session = await ctx.session();
      requireTenantPermission(session?.actor ?? null, tenant.tenantKey, []);
      if (a.path !== null && a.path !== undefined && landingPath(a.path) !== a.path) badInput('path', 'Must be a site path like /news');
      const adminOrigin = checkedAdminOrigin(ctx, a.adminOrigin);
      const minted = mintStaffPass({ userId: session!.user.id, bearerDigest: session!.session.bearerHash, tenantKey: tenant.tenantKey, adminOrigin },
        await previewKey(ctx.services), ctx.services.now());
      const path = `${STAFF_ENTER_PATH}?pass=${encodeURIComponent(minted.pass)}&to=${encodeURIComponent(landingPath(a.path))}`;
      return { path, url: absoluteUrl(ctx, tenant, path), expiresAt: iso(minted.expiresAt) };
    },
  },
};
