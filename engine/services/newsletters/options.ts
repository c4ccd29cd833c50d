// What the composition root passes for newsletters (ApiOptions.newsletters) and the per-app state
// built from it: the captcha verifier, the subscribe limiter, the tenant's origin and the
// unsubscribe route's URL. `registerNewsletterRoutes` (routes.ts) records the options for the
// app's Services; operations read them with `newsletterRuntime(services)`. Nothing here reads the
// environment.
import { siteOrigin } from '../kernel/site-origin';
import { recordSubscribeCaptcha } from '../kernel/captcha';
import type { Mailer } from '../../mail/mailer';
import type { AudienceProvider } from '../../newsletter/audience';
import { developmentCaptchaVerifier, recaptchaV3Verifier, type CaptchaVerifier } from '../../newsletter/captcha';
import { MIN_SECRET_LENGTH } from '../../newsletter/unsubscribe';
import type { LimitRule } from '../kernel/rate-limit';
import type { Limiter } from '../kernel/shared-state';
import type { Services } from '../kernel/services';

export const UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';

export interface NewsletterOptions {
  /** HMAC key of the one-click unsubscribe links (at least 16 characters). Without it, sends are refused and the route says links are not set up. */
  unsubscribeSecret?: string;
  /** The one mailer (engine/mail) for test sends and deploys. Without it, sends are refused. */
  mailer?: Mailer;
  /** The captcha check of subscribeAnonymousCustomer. Default: reCAPTCHA v3 when `recaptchaSecret` is set, else the development verifier. */
  captcha?: CaptchaVerifier;
  recaptchaSecret?: string;
  /** reCAPTCHA v3 scores below this fail (default 0.5). */
  recaptchaMinScore?: number;
  /** Origin of a tenant's public site: links in the email are absolute to it (default https://{domain}). */
  siteUrl?: (tenant: { tenantKey: string; domain: string }) => string;
  /** Absolute URL of the unsubscribe route for a tenant (default {siteUrl}/api/newsletter/unsubscribe). */
  unsubscribeUrl?: (tenant: { tenantKey: string; domain: string }) => string;
  /** Messages per second of a send (default 20). */
  ratePerSecond?: number;
  /** Where subscriptions live (default: the local provider, the database). */
  audience?: AudienceProvider;
  /** Anonymous subscribe requests per IP (default 30 per hour). */
  subscribePerIp?: LimitRule;
  /** Anonymous subscribe requests per e-mail address, from all addresses together (default 10 per hour). */
  subscribePerEmail?: LimitRule;
}

export interface NewsletterRuntime {
  options: NewsletterOptions;
  captcha: CaptchaVerifier;
  subscribeIp: Limiter;
  subscribeEmail: Limiter;
  origin(tenant: { tenantKey: string; domain: string }): string;
  unsubscribeBaseUrl(tenant: { tenantKey: string; domain: string }): string;
}

export const DEFAULT_SUBSCRIBE_PER_IP: LimitRule = { max: 30, windowMs: 3_600_000 };
export const DEFAULT_SUBSCRIBE_PER_EMAIL: LimitRule = { max: 10, windowMs: 3_600_000 };

const runtimes = new WeakMap<Services, NewsletterRuntime>();

function captchaOf(o: NewsletterOptions): CaptchaVerifier {
  if (o.captcha) return o.captcha;
  if (o.recaptchaSecret) return recaptchaV3Verifier({ secret: o.recaptchaSecret, minScore: o.recaptchaMinScore });
  return developmentCaptchaVerifier();
}

function build(services: Services, o: NewsletterOptions): NewsletterRuntime {
  if (o.unsubscribeSecret !== undefined && o.unsubscribeSecret.length < MIN_SECRET_LENGTH) {
    throw new Error(`newsletters.unsubscribeSecret must have at least ${MIN_SECRET_LENGTH} characters`);
  }
  const origin = (t: { tenantKey: string; domain: string }) => siteOrigin(o, t);
  return {
    options: o,
    captcha: captchaOf(o),
    subscribeIp: services.shared.limiter('newsletter-subscribe-ip', o.subscribePerIp ?? DEFAULT_SUBSCRIBE_PER_IP, services.now),
    subscribeEmail: services.shared.limiter('newsletter-subscribe-email', o.subscribePerEmail ?? DEFAULT_SUBSCRIBE_PER_EMAIL, services.now),
    origin,
    unsubscribeBaseUrl: (t) => (o.unsubscribeUrl ? o.unsubscribeUrl(t) : `${origin(t)}${UNSUBSCRIBE_PATH}`),
  };
}

/** Records the options of one app (called once, from registerNewsletterRoutes). */
export function configureNewsletters(services: Services, o: NewsletterOptions = {}): NewsletterRuntime {
  const r = build(services, o);
  runtimes.set(services, r);
  recordSubscribeCaptcha(services, r.captcha);
  return r;
}

/** The app's newsletter state; defaults (no mailer, no secret, development captcha) when none was configured. */
export function newsletterRuntime(services: Services): NewsletterRuntime {
  return runtimes.get(services) ?? configureNewsletters(services, {});
}
