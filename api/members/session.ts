// Member sessions (public §4 "Site user session", admin §6 "x-site-user"): opaque tokens of 256
// random bits; only their SHA-256 digest is stored. The token travels as `x-site-user: Bearer …`
// or in the HttpOnly member cookie (30 days; 1 day when staff simulate a member). A session
// belongs to one tenant: presented to another tenant it is no session at all.
import { randomBytes } from 'node:crypto';
import { AppError } from '../../engine/domain/errors';
import {
  findSiteUserSessionWithUser, insertSiteUserSession, revokeSiteUserSession,
} from '../../engine/store/queries/member-sessions';
import { type SiteUserRow } from '../../engine/store/queries/members';
import { COOKIES, digest } from '../../engine/services/auth';
import type { GqlContext } from '../context';
import type { Db } from '../../engine/store/connection';
import type { Services } from '../../engine/services/kernel/services';
import { sessionIsLive } from '../../engine/services/kernel/member-cache';
import { memberRuntime } from '../../engine/services/members';

export type MemberTokenKind = 'session' | 'register' | 'reset' | 'username';
const PREFIX: Record<MemberTokenKind, string> = { session: 'mhm', register: 'mhg', reset: 'mhk', username: 'mhu' };

export function newMemberToken(kind: MemberTokenKind): string {
  return `${PREFIX[kind]}_${randomBytes(32).toString('base64url')}`;
}

export function looksLikeMemberToken(kind: MemberTokenKind, value: unknown): value is string {
  return typeof value === 'string' && value.length === 47 && value.startsWith(`${PREFIX[kind]}_`) && /^[A-Za-z0-9_-]+$/.test(value);
}

export const MEMBER_COOKIE = COOKIES.member;

export interface MemberSession {
  sessionId: number;
  tenantKey: string;
  user: SiteUserRow;
  /** A staff member signed in as this member (simulateSiteUser). */
  simulating: boolean;
  expiresAt: number;
}

const sessions = new WeakMap<GqlContext, Promise<MemberSession | null>>();

/** The live session of a member token presented to `tenantKey` (outside GraphQL too), or null. */
export async function memberByToken(services: Services, tenantKey: string, token: unknown): Promise<MemberSession | null> {
  if (!looksLikeMemberToken('session', token)) return null;
  const db = services.store.db;
  const s = await findSiteUserSessionWithUser(db, digest(token));
  if (!s || s.tenantKey !== tenantKey || s.user.tenantKey !== tenantKey || s.revokedAt !== null || s.expiresAt <= services.now() || s.user.status !== 1) return null;
  return { sessionId: s.id, tenantKey: s.tenantKey, user: s.user, simulating: s.simulatedBy !== null, expiresAt: s.expiresAt };
}

async function lookup(ctx: GqlContext): Promise<MemberSession | null> {
  const token = ctx.req.siteUserToken;
  if (!looksLikeMemberToken('session', token)) return null;
  const tenant = await ctx.tenantOrNull();
  return tenant ? memberByToken(ctx.services, tenant.tenantKey, token) : null;
}

/** The signed-in member of this request, or null. Resolved once per request. */
export function memberOf(ctx: GqlContext): Promise<MemberSession | null> {
  let p = sessions.get(ctx);
  if (!p) {
    p = lookup(ctx);
    sessions.set(ctx, p);
  }
  return p;
}

/**
 * The user id of this request's live member session, or null, from the member facts kept for
 * gated reads (member-cache.ts) under the same rule as memberOf. For reads that need only that;
 * anything that shows or changes the member's own record uses memberOf (read fresh).
 */
export async function signedInMemberId(ctx: GqlContext): Promise<number | null> {
  const token = ctx.req.siteUserToken;
  if (!looksLikeMemberToken('session', token)) return null;
  const tenant = await ctx.tenantOrNull();
  if (!tenant) return null;
  const s = await ctx.services.memberCache.session(tenant.tenantKey, digest(token));
  return s && sessionIsLive(s, tenant.tenantKey, ctx.services.now()) ? s.userId : null;
}

export async function requireMember(ctx: GqlContext): Promise<MemberSession> {
  const m = await memberOf(ctx);
  if (!m) throw new AppError('UNAUTHENTICATED');
  return m;
}

export interface IssuedSession { token: string; tokenExpiration: number }

/** Creates a session row (call inside the write's transaction when there is one). */
export async function issueMemberSession(db: Db, services: Services, tenantKey: string, siteUserId: number, simulatedBy: number | null = null): Promise<IssuedSession> {
  const lifetimes = memberRuntime(services).lifetimes;
  const token = newMemberToken('session');
  const tokenExpiration = services.now() + (simulatedBy === null ? lifetimes.sessionMs : lifetimes.simulationMs);
  await insertSiteUserSession(db, { tenantKey, siteUserId, tokenHash: digest(token), expiresAt: tokenExpiration, simulatedBy });
  return { token, tokenExpiration };
}

/** Sets the member cookie for an issued session and makes it this request's session. */
export function setMemberCookie(ctx: GqlContext, s: IssuedSession): void {
  ctx.req.cookies.set(MEMBER_COOKIE, s.token, { expires: new Date(s.tokenExpiration), path: '/' });
  ctx.req.cookies.set(COOKIES.memberHint, '1', { expires: new Date(s.tokenExpiration), path: '/', httpOnly: false });
}

export function clearMemberCookie(ctx: GqlContext): void {
  ctx.req.cookies.clear(MEMBER_COOKIE, { path: '/' });
  ctx.req.cookies.clear(COOKIES.memberHint, { path: '/' });
}

/** Ends this request's session (if any) and clears the cookie. Always succeeds. */
export async function endMemberSession(ctx: GqlContext): Promise<void> {
  const m = await memberOf(ctx);
  if (m) {
    await revokeSiteUserSession(ctx.services.store.db, m.sessionId, ctx.services.now());
    await ctx.services.memberSessionsChanged(m.tenantKey);
  }
  clearMemberCookie(ctx);
}
