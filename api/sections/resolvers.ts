// Section reads come from the tenant's cached site snapshot; writes go through operations.ts.
import { AppError } from '../../engine/domain/errors';
import { sectionPath } from '../../engine/domain/paths';
import { badInput } from '../../engine/domain/validation';
import { may } from '../../engine/services/kernel/access';
import type { GqlContext } from '../context';
import { clampLimit } from '../../engine/services/kernel/paging';
import type { SectionNode } from '../../engine/services/kernel/site-cache';
import * as ops from '../../engine/services/sections';

const CHILDREN_CAP = 1000;
const VIEW = ['view_site_sections', 'manage_site_sections'] as const;

interface SectionView { node: SectionNode; includeInactive: boolean; childLimit: number }
const view = (node: SectionNode, includeInactive: boolean, childLimit = CHILDREN_CAP): SectionView => ({ node, includeInactive, childLimit });

async function sectionAfterWrite(ctx: GqlContext, id: number): Promise<SectionView> {
  const node = (await ctx.services.site.get((await ctx.tenant()).tenantKey)).sections.get(id);
  if (!node) throw new AppError('NOT_FOUND', { entity: 'Section', id });
  return view(node, true);
}

export const sectionResolvers = {
  Query: {
    async getWebsiteSectionsHierarchy(_: unknown, a: { includeInactive?: boolean | null }, ctx: GqlContext) {
      const tenant = await ctx.tenant();
      const inactive = !!a.includeInactive;
      if (inactive && !may(await ctx.actor(), tenant.tenantKey, VIEW)) throw new AppError('FORBIDDEN');
      const site = await ctx.site();
      return site.roots.filter((n) => inactive || n.status === 1).map((n) => view(n, inactive));
    },
    async getWebsiteSection(_: unknown, a: { sectionId?: number | null; alias?: string | null; limit?: number | null }, ctx: GqlContext) {
      const site = await ctx.site();
      const tenant = await ctx.tenant();
      const node = typeof a.sectionId === 'number' ? site.sections.get(a.sectionId)
        : typeof a.alias === 'string' ? site.byAlias.get(a.alias.replace(/^\/+|\/+$/g, '')) : undefined;
      if (a.sectionId == null && a.alias == null) throw new AppError('BAD_USER_INPUT', { field: 'sectionId', message: 'Field is required' });
      const staff = may(await ctx.actor(), tenant.tenantKey, VIEW);
      if (!node || (node.status !== 1 && !staff)) throw new AppError('NOT_FOUND', { entity: 'Section', id: a.sectionId ?? a.alias ?? '' });
      return view(node, staff, clampLimit(a.limit, 50, CHILDREN_CAP));
    },
    /** The same lookup and visibility as getWebsiteSection; the answer is the section alone (WebsiteSectionBasic). */
    async getWebsiteSectionBasic(_: unknown, a: { sectionId?: number | null; alias?: string | null }, ctx: GqlContext) {
      if (a.sectionId == null && (a.alias == null || a.alias.trim() === '')) badInput('sectionId', 'Field is required (or alias)');
      if (a.sectionId != null && a.sectionId < 1) badInput('sectionId', 'Must be a positive section id');
      if (a.alias != null && a.alias.length > 300) badInput('alias', 'At most 300 characters');
      const site = await ctx.site();
      const tenant = await ctx.tenant();
      const node = a.sectionId != null ? site.sections.get(a.sectionId) : site.byAlias.get(a.alias!.trim().replace(/^\/+|\/+$/g, ''));
      if (!node || (node.status !== 1 && !may(await ctx.actor(), tenant.tenantKey, VIEW))) throw new AppError('NOT_FOUND', { entity: 'Section', id: a.sectionId ?? a.alias ?? '' });
      return {
        id: node.id, name: node.name, alias: node.alias, description: node.description, gamAlias: node.gamAlias, parentId: node.parentId,
        status: node.status, fullName: node.fullName, canonicalPath: sectionPath(node.alias),
      };
    },
  },
  Mutation: {
    async createWebsiteSection(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      const { id } = await ops.createWebsiteSection({ ctx: await ctx.op(), input: a.input });
      return sectionAfterWrite(ctx, id);
    },
    async updateWebsiteSection(_: unknown, a: { id?: unknown; input?: unknown }, ctx: GqlContext) {
      const { id } = await ops.updateWebsiteSection({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
      return sectionAfterWrite(ctx, id);
    },
    async deleteWebsiteSection(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return ops.deleteWebsiteSection({ ctx: await ctx.op(), input: { id: a.id } });
    },
  },
  WebsiteSection: {
    id: (v: SectionView) => v.node.id,
    name: (v: SectionView) => v.node.name,
    alias: (v: SectionView) => v.node.alias,
    systemAlias: (v: SectionView) => v.node.systemAlias,
    manualAlias: (v: SectionView) => v.node.manualAlias,
    description: (v: SectionView) => v.node.description,
    gamAlias: (v: SectionView) => v.node.gamAlias,
    parentId: (v: SectionView) => v.node.parentId,
    sequence: (v: SectionView) => v.node.sequence,
    status: (v: SectionView) => v.node.status,
    depth: (v: SectionView) => v.node.depth,
    fullName: (v: SectionView) => v.node.fullName,
    canonicalPath: (v: SectionView) => sectionPath(v.node.alias),
    updatedAt: (v: SectionView) => v.node.updatedAt,
    hierarchy: (v: SectionView) => v.node.hierarchy,
    children: (v: SectionView, a: { limit?: number | null }) => v.node.children
      .filter((c) => v.includeInactive || c.status === 1)
      .slice(0, Math.min(v.childLimit, clampLimit(a.limit, CHILDREN_CAP, CHILDREN_CAP)))
      .map((c) => view(c, v.includeInactive)),
  },
  SectionRef: {
    canonicalPath: (n: SectionNode) => sectionPath(n.alias),
  },
};
