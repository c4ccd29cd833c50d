// The captcha rule of anonymous forms (subscribe, member registration, login and reset): which
// verifier checks their tokens, decided once per app from the mode and the composition root's
// options. Production never accepts tokens unchecked: without a secret (or an injected verifier)
// the forms are refused with CAPTCHA_NOT_CONFIGURED, unless the captcha was switched off
// explicitly, which the app reports as a warning (getBuildStatus.warnings, and at start).
import {
  developmentCaptchaVerifier, disabledCaptchaVerifier, recaptchaV3Verifier, unconfiguredCaptchaVerifier, type CaptchaVerifier,
} from '../../newsletter/captcha';
import type { Services } from './services';

export interface CaptchaOptions {
  /** reCAPTCHA v3 secret key (MASTHEAD_RECAPTCHA_SECRET). */
  secret?: string;
  /** reCAPTCHA v3 scores below this fail (default 0.5). */
  minScore?: number;
  /** The explicit opt-out: every token passes, with a warning. */
  off?: boolean;
  /** A verifier of the composition root's choosing (another provider, tests). */
  verifier?: CaptchaVerifier;
  /** Passed to the reCAPTCHA adapter (tests). */
  fetch?: typeof fetch;
}

export type CaptchaState = 'verified' | 'off' | 'development' | 'unconfigured';

export interface CaptchaPolicy {
  state: CaptchaState;
  /** The subscribe form's verifier. */
  subscribe: CaptchaVerifier;
  /** The member forms' verifier; null leaves them unchecked (development without a secret). */
  members: CaptchaVerifier | null;
  /** What an admin should know, or null. */
  warning: string | null;
}

export const CAPTCHA_OFF_WARNING = 'Turn the captcha back on: it is switched off (--no-captcha or MASTHEAD_CAPTCHA=off), so the anonymous subscribe, registration, login and reset forms accept any request, bots included.';
export const CAPTCHA_MISSING_WARNING = 'Set MASTHEAD_RECAPTCHA_SECRET and restart: without a captcha secret the anonymous subscribe, registration, login and reset forms are refused.';

export function captchaPolicy(mode: 'development' | 'production', o: CaptchaOptions = {}): CaptchaPolicy {
  if (o.verifier) return { state: 'verified', subscribe: o.verifier, members: o.verifier, warning: null };
  if (o.secret) {
    const v = recaptchaV3Verifier({ secret: o.secret, minScore: o.minScore, fetch: o.fetch });
    return { state: 'verified', subscribe: v, members: v, warning: null };
  }
  if (o.off) {
    const v = disabledCaptchaVerifier();
    return { state: 'off', subscribe: v, members: v, warning: CAPTCHA_OFF_WARNING };
  }
  if (mode === 'development') return { state: 'development', subscribe: developmentCaptchaVerifier(), members: null, warning: null };
  const v = unconfiguredCaptchaVerifier();
  return { state: 'unconfigured', subscribe: v, members: v, warning: CAPTCHA_MISSING_WARNING };
}

const policies = new WeakMap<Services, CaptchaPolicy>();

export function recordCaptchaPolicy(services: Services, policy: CaptchaPolicy): void {
  policies.set(services, policy);
}

/** The captcha's state as the server runs it (verified, off, development or unconfigured). */
export function captchaStateOf(services: Services): CaptchaState | 'unknown' {
  return policies.get(services)?.state ?? 'unknown';
}

/** Warnings about the server's own configuration, for the admin. */
export function serverWarnings(services: Services): string[] {
  const w = policies.get(services)?.warning;
  return w ? [w] : [];
}

const subscribeVerifiers = new WeakMap<Services, CaptchaVerifier>();

/** The verifier of the anonymous subscribe-style forms (newsletter sign-up, inquiries), as the newsletters' options set it. */
export function recordSubscribeCaptcha(services: Services, verifier: CaptchaVerifier): void {
  subscribeVerifiers.set(services, verifier);
}

/** That verifier; the development one when the app configured none (tests that mount no newsletter routes). */
export function subscribeCaptcha(services: Services): CaptchaVerifier {
  return subscribeVerifiers.get(services) ?? developmentCaptchaVerifier();
}
