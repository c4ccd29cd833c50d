// Magazine resolvers: thin adapters over reads.ts and the operations in publications.ts, issues.ts
// and sections.ts (which the CLI and tests call too).
import type { GqlContext } from '../context';
import * as issues from '../../engine/services/magazine';
import { printExport, printSectionsExport } from './print';
import * as pubs from '../../engine/services/magazine';
import * as reads from './reads';
import * as sections from '../../engine/services/magazine';

type Args = Record<string, unknown>;
type IdInput = { id?: unknown; input?: unknown };
type Stream = { input?: Parameters<typeof reads.readPublicationStream>[1] };

export const magazineResolvers = {
  Query: {
    getPublicationStream: (_: unknown, a: Stream, ctx: GqlContext) => reads.readPublicationStream(ctx, a.input),
    getMagazinePublication: (_: unknown, a: Args, ctx: GqlContext) => reads.readPublication(ctx, a.id),
    getIssue: (_: unknown, a: Args, ctx: GqlContext) => reads.readIssue(ctx, a.id),
    getIssues: (_: unknown, a: { input?: Parameters<typeof reads.readIssues>[1] }, ctx: GqlContext) => reads.readIssues(ctx, a.input),
    exportIssueForPrint: (_: unknown, a: Args, ctx: GqlContext) => printExport(ctx, a.issueId),
    exportSectionsForPrint: (_: unknown, a: Args, ctx: GqlContext) => printSectionsExport(ctx, a),
    getMagazineSections: (_: unknown, a: Args, ctx: GqlContext) => reads.readSections(ctx, a.publicationId),
  },
  Mutation: {
    async createMagazinePublication(_: unknown, a: IdInput, ctx: GqlContext) {
      const { id } = await pubs.createMagazinePublication({ ctx: await ctx.op(), input: a.input });
      return reads.readPublication(ctx, id);
    },
    async updateMagazinePublication(_: unknown, a: IdInput, ctx: GqlContext) {
      const { id } = await pubs.updateMagazinePublication({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
      return reads.readPublication(ctx, id);
    },
    deleteMagazinePublication: async (_: unknown, a: IdInput, ctx: GqlContext) => pubs.deleteMagazinePublication({ ctx: await ctx.op(), input: { id: a.id } }),
    async createMagazineIssue(_: unknown, a: IdInput, ctx: GqlContext) {
      const { id } = await issues.createMagazineIssue({ ctx: await ctx.op(), input: a.input });
      return reads.readIssue(ctx, id);
    },
    async updateMagazineIssue(_: unknown, a: IdInput, ctx: GqlContext) {
      const { id } = await issues.updateMagazineIssue({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
      return reads.readIssue(ctx, id);
    },
    deleteMagazineIssue: async (_: unknown, a: IdInput, ctx: GqlContext) => issues.deleteMagazineIssue({ ctx: await ctx.op(), input: { id: a.id } }),
    async setMagazineIssuePlacements(_: unknown, a: { id?: unknown; placements?: unknown }, ctx: GqlContext) {
      const { id } = await issues.setMagazineIssuePlacements({ ctx: await ctx.op(), input: { id: a.id, placements: a.placements } });
      return reads.readIssue(ctx, id);
    },
    async createMagazineSection(_: unknown, a: IdInput, ctx: GqlContext) {
      const { id } = await sections.createMagazineSection({ ctx: await ctx.op(), input: a.input });
      return (await reads.readSections(ctx, undefined)).find((s) => s.id === id)!;
    },
    async updateMagazineSection(_: unknown, a: IdInput, ctx: GqlContext) {
      const { id } = await sections.updateMagazineSection({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
      return (await reads.readSections(ctx, undefined)).find((s) => s.id === id)!;
    },
    deleteMagazineSection: async (_: unknown, a: IdInput, ctx: GqlContext) => sections.deleteMagazineSection({ ctx: await ctx.op(), input: { id: a.id } }),
  },
  MagazinePublication: reads.publicationFields,
  MagazineIssue: reads.issueFields,
};
