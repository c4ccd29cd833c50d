// getGatedContent: what a hydrated content page asks for once it is in the browser. It runs the
// same gating function and meter as everything else (engine/domain/gating.ts, meter.ts) and
// answers the body and the blocks public §4 hides only to a reader who passes. The meter lives in
// a signed HttpOnly cookie that only this operation reads and writes.
import { gatingStatus, gatingType, type GatedItem, type GatingReader } from '../../engine/domain/gating';
import {
  decideAccess, formatMeterDate, meterAppliesTo, meterCoversItem, meterText, recordView, viewsRemaining, type MeterState, type MeterStatus,
} from '../../engine/domain/meter';
import { AppError } from '../../engine/domain/errors';
import { paywallJsonLd } from '../../engine/domain/paywall';
import type { MembershipRecord } from '../../engine/store/queries/memberships';
import type { AssetRecord } from '../../engine/store/queries/catalog';
import type { GqlContext } from '../context';
import type { TenantRow } from '../../engine/services/kernel/tenancy';
import { idArg } from '../../engine/services/kernel/patch';
import { audienceMembershipIds, licenseCompanyFor, memberRuntime, meterCookieName, readMeter, signMeter, surveyCustomer } from '../../engine/services/members';
import { signedInMemberId } from './session';

export interface MeterView {
  status: MeterStatus;
  views: number;
  viewsRemaining: number;
  allowedViews: number;
  meteringPeriod: number;
  expirationTime: number;
  expirationDate: string;
  text: string;
}

export interface GatedContentView {
  id: number;
  gatingType: string | null;
  gatingStatus: 'passed' | 'failed';
  passedBy: string | null;
  canRead: boolean;
  gate: string;
  showGatingForm: boolean;
  hiddenBlocks: string[];
  meter: MeterView | null;
  licenseCompany: string | null;
  body: string | null;
  /** The item's content sidebars (sanitised HTML), to a reader who may read it; else empty. */
  sidebars: string[];
  embedCode: string | null;
  images: AssetRecord[];
  requiredMemberships: MembershipRecord[];
  /** Where a signed-in reader the audience provider does not know answers its survey (gate 'survey'): the tenant's survey address, else null. */
  surveyUrl: string | null;
  /** Paywall JSON-LD, given with a gated body to a verified crawler only (engine/domain/paywall.ts). */
  structuredData: ReturnType<typeof paywallJsonLd> | null;
}

/** Counts the view on the reader's meter (cookie read and, when it changed, written back). */
async function meterFor(ctx: GqlContext, tenantKey: string, settingsText: string | undefined, settings: Parameters<typeof recordView>[0], itemId: number): Promise<MeterView> {
  const key = await memberRuntime(ctx.services).secret('meter');
  const name = meterCookieName(tenantKey);
  const state: MeterState | null = readMeter(ctx.req.cookie(name), tenantKey, key);
  const outcome = recordView(settings, state, itemId, ctx.services.now());
  if (outcome.changed) ctx.req.cookies.set(name, signMeter(outcome.state, tenantKey, key), { expires: new Date(outcome.state.expirationTime), path: '/' });
  const s = outcome.state;
  return {
    status: outcome.status, views: s.views, viewsRemaining: Math.max(0, viewsRemaining(s)), allowedViews: s.numberOfFreeViews,
    meteringPeriod: s.meteringPeriod, expirationTime: s.expirationTime, expirationDate: formatMeterDate(s.expirationTime), text: meterText(settingsText, s),
  };
}

/**
 * The memberships a member holds now: granted ones (the member facts kept in memory) plus those whose
 * audience-provider product they hold (the provider when configured and up, else what is stored).
 */
async function heldMembershipIds(ctx: GqlContext, tenantKey: string, memberId: number): Promise<number[]> {
  const tenant = await ctx.tenant();
  const [granted, viaProvider] = await Promise.all([
    ctx.services.memberCache.activeMembershipIds(tenantKey, memberId, ctx.services.now()),
    tenant.tenantKey === tenantKey ? audienceMembershipIds(ctx.services, tenant, memberId) : Promise.resolve([] as number[]),
  ]);
  return [...new Set([...granted, ...viaProvider])];
}

/**
 * What the gating rule needs to know about the reader of this request (engine/domain/gating.ts): the
 * memberships a signed-in member holds now, the site-licence company of their IP, and whether they
 * are a verified crawler; plus the tenant's memberships (the free ones open zmag items).
 */
export async function gatingReader(ctx: GqlContext, tenant: TenantRow) {
  const tenantKey = tenant.tenantKey;
  // Session and memberships from the member facts kept in memory (member-cache.ts), under the same rules as the database reads.
  const memberId = await signedInMemberId(ctx);
  const [held, company, tenantMemberships, crawler] = await Promise.all([
    memberId !== null ? heldMembershipIds(ctx, tenantKey, memberId) : Promise.resolve([] as number[]),
    licenseCompanyFor(ctx.services, tenant, ctx.req.ip),
    ctx.services.content.memberships(tenantKey),
    ctx.services.crawlers.verify(ctx.req.ip, ctx.req.userAgent),
  ]);
  const reader: GatingReader = { membershipIds: held, signedIn: memberId !== null, licenseCompany: company?.name ?? null, crawler: crawler.engine !== null };
  return { signedIn: memberId !== null, memberId, company, tenantMemberships, reader, freeMembershipIds: tenantMemberships.filter((m) => m.isFree).map((m) => m.id) };
}

/**
 * The reader for `item`: for a survey-type item read by a signed-in member, with what the tenant's
 * audience provider says of them (asked only then, and kept a minute by the provider directory).
 */
export async function readerForItem(ctx: GqlContext, tenant: TenantRow, facts: { reader: GatingReader; memberId: number | null }, item: GatedItem): Promise<GatingReader> {
  const type = gatingType(item);
  if (facts.memberId === null || type === null || type === 'membership' || facts.reader.crawler || facts.reader.licenseCompany) return facts.reader;
  return { ...facts.reader, surveyCustomer: await surveyCustomer(ctx.services, tenant, facts.memberId) };
}

export async function getGatedContent(ctx: GqlContext, a: { id?: unknown }): Promise<GatedContentView> {
  const id = idArg(a.id);
  const tenant = await ctx.tenant();
  const now = ctx.services.now();
  // The item's facts come from the content cache (dropped on every committed change); the reader's from the request.
  const [facts, readerFacts] = await Promise.all([ctx.services.content.item(tenant.tenantKey, id), gatingReader(ctx, tenant)]);
  const row = facts?.row;
  if (!facts || !row || row.status !== 1 || row.published === null || row.published > now) throw new AppError('NOT_FOUND', { entity: 'Content', id });
  const { links: { membershipIds }, sectionIds } = facts;
  const { signedIn, company, tenantMemberships, freeMembershipIds } = readerFacts;
  const item: GatedItem = { membershipIds, surveyType: row.gatingSurveyType, registrationRequired: row.userRegistrationRequired, isZmag: row.zmagId !== null };
  const gating = gatingStatus(item, await readerForItem(ctx, tenant, readerFacts, item), freeMembershipIds);
  const ms = tenant.settings.memberships;
  const covered = meterCoversItem(ms.contentMetering, { type: row.type, sectionIds });
  const meter = meterAppliesTo(gating, covered, signedIn)
    ? await meterFor(ctx, tenant.tenantKey, ms.contentMeteringFields?.text, ms.contentMetering, id)
    : null;
  const decision = decideAccess(gating, meter?.status ?? null);
  const images = decision.canRead ? facts.links.images : [];
  return {
    id, gatingType: gating.type, gatingStatus: gating.status, passedBy: gating.status === 'passed' ? gating.reason : null,
    canRead: decision.canRead, gate: decision.gate, showGatingForm: decision.showGatingForm, hiddenBlocks: decision.canRead ? [] : decision.hiddenBlocks,
    meter, licenseCompany: company?.name ?? null,
    body: decision.canRead ? facts.body() : null,
    sidebars: decision.canRead ? facts.sidebars() : [],
    embedCode: decision.canRead ? row.embedCode : null,
    images,
    requiredMemberships: tenantMemberships.filter((m) => gating.requiredMembershipIds.includes(m.id)),
    surveyUrl: decision.gate === 'survey' ? tenant.settings.audience?.surveyUrl ?? null : null,
    structuredData: decision.canRead && gating.gated && gating.reason === 'crawler' ? paywallJsonLd() : null,
  };
}
