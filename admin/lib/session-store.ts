// Where the staff session lives (admin §4): the bearer token in a cookie that expires when the
// server says, the refresh token in local storage, a daily validity flag that expires at the next
// local midnight, and the signed-in user's info under the v1.2 version marker. Storage is injected
// so the rules are tested without a browser.

export const TOKEN_COOKIE = 'masthead_cms_token';
export const REFRESH_KEY = 'masthead.admin.refreshToken';
export const VALID_UNTIL_KEY = 'masthead.admin.validUntil';
export const BEARER_EXPIRES_KEY = 'masthead.admin.bearerExpires';
/** How long before the bearer token expires the admin refreshes it (the API grants 15 minutes). */
export const REFRESH_AHEAD_MS = 60_000;
export const USER_KEY = 'masthead.admin.user';
export const USER_INFO_VERSION = 'v1.2';

export interface CookieJar {
  get(name: string): string | null;
  set(name: string, value: string, expires: Date): void;
  remove(name: string): void;
}

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SessionEnv {
  cookies: CookieJar;
  storage: KeyValueStore;
}

export interface SessionTokens {
  bearerToken: string;
  /** ISO date, epoch milliseconds or epoch seconds, as the server sends it. */
  bearerTokenExpiration: string | number;
  refreshToken: string;
}

/** The first local midnight strictly after `now`. */
export function nextMidnight(now: Date): number {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 0, 0);
  return d.getTime();
}

/** The server's expiry as epoch ms. Numbers below 1e12 are taken as seconds. */
export function parseExpiry(value: string | number): number {
  if (typeof value === 'number') return value < 1e12 ? value * 1000 : value;
  if (/^\d+$/.test(value)) return parseExpiry(Number(value));
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new Error(`Unreadable token expiry: ${value}`);
  return ms;
}

/** Stores fresh tokens and marks the session valid until the next midnight. */
export function storeTokens(env: SessionEnv, tokens: SessionTokens, now: Date): void {
  const expires = parseExpiry(tokens.bearerTokenExpiration);
  env.cookies.set(TOKEN_COOKIE, tokens.bearerToken, new Date(expires));
  env.storage.setItem(REFRESH_KEY, tokens.refreshToken);
  env.storage.setItem(BEARER_EXPIRES_KEY, String(expires));
  markValid(env, now);
}

/** When the stored bearer token expires (epoch ms), or null when unknown. */
export function bearerExpiry(env: SessionEnv): number | null {
  const v = Number(env.storage.getItem(BEARER_EXPIRES_KEY) ?? NaN);
  return Number.isFinite(v) && v > 0 ? v : null;
}

/** Milliseconds until the silent refresh of a bearer token expiring at `expiresAt` is due (0: now). */
export function refreshDelayMs(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - REFRESH_AHEAD_MS - now);
}

/** Records a passed validity check: valid until the next local midnight. */
export function markValid(env: SessionEnv, now: Date): void {
  env.storage.setItem(VALID_UNTIL_KEY, String(nextMidnight(now)));
}

export type SessionState =
  /** Token present and checked today. */
  | 'valid'
  /** Token missing or the daily flag expired, but a refresh token exists. */
  | 'refresh'
  /** Nothing to go on. */
  | 'signed-out';

export function sessionState(env: SessionEnv, now: Date): SessionState {
  const bearer = env.cookies.get(TOKEN_COOKIE);
  const refresh = env.storage.getItem(REFRESH_KEY);
  const validUntil = Number(env.storage.getItem(VALID_UNTIL_KEY) ?? 0);
  if (bearer && validUntil > now.getTime()) return 'valid';
  if (refresh) return 'refresh';
  return 'signed-out';
}

export function bearerToken(env: SessionEnv): string | null {
  return env.cookies.get(TOKEN_COOKIE);
}

export function refreshToken(env: SessionEnv): string | null {
  return env.storage.getItem(REFRESH_KEY);
}

export function storeUser<T>(env: SessionEnv, user: T): void {
  env.storage.setItem(USER_KEY, JSON.stringify({ v: USER_INFO_VERSION, user }));
}

/** The stored user info, or null when absent, unreadable or of another version. */
export function readUser<T>(env: SessionEnv): T | null {
  const raw = env.storage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { v?: string; user?: T };
    return parsed.v === USER_INFO_VERSION && parsed.user ? parsed.user : null;
  } catch {
    return null;
  }
}

/** Logout: the cookie, the refresh token, the validity flag and the stored user info all go. */
export function clearSession(env: SessionEnv): void {
  env.cookies.remove(TOKEN_COOKIE);
  env.storage.removeItem(REFRESH_KEY);
  env.storage.removeItem(VALID_UNTIL_KEY);
  env.storage.removeItem(BEARER_EXPIRES_KEY);
  env.storage.removeItem(USER_KEY);
}

/** A CookieJar over document.cookie: path /, SameSite=Strict, Secure on https. */
export function documentCookieJar(doc: { cookie: string }, secure: boolean): CookieJar {
  const attrs = `; path=/; SameSite=Strict${secure ? '; Secure' : ''}`;
  return {
    get(name) {
      for (const part of doc.cookie.split(';')) {
        const [k, ...v] = part.trim().split('=');
        if (k === name) return decodeURIComponent(v.join('=')) || null;
      }
      return null;
    },
    set(name, value, expires) {
      doc.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires.toUTCString()}${attrs}`;
    },
    remove(name) {
      doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT${attrs}`;
    },
  };
}

export function browserSessionEnv(): SessionEnv {
  return {
    cookies: documentCookieJar(document, window.location.protocol === 'https:'),
    storage: window.localStorage,
  };
}
