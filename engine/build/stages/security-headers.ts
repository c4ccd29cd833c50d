// The security headers of every surface Masthead serves, in one place: `masthead serve` sends them
// (cli/serve/security.ts, through @fastify/helmet) and the build writes the same ones for static
// hosts (emit-headers.ts: `_headers` and an nginx snippet). The Content-Security-Policy allows
// scripts from the site itself, the inline scripts the build emits by their SHA-256 hashes, Google's
// reCAPTCHA (the subscribe form) and a per-tenant allow-list (MASTHEAD_CSP_SCRIPT_SOURCES) for the
// tag manager and ad scripts.
import { createHash } from 'node:crypto';
import { TRACKING_LOADER } from '../../../site/head';

export type Surface = 'site' | 'admin' | 'api';

/** The CSP hash source of an inline script's exact text. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** Every inline script the build emits that the browser runs (JSON-LD is data, not script). */
export const INLINE_SCRIPTS: readonly string[] = [TRACKING_LOADER];
export const INLINE_SCRIPT_HASHES: readonly string[] = INLINE_SCRIPTS.map(scriptHash);

/** reCAPTCHA v3's script and its frame (site/islands/captcha.ts). */
export const RECAPTCHA_SCRIPT_SOURCES: readonly string[] = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

export type CspDirectives = Record<string, string[]>;

/**
 * The policy of a surface: scripts only from 'self' (plus, on sites, the inline hashes, reCAPTCHA
 * and `extraScripts`), no plugins, no <base>, framing by the site itself (sites) or nobody (admin, API).
 */
export function cspDirectives(surface: Surface, extraScripts: readonly string[] = []): CspDirectives {
  const common = { 'object-src': ["'none'"], 'base-uri': ["'none'"] };
  if (surface === 'site') {
    return {
      'script-src': ["'self'", ...INLINE_SCRIPT_HASHES, ...RECAPTCHA_SCRIPT_SOURCES, ...new Set(extraScripts)],
      ...common,
      'frame-ancestors': ["'self'"],
    };
  }
  if (surface === 'admin') return { 'script-src': ["'self'"], ...common, 'frame-ancestors': ["'none'"], 'form-action': ["'self'"] };
  return { 'default-src': ["'none'"], 'script-src': ["'self'"], ...common, 'frame-ancestors': ["'none'"] };
}

export function cspHeader(directives: CspDirectives): string {
  return Object.entries(directives).map(([k, v]) => `${k} ${v.join(' ')}`).join('; ');
}

/** The extra script sources of a tenant: its own entry of the allow-list plus the "*" entry. */
export function tenantScriptSources(allowList: Readonly<Record<string, readonly string[]>>, tenantKey: string | null): string[] {
  return [...(allowList['*'] ?? []), ...(tenantKey ? allowList[tenantKey] ?? [] : [])];
}

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Sent only on https, one year; without includeSubDomains, since a tenant's other subdomains are not ours. */
export const HSTS = 'max-age=31536000';

/** The headers a static host sends with every file of a tenant's site (HSTS: when served over https). */
export function staticSiteHeaders(extraScripts: readonly string[] = []): Record<string, string> {
  return {
    'Content-Security-Policy': cspHeader(cspDirectives('site', extraScripts)),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': REFERRER_POLICY,
    'Strict-Transport-Security': HSTS,
  };
}

/** What a document or SVG opened directly may do: nothing (no script, no plugin, an origin of its own). */
export const DOCUMENT_CSP = "default-src 'none'; sandbox";
/** An SVG keeps its inline styles, nothing else. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
