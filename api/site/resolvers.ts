// Menus, redirects and ad-unit patterns: public reads from the site snapshot, staff reads and writes.
import { AppError } from '../../engine/domain/errors';
import { MENU_KEYS } from '../../engine/domain/enums';
import { badInput, REQUIRED } from '../../engine/domain/validation';
import { getAdUnitPattern, getRedirect, listAdUnitPatterns, listRedirects } from '../../engine/store/queries/site-config';
import { requireTenantPermission } from '../../engine/services/kernel/access';
import type { GqlContext } from '../context';
import { normalizePath } from '../../engine/services/layouts';
import { clampLimit, connection, skipOf } from '../../engine/services/kernel/paging';
import { blockDataQueries } from './block-data';
import * as ops from '../../engine/services/site';
import { nextSecondaryGrid, nextSecondaryPage } from './secondary';

type Page = { limit?: number; skip?: number; after?: string } | null | undefined;

async function menus(ctx: GqlContext) {
  const stored = (await ctx.site()).menus;
  return MENU_KEYS.map((key) => ({ key, links: stored.find((m) => m.key === key)?.links ?? [] }));
}

async function redirectById(ctx: GqlContext, id: number) {
  const row = await getRedirect(ctx.services.store.db, (await ctx.tenant()).tenantKey, id);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'Redirect', id });
  return row;
}

async function patternById(ctx: GqlContext, id: number) {
  const row = await getAdUnitPattern(ctx.services.store.db, (await ctx.tenant()).tenantKey, id);
  if (!row) throw new AppError('NOT_FOUND', { entity: 'Ad unit pattern', id });
  return row;
}

/** Appends the query string of `from` to `to` (merging with a query `to` already has). */
export function keepQuery(to: string, query: string): string {
  if (!query) return to;
  const [base, hash] = to.split('#') as [string, string | undefined];
  return `${base}${base.includes('?') ? '&' : '?'}${query}${hash !== undefined ? `#${hash}` : ''}`;
}

export const siteResolvers = {
  Query: {
    ...blockDataQueries,
    getMenus: (_: unknown, _a: unknown, ctx: GqlContext) => menus(ctx),
    getNextSecondaryGrid: (_: unknown, a: { gridSettings?: unknown }, ctx: GqlContext) => nextSecondaryGrid(ctx, a.gridSettings),
    getNextSecondaryPage: (_: unknown, a: { input?: unknown }, ctx: GqlContext) => nextSecondaryPage(ctx, a.input),
    async getWebsiteRedirect(_: unknown, a: { from?: string | null; preserveQueryString?: boolean | null }, ctx: GqlContext) {
      if (typeof a.from !== 'string' || a.from.trim() === '') badInput('from', REQUIRED);
      const path = normalizePath(a.from);
      if (path === null) badInput('from', 'Must be a site path like /old-page');
      const query = a.from.includes('?') ? (a.from.split('?')[1] ?? '').split('#')[0] ?? '' : '';
      const site = await ctx.site();
      const r = site.redirects.get(path) ?? site.redirects.get(`${path}/`);
      if (!r) return null;
      const keep = a.preserveQueryString === true || r.preserveQueryString;
      return { from: r.from, to: keep ? keepQuery(r.to, query) : r.to, code: 301 };
    },
    async getRedirectStream(_: unknown, a: { pagination?: Page }, ctx: GqlContext) {
      const tenant = await ctx.tenant();
      requireTenantPermission(await ctx.actor(), tenant.tenantKey, ['manage_redirects']);
      const limit = clampLimit(a.pagination?.limit, 100, 1000);
      const skip = skipOf(a.pagination);
      const r = await listRedirects(ctx.services.store.db, { tenantKey: tenant.tenantKey, limit, skip });
      return connection(r.rows, skip, r.total);
    },
    async getAdUnitPatternStream(_: unknown, a: { pagination?: Page }, ctx: GqlContext) {
      const tenant = await ctx.tenant();
      requireTenantPermission(await ctx.actor(), tenant.tenantKey, ['view_ad_unit_patterns', 'manage_ad_unit_patterns']);
      const limit = clampLimit(a.pagination?.limit, 100, 1000);
      const skip = skipOf(a.pagination);
      const r = await listAdUnitPatterns(ctx.services.store.db, { tenantKey: tenant.tenantKey, limit, skip });
      return connection(r.rows, skip, r.total);
    },
  },
  Mutation: {
    async updateMenu(_: unknown, a: { key?: unknown; links?: unknown }, ctx: GqlContext) {
      const { key } = await ops.updateMenu({ ctx: await ctx.op(), input: { key: a.key, links: a.links } });
      return (await menus(ctx)).find((m) => m.key === key);
    },
    async createRedirect(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      return redirectById(ctx, (await ops.createRedirect({ ctx: await ctx.op(), input: a.input })).id);
    },
    async updateRedirect(_: unknown, a: { id?: unknown; input?: unknown }, ctx: GqlContext) {
      return redirectById(ctx, (await ops.updateRedirect({ ctx: await ctx.op(), input: { id: a.id, input: a.input } })).id);
    },
    async deleteRedirect(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return ops.deleteRedirect({ ctx: await ctx.op(), input: { id: a.id } });
    },
    async createAdUnitPattern(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      return patternById(ctx, (await ops.createAdUnitPattern({ ctx: await ctx.op(), input: a.input })).id);
    },
    async updateAdUnitPattern(_: unknown, a: { id?: unknown; input?: unknown }, ctx: GqlContext) {
      return patternById(ctx, (await ops.updateAdUnitPattern({ ctx: await ctx.op(), input: { id: a.id, input: a.input } })).id);
    },
    async deleteAdUnitPattern(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return ops.deleteAdUnitPattern({ ctx: await ctx.op(), input: { id: a.id } });
    },
  },
};
