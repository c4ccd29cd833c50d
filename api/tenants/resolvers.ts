import type { GqlContext } from '../context';
import type { TenantRow } from '../../engine/services/kernel/tenancy';
import { inScope } from '../../engine/services/kernel/access';
import { enabledModules } from '../../engine/domain/settings';
import { updateHeaderCta, updateSiteSettings } from '../../engine/services/tenants';
import { migrateSiteSettings } from '../../engine/services/tenants';
import { copyBrandConfiguration } from '../../engine/services/tenants';

const shape = (t: TenantRow, staff: boolean) => ({
  tenantKey: t.tenantKey, name: t.name, abbreviation: t.abbreviation, domain: staff ? t.domain : null,
  prodEndpoint: t.prodEndpoint, isTest: t.isTest, modules: staff ? enabledModules(t.settings) : [],
});

export const tenantResolvers = {
  Query: {
    async getTenantInfo(_: unknown, a: { includeTest?: boolean | null }, ctx: GqlContext) {
      const actor = await ctx.actor();
      if (!actor) {
        const t = await ctx.tenantOrNull();
        return t ? [shape(t, false)] : [];
      }
      const all = await ctx.services.tenants.list();
      return all.filter((t) => inScope(actor, t.tenantKey) && (a.includeTest || !t.isTest)).map((t) => shape(t, true));
    },
    async getSiteSettingsNew(_: unknown, _a: unknown, ctx: GqlContext) {
      return (await ctx.tenant()).settings;
    },
  },
  Mutation: {
    async copyBrandConfiguration(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      return copyBrandConfiguration({ ctx: await ctx.op(), input: a.input });
    },
    async migrateSiteSettings(_: unknown, a: { dryRun?: boolean | null }, ctx: GqlContext) {
      return migrateSiteSettings({ ctx: await ctx.op(), input: { dryRun: a.dryRun ?? true } });
    },
    async updateSiteSettings(_: unknown, a: { settings?: unknown }, ctx: GqlContext) {
      return updateSiteSettings({ ctx: await ctx.op(), input: a.settings });
    },
    async updateHeaderCta(_: unknown, a: { text: string }, ctx: GqlContext) {
      return updateHeaderCta({ ctx: await ctx.op(), input: { text: a.text } });
    },
  },
};
