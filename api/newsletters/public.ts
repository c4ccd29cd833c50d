// The reader's side (public §2 "Subscribe pane", §3, §5, §7, §8): the newsletters the pane offers,
// the country list, the anonymous subscribe with its captcha, and a member's opt in and opt out.
// Each subscribe answers the spec's error flag and message (plus the fields at fault); only a
// missing sign-in, a bad argument type or too many attempts are errors.
import { AppError } from '../../engine/domain/errors';
import { COUNTRIES, type Country } from '../../engine/domain/countries';
import type { SubscribeRequestInput } from '../../engine/domain/newsletter-subscribe';
import { badInput, REQUIRED } from '../../engine/domain/validation';
import {
  offeredNewsletters, subscribeAnonymousCustomer, subscribeSiteUserNewsletter, unsubscribeSiteUserNewsletter,
  type SubscribeResult, type SubscriptionDeps,
} from '../../engine/newsletter/subscriptions';
import type { GqlContext } from '../context';
import { signedInMemberId } from './member';
import { syncNewsletterProducts } from '../../engine/services/members';
import { findSiteUserById } from '../../engine/store/queries/members';
import { newsletterRuntime } from '../../engine/services/newsletters';
import { clientKey } from '../../engine/services/kernel/rate-limit';
import { throttle, type Limiter } from '../../engine/services/kernel/shared-state';

export interface SubscribeAnswer { error: boolean; message: string; fields: Record<string, string> | null; newsletterIds: number[] }

function deps(ctx: GqlContext): SubscriptionDeps {
  const rt = newsletterRuntime(ctx.services);
  return { store: ctx.services.store, captcha: rt.captcha, provider: rt.options.audience, now: ctx.services.now };
}

const answer = (r: SubscribeResult): SubscribeAnswer => ({ error: r.error, message: r.message, fields: r.fields ?? null, newsletterIds: r.newsletterIds ?? [] });

/**
 * subscribeAnonymousCustomer: at most `subscribePerIp` attempts per client address (IPv6 by /64;
 * default 30 an hour) and `subscribePerEmail` per e-mail address from all addresses together
 * (default 10 an hour: nobody's inbox is flooded with confirmations), counted before any check.
 */
export async function subscribeAnonymous(ctx: GqlContext, input: SubscribeRequestInput): Promise<SubscribeAnswer> {
  const tenant = await ctx.tenant();
  const rt = newsletterRuntime(ctx.services);
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase().slice(0, 320) : '';
  await throttle([
    [rt.subscribeIp, `${tenant.tenantKey}|${clientKey(ctx.req.ip)}`],
    ...(email ? [[rt.subscribeEmail, `${tenant.tenantKey}|${email}`] as [Limiter, string]] : []),
  ]);
  const r = await subscribeAnonymousCustomer(deps(ctx), tenant.tenantKey, input, { remoteIp: ctx.req.ip });
  if (!r.error && email) await syncNewsletterProducts(ctx.services, tenant, email, r.newsletterIds ?? [], true);
  return answer(r);
}

/** After a member's opt in or out: the same at the audience provider, for a newsletter with a provider product. */
async function syncMember(ctx: GqlContext, m: { tenantKey: string; siteUserId: number; newsletterId: number }, r: SubscribeResult, subscribe: boolean): Promise<SubscribeResult> {
  if (r.error) return r;
  const user = await findSiteUserById(ctx.services.store.db, m.tenantKey, m.siteUserId);
  if (user) await syncNewsletterProducts(ctx.services, await ctx.tenant(), user.email, [m.newsletterId], subscribe);
  // What the provider said about this member before the change is stale now.
  ctx.services.audience.forget(m.tenantKey, `member:${m.siteUserId}`);
  return r;
}

async function memberAndNewsletter(ctx: GqlContext, newsletterId: unknown): Promise<{ tenantKey: string; siteUserId: number; newsletterId: number }> {
  const tenant = await ctx.tenant();
  const siteUserId = await signedInMemberId(ctx);
  if (siteUserId === null) throw new AppError('UNAUTHENTICATED');
  if (newsletterId === undefined || newsletterId === null) badInput('newsletterId', REQUIRED);
  if (typeof newsletterId !== 'number' || !Number.isInteger(newsletterId) || newsletterId <= 0) badInput('newsletterId', 'Must be a positive whole number');
  return { tenantKey: tenant.tenantKey, siteUserId, newsletterId };
}

export async function subscribeMember(ctx: GqlContext, a: { newsletterId?: unknown; promoCode?: unknown }): Promise<SubscribeAnswer> {
  const m = await memberAndNewsletter(ctx, a.newsletterId);
  const promoCode = typeof a.promoCode === 'string' ? a.promoCode : null;
  return answer(await syncMember(ctx, m, await subscribeSiteUserNewsletter(deps(ctx), m.tenantKey, { siteUserId: m.siteUserId, newsletterId: m.newsletterId, promoCode }), true));
}

export async function unsubscribeMember(ctx: GqlContext, a: { newsletterId?: unknown }): Promise<SubscribeAnswer> {
  const m = await memberAndNewsletter(ctx, a.newsletterId);
  return answer(await syncMember(ctx, m, await unsubscribeSiteUserNewsletter(deps(ctx), m.tenantKey, { siteUserId: m.siteUserId, newsletterId: m.newsletterId }), false));
}

/** The pane's list: flagged for the subscribe block, minus a signed-in member's own (public §6). */
export async function offered(ctx: GqlContext): Promise<{ id: number; title: string; description: string }[]> {
  const tenant = await ctx.tenant();
  return offeredNewsletters(deps(ctx), tenant.tenantKey, (await signedInMemberId(ctx)) ?? undefined);
}

/** The country list with regions and compliance flags (public §3 "Country entry"). */
export function countries(): readonly Country[] {
  return COUNTRIES;
}
