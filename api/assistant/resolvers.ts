// Assistant resolvers: thin adapters over operations.ts.
import type { GqlContext } from '../context';
import * as ops from '../../engine/services/assistant';

export const assistantResolvers = {
  Query: {
    async getAssistantStatus(_: unknown, _a: unknown, ctx: GqlContext) {
      return ops.getAssistantStatus({ ctx: await ctx.op(), input: {} });
    },
    async getAssistantLog(_: unknown, a: { limit?: unknown }, ctx: GqlContext) {
      return ops.getAssistantLog({ ctx: await ctx.op(), input: { limit: a.limit ?? undefined } });
    },
  },
  Mutation: {
    async askAssistant(_: unknown, a: { prompt?: unknown }, ctx: GqlContext) {
      return ops.askAssistant({ ctx: await ctx.op(), input: a });
    },
    async suggestForContent(_: unknown, a: { input?: { contentId?: unknown; action?: unknown } | null }, ctx: GqlContext) {
      return ops.suggestForContent({ ctx: await ctx.op(), input: a.input ?? {} });
    },
  },
};
