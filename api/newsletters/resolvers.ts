// Newsletter resolvers: thin adapters. The reader's side in public.ts; staff reads in reads.ts;
// staff writes in templates.ts, campaigns.ts, ads.ts, items.ts and sending.ts (the operations the
// CLI and tests call too).
import type { GqlContext } from '../context';
import * as ads from '../../engine/services/newsletters';
import * as campaigns from '../../engine/services/newsletters';
import * as items from '../../engine/services/newsletters';
import * as pub from './public';
import * as reads from './reads';
import * as sending from '../../engine/services/newsletters';
import * as templates from '../../engine/services/newsletters';

type Args = Record<string, unknown>;
type IdInput = { id?: unknown; input?: unknown };

export const newsletterResolvers = {
  Query: {
    offeredNewsletters: (_: unknown, _a: Args, ctx: GqlContext) => pub.offered(ctx),
    getCountries: () => pub.countries(),
    getNewsletterItems: (_: unknown, _a: Args, ctx: GqlContext) => reads.readItems(ctx),
    getNewsletterItem: (_: unknown, a: Args, ctx: GqlContext) => reads.readItem(ctx, a.id),
    getNewsletterTemplate: (_: unknown, a: Args, ctx: GqlContext) => reads.readTemplate(ctx, a.id),
    getNewsletterTemplateStream: (_: unknown, a: { input?: Parameters<typeof reads.readTemplateStream>[1] }, ctx: GqlContext) => reads.readTemplateStream(ctx, a.input),
    getNewsletterCampaign: (_: unknown, a: Args, ctx: GqlContext) => reads.readCampaign(ctx, a.id),
    getNewsletterCampaignStream: (_: unknown, a: { input?: Parameters<typeof reads.readCampaignStream>[1] }, ctx: GqlContext) => reads.readCampaignStream(ctx, a.input),
    renderNewsletterCampaignPreview: async (_: unknown, a: IdInput, ctx: GqlContext) => campaigns.previewNewsletterCampaign({ ctx: await ctx.op(), input: a }),
    getNewsletterAd: (_: unknown, a: Args, ctx: GqlContext) => reads.readAd(ctx, a.id),
    getNewsletterAdStream: (_: unknown, a: { input?: Parameters<typeof reads.readAdStream>[1] }, ctx: GqlContext) => reads.readAdStream(ctx, a.input),
  },
  Mutation: {
    subscribeAnonymousCustomer: (_: unknown, a: Args, ctx: GqlContext) => pub.subscribeAnonymous(ctx, a),
    subscribeSiteUserNewsletter: (_: unknown, a: Args, ctx: GqlContext) => pub.subscribeMember(ctx, a),
    unsubscribeSiteUserNewsletter: (_: unknown, a: Args, ctx: GqlContext) => pub.unsubscribeMember(ctx, a),
    async createNewsletterItem(_: unknown, a: IdInput, ctx: GqlContext) {
      const { id } = await items.createNewsletterItem({ ctx: await ctx.op(), input: a.input });
      return reads.readItem(ctx, id);
    },
    async updateNewsletterItem(_: unknown, a: IdInput, ctx: GqlContext) {
      const { id } = await items.updateNewsletterItem({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
      return reads.readItem(ctx, id);
    },
    deleteNewsletterItem: async (_: unknown, a: IdInput, ctx: GqlContext) => items.deleteNewsletterItem({ ctx: await ctx.op(), input: { id: a.id } }),
    async createNewsletterTemplate(_: unknown, a: IdInput, ctx: GqlContext) {
      const { id } = await templates.createNewsletterTemplate({ ctx: await ctx.op(), input: a.input });
      return reads.readTemplate(ctx, id);
    },
    async updateNewsletterTemplate(_: unknown, a: IdInput, ctx: GqlContext) {
      const { id } = await templates.updateNewsletterTemplate({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
      return reads.readTemplate(ctx, id);
    },
    deleteNewsletterTemplate: async (_: unknown, a: IdInput, ctx: GqlContext) => templates.deleteNewsletterTemplate({ ctx: await ctx.op(), input: { id: a.id } }),
    async createNewsletterCampaign(_: unknown, a: IdInput, ctx: GqlContext) {
      const { id } = await campaigns.createNewsletterCampaign({ ctx: await ctx.op(), input: a.input });
      return reads.readCampaign(ctx, id);
    },
    async updateNewsletterCampaign(_: unknown, a: IdInput, ctx: GqlContext) {
      const { id } = await campaigns.updateNewsletterCampaign({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
      return reads.readCampaign(ctx, id);
    },
    deleteNewsletterCampaign: async (_: unknown, a: IdInput, ctx: GqlContext) => campaigns.deleteNewsletterCampaign({ ctx: await ctx.op(), input: { id: a.id } }),
    sendNewsletterTest: async (_: unknown, a: IdInput, ctx: GqlContext) => sending.sendNewsletterTest({ ctx: await ctx.op(), input: { id: a.id } }),
    deployNewsletterCampaign: async (_: unknown, a: { id?: unknown; force?: unknown }, ctx: GqlContext) =>
      sending.deployNewsletterCampaign({ ctx: await ctx.op(), input: { id: a.id, force: a.force } }),
    async createNewsletterAd(_: unknown, a: IdInput, ctx: GqlContext) {
      const { id } = await ads.createNewsletterAd({ ctx: await ctx.op(), input: a.input });
      return reads.readAd(ctx, id);
    },
    async updateNewsletterAd(_: unknown, a: IdInput, ctx: GqlContext) {
      const { id } = await ads.updateNewsletterAd({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
      return reads.readAd(ctx, id);
    },
    deleteNewsletterAd: async (_: unknown, a: IdInput, ctx: GqlContext) => ads.deleteNewsletterAd({ ctx: await ctx.op(), input: { id: a.id } }),
  },
  NewsletterCampaign: reads.campaignFields,
  NewsletterAdSchedule: reads.scheduleFields,
};
