// System resolvers: thin adapters over engine/services/system.
import { createThemeTestLink, getSystemStatus, rebuildTenant, runBackgroundJob } from '../../engine/services/system';
import type { GqlContext } from '../context';

export const systemResolvers = {
  Query: {
    async getSystemStatus(_: unknown, _a: unknown, ctx: GqlContext) {
      return getSystemStatus({ ctx: await ctx.op(), input: {} });
    },
  },
  Mutation: {
    async rebuildTenant(_: unknown, _a: unknown, ctx: GqlContext) {
      return rebuildTenant({ ctx: await ctx.op(), input: {} });
    },
    async runBackgroundJob(_: unknown, a: { name?: unknown }, ctx: GqlContext) {
      return runBackgroundJob({ ctx: await ctx.op(), input: { name: a.name } });
    },
    async createThemeTestLink(_: unknown, a: { kind?: unknown }, ctx: GqlContext) {
      return createThemeTestLink(ctx, a.kind);
    },
  },
};
