// Navigation from islands (admin §2.4): javascript:, data:, blob: and vbscript: targets are always
// refused; a target on another origin only when the caller flags it external (an external target
// is a full browser navigation). Every location.assign of the public site goes through here.

const REFUSED_SCHEMES = /^(javascript|data|blob|vbscript):/i;

export type NavigationTarget =
  | { kind: 'internal'; href: string }
  | { kind: 'external'; href: string }
  | { kind: 'refused'; reason: string };

/**
 * Classifies `target` relative to the page at `base` (an absolute URL). Internal targets come back
 * as path + query + hash of this origin. Control characters and whitespace browsers ignore inside
 * a scheme ("java\tscript:") are removed before the scheme is checked.
 */
export function checkTarget(target: string, base: string, external = false): NavigationTarget {
  // eslint-disable-next-line no-control-regex
  const probe = String(target).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!probe) return { kind: 'refused', reason: 'Empty address' };
  if (REFUSED_SCHEMES.test(probe)) return { kind: 'refused', reason: 'Refused scheme' };
  let url: URL;
  try {
    url = new URL(String(target).trim(), base);
  } catch {
    return { kind: 'refused', reason: 'Not a valid address' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'refused', reason: 'Refused scheme' };
  if (url.origin === new URL(base).origin) return { kind: 'internal', href: `${url.pathname}${url.search}${url.hash}` };
  if (!external) return { kind: 'refused', reason: 'External navigation is not allowed here' };
  return { kind: 'external', href: url.href };
}

export interface NavigateOptions {
  /** Allows a target on another origin. */
  external?: boolean;
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
}

/** Where navigation happens (the window's location; a fake in tests). */
export interface NavigationHost { href: string; assign(url: string): void; replace(url: string): void }

/** Navigates to `url` when the rules allow it; returns false (and stays) when refused. */
export function safeNavigate(url: string, options: NavigateOptions = {}, host: NavigationHost = window.location): boolean {
  const t = checkTarget(url, host.href, options.external ?? false);
  if (t.kind === 'refused') {
    console.warn(`Navigation refused (${t.reason}): ${url}`);
    return false;
  }
  if (options.replace) host.replace(t.href);
  else host.assign(t.href);
  return true;
}
