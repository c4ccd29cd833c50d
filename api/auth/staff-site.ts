// Staff on the public site (public §6: the staff toolbar). The admin's session cookies are
// host-only and SameSite=Strict on the admin's origin, and a tenant's site lives on another host
// (<key>.localhost:4000 here, its own domain in production), so the browser never sends them there.
// Instead the admin hands the session over explicitly:
//   1. createStaffSiteLink (staff, same-origin mutation) seals a pass: user, the digest of the
//      current bearer token, tenant, admin origin, a nonce, 60 s expiry.
//   2. GET /__staff/enter?pass=…&to=/path on the tenant's host spends the pass once, checks it was
//      minted for this host's tenant, and sets mh_staff_site (HttpOnly, SameSite=Lax, host-only) —
//      a sealed copy without the nonce that expires with the bearer token.
//   3. getStaffToolbar reads that cookie and re-checks the session behind it on every call: a
//      logout, a rotation, an expiry or a deactivation ends the toolbar at once.
// The cookie never holds a usable credential (the bearer's SHA-256 digest is what the database
// already stores; presenting it as a bearer fails) and only ever unlocks the toolbar's flags.
import { z } from 'zod';
import { findCmsUserById } from '../../engine/store/queries/cms-users';
import { findSessionByBearer } from '../../engine/store/queries/sessions';
import type { Actor } from '../../engine/services/kernel/access';
import { actorOf } from '../../engine/services/auth';
import type { Services } from '../../engine/services/kernel/services';
import { NONCE_PATTERN, newNonce, open, seal, spendNonce } from '../../engine/services/kernel/sealed';

export const STAFF_SITE_COOKIE = 'mh_staff_site';
export const STAFF_ENTER_PATH = '/__staff/enter';
export const STAFF_PASS_TTL_MS = 60_000;

const PASS = 'staff-pass';
const COOKIE = 'staff-site';

const claim = {
  u: z.number().int().positive(),
  h: z.string().regex(/^[0-9a-f]{64}$/),
  t: z.string().min(1).max(40),
  a: z.string().max(300).nullable(),
  e: z.number().int().positive(),
};
const passSchema = z.strictObject({ ...claim, n: z.string().regex(NONCE_PATTERN) });
const cookieSchema = z.strictObject(claim);

export interface StaffClaim { userId: number; bearerDigest: string; tenantKey: string; adminOrigin: string | null }

/** A pass for /__staff/enter, valid STAFF_PASS_TTL_MS. */
export function mintStaffPass(c: StaffClaim, key: Buffer, now: number): { pass: string; expiresAt: number } {
  const e = now + STAFF_PASS_TTL_MS;
  const n = newNonce();
  return { pass: seal(PASS, { u: c.userId, h: c.bearerDigest, t: c.tenantKey, a: c.adminOrigin, e, n }, key), expiresAt: e };
}

/**
 * The cookie value for a genuine, unspent, unexpired pass minted for `tenantKey`, or null. The pass
 * is spent by this call. The cookie lasts as long as the session's bearer token (`bearerExpiresAt`).
 */
export async function spendStaffPass(services: Services, pass: string | undefined, tenantKey: string, key: Buffer): Promise<{ cookie: string; expiresAt: number } | null> {
  const now = services.now();
  const p = open(PASS, pass, key, passSchema, now);
  if (!p || p.t !== tenantKey || !spendNonce(services, PASS, p.n, p.e, now)) return null;
  const live = await liveStaff(services, p.u, p.h);
  if (!live) return null;
  return { cookie: seal(COOKIE, { u: p.u, h: p.h, t: p.t, a: p.a, e: live.bearerExpiresAt }, key), expiresAt: live.bearerExpiresAt };
}

export interface SiteStaff { actor: Actor; adminOrigin: string | null }

/** The staff user behind a site cookie for `tenantKey`, with the session still live, else null. */
export async function staffFromSiteCookie(services: Services, value: string | undefined, tenantKey: string, key: Buffer): Promise<SiteStaff | null> {
  const now = services.now();
  const c = open(COOKIE, value, key, cookieSchema, now);
  if (!c || c.t !== tenantKey) return null;
  const live = await liveStaff(services, c.u, c.h);
  return live ? { actor: live.actor, adminOrigin: c.a } : null;
}

/**
 * The staff user of a session named by its bearer digest, when that session is still live (not
 * revoked, rotated or expired) and the user active; else null. Hand-offs re-check this when spent.
 */
export async function liveStaff(services: Services, userId: number, bearerDigest: string): Promise<{ actor: Actor; bearerExpiresAt: number } | null> {
  const db = services.store.db;
  const s = await findSessionByBearer(db, bearerDigest);
  if (!s || s.userId !== userId || s.revokedAt !== null || s.rotatedAt !== null || s.bearerExpiresAt <= services.now()) return null;
  const u = await findCmsUserById(db, s.userId);
  if (!u || u.status !== 1) return null;
  return { actor: actorOf(u, s), bearerExpiresAt: s.bearerExpiresAt };
}

/** A site path to land on after entering: same-site and absolute-path only, else "/". */
export function landingPath(to: unknown): string {
  return typeof to === 'string' && to.length <= 2000 && /^\/(?![/\\])[^\s\\]*$/.test(to) ? to : '/';
}
