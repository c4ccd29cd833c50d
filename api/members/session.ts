// The member session of a GraphQL request (public §4 "Site user session"): the token it presents
// (`x-site-user: Bearer …` or the member cookie), resolved once per request, and the cookie set and
// cleared. The tokens and session rows are engine/services/members/sessions.ts.
import { COOKIES, digest } from '../../engine/services/auth';
import { sessionIsLive } from '../../engine/services/kernel/member-cache';
import {
  looksLikeMemberToken, MEMBER_COOKIE, memberByToken, type MemberCaller, requireMember as requireSignedIn, revokeMemberSession, type IssuedSession, type MemberSession,
} from '../../engine/services/members';
import type { GqlContext } from '../context';

const sessions = new WeakMap<GqlContext, Promise<MemberSession | null>>();

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

export function requireMember(ctx: GqlContext): Promise<MemberSession> {
  return requireSignedIn(memberCaller(ctx));
}

/** The request as a member service's caller: tenant, actor and operation context as the GraphQL context resolves them, memberOf, the address and the cookie. */
export function memberCaller(ctx: GqlContext): MemberCaller {
  return {
    services: ctx.services, tenant: ctx.tenant, actor: ctx.actor, op: ctx.op, member: () => memberOf(ctx), ip: ctx.req.ip,
    signIn: (s) => setMemberCookie(ctx, s), signOut: () => endMemberSession(ctx),
  };
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
  if (m) await revokeMemberSession(ctx.services, m);
  clearMemberCookie(ctx);
}
