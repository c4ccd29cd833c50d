// The three bounds of a staff session, and the expiries they give each token pair.
//  - A bearer (access) token lives at most STAFF_BEARER_MAX_MS; the admin refreshes it silently.
//  - A session (one sign-in: a family of rotated pairs) ends STAFF_SESSION_MAX_MS after the
//    sign-in, however often it is refreshed; then the user signs in again.
//  - A refresh token lives at most STAFF_REFRESH_MAX_MS from its issue (never beyond the session).
// Configured lifetimes may be shorter, never longer: createServices refuses a longer one.

/** Staff token (and staff link) lifetimes. */
export interface Lifetimes {
  /** Bearer (access) token lifetime (default and maximum 15 min). */
  bearerMs: number;
  /** How long one sign-in lasts, however often it is refreshed (default and maximum 12 h). */
  sessionMs: number;
  /** Refresh token lifetime from its issue, within the session (default and maximum 30 days). */
  refreshMs: number;
  /** Password-reset link lifetime (default 1 h). */
  resetMs: number;
  /** Invite link lifetime (default 7 days). */
  inviteMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const STAFF_BEARER_MAX_MS = 15 * MINUTE;
export const STAFF_SESSION_MAX_MS = 12 * HOUR;
export const STAFF_REFRESH_MAX_MS = 30 * DAY;

export const DEFAULT_LIFETIMES: Lifetimes = {
  bearerMs: STAFF_BEARER_MAX_MS,
  sessionMs: STAFF_SESSION_MAX_MS,
  refreshMs: STAFF_REFRESH_MAX_MS,
  resetMs: HOUR,
  inviteMs: 7 * DAY,
};

const BOUNDS: Partial<Record<keyof Lifetimes, number>> = {
  bearerMs: STAFF_BEARER_MAX_MS, sessionMs: STAFF_SESSION_MAX_MS, refreshMs: STAFF_REFRESH_MAX_MS,
};

/** The defaults overridden by `given`; a lifetime that is not a positive number or exceeds its bound throws. */
export function resolveLifetimes(given: Partial<Lifetimes> = {}): Lifetimes {
  const out = { ...DEFAULT_LIFETIMES, ...given };
  for (const [key, value] of Object.entries(out) as [keyof Lifetimes, number][]) {
    const bound = BOUNDS[key] ?? Number.MAX_SAFE_INTEGER;
    if (!Number.isFinite(value) || value <= 0 || value > bound) {
      throw new RangeError(`lifetimes.${key} must be a positive number of milliseconds, at most ${bound}`);
    }
  }
  return out;
}

/** Expiries of a pair issued at `now` in a session signed in at `startedAt`. */
export function pairExpiries(l: Lifetimes, now: number, startedAt: number): { bearer: number; refresh: number } {
  const sessionEnd = startedAt + l.sessionMs;
  return { bearer: Math.min(now + l.bearerMs, sessionEnd), refresh: Math.min(now + l.refreshMs, sessionEnd) };
}
