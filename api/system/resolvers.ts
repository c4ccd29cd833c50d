// System resolvers: thin adapters over operations.ts.
import type { GqlContext } from '../context';
import * as ops from './operations';
import { themeTestResolvers } from './theme-test';

export const systemResolvers = {
  Query: {
    async getSystemStatus(_: unknown, _a: unknown, ctx: GqlContext) {
      return ops.getSystemStatus({ ctx: await ctx.op(), input: {} });
    },
  },
  Mutation: {
    async rebuildTenant(_: unknown, _a: unknown, ctx: GqlContext) {
      return ops.rebuildTenant({ ctx: await ctx.op(), input: {} });
    },
    ...themeTestResolvers.Mutation,
  },
};
