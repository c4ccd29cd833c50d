// Link safety and targets (admin §2.4, public §2 "Mega menu"): site paths open in the same tab;
// other addresses open in a new tab only when flagged external; javascript:, data:, blob: and
// vbscript: addresses are refused everywhere (the link is not rendered).

const REFUSED_SCHEMES = /^(javascript|data|blob|vbscript):/i;
const ALLOWED_ABSOLUTE = /^(https?:\/\/|mailto:|tel:)/i;

/**
 * The href to render, or null when the address must not become a link. Whitespace and control
 * characters browsers ignore (e.g. "java\tscript:") are removed before the scheme is checked.
 */
export function safeHref(href: string | null | undefined): string | null {
  if (typeof href !== 'string') return null;
  const trimmed = href.trim();
  if (!trimmed) return null;
  // eslint-disable-next-line no-control-regex
  const probe = trimmed.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (REFUSED_SCHEMES.test(probe)) return null;
  if (probe.startsWith('//')) return null; // protocol-relative: an unflagged jump to another host
  if (probe.startsWith('/') || probe.startsWith('#') || probe.startsWith('?')) return trimmed;
  if (ALLOWED_ABSOLUTE.test(probe)) return trimmed;
  return null;
}

/** True for a site-relative path ("/…"), which always opens in the same tab. */
export function isSitePath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

export interface LinkTarget { href: string; newTab: boolean }

/**
 * Where a link goes and whether it opens a new tab: site paths never do; other addresses only
 * when `external` is flagged. Null when the href is refused.
 */
export function linkTarget(href: string | null | undefined, external = false): LinkTarget | null {
  const safe = safeHref(href);
  if (safe === null) return null;
  return { href: safe, newTab: !isSitePath(safe) && external };
}
