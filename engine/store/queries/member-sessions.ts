// Member sessions, single-use member links and installation secrets. Only SHA-256 digests of
// tokens reach the database.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../connection';
import { siteUsers } from '../schema';
import { installationSecrets, siteUserSessions, siteUserTokens, type SiteUserTokenPayload } from '../schema-members';
import { preparedFor } from './prepared';

export type SiteUserSessionRow = typeof siteUserSessions.$inferSelect;

export async function insertSiteUserSession(db: Db, row: Pick<SiteUserSessionRow, 'tenantKey' | 'siteUserId' | 'tokenHash' | 'expiresAt' | 'simulatedBy'>): Promise<void> {
  await db.insert(siteUserSessions).values(row);
}

const byHash = preparedFor((db: Db) => db.select({
  id: siteUserSessions.id, tenantKey: siteUserSessions.tenantKey, siteUserId: siteUserSessions.siteUserId,
  expiresAt: siteUserSessions.expiresAt, simulatedBy: siteUserSessions.simulatedBy, revokedAt: siteUserSessions.revokedAt,
  userStatus: siteUsers.status,
}).from(siteUserSessions).innerJoin(siteUsers, eq(siteUsers.id, siteUserSessions.siteUserId))
  .where(eq(siteUserSessions.tokenHash, sql.placeholder('hash'))).limit(1).prepare());

export type SessionLookup = Omit<SiteUserSessionRow, 'tokenHash' | 'createdAt'> & { userStatus: number };

export async function findSiteUserSession(db: Db, tokenHash: string): Promise<SessionLookup | undefined> {
  const [row] = await byHash(db).all({ hash: tokenHash });
  return row;
}

// The store hands rows over keyed by column name: the session's id and tenant_key are renamed so
// they do not collide with the user's.
const withUserByHash = preparedFor((db: Db) => db.select({
  id: sql<number>`${siteUserSessions.id}`.as('session_id'), tenantKey: sql<string>`${siteUserSessions.tenantKey}`.as('session_tenant_key'),
  siteUserId: siteUserSessions.siteUserId,
  expiresAt: siteUserSessions.expiresAt, simulatedBy: siteUserSessions.simulatedBy, revokedAt: siteUserSessions.revokedAt,
  user: siteUsers,
}).from(siteUserSessions).innerJoin(siteUsers, eq(siteUsers.id, siteUserSessions.siteUserId))
  .where(eq(siteUserSessions.tokenHash, sql.placeholder('hash'))).limit(1).prepare());

/** A session and its user's whole row in one statement (the member request path). */
export async function findSiteUserSessionWithUser(
  db: Db, tokenHash: string,
): Promise<(Omit<SessionLookup, 'userStatus'> & { user: typeof siteUsers.$inferSelect }) | undefined> {
  const [row] = await withUserByHash(db).all({ hash: tokenHash });
  return row;
}

export async function revokeSiteUserSession(db: Db, id: number, at: number): Promise<void> {
  await db.update(siteUserSessions).set({ revokedAt: at }).where(and(eq(siteUserSessions.id, id), isNull(siteUserSessions.revokedAt)));
}

/** Ends every session of a user (password change or reset, username change, deactivation). */
export async function revokeSiteUserSessions(db: Db, siteUserId: number, at: number): Promise<void> {
  await db.update(siteUserSessions).set({ revokedAt: at }).where(and(eq(siteUserSessions.siteUserId, siteUserId), isNull(siteUserSessions.revokedAt)));
}

export async function purgeExpiredSiteUserSessions(db: Db, before: number): Promise<void> {
  await db.delete(siteUserSessions).where(lt(siteUserSessions.expiresAt, before));
}

export type SiteUserTokenKind = 'register' | 'reset' | 'username';
export type SiteUserTokenRow = typeof siteUserTokens.$inferSelect;

export interface SiteUserTokenInsert {
  tenantKey: string;
  kind: SiteUserTokenKind;
  tokenHash: string;
  siteUserId: number | null;
  email: string;
  payload: SiteUserTokenPayload;
  expiresAt: number;
}

export async function insertSiteUserToken(db: Db, row: SiteUserTokenInsert): Promise<void> {
  await db.insert(siteUserTokens).values({ ...row, email: row.email.toLowerCase() });
}

export async function findSiteUserToken(db: Db, tenantKey: string, kind: SiteUserTokenKind, tokenHash: string): Promise<SiteUserTokenRow | undefined> {
  const [row] = await db.select().from(siteUserTokens)
    .where(and(eq(siteUserTokens.tokenHash, tokenHash), eq(siteUserTokens.kind, kind), eq(siteUserTokens.tenantKey, tenantKey))).limit(1);
  return row;
}

/** Uses a token once: false when it was already used. */
export async function consumeSiteUserToken(db: Db, id: number, at: number): Promise<boolean> {
  const rows = await db.update(siteUserTokens).set({ usedAt: at })
    .where(and(eq(siteUserTokens.id, id), isNull(siteUserTokens.usedAt))).returning({ id: siteUserTokens.id });
  return rows.length > 0;
}

/** Voids unused links of one kind for an address (register) or a user (reset, username); all kinds when none is named. */
export async function voidSiteUserTokens(db: Db, f: { tenantKey: string; kind?: SiteUserTokenKind; email?: string; siteUserId?: number }, at: number): Promise<void> {
  if (f.email === undefined && f.siteUserId === undefined) return;
  const who = or(
    f.email !== undefined ? eq(siteUserTokens.email, f.email.toLowerCase()) : undefined,
    f.siteUserId !== undefined ? eq(siteUserTokens.siteUserId, f.siteUserId) : undefined,
  );
  await db.update(siteUserTokens).set({ usedAt: at }).where(and(
    eq(siteUserTokens.tenantKey, f.tenantKey), isNull(siteUserTokens.usedAt), who, f.kind ? eq(siteUserTokens.kind, f.kind) : undefined,
  ));
}

/** The named secret, created with `generate()` on first use (the first writer wins). */
export async function secretFor(db: Db, name: string, generate: () => string): Promise<string> {
  await db.insert(installationSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const [row] = await db.select({ value: installationSecrets.value }).from(installationSecrets).where(eq(installationSecrets.name, name)).limit(1);
  return row!.value;
}
