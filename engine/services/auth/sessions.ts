// Staff sessions: issuing a bearer/refresh pair, finding the actor behind a bearer token, and
// rotating refresh tokens (reuse of a rotated one revokes the whole family).
import { randomUUID } from 'node:crypto';
import { AppError } from '../../domain/errors';
import { permissionsFor, PERMISSIONS, ROLES, type Permission, type Role } from '../../domain/permissions';
import type { Db } from '../../store/connection';
import { findCmsUserById, type CmsUserRecord } from '../../store/queries/cms-users';
import {
  findSessionByBearer, findSessionByRefresh, insertSession, markSessionRotated, revokeSessionFamily, type SessionRow,
} from '../../store/queries/sessions';
import type { Actor } from '../kernel/access';
import type { Services } from '../kernel/services';
import { pairExpiries } from '../kernel/lifetimes';
import { digest, looksLikeToken, newToken } from './tokens';

export interface TokenPair {
  bearerToken: string;
  bearerTokenExpiration: number;
  refreshToken: string;
  refreshTokenExpiration: number;
}

export function isRole(role: string): role is Role {
  return Object.prototype.hasOwnProperty.call(ROLES, role);
}

/** The effective permissions of a stored user: role plus extras; an unknown role grants nothing. */
export function permissionsOf(u: Pick<CmsUserRecord, 'role' | 'extraPermissions'>): Permission[] {
  const extra = u.extraPermissions.filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p));
  return isRole(u.role) ? permissionsFor(u.role, extra) : extra;
}

export function actorOf(u: CmsUserRecord, s?: Pick<SessionRow, 'id' | 'familyId'>): Actor {
  return {
    kind: 'staff', userId: u.id, username: u.username, role: isRole(u.role) ? u.role : 'editor',
    permissions: permissionsOf(u), isGlobal: u.isGlobal, tenants: u.tenants,
    ...(s ? { sessionId: s.id, familyId: s.familyId } : {}),
  };
}

/**
 * Issues a new pair: a new sign-in when `family` is omitted, else a rotation within that family
 * (which keeps its sign-in time, so the session's absolute end never moves). Call inside a transaction.
 */
export async function issueTokens(db: Db, services: Services, userId: number, family?: { id: string; startedAt: number }): Promise<TokenPair> {
  const now = services.now();
  const { id: familyId, startedAt } = family ?? { id: randomUUID(), startedAt: now };
  const expires = pairExpiries(services.lifetimes, now, startedAt);
  const pair: TokenPair = {
    bearerToken: newToken('bearer'),
    bearerTokenExpiration: expires.bearer,
    refreshToken: newToken('refresh'),
    refreshTokenExpiration: expires.refresh,
  };
  await insertSession(db, {
    familyId, userId, bearerHash: digest(pair.bearerToken), bearerExpiresAt: pair.bearerTokenExpiration,
    refreshHash: digest(pair.refreshToken), refreshExpiresAt: pair.refreshTokenExpiration, createdAt: startedAt,
  });
  return pair;
}

export interface BearerSession { actor: Actor; session: SessionRow; user: CmsUserRecord }

/** The signed-in staff user behind a bearer token, or null (unknown, expired, rotated, revoked, inactive). */
export async function sessionFromBearer(services: Services, token: string | undefined): Promise<BearerSession | null> {
  if (!looksLikeToken('bearer', token)) return null;
  const db = services.store.db;
  const s = await findSessionByBearer(db, digest(token));
  if (!s || s.revokedAt !== null || s.rotatedAt !== null || s.bearerExpiresAt <= services.now()) return null;
  const u = await findCmsUserById(db, s.userId);
  if (!u || u.status !== 1) return null;
  return { actor: actorOf(u, s), session: s, user: u };
}

/**
 * Rotates a refresh token: the presented one is spent and a new pair in the same family is
 * returned. A token that was already spent (or belongs to a revoked family) is refused, and a spent
 * one also revokes its family: whoever holds the newer token has to sign in again.
 */
export async function rotateRefreshToken(services: Services, token: string | undefined): Promise<{ pair: TokenPair; user: CmsUserRecord }> {
  if (!looksLikeToken('refresh', token)) throw new AppError('UNAUTHENTICATED');
  const now = services.now();
  const outcome = await services.store.transaction(async (tx) => {
    const s = await findSessionByRefresh(tx, digest(token));
    if (!s || s.revokedAt !== null) return { error: 'unknown' as const };
    if (s.rotatedAt !== null) {
      await revokeSessionFamily(tx, s.familyId, now, 'refresh token reused');
      return { error: 'reused' as const, familyId: s.familyId };
    }
    if (s.refreshExpiresAt <= now) return { error: 'expired' as const };
    const u = await findCmsUserById(tx, s.userId);
    if (!u || u.status !== 1) return { error: 'inactive' as const };
    if (!(await markSessionRotated(tx, s.id, now))) return { error: 'unknown' as const };
    return { pair: await issueTokens(tx, services, u.id, { id: s.familyId, startedAt: s.createdAt }), user: u };
  });
  if ('error' in outcome) {
    if (outcome.error === 'reused') services.log.warn({ familyId: outcome.familyId }, 'refresh token reuse: session family revoked');
    throw new AppError('UNAUTHENTICATED');
  }
  return outcome;
}
