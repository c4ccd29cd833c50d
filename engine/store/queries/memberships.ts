// Membership reads and writes (admin §3.6, public §3 "Membership"). The public stream is in
// catalog.ts; these serve the one-item read, staff edits and gating (the free memberships).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../connection';
import { contentMemberships, memberships, siteUserMemberships } from '../schema';
import type { MembershipRecord } from './catalog';

export type { MembershipRecord };

const columns = {
  id: memberships.id, title: memberships.title, alias: memberships.alias, description: memberships.description,
  status: memberships.status, isFree: memberships.isFree, omedaProduct: memberships.omedaProduct,
  requiredUserCommonFields: memberships.requiredUserCommonFields,
  requiredUserDemographicFields: memberships.requiredUserDemographicFields,
  additionalUserDemographicFields: memberships.additionalUserDemographicFields,
};

export async function getMembershipById(db: Db, tenantKey: string, id: number): Promise<MembershipRecord | undefined> {
  const [row] = await db.select(columns).from(memberships).where(and(eq(memberships.tenantKey, tenantKey), eq(memberships.id, id))).limit(1);
  return row;
}

export async function getMembershipByAlias(db: Db, tenantKey: string, alias: string): Promise<MembershipRecord | undefined> {
  const [row] = await db.select(columns).from(memberships).where(and(eq(memberships.tenantKey, tenantKey), eq(memberships.alias, alias))).limit(1);
  return row;
}

/** Active memberships of the tenant, free ones first, then by title. */
export async function activeMemberships(db: Db, tenantKey: string): Promise<MembershipRecord[]> {
  const rows = await db.select(columns).from(memberships).where(and(eq(memberships.tenantKey, tenantKey), eq(memberships.status, 1)))
    .orderBy(asc(memberships.title), asc(memberships.id));
  return rows.sort((a, b) => Number(b.isFree) - Number(a.isFree));
}

export async function membershipAliasTaken(db: Db, tenantKey: string, alias: string, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.tenantKey, tenantKey), eq(memberships.alias, alias)));
  return rows.some((r) => r.id !== exceptId);
}

export async function nextMembershipId(db: Db): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${memberships.id})` }).from(memberships);
  return Number(row?.max ?? 0) + 1;
}

export type MembershipWrite = Omit<MembershipRecord, 'id' | 'omedaProduct'> & { omedaProduct: string | null };

export async function insertMembership(db: Db, tenantKey: string, id: number, m: MembershipWrite): Promise<void> {
  await db.insert(memberships).values({ id, tenantKey, ...m });
}

export async function updateMembershipRow(db: Db, tenantKey: string, id: number, m: MembershipWrite): Promise<void> {
  await db.update(memberships).set({ ...m, updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` })
    .where(and(eq(memberships.tenantKey, tenantKey), eq(memberships.id, id)));
}

/** How many content items list the membership and how many site users hold it. */
export async function membershipUsage(db: Db, id: number): Promise<{ content: number; members: number }> {
  const [c] = await db.select({ n: sql<number>`count(*)` }).from(contentMemberships).where(eq(contentMemberships.membershipId, id));
  const [m] = await db.select({ n: sql<number>`count(*)` }).from(siteUserMemberships).where(eq(siteUserMemberships.membershipId, id));
  return { content: Number(c?.n ?? 0), members: Number(m?.n ?? 0) };
}

export async function deleteMembershipRow(db: Db, tenantKey: string, id: number): Promise<void> {
  await db.delete(memberships).where(and(eq(memberships.tenantKey, tenantKey), eq(memberships.id, id)));
}
