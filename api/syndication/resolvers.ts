// Syndication over GraphQL: thin wrappers of ./operations.
import { withoutNulls } from '../../engine/domain/validation';
import type { GqlContext } from '../context';
import * as ops from '../../engine/services/syndication';

export const syndicationResolvers = {
  Query: {
    async getContentSyndication(_: unknown, _a: unknown, ctx: GqlContext) {
      return ops.listSyndication({ ctx: await ctx.op(), input: {} });
    },
  },
  Mutation: {
    async syndicateContent(_: unknown, a: { input: Record<string, unknown> }, ctx: GqlContext) {
      return ops.syndicateContent({ ctx: await ctx.op(), input: withoutNulls(a.input) });
    },
    async detachSyndicatedContent(_: unknown, a: { id: number }, ctx: GqlContext) {
      return ops.detachSyndicatedContent({ ctx: await ctx.op(), input: { id: a.id } });
    },
  },
};
