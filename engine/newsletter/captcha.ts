// Captcha verification for anonymous subscribes: a pluggable verifier. The reCAPTCHA v3 adapter
// checks the token with Google's siteverify endpoint (fetch injected, so tests and other runtimes
// supply their own) and fails closed: a network error or timeout is a failed check. The development
// verifier accepts any non-empty token and must never be wired in production.
import { AppError } from '../domain/errors';

export interface CaptchaVerdict { ok: boolean; score?: number; reason?: string }

export interface CaptchaVerifier {
  readonly name: string;
  verify(token: string, ctx: { action: string; remoteIp?: string | undefined }): Promise<CaptchaVerdict>;
}

/** Accepts any non-empty token (development and tests only). */
export function developmentCaptchaVerifier(): CaptchaVerifier {
  return {
    name: 'development',
    async verify(token) {
      return token.trim() ? { ok: true, score: 1 } : { ok: false, reason: 'missing-input-response' };
    },
  };
}

export interface RecaptchaOptions {
  secret: string;
  fetch?: typeof fetch;
  /** Scores below this fail (reCAPTCHA v3 scores run 0.0–1.0). Default 0.5. */
  minScore?: number;
  /** When given, the token must have been issued on one of these host names. */
  hostnames?: readonly string[];
  timeoutMs?: number;
  endpoint?: string;
}

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

interface SiteverifyAnswer { success?: boolean; score?: number; action?: string; hostname?: string; 'error-codes'?: string[] }

export function recaptchaV3Verifier(opts: RecaptchaOptions): CaptchaVerifier {
  if (!opts.secret) throw new Error('recaptchaV3Verifier needs the secret key');
  const doFetch = opts.fetch ?? fetch;
  const minScore = opts.minScore ?? 0.5;
  return {
    name: 'recaptcha-v3',
    async verify(token, ctx) {
      if (!token.trim()) return { ok: false, reason: 'missing-input-response' };
      const body = new URLSearchParams({ secret: opts.secret, response: token });
      if (ctx.remoteIp) body.set('remoteip', ctx.remoteIp);
      let answer: SiteverifyAnswer;
      try {
        const res = await doFetch(opts.endpoint ?? RECAPTCHA_VERIFY_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
        });
        if (!res.ok) return { ok: false, reason: `http-${res.status}` };
        answer = (await res.json()) as SiteverifyAnswer;
      } catch {
        return { ok: false, reason: 'unavailable' };
      }
      const score = typeof answer.score === 'number' ? answer.score : undefined;
      if (answer.success !== true) return { ok: false, score, reason: answer['error-codes']?.join(',') || 'rejected' };
      if (answer.action !== ctx.action) return { ok: false, score, reason: 'action-mismatch' };
      if (score === undefined || score < minScore) return { ok: false, score, reason: 'low-score' };
      if (opts.hostnames?.length && !opts.hostnames.includes(answer.hostname ?? '')) return { ok: false, score, reason: 'hostname-mismatch' };
      return { ok: true, score };
    },
  };
}

/**
 * What production runs when no captcha secret is configured and the captcha was not switched off:
 * every check refuses with CAPTCHA_NOT_CONFIGURED, so anonymous forms never accept a token unchecked.
 */
export function unconfiguredCaptchaVerifier(): CaptchaVerifier {
  return {
    name: 'unconfigured',
    async verify() {
      throw new AppError('CAPTCHA_NOT_CONFIGURED');
    },
  };
}

/** The explicit opt-out (`--no-captcha`, MASTHEAD_CAPTCHA=off): every token passes. */
export function disabledCaptchaVerifier(): CaptchaVerifier {
  return { name: 'disabled', async verify() { return { ok: true }; } };
}
