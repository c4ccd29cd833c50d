// Content resolvers: reads in reads.ts, writes in operations.ts; links load in batches per request.
import { isGatedItem } from '../../engine/domain/gating';
import { meterCoversItem } from '../../engine/domain/meter';
import { contentPath } from '../../engine/domain/paths';
import type { ContentRecord } from '../../engine/store/queries/content';
import { may } from '../access';
import type { GqlContext } from '../context';
import * as ops from './operations';
import { readContent, readContentStream } from './reads';
import { searchFacets } from './search';

const sectionOf = async (ctx: GqlContext, id: number) => (await ctx.site()).sections.get(id) ?? null;

/** The domain's gating rule (isGatedItem) over the item's stored requirements. */
async function isGated(c: ContentRecord, ctx: GqlContext): Promise<boolean> {
  const membershipIds = await ctx.loaders.membershipIds.load(c.id);
  return isGatedItem({ membershipIds, surveyType: c.gatingSurveyType, registrationRequired: c.userRegistrationRequired, isZmag: c.zmagId !== null });
}

/**
 * True when the tenant's meter covers the item: the build's rule (engine/build/pages.ts isMetered)
 * over the same inputs, primary plus scheduled sections. An item of another tenant than the
 * request's counts as covered (fail closed).
 */
async function isMetered(c: ContentRecord, ctx: GqlContext): Promise<boolean> {
  const tenant = await ctx.tenant();
  if (tenant.tenantKey !== c.tenantKey) return true;
  const settings = tenant.settings.memberships?.contentMetering;
  if (!settings?.enabled) return false;
  const scheduled = settings.exemptSectionIds.length > 0 ? (await ctx.loaders.schedules.load(c.id)).map((s) => s.sectionId) : [];
  return meterCoversItem(settings, { type: c.type, sectionIds: [c.primarySectionId, ...scheduled] });
}

/**
 * Body and embed code of a gated or metered item never leave through the content reads: readers
 * get them only from getGatedContent, which applies the gate and spends a view on the meter.
 * Staff with manage_content (the editor) read them everywhere.
 */
async function guarded<T>(c: ContentRecord, ctx: GqlContext, value: T): Promise<T | null> {
  if (may(await ctx.actor(), c.tenantKey, ['manage_content'])) return value;
  return (await isGated(c, ctx)) || (await isMetered(c, ctx)) ? null : value;
}

export const contentResolvers = {
  Query: {
    getContent: (_: unknown, a: { id?: unknown; status?: string | null; requirePublished?: boolean | null }, ctx: GqlContext) => readContent(ctx, a),
    getContentStream: (_: unknown, a: { input?: unknown }, ctx: GqlContext) => readContentStream(ctx, a.input),
  },
  Mutation: {
    async createContent(_: unknown, a: { input?: unknown }, ctx: GqlContext) {
      const { id } = await ops.createContent({ ctx: await ctx.op(), input: a.input });
      return readContent(ctx, { id, status: 'any' });
    },
    async updateContent(_: unknown, a: { id?: unknown; input?: unknown }, ctx: GqlContext) {
      const { id } = await ops.updateContent({ ctx: await ctx.op(), input: { id: a.id, input: a.input } });
      return readContent(ctx, { id, status: 'any' });
    },
    async deleteContent(_: unknown, a: { id?: unknown }, ctx: GqlContext) {
      return ops.deleteContent({ ctx: await ctx.op(), input: { id: a.id } });
    },
  },
  Content: {
    body: (c: ContentRecord, _: unknown, ctx: GqlContext) => guarded(c, ctx, c.body),
    embedCode: (c: ContentRecord, _: unknown, ctx: GqlContext) => guarded(c, ctx, c.embedCode),
    gated: (c: ContentRecord, _: unknown, ctx: GqlContext) => isGated(c, ctx),
    created: (c: ContentRecord) => c.createdAt,
    updated: (c: ContentRecord) => c.updatedAt,
    async canonicalPath(c: ContentRecord, _: unknown, ctx: GqlContext) {
      const s = await sectionOf(ctx, c.primarySectionId);
      return contentPath({ id: c.id, slug: c.slug, name: c.name, sectionAlias: s?.alias ?? null });
    },
    primarySection: (c: ContentRecord, _: unknown, ctx: GqlContext) => sectionOf(ctx, c.primarySectionId),
    websiteSchedules: (c: ContentRecord, _: unknown, ctx: GqlContext) => ctx.loaders.schedules.load(c.id),
    authors: (c: ContentRecord, _: unknown, ctx: GqlContext) => ctx.loaders.authors.load(c.id),
    images: (c: ContentRecord, _: unknown, ctx: GqlContext) => ctx.loaders.images.load(c.id),
    async primaryImage(c: ContentRecord, _: unknown, ctx: GqlContext) {
      if (c.primaryImageId === null) return null;
      return (await ctx.loaders.images.load(c.id)).find((a) => a.id === c.primaryImageId) ?? ctx.loaders.asset.load(c.primaryImageId);
    },
    taxonomy: (c: ContentRecord, _: unknown, ctx: GqlContext) => ctx.loaders.taxonomy.load(c.id),
    gating: (c: ContentRecord) => ({ surveyType: c.gatingSurveyType }),
    membershipIds: (c: ContentRecord, _: unknown, ctx: GqlContext) => ctx.loaders.membershipIds.load(c.id),
    relatedIds: (c: ContentRecord, _: unknown, ctx: GqlContext) => ctx.loaders.relatedIds.load(c.id),
    metadata: (c: ContentRecord) => c.metadata ?? {},
    event: (c: ContentRecord) => (c.event ? {
      ...c.event,
      ...(c.event.startDate !== undefined ? { startDate: new Date(c.event.startDate).toISOString() } : {}),
      ...(c.event.endDate !== undefined ? { endDate: new Date(c.event.endDate).toISOString() } : {}),
    } : null),
  },
  ContentConnection: {
    facets: (conn: Parameters<typeof searchFacets>[0], _: unknown, ctx: GqlContext) => searchFacets(conn, ctx),
  },
  WebsiteSchedule: {
    section: (s: { sectionId: number }, _: unknown, ctx: GqlContext) => sectionOf(ctx, s.sectionId),
  },
};
