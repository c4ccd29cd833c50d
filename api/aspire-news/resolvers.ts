// Internal news resolvers: thin adapters over operations.ts.
import type { GqlContext } from '../context';
import * as ops from '../../engine/services/aspire-news';

export const aspireNewsResolvers = {
  Query: {
    async getAspireNewsStream(_: unknown, a: ops.NewsStreamInput, ctx: GqlContext) {
      return ops.getAspireNewsStream({ ctx: await ctx.op(), input: a });
    },
    async getAspireNewsAlerts(_: unknown, _a: unknown, ctx: GqlContext) {
      return ops.getAspireNewsAlerts({ ctx: await ctx.op(), input: {} });
    },
    async getAspireNews(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return ops.getAspireNewsItem({ ctx: await ctx.op(), input: { id: a.id } });
    },
  },
  Mutation: {
    async markAspireNewsRead(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return ops.markAspireNewsRead({ ctx: await ctx.op(), input: { id: a.id } });
    },
    async setAspireNews(_: unknown, a: { news?: unknown }, ctx: GqlContext) {
      return ops.setAspireNews({ ctx: await ctx.op(), input: a.news });
    },
    async deleteAspireNews(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return ops.deleteAspireNews({ ctx: await ctx.op(), input: { id: a.id } });
    },
  },
};
