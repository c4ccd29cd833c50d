// Member sessions (public §4 "Site user session", admin §6 "x-site-user"): opaque tokens of 256
// random bits; only their SHA-256 digest is stored. The token travels as `x-site-user: Bearer …`
// or in the HttpOnly member cookie (30 days; 1 day when staff simulate a member). A session
// belongs to one tenant: presented to another tenant it is no session at all.
import { randomBytes } from 'node:crypto';
import {
  findSiteUserSessionWithUser, insertSiteUserSession, revokeSiteUserSession,
} from '../../store/queries/member-sessions';
import { type SiteUserRow } from '../../store/queries/members';
import { COOKIES, digest } from '../auth';
import type { Db } from '../../store/connection';
import type { Services } from '../kernel/services';
import type { LazyCaller } from '../kernel/operation';
import { AppError } from '../../domain/errors';
import { memberRuntime } from './runtime';
import type { SiteUserView } from './user-view';

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

/** The live session of a member token presented to `tenantKey` (outside GraphQL too), or null. */
/** A caller that also knows the signed-in member of its request (api/members/session.ts memberCaller). */
export interface MemberCaller extends LazyCaller {
  member(): Promise<MemberSession | null>;
  /** The reader's address as the request gives it (limits, captcha). */
  ip: string;
  /** Makes an issued session the request's own (the member cookie). */
  signIn(session: IssuedSession): void;
  /** Ends the request's member session, if any, and clears the cookie. */
  signOut(): Promise<void>;
}

/** The caller's signed-in member; UNAUTHENTICATED without one. */
export async function requireMember(ctx: Pick<MemberCaller, 'member'>): Promise<MemberSession> {
  const m = await ctx.member();
  if (!m) throw new AppError('UNAUTHENTICATED');
  return m;
}

export async function memberByToken(services: Services, tenantKey: string, token: unknown): Promise<MemberSession | null> {
  if (!looksLikeMemberToken('session', token)) return null;
  const db = services.store.db;
  const s = await findSiteUserSessionWithUser(db, digest(token));
  if (!s || s.tenantKey !== tenantKey || s.user.tenantKey !== tenantKey || s.revokedAt !== null || s.expiresAt <= services.now() || s.user.status !== 1) return null;
  return { sessionId: s.id, tenantKey: s.tenantKey, user: s.user, simulating: s.simulatedBy !== null, expiresAt: s.expiresAt };
}

export interface IssuedSession { token: string; tokenExpiration: number }

/** What a sign-in answers: the session and the member's view. */
export interface LoginResult extends IssuedSession {
  userInfo: SiteUserView;
  message?: string;
  /** simulateSiteUser only: the single-use code that carries the simulation to the site's host (simulate.ts). */
  simulateCode?: string | null;
}

/** Creates a session row (call inside the write's transaction when there is one). */
export async function issueMemberSession(db: Db, services: Services, tenantKey: string, siteUserId: number, simulatedBy: number | null = null): Promise<IssuedSession> {
  const lifetimes = memberRuntime(services).lifetimes;
  const token = newMemberToken('session');
  const tokenExpiration = services.now() + (simulatedBy === null ? lifetimes.sessionMs : lifetimes.simulationMs);
  await insertSiteUserSession(db, { tenantKey, siteUserId, tokenHash: digest(token), expiresAt: tokenExpiration, simulatedBy });
  return { token, tokenExpiration };
}

/** Ends a member's session and forgets it in every instance's member cache. */
export async function revokeMemberSession(services: Services, m: Pick<MemberSession, 'sessionId' | 'tenantKey'>): Promise<void> {
  await revokeSiteUserSession(services.store.db, m.sessionId, services.now());
  await services.memberSessionsChanged(m.tenantKey);
}
