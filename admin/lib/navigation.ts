// Navigation rules (admin §2.4, §4): refused schemes, external targets only when flagged, and the
// post-login redirect, which may only point back into the admin of this origin.

const REFUSED_SCHEMES = /^\s*(javascript|data|blob|vbscript):/i;

/** Drops C0 control characters and DEL, which browsers ignore inside a scheme ("java\tscript:"). */
export function stripControl(text: string): string {
  return [...text].filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f).join('');
}

export type NavigationCheck =
  | { kind: 'internal'; href: string }
  | { kind: 'external'; href: string }
  | { kind: 'refused'; reason: string };

/**
 * Classifies a navigation target. Internal targets are paths of this origin; external ones are
 * allowed only with `allowExternal`; javascript:, data:, blob: and vbscript: are always refused.
 */
export function checkNavigation(target: string, origin: string, allowExternal = false): NavigationCheck {
  const raw = stripControl(target);
  if (REFUSED_SCHEMES.test(raw)) return { kind: 'refused', reason: 'Refused scheme' };
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return { kind: 'refused', reason: 'Not a valid address' };
  }
  if (!/^https?:$/.test(url.protocol) && url.protocol !== 'mailto:') return { kind: 'refused', reason: 'Refused scheme' };
  if (url.origin === new URL(origin).origin) return { kind: 'internal', href: `${url.pathname}${url.search}${url.hash}` };
  if (!allowExternal) return { kind: 'refused', reason: 'External navigation is not allowed here' };
  return { kind: 'external', href: url.href };
}

/** The `redirect` query of /admin/login, kept only when it is an admin path of this origin. */
export function safeAdminRedirect(redirect: string | null | undefined, origin: string): string {
  const fallback = '/admin';
  if (!redirect) return fallback;
  const check = checkNavigation(redirect, origin);
  if (check.kind !== 'internal') return fallback;
  const path = check.href;
  if (path.startsWith('//') || path.startsWith('/\\')) return fallback;
  if (path !== '/admin' && !path.startsWith('/admin/') && !path.startsWith('/admin?')) return fallback;
  if (path.startsWith('/admin/login') || path.startsWith('/admin/logout')) return fallback;
  return path;
}

/** Removes noToken parameters from an address (admin §4: the sign-in flow strips them). */
export function stripNoToken(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (key.toLowerCase() === 'notoken') params.delete(key);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The login address for a signed-out visit to `pathWithQuery`. */
export function loginHref(pathWithQuery: string): string {
  if (pathWithQuery === '/admin' || pathWithQuery === '/admin/') return '/admin/login';
  return `/admin/login?redirect=${encodeURIComponent(pathWithQuery)}`;
}
