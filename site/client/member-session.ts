// The member session in the browser (public §4 "Site user session", §9). The token lives in the
// HttpOnly member cookie the API sets, so scripts never see it; what the islands keep is the user
// info, cached in localStorage for 24 hours (MEMBER_TIMES.userInfoCacheMs), the simulation flag
// and the site-license company. Logout ends the session on the API, clears all three and returns
// to '/'. Every island that needs "who is reading" asks `currentMember()`.
import { MEMBER_HINT_COOKIE, MEMBER_TIMES, safeRedirectPath } from '../../engine/domain/members';
import { siteApi } from './api';
import { safeNavigate } from './navigate';

/** The user info the islands show (the API's SiteUser, fields the site uses). */
export interface MemberInfo {
  id: number;
  username: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  title?: string | null;
  company?: string | null;
  city?: string | null;
  postalCode?: string | null;
  region?: string | null;
  countryCode?: string | null;
  memberships: number[];
  newsletters: number[];
  favoriteContent?: { id: number; created?: string }[];
  simulating: boolean;
}

export const MEMBER_CACHE_KEY = 'mh_member_user';
export const SIMULATING_KEY = 'mh_member_simulating';
export const LICENSE_COMPANY_KEY = 'mh_license_company';
/** Fired on window when the cached member changes (login, logout, profile or favourite edits). */
export const MEMBER_EVENT = 'masthead:member';

interface Cached { at: number; user: MemberInfo }

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The cached user while it is younger than 24 hours, else null (and the stale entry is dropped). */
export function cachedMember(now = Date.now()): MemberInfo | null {
  const s = storage();
  const raw = s?.getItem(MEMBER_CACHE_KEY);
  if (!raw) return null;
  try {
    const c = JSON.parse(raw) as Cached;
    if (typeof c.at === 'number' && now - c.at < MEMBER_TIMES.userInfoCacheMs && c.user && typeof c.user.id === 'number') return c.user;
  } catch { /* unreadable: dropped below */ }
  s?.removeItem(MEMBER_CACHE_KEY);
  return null;
}

/** Caches the user (after login, registration or an edit) and tells the other islands. */
export function rememberMember(user: MemberInfo, now = Date.now()): void {
  const s = storage();
  s?.setItem(MEMBER_CACHE_KEY, JSON.stringify({ at: now, user } satisfies Cached));
  if (user.simulating) s?.setItem(SIMULATING_KEY, '1');
  else s?.removeItem(SIMULATING_KEY);
  anonymous = false;
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(MEMBER_EVENT, { detail: user }));
}

/** Clears every trace of the session this browser keeps (cache, simulation flag, license company). */
export function forgetMember(): void {
  const s = storage();
  s?.removeItem(MEMBER_CACHE_KEY);
  s?.removeItem(SIMULATING_KEY);
  s?.removeItem(LICENSE_COMPANY_KEY);
  forgetMemberHint();
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(MEMBER_EVENT, { detail: null }));
}

export function rememberLicenseCompany(name: string | null): void {
  const s = storage();
  if (name) s?.setItem(LICENSE_COMPANY_KEY, name);
  else s?.removeItem(LICENSE_COMPANY_KEY);
}

/**
 * True when the API marked this browser as possibly signed in (the MEMBER_HINT_COOKIE it sets
 * beside the HttpOnly session cookie, `__Host-` prefixed over https).
 */
export function hasMemberHint(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((c) => {
    const name = c.slice(0, c.indexOf('=')).trim();
    return name === MEMBER_HINT_COOKIE || name === `__Host-${MEMBER_HINT_COOKIE}`;
  });
}

/** Drops the hint once the API says there is no session (expired or revoked), so later pages do not ask again. */
function forgetMemberHint(): void {
  if (typeof document === 'undefined') return;
  const gone = 'Max-Age=0; Path=/';
  document.cookie = `${MEMBER_HINT_COOKIE}=; ${gone}`;
  if (location.protocol === 'https:') document.cookie = `__Host-${MEMBER_HINT_COOKIE}=; ${gone}; Secure`;
}

// An anonymous answer is kept for this page only: a login elsewhere must show on the next page.
let anonymous = false;
let pending: Promise<MemberInfo | null> | null = null;

/**
 * The signed-in member: the cached info when fresh, else the API's answer (getSiteUser, which
 * fails without a member session). null when nobody is signed in. Without the session hint
 * cookie nobody is: an anonymous reader's page load makes no request that fails.
 */
export function currentMember(): Promise<MemberInfo | null> {
  const cached = cachedMember();
  if (cached) return Promise.resolve(cached);
  if (anonymous) return Promise.resolve(null);
  if (!hasMemberHint()) {
    anonymous = true;
    return Promise.resolve(null);
  }
  pending ??= siteApi().query<MemberInfo>('getSiteUser', {})
    .then((u) => { rememberMember(u); return u; })
    .catch((e: unknown) => {
      anonymous = true;
      // Only the API's "no session" ends the hint; a network failure leaves it for the next page.
      if ((e as { code?: unknown } | null)?.code === 'UNAUTHENTICATED') forgetMemberHint();
      return null;
    })
    .finally(() => { pending = null; });
  return pending;
}

/** Reloads the user from the API (after a change), caching the answer. */
export async function refreshMember(): Promise<MemberInfo | null> {
  storage()?.removeItem(MEMBER_CACHE_KEY);
  anonymous = false;
  return currentMember();
}

/** Same-site navigation only (safeRedirectPath: anything else becomes '/'), through safeNavigate. */
export function goTo(path: string): void {
  safeNavigate(safeRedirectPath(path));
}

/** public §4: logout clears the token (API), the simulation flag, the license company and the cache, and returns to '/'. */
export async function logout(): Promise<void> {
  try {
    await siteApi().mutation('logoutSiteUser', {});
  } catch { /* the local session ends either way */ }
  forgetMember();
  anonymous = true;
  goTo('/');
}

/** The current page as a redirectTo value (path, query and fragment). */
export function herePath(): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** Test hook: forget the per-page anonymous answer. */
export function resetMemberState(): void {
  anonymous = false;
  pending = null;
}

export function displayName(u: Pick<MemberInfo, 'firstName' | 'lastName' | 'username'>): string {
  const name = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
  return name || u.username;
}
