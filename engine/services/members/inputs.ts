// Input pieces the member operations share: e-mail, names, country and region, consent, captcha
// and the attempt limits. Every refusal is BAD_USER_INPUT naming the field.
import { z } from 'zod';
import { findCountry, consentKey } from '../../domain/countries';
import { hasControlChars, MEMBER_TEXTS, SITE_USER_PASSWORD_MAX, SITE_USER_PASSWORD_MIN } from '../../domain/members';
import { badInput, REQUIRED } from '../../domain/validation';
import { strong } from '../auth';
import type { Services } from '../kernel/services';

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export const emailField = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(254, 'At most 254 characters')
  .refine((v) => EMAIL.test(v), 'Must be an e-mail address').transform((v) => v.toLowerCase());

/** A new member password: at least 8 characters, at most 200, not easy to guess (engine/services/auth/password-policy.ts). */
export const passwordField = strong(z.string({ error: REQUIRED }).min(1, REQUIRED)
  .min(SITE_USER_PASSWORD_MIN, `At least ${SITE_USER_PASSWORD_MIN} characters`).max(SITE_USER_PASSWORD_MAX, `At most ${SITE_USER_PASSWORD_MAX} characters`), 'member');

/** A password as typed at login (no length rule beyond a cap, so old passwords keep working). */
export const givenPassword = z.string({ error: REQUIRED }).min(1, REQUIRED).max(1000, 'At most 1000 characters');

export const loginName = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(254, 'At most 254 characters').transform((v) => v.toLowerCase());

/** An optional profile text: trimmed, at most `max` characters, no control characters. */
export const profileText = (max = 120) => z.string().trim().max(max, `At most ${max} characters`)
  .refine((v) => !hasControlChars(v), 'Must not contain control characters');

export const tokenField = z.string({ error: REQUIRED }).min(1, REQUIRED).max(200, 'At most 200 characters');

export const promoField = z.string().trim().max(60, 'At most 60 characters');

/** ISO alpha-3 of a two- or three-letter country code, or BAD_USER_INPUT naming `field`. */
export function countryOf(code: string, field = 'countryCode'): string {
  const c = findCountry(code);
  if (!c) badInput(field, 'Please choose one of the options');
  return c.alpha3;
}

/** The region for a country: required (and one of its options) when the country has regions, else null. */
export function regionOf(countryAlpha3: string, region: string | undefined, field = 'region'): string | null {
  const c = findCountry(countryAlpha3);
  if (!c?.regions) return null;
  const given = region?.trim().toUpperCase() ?? '';
  if (!given) badInput(field, REQUIRED);
  if (!c.regions.options.some((o) => o.value === given)) badInput(field, 'Please choose one of the options');
  return given;
}

/** The compliance flag of a consent object ({ CASL | GDPR: { compliance } }); anything else is false. */
export function complianceOf(consent: unknown): boolean {
  if (!consent || typeof consent !== 'object' || Array.isArray(consent)) return false;
  const c = consent as Record<string, { compliance?: unknown } | undefined>;
  const v = c.CASL?.compliance ?? c.GDPR?.compliance;
  return v === true || v === 'true' || v === 'on' || v === '1' || v === 1;
}

export interface ConsentValue { key: 'CASL' | 'GDPR'; country: string; region: string | null; compliance: boolean }

/** The consent to record for a country (public §3): CASL for Canada, else GDPR; the box is required where the country requires it. */
export function consentFor(countryAlpha3: string, region: string | null, consent: unknown, field = 'consent'): ConsentValue {
  const compliance = complianceOf(consent);
  if (findCountry(countryAlpha3)?.compliance === 'required' && !compliance) badInput(field, REQUIRED);
  return { key: consentKey(countryAlpha3), country: countryAlpha3, region, compliance };
}

/** Checks a captcha token when a verifier is configured. */
export async function checkCaptcha(services: Services, token: unknown, action: string, ip: string | undefined): Promise<void> {
  const captcha = services.members.captcha;
  if (!captcha) return;
  const verdict = await captcha.verify(typeof token === 'string' ? token : '', { action, remoteIp: ip });
  if (!verdict.ok) badInput('recaptchaToken', MEMBER_TEXTS.captchaFailed);
}

/** RATE_LIMITED when any key is over its limit. */
export { throttle } from '../kernel/shared-state';
