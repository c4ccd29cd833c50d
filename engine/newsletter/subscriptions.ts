// The subscription operations (public §5, §7): subscribeAnonymousCustomer for the subscribe pane,
// and subscribeSiteUserNewsletter / unsubscribeSiteUserNewsletter for members. Plain functions the
// GraphQL resolvers call; each answers with the spec's error flag and message. Nothing is written
// unless every check passes.
import { AppError } from '../domain/errors';
import { htmlToText } from '../domain/text';
import {
  SUBSCRIBE_CAPTCHA_ACTION, SUBSCRIBE_TEXTS, validateSubscribeRequest, type SubscribeRequestInput, type SubscriptionSource,
} from '../domain/newsletter-subscribe';
import type { Store } from '../store/connection';
import { getSiteUserContact, listNewsletterItems } from '../store/queries/newsletters';
import { getTenant } from '../store/queries/tenants';
import { localAudienceProvider, type AudienceProvider } from './audience';
import type { CaptchaVerifier } from './captcha';

export interface SubscriptionDeps {
  store: Store;
  captcha: CaptchaVerifier;
  /** The local provider when absent. */
  provider?: AudienceProvider;
  now?: () => number;
}

export interface SubscribeResult {
  error: boolean;
  message: string;
  /** Field name → message, for the form's inline errors. */
  fields?: Record<string, string>;
  /** Newsletter ids subscribed (on success). */
  newsletterIds?: number[];
}

const provider = (d: SubscriptionDeps) => d.provider ?? localAudienceProvider(d.store);
const clock = (d: SubscriptionDeps) => (d.now ?? Date.now)();

/**
 * subscribeAnonymousCustomer: validate (public §5) → newsletters of this tenant → captcha → write.
 * `remoteIp` is passed to the captcha provider.
 */
export async function subscribeAnonymousCustomer(
  deps: SubscriptionDeps, tenantKey: string, input: SubscribeRequestInput, meta: { remoteIp?: string } = {},
): Promise<SubscribeResult> {
  const checked = validateSubscribeRequest(input);
  if (!checked.ok) return { error: true, message: checked.message, fields: checked.fields };
  const req = checked.value;

  const tenant = await getTenant(deps.store.db, tenantKey);
  if (!tenant) throw new AppError('TENANT_UNKNOWN', { tenant: tenantKey });
  if (tenant.settings.newsletters?.enabledNewsletters === false) return { error: true, message: SUBSCRIBE_TEXTS.emptyAnonymous };
  const known = new Set((await listNewsletterItems(deps.store.db, tenantKey, req.newsletterIds)).map((n) => n.id));
  if (req.newsletterIds.some((id) => !known.has(id))) {
    return { error: true, message: SUBSCRIBE_TEXTS.correctForm, fields: { omedaProducts: SUBSCRIBE_TEXTS.invalidOption } };
  }

  const verdict = await deps.captcha.verify(req.recaptchaToken, { action: SUBSCRIBE_CAPTCHA_ACTION, remoteIp: meta.remoteIp });
  if (!verdict.ok) return { error: true, message: SUBSCRIBE_TEXTS.captchaFailed };

  await provider(deps).subscribe({
    tenantKey, email: req.email, newsletterIds: req.newsletterIds, source: 'NlWidgetUnauthenticated',
    consent: req.consent, countryCode: req.countryCode, regionCode: req.regionCode, promoCode: req.promoCode, at: clock(deps),
  });
  return { error: false, message: SUBSCRIBE_TEXTS.success, newsletterIds: req.newsletterIds };
}

export interface SiteUserNewsletterArgs {
  /** The signed-in site user (the API resolves it from the x-site-user token). */
  siteUserId: number;
  newsletterId: number;
  promoCode?: string | null;
  /** Where the change came from (default NlWidgetAuthenticated). */
  source?: SubscriptionSource;
}

async function siteUserAndNewsletter(deps: SubscriptionDeps, tenantKey: string, args: SiteUserNewsletterArgs) {
  const user = await getSiteUserContact(deps.store.db, tenantKey, args.siteUserId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const [newsletter] = await listNewsletterItems(deps.store.db, tenantKey, [args.newsletterId]);
  return { user, newsletter };
}

/** subscribeSiteUserNewsletter: opts a signed-in member in (public §4 "Subscribe pane", §8 texts). */
export async function subscribeSiteUserNewsletter(deps: SubscriptionDeps, tenantKey: string, args: SiteUserNewsletterArgs): Promise<SubscribeResult> {
  const { user, newsletter } = await siteUserAndNewsletter(deps, tenantKey, args);
  if (!newsletter) return { error: true, message: SUBSCRIBE_TEXTS.optInFailed };
  const promo = typeof args.promoCode === 'string' && args.promoCode.trim() ? args.promoCode.trim().slice(0, 60) : null;
  await provider(deps).subscribe({
    tenantKey, email: user.email.trim().toLowerCase(), newsletterIds: [newsletter.id], source: args.source ?? 'NlWidgetAuthenticated',
    siteUserId: user.id, countryCode: user.countryCode, regionCode: user.region, promoCode: promo, at: clock(deps),
  });
  return { error: false, message: SUBSCRIBE_TEXTS.optInSuccess, newsletterIds: [newsletter.id] };
}

/** unsubscribeSiteUserNewsletter: opts a signed-in member out (the pane asks SUBSCRIBE_TEXTS.optOutConfirm first). */
export async function unsubscribeSiteUserNewsletter(deps: SubscriptionDeps, tenantKey: string, args: Omit<SiteUserNewsletterArgs, 'promoCode'>): Promise<SubscribeResult> {
  const { user, newsletter } = await siteUserAndNewsletter(deps, tenantKey, args);
  if (!newsletter) return { error: true, message: SUBSCRIBE_TEXTS.optOutFailed };
  await provider(deps).unsubscribe({ tenantKey, email: user.email.trim().toLowerCase(), newsletterId: newsletter.id, siteUserId: user.id, at: clock(deps) });
  return { error: false, message: SUBSCRIBE_TEXTS.optOutSuccess, newsletterIds: [newsletter.id] };
}

/**
 * The newsletters the subscribe pane offers: those flagged for the subscribe block, minus the ones
 * a signed-in member already has (public §6). Empty when newsletters are off for the tenant.
 */
export async function offeredNewsletters(deps: SubscriptionDeps, tenantKey: string, siteUserId?: number): Promise<{ id: number; title: string; description: string }[]> {
  const tenant = await getTenant(deps.store.db, tenantKey);
  if (!tenant || tenant.settings.newsletters?.enabledNewsletters === false) return [];
  const items = (await listNewsletterItems(deps.store.db, tenantKey)).filter((n) => n.showInSubscribeBlock);
  let have = new Set<number>();
  if (siteUserId !== undefined) {
    const user = await getSiteUserContact(deps.store.db, tenantKey, siteUserId);
    if (user) have = new Set(await provider(deps).subscribedNewsletterIds(tenantKey, user.email.trim().toLowerCase()));
  }
  // Labels and descriptions are shown with their HTML tags stripped (public §5).
  return items.filter((n) => !have.has(n.id)).map((n) => ({ id: n.id, title: htmlToText(n.title), description: htmlToText(n.description) }));
}
