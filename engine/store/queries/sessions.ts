// Staff sessions and single-use tokens. Only SHA-256 digests of tokens reach the database.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { preparedFor } from './prepared';
import type { Db } from '../connection';
import { cmsSessions, cmsUserTokens } from '../schema';

/** One token pair. `createdAt` is when its family's sign-in happened (carried to every rotated pair). */
export type SessionRow = typeof cmsSessions.$inferSelect;
export type SessionInsert = Pick<SessionRow, 'familyId' | 'userId' | 'bearerHash' | 'bearerExpiresAt' | 'refreshHash' | 'refreshExpiresAt' | 'createdAt'>;

export async function insertSession(db: Db, row: SessionInsert): Promise<void> {
  await db.insert(cmsSessions).values(row);
}

const byBearer = preparedFor((db: Db) => db.select().from(cmsSessions).where(eq(cmsSessions.bearerHash, sql.placeholder('hash'))).limit(1).prepare());

export async function findSessionByBearer(db: Db, bearerHash: string): Promise<SessionRow | undefined> {
  const [row] = await byBearer(db).all({ hash: bearerHash });
  return row;
}

export async function findSessionByRefresh(db: Db, refreshHash: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(cmsSessions).where(eq(cmsSessions.refreshHash, refreshHash)).limit(1);
  return row;
}

/** Marks a session rotated; false when it was already rotated or revoked (a concurrent reuse). */
export async function markSessionRotated(db: Db, id: number, at: number): Promise<boolean> {
  const rows = await db.update(cmsSessions).set({ rotatedAt: at })
    .where(and(eq(cmsSessions.id, id), isNull(cmsSessions.rotatedAt), isNull(cmsSessions.revokedAt)))
    .returning({ id: cmsSessions.id });
  return rows.length > 0;
}

export async function revokeSessionFamily(db: Db, familyId: string, at: number, reason: string): Promise<void> {
  await db.update(cmsSessions).set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(cmsSessions.familyId, familyId), isNull(cmsSessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: number, at: number, reason: string): Promise<void> {
  await db.update(cmsSessions).set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(cmsSessions.userId, userId), isNull(cmsSessions.revokedAt)));
}

/** Deletes sessions whose refresh token expired before `before`. */
export async function purgeExpiredSessions(db: Db, before: number): Promise<void> {
  await db.delete(cmsSessions).where(lt(cmsSessions.refreshExpiresAt, before));
}

export type UserTokenKind = 'reset' | 'invite';
export type UserTokenRow = typeof cmsUserTokens.$inferSelect;

export async function insertUserToken(db: Db, row: { userId: number; kind: UserTokenKind; tokenHash: string; expiresAt: number }): Promise<void> {
  await db.insert(cmsUserTokens).values(row);
}

export async function findUserToken(db: Db, kind: UserTokenKind, tokenHash: string): Promise<UserTokenRow | undefined> {
  const [row] = await db.select().from(cmsUserTokens)
    .where(and(eq(cmsUserTokens.tokenHash, tokenHash), eq(cmsUserTokens.kind, kind))).limit(1);
  return row;
}

/** Uses a token once: false when it was already used. */
export async function consumeUserToken(db: Db, id: number, at: number): Promise<boolean> {
  const rows = await db.update(cmsUserTokens).set({ usedAt: at })
    .where(and(eq(cmsUserTokens.id, id), isNull(cmsUserTokens.usedAt))).returning({ id: cmsUserTokens.id });
  return rows.length > 0;
}

/** Voids a user's unused tokens (of one kind, or all), e.g. when a newer link is sent or the password changes. */
export async function voidUserTokens(db: Db, userId: number, at: number, kind?: UserTokenKind): Promise<void> {
  const byKind = kind ? eq(cmsUserTokens.kind, kind) : or(eq(cmsUserTokens.kind, 'reset'), eq(cmsUserTokens.kind, 'invite'));
  await db.update(cmsUserTokens).set({ usedAt: at })
    .where(and(eq(cmsUserTokens.userId, userId), isNull(cmsUserTokens.usedAt), byKind));
}
