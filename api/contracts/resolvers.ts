// Contract resolvers: thin adapters over operations.ts.
import type { GqlContext } from '../context';
import * as ops from '../../engine/services/contracts';

export const contractResolvers = {
  Query: {
    async getContractStream(_: unknown, a: { skip?: unknown; limit?: unknown }, ctx: GqlContext) {
      return ops.getContractStream({ ctx: await ctx.op(), input: a });
    },
    async getContractStreamForSelect(_: unknown, _a: unknown, ctx: GqlContext) {
      return ops.getContractStreamForSelect({ ctx: await ctx.op(), input: {} });
    },
    async getContract(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return ops.getContractById({ ctx: await ctx.op(), input: { id: a.id } });
    },
  },
  Mutation: {
    async createContract(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      return ops.createContract({ ctx: await ctx.op(), input: a.input });
    },
    async updateContract(_: unknown, a: { id?: unknown; input?: unknown }, ctx: GqlContext) {
      return ops.updateContract({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
    },
    async sendContractLink(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return ops.sendContractLink({ ctx: await ctx.op(), input: { id: a.id } });
    },
    async revokeContractLink(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return ops.revokeContractLink({ ctx: await ctx.op(), input: { id: a.id } });
    },
    async deleteContract(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return ops.deleteContract({ ctx: await ctx.op(), input: { id: a.id } });
    },
  },
};
