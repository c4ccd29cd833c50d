// The audience provider's customer as stored on a site user (issue 42): the link (customer id and
// encrypted id) and the products last known, which gating uses when the provider is off or down.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../connection';
import { siteUsers } from '../schema';

export type StoredAudienceProduct = NonNullable<typeof siteUsers.$inferSelect['omedaProducts']>[number];

export interface SiteUserAudience {
  omedaCustomerId: string | null;
  omedaEncryptedCustomerId: string | null;
  omedaProducts: StoredAudienceProduct[];
}

export async function setSiteUserAudience(db: Db, tenantKey: string, siteUserId: number, a: SiteUserAudience): Promise<void> {
  await db.update(siteUsers).set({ ...a, updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` })
    .where(and(eq(siteUsers.tenantKey, tenantKey), eq(siteUsers.id, siteUserId)));
}

export async function siteUserAudience(db: Db, tenantKey: string, siteUserId: number): Promise<(SiteUserAudience & { email: string }) | undefined> {
  const rows = await db.select({
    email: siteUsers.email, omedaCustomerId: siteUsers.omedaCustomerId, omedaEncryptedCustomerId: siteUsers.omedaEncryptedCustomerId, omedaProducts: siteUsers.omedaProducts,
  }).from(siteUsers).where(and(eq(siteUsers.tenantKey, tenantKey), eq(siteUsers.id, siteUserId))).limit(1);
  const r = rows[0];
  return r ? { ...r, omedaProducts: r.omedaProducts ?? [] } : undefined;
}

/** The active site user whose stored encrypted customer id is `encryptedId`, in this tenant. */
export async function findSiteUserByEncryptedCustomerId(db: Db, tenantKey: string, encryptedId: string): Promise<{ id: number; email: string } | undefined> {
  const rows = await db.select({ id: siteUsers.id, email: siteUsers.email }).from(siteUsers)
    .where(and(eq(siteUsers.tenantKey, tenantKey), eq(siteUsers.omedaEncryptedCustomerId, encryptedId), eq(siteUsers.status, 1))).limit(1);
  return rows[0];
}
