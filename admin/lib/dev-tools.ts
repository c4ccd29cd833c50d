// Developer-tools mode (admin §6): for holders of manage_modules, cookies may override the API
// endpoint and the tenant key, and the toolbar shows a server selector. Off by default; while on,
// a bar under the toolbar says so. What the cookies may say is limited here, and the API checks
// every call anyway:
//   - the endpoint is a path on this origin or an https URL (http only for localhost), so the
//     staff token is never sent in clear text to another host;
//   - the tenant key counts only when it is one of the user's own tenants;
//   - for a user without manage_modules the cookies are ignored, whatever they say.
import type { Permission } from '../../engine/domain/permissions';

export const DEV_COOKIES = { on: 'mh_devtools', endpoint: 'mh_devtools_endpoint', tenant: 'mh_devtools_tenant', servers: 'mh_devtools_servers' } as const;
export const THIS_SERVER = '/graphql';
const MAX_SERVERS = 8;

export interface DevToolsCookies { on: boolean; endpoint: string | null; tenantKey: string | null; servers: string[] }

/** What the mode changes for this user: null when it is off or not theirs to use. */
export interface DevTools { endpoint: string; tenantKey: string | null; servers: string[]; refused: string[] }

function cookieMap(cookie: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of cookie.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    try { out.set(part.slice(0, i).trim(), decodeURIComponent(part.slice(i + 1).trim())); } catch { /* a malformed value is no value */ }
  }
  return out;
}

export function readDevToolsCookies(cookie: string = typeof document === 'undefined' ? '' : document.cookie): DevToolsCookies {
  const c = cookieMap(cookie);
  let servers: string[] = [];
  try {
    const parsed = JSON.parse(c.get(DEV_COOKIES.servers) ?? '[]') as unknown;
    if (Array.isArray(parsed)) servers = parsed.filter((s): s is string => typeof s === 'string' && validEndpoint(s) !== null).slice(0, MAX_SERVERS);
  } catch { /* none */ }
  return { on: c.get(DEV_COOKIES.on) === '1', endpoint: c.get(DEV_COOKIES.endpoint) || null, tenantKey: c.get(DEV_COOKIES.tenant) || null, servers };
}

/**
 * The endpoint as the transport takes it, or null when it may not be one: a path on this origin
 * (`/graphql`), or an absolute https URL (http only for localhost and 127.0.0.1), with no
 * credentials, query or fragment.
 */
export function validEndpoint(value: string): string | null {
  const v = value.trim();
  if (/^\/(?!\/)[\w\-./]*$/.test(v)) return v.replace(/\/+$/, '') || null;
  let url: URL;
  try { url = new URL(v); } catch { return null; }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname.endsWith('.localhost');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return null;
  if (url.username || url.password || url.search || url.hash) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The mode for this user: only with manage_modules and the mode cookie on; overrides the user may not use are refused, named. */
export function devToolsFor(
  cookies: DevToolsCookies, user: { permissions: readonly Permission[] } | null, tenantKeys: readonly string[],
): DevTools | null {
  if (!cookies.on || !user?.permissions.includes('manage_modules')) return null;
  const refused: string[] = [];
  let endpoint = THIS_SERVER;
  if (cookies.endpoint) {
    const e = validEndpoint(cookies.endpoint);
    if (e) endpoint = e; else refused.push(`API endpoint "${cookies.endpoint}" (a path on this server or an https address)`);
  }
  let tenantKey: string | null = null;
  if (cookies.tenantKey) {
    if (tenantKeys.includes(cookies.tenantKey)) tenantKey = cookies.tenantKey;
    else refused.push(`site "${cookies.tenantKey}" (not one of your sites)`);
  }
  const servers = [THIS_SERVER, ...cookies.servers.filter((s) => s !== THIS_SERVER)];
  if (!servers.includes(endpoint)) servers.push(endpoint);
  return { endpoint, tenantKey, servers, refused };
}

function setCookie(name: string, value: string | null): void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = value === null
    ? `${name}=; Path=/admin; Max-Age=0; SameSite=Strict${secure}`
    : `${name}=${encodeURIComponent(value)}; Path=/admin; Max-Age=${30 * 86_400}; SameSite=Strict${secure}`;
}

/** Writes the mode's cookies (null clears one). Turning the mode off clears the overrides too. */
export function writeDevToolsCookies(patch: Partial<{ on: boolean; endpoint: string | null; tenantKey: string | null; servers: string[] }>): void {
  if (patch.on !== undefined) setCookie(DEV_COOKIES.on, patch.on ? '1' : null);
  if (patch.on === false) {
    setCookie(DEV_COOKIES.endpoint, null);
    setCookie(DEV_COOKIES.tenant, null);
    return;
  }
  if (patch.endpoint !== undefined) setCookie(DEV_COOKIES.endpoint, patch.endpoint);
  if (patch.tenantKey !== undefined) setCookie(DEV_COOKIES.tenant, patch.tenantKey);
  if (patch.servers !== undefined) setCookie(DEV_COOKIES.servers, JSON.stringify(patch.servers.filter((s) => s !== THIS_SERVER).slice(0, MAX_SERVERS)));
}
