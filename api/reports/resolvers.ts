// runReport and page speed: thin adapters over engine/services/reports (run.ts does the work).
import { z } from 'zod';
import { parseInput } from '../../engine/domain/validation';
import { getPageSpeedReport, runReport, startPageSpeedRun } from '../../engine/services/reports';
import type { GqlContext } from '../context';

const args = z.strictObject({ id: z.string().max(64, 'At most 64 characters'), params: z.string().max(2000, 'At most 2000 characters') });

export const reportResolvers = {
  Query: {
    async runReport(_: unknown, a: unknown, ctx: GqlContext) {
      const { id, params: search } = parseInput(args, a);
      const r = await runReport(ctx, id, search);
      const { skip, limit } = r.params;
      return {
        id: r.def.id, from: r.params.from, to: r.params.to, tenant: r.tenant, summary: r.data.summary, comparison: r.comparison,
        series: r.data.series, rows: r.data.rows.slice(skip, skip + limit), totalRows: r.data.rows.length, skip, limit, droppedEvents: r.droppedEvents,
      };
    },
    async getPageSpeedReport(_: unknown, _a: unknown, ctx: GqlContext) {
      return getPageSpeedReport(ctx);
    },
  },
  Mutation: {
    async startPageSpeedRun(_: unknown, _a: unknown, ctx: GqlContext) {
      return startPageSpeedRun(ctx);
    },
  },
};
