// Research and bulk update over GraphQL: thin wrappers of ./operations.
import { withoutNulls } from '../../engine/domain/validation';
import type { GqlContext } from '../context';
import * as ops from './operations';

const plain = (v: unknown) => (v && typeof v === 'object' ? withoutNulls(v as Record<string, unknown>) : {});

export const researchResolvers = {
  Query: {
    async researchContent(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      const r = await ops.researchContent({ ctx: await ctx.op(), input: plain(a.input) });
      return { rows: r.rows, totalCount: r.total };
    },
    async researchContentCsv(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      return ops.researchCsv({ ctx: await ctx.op(), input: plain(a.input) });
    },
  },
  Mutation: {
    async bulkUpdateContent(_: unknown, a: { input: Record<string, unknown> }, ctx: GqlContext) {
      const input = plain(a.input) as unknown as ops.BulkInput;
      return ops.bulkUpdateContent({ ctx: await ctx.op(), input: { ...input, set: plain(input.set), query: input.query ? plain(input.query) : undefined } });
    },
  },
};
