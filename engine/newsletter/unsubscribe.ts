// One-click unsubscribe (RFC 8058): every newsletter copy carries a link signed with HMAC-SHA256
// that names the tenant, the newsletter and the address, and its expiry: it works without a login
// for UNSUBSCRIBE_LINK_TTL_MS (180 days, so mail read months later still works), and unsubscribes
// from that newsletter only. A token whose signature does not match (tampered, or signed with
// another secret) is refused; an expired one is refused with its own message. Links of the first
// format (no expiry) are accepted until LEGACY_LINKS_UNTIL, then refused as expired.
// `unsubscribeByToken` is what the API's unsubscribe route calls.
import { createHmac } from 'node:crypto';
import { macMatches } from '../auth/signature';
import { SUBSCRIBE_TEXTS } from '../domain/newsletter-subscribe';
import type { Store } from '../store/connection';
import { listNewsletterItems } from '../store/queries/newsletters';
import { localAudienceProvider, type AudienceProvider } from './audience';

export interface UnsubscribePayload { tenantKey: string; newsletterId: number; email: string }

/** Each format signs under its own context, so a token of one never verifies as the other. */
const CONTEXT = 'masthead-unsubscribe-v2.';
const LEGACY_CONTEXT = 'masthead-unsubscribe-v1.';
export const MIN_SECRET_LENGTH = 16;
/** How long a link works after the copy is sent. */
export const UNSUBSCRIBE_LINK_TTL_MS = 180 * 24 * 3600 * 1000;
/** Links sent before links had an expiry: accepted until this instant (180 days after the change), then expired. */
export const LEGACY_LINKS_UNTIL = Date.parse('2027-05-27T00:00:00Z');

function checkSecret(secret: string): void {
  if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) throw new Error(`the unsubscribe secret must have at least ${MIN_SECRET_LENGTH} characters`);
}

const mac = (secret: string, body: string, context = CONTEXT) => createHmac('sha256', secret).update(context + body).digest();

/** A URL-safe token: base64url(JSON payload with the expiry in seconds) "." base64url(HMAC). */
export function signUnsubscribeToken(secret: string, p: UnsubscribePayload, now: number = Date.now()): string {
  checkSecret(secret);
  const expires = Math.floor((now + UNSUBSCRIBE_LINK_TTL_MS) / 1000);
  const body = Buffer.from(JSON.stringify({ t: p.tenantKey, n: p.newsletterId, e: p.email, x: expires })).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

export type TokenCheck = { ok: true; payload: UnsubscribePayload } | { ok: false; reason: 'invalid' | 'expired' };

const INVALID: TokenCheck = { ok: false, reason: 'invalid' };

/** The payload of a body whose signature matched; its expiry (seconds) when it has one. */
function parseBody(body: string): { payload: UnsubscribePayload; expires: number | undefined } | null {
  try {
    const v = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { t?: unknown; n?: unknown; e?: unknown; x?: unknown };
    if (typeof v.t !== 'string' || typeof v.e !== 'string' || !Number.isSafeInteger(v.n) || (v.n as number) <= 0) return null;
    if (v.x !== undefined && !Number.isSafeInteger(v.x)) return null;
    return { payload: { tenantKey: v.t, newsletterId: v.n as number, email: v.e }, expires: v.x as number | undefined };
  } catch {
    return null;
  }
}

/** Checks a token at `now`: genuine and unexpired, expired, or invalid. Constant-time signature check. */
export function checkUnsubscribeToken(secret: string, token: unknown, now: number = Date.now()): TokenCheck {
  checkSecret(secret);
  if (typeof token !== 'string' || token.length > 2000) return INVALID;
  const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!m) return INVALID;
  const [, body, sig] = m as unknown as [string, string, string];
  const current = macMatches(sig, mac(secret, body));
  if (!current && !macMatches(sig, mac(secret, body, LEGACY_CONTEXT))) return INVALID;
  const parsed = parseBody(body);
  if (!parsed || (current && parsed.expires === undefined) || (!current && parsed.expires !== undefined)) return INVALID;
  const until = current ? parsed.expires! * 1000 : LEGACY_LINKS_UNTIL;
  return now < until ? { ok: true, payload: parsed.payload } : { ok: false, reason: 'expired' };
}

/** The payload of a genuine, unexpired token, or null for anything else. */
export function verifyUnsubscribeToken(secret: string, token: unknown, now: number = Date.now()): UnsubscribePayload | null {
  const r = checkUnsubscribeToken(secret, token, now);
  return r.ok ? r.payload : null;
}

/** The link for one copy: <base>?token=… (the base is the API route, absolute). */
export function unsubscribeLink(base: string, token: string): string {
  const url = new URL(base);
  url.searchParams.set('token', token);
  return url.href;
}

export type UnsubscribeOutcome =
  | { ok: true; email: string; newsletterId: number; newsletterTitle: string; changed: boolean; message: string }
  | { ok: false; message: string; expired?: boolean };

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid. Please use the link from a recent email, or manage your newsletters from your account.';
export const EXPIRED_UNSUBSCRIBE_LINK = 'This unsubscribe link has expired. Please use the link from a recent email, or manage your newsletters from your account.';

/** What a reader is told about a refused link. */
export const refusedLinkMessage = (reason: 'invalid' | 'expired'): string => (reason === 'expired' ? EXPIRED_UNSUBSCRIBE_LINK : INVALID_UNSUBSCRIBE_LINK);

/**
 * Verifies a token and unsubscribes its address. Idempotent: a second click answers ok with
 * changed false. When the route knows its tenant (from the host), a token of another tenant fails.
 */
export async function unsubscribeByToken(
  deps: { store: Store; secret: string; provider?: AudienceProvider; now?: () => number },
  token: unknown,
  expectTenantKey?: string,
): Promise<UnsubscribeOutcome> {
  const now = (deps.now ?? Date.now)();
  const checked = checkUnsubscribeToken(deps.secret, token, now);
  if (!checked.ok) return { ok: false, message: refusedLinkMessage(checked.reason), ...(checked.reason === 'expired' ? { expired: true } : {}) };
  const p = checked.payload;
  if (expectTenantKey !== undefined && p.tenantKey !== expectTenantKey) return { ok: false, message: INVALID_UNSUBSCRIBE_LINK };
  const [newsletter] = await listNewsletterItems(deps.store.db, p.tenantKey, [p.newsletterId]);
  if (!newsletter) return { ok: false, message: INVALID_UNSUBSCRIBE_LINK };
  const provider = deps.provider ?? localAudienceProvider(deps.store);
  const { changed } = await provider.unsubscribe({ tenantKey: p.tenantKey, email: p.email, newsletterId: p.newsletterId, at: now });
  return { ok: true, email: p.email, newsletterId: p.newsletterId, newsletterTitle: newsletter.title, changed, message: SUBSCRIBE_TEXTS.unsubscribed };
}
