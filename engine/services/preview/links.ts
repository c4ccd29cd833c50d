// Signed preview links (public §2: a signed preview link lets staff see a draft rendered). The
// link names the content id; the tenant is the host the link is opened on and is bound by the
// signature, as is the expiry: /__preview/content/<id>?exp=<epoch ms>&sig=<HMAC>.
// The path sits under "__" like /__rss, so it can never shadow a section or content alias.
import { sign, verify } from '../kernel/sealed';

export const PREVIEW_PREFIX = '/__preview/content/';
/** How long a preview link opens the draft. */
export const PREVIEW_LINK_TTL_MS = 60 * 60 * 1000;
const PURPOSE = 'preview';

export interface PreviewClaim { tenantKey: string; contentId: number; expiresAt: number }

const message = (c: PreviewClaim) => `${c.tenantKey}:${c.contentId}:${c.expiresAt}`;

/** The site-relative preview path of a claim. */
export function previewPath(claim: PreviewClaim, key: Buffer): string {
  return `${PREVIEW_PREFIX}${claim.contentId}?exp=${claim.expiresAt}&sig=${sign(PURPOSE, message(claim), key)}`;
}

export type PreviewCheck = 'ok' | 'invalid' | 'expired';

/** Checks a link's fields against the tenant it was opened on. The signature is checked before the expiry. */
export function checkPreview(tenantKey: string, id: string, exp: string | undefined, sig: string | undefined, key: Buffer, now: number): PreviewCheck {
  if (!/^\d{8}$/.test(id) || typeof exp !== 'string' || !/^\d{1,15}$/.test(exp)) return 'invalid';
  const claim = { tenantKey, contentId: Number(id), expiresAt: Number(exp) };
  if (!verify(PURPOSE, message(claim), sig, key)) return 'invalid';
  return claim.expiresAt > now ? 'ok' : 'expired';
}
