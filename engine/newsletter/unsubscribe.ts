// One-click unsubscribe (RFC 8058): every newsletter copy carries a link signed with HMAC-SHA256
// that names the tenant, the newsletter and the address. The link works without a login and never
// expires; a token whose signature does not match (tampered, or signed with another secret) is
// refused. `unsubscribeByToken` is what the API's unsubscribe route calls.
import { createHmac } from 'node:crypto';
import { macMatches } from '../auth/signature';
import { SUBSCRIBE_TEXTS } from '../domain/newsletter-subscribe';
import type { Store } from '../store/connection';
import { listNewsletterItems } from '../store/queries/newsletters';
import { localAudienceProvider, type AudienceProvider } from './audience';

export interface UnsubscribePayload { tenantKey: string; newsletterId: number; email: string }

const CONTEXT = 'masthead-unsubscribe-v1.';
export const MIN_SECRET_LENGTH = 16;

function checkSecret(secret: string): void {
  if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) throw new Error(`the unsubscribe secret must have at least ${MIN_SECRET_LENGTH} characters`);
}

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(CONTEXT + body).digest();

/** A URL-safe token: base64url(JSON payload) "." base64url(HMAC). */
export function signUnsubscribeToken(secret: string, p: UnsubscribePayload): string {
  checkSecret(secret);
  const body = Buffer.from(JSON.stringify({ t: p.tenantKey, n: p.newsletterId, e: p.email })).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The payload of a genuine token, or null for anything else. Constant-time signature check. */
export function verifyUnsubscribeToken(secret: string, token: unknown): UnsubscribePayload | null {
  checkSecret(secret);
  if (typeof token !== 'string' || token.length > 2000) return null;
  const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!m) return null;
  if (!macMatches(m[2]!, mac(secret, m[1]!))) return null;
  try {
    const v = JSON.parse(Buffer.from(m[1]!, 'base64url').toString('utf8')) as { t?: unknown; n?: unknown; e?: unknown };
    if (typeof v.t !== 'string' || typeof v.e !== 'string' || !Number.isSafeInteger(v.n) || (v.n as number) <= 0) return null;
    return { tenantKey: v.t, newsletterId: v.n as number, email: v.e };
  } catch {
    return null;
  }
}

/** The link for one copy: <base>?token=… (the base is the API route, absolute). */
export function unsubscribeLink(base: string, token: string): string {
  const url = new URL(base);
  url.searchParams.set('token', token);
  return url.href;
}

export type UnsubscribeOutcome =
  | { ok: true; email: string; newsletterId: number; newsletterTitle: string; changed: boolean; message: string }
  | { ok: false; message: string };

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid. Please use the link from a recent email, or manage your newsletters from your account.';

/**
 * Verifies a token and unsubscribes its address. Idempotent: a second click answers ok with
 * changed false. When the route knows its tenant (from the host), a token of another tenant fails.
 */
export async function unsubscribeByToken(
  deps: { store: Store; secret: string; provider?: AudienceProvider; now?: () => number },
  token: unknown,
  expectTenantKey?: string,
): Promise<UnsubscribeOutcome> {
  const p = verifyUnsubscribeToken(deps.secret, token);
  if (!p || (expectTenantKey !== undefined && p.tenantKey !== expectTenantKey)) return { ok: false, message: INVALID_UNSUBSCRIBE_LINK };
  const [newsletter] = await listNewsletterItems(deps.store.db, p.tenantKey, [p.newsletterId]);
  if (!newsletter) return { ok: false, message: INVALID_UNSUBSCRIBE_LINK };
  const provider = deps.provider ?? localAudienceProvider(deps.store);
  const { changed } = await provider.unsubscribe({ tenantKey: p.tenantKey, email: p.email, newsletterId: p.newsletterId, at: (deps.now ?? Date.now)() });
  return { ok: true, email: p.email, newsletterId: p.newsletterId, newsletterTitle: newsletter.title, changed, message: SUBSCRIBE_TEXTS.unsubscribed };
}
