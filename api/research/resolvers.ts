// Research and bulk update over GraphQL: thin wrappers of ./operations.
import { withoutNulls } from '../../engine/domain/validation';
import type { GqlContext } from '../context';
import * as ops from '../../engine/services/research';

const plain = (v: unknown) => (v && typeof v === 'object' ? withoutNulls(v as Record<string, unknown>) : {});

export const researchResolvers = {
  Query: {
    async getResearchSearches(_: unknown, _a: unknown, ctx: GqlContext) {
      return ops.listResearchSearches({ ctx: await ctx.op(), input: {} });
    },
    async researchContent(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      const r = await ops.researchContent({ ctx: await ctx.op(), input: plain(a.input) });
      return { rows: r.rows, totalCount: r.total };
    },
    async researchContentCsv(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      return ops.researchCsv({ ctx: await ctx.op(), input: plain(a.input) });
    },
  },
  Mutation: {
    async saveResearchSearch(_: unknown, a: { name: string; query?: unknown }, ctx: GqlContext) {
      const op = await ctx.op();
      const { id } = await ops.saveResearchSearch({ ctx: op, input: { name: a.name, query: plain(a.query) } });
      return (await ops.listResearchSearches({ ctx: op, input: {} })).find((s) => s.id === id);
    },
    async deleteResearchSearch(_: unknown, a: { id: number }, ctx: GqlContext) {
      return ops.deleteResearchSearch({ ctx: await ctx.op(), input: { id: a.id } });
    },
    async bulkUpdateContent(_: unknown, a: { input: Record<string, unknown> }, ctx: GqlContext) {
      const input = plain(a.input) as unknown as ops.BulkInput;
      return ops.bulkUpdateContent({ ctx: await ctx.op(), input: { ...input, set: plain(input.set), query: input.query ? plain(input.query) : undefined } });
    },
  },
};
