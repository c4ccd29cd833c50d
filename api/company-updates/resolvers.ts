// Company update resolvers: thin adapters over operations.ts.
import type { GqlContext } from '../context';
import * as ops from '../../engine/services/company-updates';

export const companyUpdateResolvers = {
  Query: {
    async getCompanyUpdateStream(_: unknown, a: { skip?: unknown; limit?: unknown }, ctx: GqlContext) {
      return ops.getCompanyUpdateStream({ ctx: await ctx.op(), input: a });
    },
    async getCompanyUpdate(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return ops.getCompanyUpdateById({ ctx: await ctx.op(), input: { id: a.id } });
    },
    async getCompanyOptions(_: unknown, _a: unknown, ctx: GqlContext) {
      return ops.getCompanyOptions({ ctx: await ctx.op(), input: {} });
    },
  },
  Mutation: {
    async createCompanyUpdate(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      return ops.createCompanyUpdate({ ctx: await ctx.op(), input: a.input });
    },
    async revokeCompanyUpdateLink(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return ops.revokeCompanyUpdateLink({ ctx: await ctx.op(), input: { id: a.id } });
    },
    async reviewCompanyUpdate(_: unknown, a: { id?: unknown; input?: unknown }, ctx: GqlContext) {
      return ops.reviewCompanyUpdate({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
    },
  },
};
