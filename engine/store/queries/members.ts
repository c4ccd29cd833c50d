// Site users (public §3): lookups within one tenant, writes, memberships held, favourites,
// newsletters, written demographic answers and consent. Usernames and e-mail addresses are stored
// lower-case, so the unique indexes of schema.ts compare them case-insensitively.
import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../connection';
import { content, memberships, newsletters, siteUserFavorites, siteUserMemberships, siteUserNewsletters, siteUsers } from '../schema';
import { siteUserConsents, siteUserDemographicTexts } from '../schema-members';
import { containsPattern } from './catalog';
import { preparedFor } from './prepared';

export type SiteUserRow = typeof siteUsers.$inferSelect;
export type DemographicChoice = SiteUserRow['demographics'][number];

export interface SiteUserInsert {
  tenantKey: string;
  username: string;
  email: string;
  passwordHash: string | null;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  title?: string | null | undefined;
  company?: string | null | undefined;
  city?: string | null | undefined;
  postalCode?: string | null | undefined;
  region?: string | null | undefined;
  countryCode?: string | null | undefined;
  demographics: DemographicChoice[];
}

export type SiteUserPatch = Partial<Omit<SiteUserInsert, 'tenantKey'>> & { status?: number };

export async function findSiteUserById(db: Db, tenantKey: string, id: number): Promise<SiteUserRow | undefined> {
  const [row] = await db.select().from(siteUsers).where(and(eq(siteUsers.tenantKey, tenantKey), eq(siteUsers.id, id))).limit(1);
  return row;
}

/** By username, else by e-mail address (both lower-case). */
export async function findSiteUserByLogin(db: Db, tenantKey: string, name: string): Promise<SiteUserRow | undefined> {
  const n = name.toLowerCase();
  const rows = await db.select().from(siteUsers)
    .where(and(eq(siteUsers.tenantKey, tenantKey), or(eq(siteUsers.username, n), eq(siteUsers.email, n)))).limit(2);
  return rows.find((r) => r.username === n) ?? rows[0];
}

export async function findSiteUserByEmail(db: Db, tenantKey: string, email: string): Promise<SiteUserRow | undefined> {
  const [row] = await db.select().from(siteUsers).where(and(eq(siteUsers.tenantKey, tenantKey), eq(siteUsers.email, email.toLowerCase()))).limit(1);
  return row;
}

/** True when another user of the tenant has `value` as username or e-mail address. */
export async function loginNameTaken(db: Db, tenantKey: string, value: string, exceptId?: number): Promise<boolean> {
  const v = value.toLowerCase();
  const rows = await db.select({ id: siteUsers.id }).from(siteUsers)
    .where(and(eq(siteUsers.tenantKey, tenantKey), or(eq(siteUsers.username, v), eq(siteUsers.email, v)))).limit(2);
  return rows.some((r) => r.id !== exceptId);
}

export async function insertSiteUser(db: Db, row: SiteUserInsert): Promise<number> {
  const [created] = await db.insert(siteUsers).values({ ...row, username: row.username.toLowerCase(), email: row.email.toLowerCase() }).returning({ id: siteUsers.id });
  return created!.id;
}

export async function updateSiteUser(db: Db, tenantKey: string, id: number, patch: SiteUserPatch): Promise<void> {
  const set: Record<string, unknown> = { ...patch, updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` };
  if (patch.username !== undefined) set.username = patch.username.toLowerCase();
  if (patch.email !== undefined) set.email = patch.email.toLowerCase();
  await db.update(siteUsers).set(set).where(and(eq(siteUsers.tenantKey, tenantKey), eq(siteUsers.id, id)));
}

export interface SiteUserFilter { tenantKey: string; phrase?: string | undefined; status?: number | undefined; limit: number; skip: number }

export async function listSiteUsers(db: Db, f: SiteUserFilter): Promise<{ rows: SiteUserRow[]; total: number }> {
  const where: SQL[] = [eq(siteUsers.tenantKey, f.tenantKey)];
  if (f.status !== undefined) where.push(eq(siteUsers.status, f.status));
  if (f.phrase) {
    const p = containsPattern(f.phrase.toLowerCase());
    where.push(sql`(${siteUsers.username} like ${p} escape '\\' or ${siteUsers.email} like ${p} escape '\\'
      or lower(coalesce(${siteUsers.firstName}, '') || ' ' || coalesce(${siteUsers.lastName}, '')) like ${p} escape '\\'
      or lower(coalesce(${siteUsers.company}, '')) like ${p} escape '\\')`);
  }
  const rows = await db.select().from(siteUsers).where(and(...where)).orderBy(desc(siteUsers.createdAt), desc(siteUsers.id)).limit(f.limit).offset(f.skip);
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(siteUsers).where(and(...where));
  return { rows, total: Number(count?.n ?? 0) };
}

export interface HeldMembership { membershipId: number; expiresAt: number | null; title: string; alias: string; active: boolean }

/** Memberships a user holds, with whether each counts now (membership active, not expired). */
export async function membershipsOfSiteUser(db: Db, siteUserId: number, now: number): Promise<HeldMembership[]> {
  const rows = await db.select({
    membershipId: siteUserMemberships.membershipId, expiresAt: siteUserMemberships.expiresAt,
    title: memberships.title, alias: memberships.alias, status: memberships.status,
  }).from(siteUserMemberships).innerJoin(memberships, eq(memberships.id, siteUserMemberships.membershipId))
    .where(eq(siteUserMemberships.siteUserId, siteUserId)).orderBy(asc(siteUserMemberships.membershipId));
  return rows.map(({ status, ...r }) => ({ ...r, active: status === 1 && (r.expiresAt === null || r.expiresAt > now) }));
}

/** Ids of the memberships that count now (active membership, unexpired holding). */
const activeMembershipIdsStatement = preparedFor((db: Db) => db.select({ id: siteUserMemberships.membershipId }).from(siteUserMemberships)
  .innerJoin(memberships, eq(memberships.id, siteUserMemberships.membershipId))
  .where(and(eq(siteUserMemberships.siteUserId, sql.placeholder('user')), eq(memberships.status, 1),
    or(isNull(siteUserMemberships.expiresAt), gt(siteUserMemberships.expiresAt, sql.placeholder('now'))))).prepare());

/** The memberships a user holds now (on every gated read of a signed-in member: prepared once). */
export async function activeMembershipIds(db: Db, siteUserId: number, now: number): Promise<number[]> {
  const rows = await activeMembershipIdsStatement(db).all({ user: siteUserId, now });
  return rows.map((r) => r.id);
}

const heldMembershipsStatement = preparedFor((db: Db) => db.select({ id: siteUserMemberships.membershipId, expiresAt: siteUserMemberships.expiresAt })
  .from(siteUserMemberships).innerJoin(memberships, eq(memberships.id, siteUserMemberships.membershipId))
  .where(and(eq(siteUserMemberships.siteUserId, sql.placeholder('user')), eq(memberships.status, 1))).prepare());

/**
 * The active memberships a user holds with their expiry (null: none), expired holdings included:
 * for a cache that applies activeMembershipIds' rule (`expiresAt` null or after now) at each read.
 */
export async function heldMemberships(db: Db, siteUserId: number): Promise<{ id: number; expiresAt: number | null }[]> {
  return heldMembershipsStatement(db).all({ user: siteUserId });
}

export async function grantMembership(db: Db, siteUserId: number, membershipId: number, expiresAt: number | null): Promise<void> {
  await db.insert(siteUserMemberships).values({ siteUserId, membershipId, expiresAt })
    .onConflictDoUpdate({ target: [siteUserMemberships.siteUserId, siteUserMemberships.membershipId], set: { expiresAt } });
}

/** Replaces the memberships a user holds (staff): kept ones keep their expiry. */
export async function setSiteUserMemberships(db: Db, siteUserId: number, membershipIds: number[]): Promise<void> {
  const current = await db.select({ id: siteUserMemberships.membershipId }).from(siteUserMemberships).where(eq(siteUserMemberships.siteUserId, siteUserId));
  const drop = current.map((c) => c.id).filter((id) => !membershipIds.includes(id));
  if (drop.length) await db.delete(siteUserMemberships).where(and(eq(siteUserMemberships.siteUserId, siteUserId), inArray(siteUserMemberships.membershipId, drop)));
  for (const id of membershipIds) await db.insert(siteUserMemberships).values({ siteUserId, membershipId: id, expiresAt: null }).onConflictDoNothing();
}

export async function favoritesOf(db: Db, siteUserId: number): Promise<{ contentId: number; createdAt: number }[]> {
  return db.select({ contentId: siteUserFavorites.contentId, createdAt: siteUserFavorites.createdAt }).from(siteUserFavorites)
    .where(eq(siteUserFavorites.siteUserId, siteUserId)).orderBy(desc(siteUserFavorites.createdAt), desc(siteUserFavorites.contentId));
}

export async function addFavorite(db: Db, siteUserId: number, contentId: number): Promise<void> {
  await db.insert(siteUserFavorites).values({ siteUserId, contentId }).onConflictDoNothing();
}

export async function removeFavorite(db: Db, siteUserId: number, contentId: number): Promise<boolean> {
  const rows = await db.delete(siteUserFavorites)
    .where(and(eq(siteUserFavorites.siteUserId, siteUserId), eq(siteUserFavorites.contentId, contentId))).returning({ id: siteUserFavorites.contentId });
  return rows.length > 0;
}

export async function newsletterIdsOf(db: Db, siteUserId: number): Promise<number[]> {
  const rows = await db.select({ id: siteUserNewsletters.newsletterId }).from(siteUserNewsletters)
    .where(eq(siteUserNewsletters.siteUserId, siteUserId)).orderBy(asc(siteUserNewsletters.newsletterId));
  return rows.map((r) => r.id);
}

export async function demographicTextsOf(db: Db, siteUserId: number): Promise<{ questionId: number; value: string }[]> {
  return db.select({ questionId: siteUserDemographicTexts.questionId, value: siteUserDemographicTexts.value })
    .from(siteUserDemographicTexts).where(eq(siteUserDemographicTexts.siteUserId, siteUserId)).orderBy(asc(siteUserDemographicTexts.questionId));
}

/** Sets written answers: the questions named are replaced (an empty value removes the answer). */
export async function setDemographicTexts(db: Db, siteUserId: number, answers: { questionId: number; value: string }[]): Promise<void> {
  for (const a of answers) {
    await db.delete(siteUserDemographicTexts).where(and(eq(siteUserDemographicTexts.siteUserId, siteUserId), eq(siteUserDemographicTexts.questionId, a.questionId)));
    if (a.value) await db.insert(siteUserDemographicTexts).values({ siteUserId, questionId: a.questionId, value: a.value });
  }
}

export interface ConsentWrite { siteUserId: number; kind: 'CASL' | 'GDPR'; country: string; region: string | null; compliance: boolean; source: string }

export async function insertConsent(db: Db, c: ConsentWrite): Promise<void> {
  await db.insert(siteUserConsents).values(c);
}

export async function consentsOf(db: Db, siteUserId: number): Promise<(ConsentWrite & { createdAt: number })[]> {
  const rows = await db.select().from(siteUserConsents).where(eq(siteUserConsents.siteUserId, siteUserId)).orderBy(asc(siteUserConsents.id));
  return rows.map((r) => ({ siteUserId: r.siteUserId, kind: r.kind as 'CASL' | 'GDPR', country: r.country, region: r.region, compliance: r.compliance, source: r.source, createdAt: r.createdAt }));
}

/** Which of these ids are newsletters of the tenant. */
export async function tenantNewsletterIds(db: Db, tenantKey: string, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: newsletters.id }).from(newsletters).where(and(eq(newsletters.tenantKey, tenantKey), inArray(newsletters.id, [...ids])));
  return rows.map((r) => r.id);
}

/** A published item of the tenant (status 1, published by `now`), for favourites. */
export async function publishedContentExists(db: Db, tenantKey: string, id: number, now: number): Promise<boolean> {
  const rows = await db.select({ id: content.id }).from(content)
    .where(and(eq(content.tenantKey, tenantKey), eq(content.id, id), eq(content.status, 1), sql`${content.published} <= ${now}`)).limit(1);
  return rows.length > 0;
}
