// Content resolvers: reads in reads.ts, writes in operations.ts; links load in batches per request.
import { isGatedItem } from '../../engine/domain/gating';
import { meterCoversItem } from '../../engine/domain/meter';
import { contentPath } from '../../engine/domain/paths';
import type { AssetRecord } from '../../engine/store/queries/catalog';
import type { ContentRecord } from '../../engine/store/queries/content';
import type { TenantRow } from '../../engine/store/queries/tenants';
import { may } from '../../engine/services/kernel/access';
import type { GqlContext } from '../context';
import type { Loader } from '../loaders';
import type { SectionNode } from '../../engine/services/kernel/site-cache';
import * as ops from '../../engine/services/content';
import { readContent, readContentStream } from './reads';
import { searchFacets } from './search';

// Each resolver answers at once when what it needs is in hand — the item's links primed from the
// content cache, the tenant, actor and site snapshot already read (ctx.settled) — and awaits them
// otherwise: a field answered without a promise costs GraphQL execution far less (issue #25). Both
// ways apply the same rule.
type MaybePromise<T> = T | Promise<T>;

/** A link of the item: in hand when the content cache primed it, else loaded. */
const linked = <V>(loader: Loader<number, V>, id: number): MaybePromise<V> => loader.peek(id) ?? loader.load(id);

const sectionOf = (ctx: GqlContext, id: number): MaybePromise<SectionNode | null> => {
  const site = ctx.settled.site;
  return site ? site.sections.get(id) ?? null : ctx.site().then((s) => s.sections.get(id) ?? null);
};

/** The domain's gating rule (isGatedItem) over the item's stored requirements. */
const gatedBy = (c: ContentRecord, membershipIds: number[]) =>
  isGatedItem({ membershipIds, surveyType: c.gatingSurveyType, registrationRequired: c.userRegistrationRequired, isZmag: c.zmagId !== null });

/** isGated with the item's memberships in hand, else undefined. */
function gatedNow(c: ContentRecord, ctx: GqlContext): boolean | undefined {
  const ids = ctx.loaders.membershipIds.peek(c.id);
  return ids === undefined ? undefined : gatedBy(c, ids);
}

async function isGated(c: ContentRecord, ctx: GqlContext): Promise<boolean> {
  return gatedBy(c, await ctx.loaders.membershipIds.load(c.id));
}

/**
 * True when the tenant's meter covers the item: the build's rule (engine/build/pages.ts isMetered)
 * over the same inputs, primary plus scheduled sections. An item of another tenant than the
 * request's counts as covered (fail closed). `scheduled` is asked for only when the rule needs it;
 * undefined when it is not in hand.
 */
function meteredBy(c: ContentRecord, tenant: TenantRow, scheduled: () => number[] | undefined): boolean | undefined {
  if (tenant.tenantKey !== c.tenantKey) return true;
  const settings = tenant.settings.memberships?.contentMetering;
  if (!settings?.enabled) return false;
  const sections = settings.exemptSectionIds.length > 0 ? scheduled() : [];
  return sections === undefined ? undefined : meterCoversItem(settings, { type: c.type, sectionIds: [c.primarySectionId, ...sections] });
}

/** isMetered with the tenant and the item's schedules in hand, else undefined. */
function meteredNow(c: ContentRecord, ctx: GqlContext): boolean | undefined {
  const tenant = ctx.settled.tenant;
  return tenant ? meteredBy(c, tenant, () => ctx.loaders.schedules.peek(c.id)?.map((s) => s.sectionId)) : undefined;
}

async function isMetered(c: ContentRecord, ctx: GqlContext): Promise<boolean> {
  const tenant = await ctx.tenant();
  const unscheduled = meteredBy(c, tenant, () => undefined);
  if (unscheduled !== undefined) return unscheduled;
  const scheduled = (await ctx.loaders.schedules.load(c.id)).map((s) => s.sectionId);
  return meteredBy(c, tenant, () => scheduled)!;
}

/**
 * Body and embed code of a gated or metered item never leave through the content reads: readers
 * get them only from getGatedContent, which applies the gate and spends a view on the meter.
 * Staff with manage_content (the editor) read them everywhere.
 */
function guarded<T>(c: ContentRecord, ctx: GqlContext, value: T): MaybePromise<T | null> {
  const actor = ctx.settled.actor;
  if (actor !== undefined) {
    if (may(actor, c.tenantKey, ['manage_content'])) return value;
    const gated = gatedNow(c, ctx);
    if (gated === true) return null;
    const metered = gated === false ? meteredNow(c, ctx) : undefined;
    if (metered !== undefined) return metered ? null : value;
  }
  return guardedLater(c, ctx, value);
}

async function guardedLater<T>(c: ContentRecord, ctx: GqlContext, value: T): Promise<T | null> {
  if (may(await ctx.actor(), c.tenantKey, ['manage_content'])) return value;
  return (await isGated(c, ctx)) || (await isMetered(c, ctx)) ? null : value;
}

const pathOf = (c: ContentRecord, s: SectionNode | null) => contentPath({ id: c.id, slug: c.slug, name: c.name, sectionAlias: s?.alias ?? null });

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
    gated: (c: ContentRecord, _: unknown, ctx: GqlContext) => gatedNow(c, ctx) ?? isGated(c, ctx),
    created: (c: ContentRecord) => c.createdAt,
    updated: (c: ContentRecord) => c.updatedAt,
    canonicalPath(c: ContentRecord, _: unknown, ctx: GqlContext) {
      const s = sectionOf(ctx, c.primarySectionId);
      return s instanceof Promise ? s.then((x) => pathOf(c, x)) : pathOf(c, s);
    },
    primarySection: (c: ContentRecord, _: unknown, ctx: GqlContext) => sectionOf(ctx, c.primarySectionId),
    websiteSchedules: (c: ContentRecord, _: unknown, ctx: GqlContext) => linked(ctx.loaders.schedules, c.id),
    authors: (c: ContentRecord, _: unknown, ctx: GqlContext) => linked(ctx.loaders.authors, c.id),
    images: (c: ContentRecord, _: unknown, ctx: GqlContext) => linked(ctx.loaders.images, c.id),
    primaryImage(c: ContentRecord, _: unknown, ctx: GqlContext) {
      const id = c.primaryImageId;
      if (id === null) return null;
      const pick = (images: AssetRecord[]) => images.find((a) => a.id === id) ?? ctx.loaders.asset.load(id);
      const images = ctx.loaders.images.peek(c.id);
      return images ? pick(images) : ctx.loaders.images.load(c.id).then(pick);
    },
    taxonomy: (c: ContentRecord, _: unknown, ctx: GqlContext) => linked(ctx.loaders.taxonomy, c.id),
    gating: (c: ContentRecord) => ({ surveyType: c.gatingSurveyType }),
    membershipIds: (c: ContentRecord, _: unknown, ctx: GqlContext) => linked(ctx.loaders.membershipIds, c.id),
    relatedIds: (c: ContentRecord, _: unknown, ctx: GqlContext) => linked(ctx.loaders.relatedIds, c.id),
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
