// Site users from a CSV (/admin/migrate-site-users, issue 24): the tenant's memberships and
// newsletters by name, the users the file's e-mail addresses already belong to, and the newsletter
// opt-ins and consent records that keep the date the consent was given in the old system.
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../connection';
import { memberships, newsletters, siteUserMemberships, siteUserNewsletters, siteUsers } from '../schema';
import { siteUserConsents } from '../schema-members';
import type { SiteUserRow } from './members';

export interface NamedRecord { id: number; names: string[] }

/** Every membership of the tenant with the names a file may use for it: id, alias, title. */
export async function membershipNames(db: Db, tenantKey: string): Promise<NamedRecord[]> {
  const rows = await db.select({ id: memberships.id, alias: memberships.alias, title: memberships.title }).from(memberships).where(eq(memberships.tenantKey, tenantKey));
  return rows.map((r) => ({ id: r.id, names: [String(r.id), r.alias, r.title] }));
}

/** Every newsletter of the tenant with the names a file may use for it: id, title. */
export async function newsletterNames(db: Db, tenantKey: string): Promise<NamedRecord[]> {
  const rows = await db.select({ id: newsletters.id, title: newsletters.title }).from(newsletters).where(eq(newsletters.tenantKey, tenantKey));
  return rows.map((r) => ({ id: r.id, names: [String(r.id), r.title] }));
}

/** Users of the tenant whose e-mail address or username is one of `logins` (lower-case). */
export async function siteUsersByLogins(db: Db, tenantKey: string, logins: readonly string[]): Promise<SiteUserRow[]> {
  const out: SiteUserRow[] = [];
  for (let i = 0; i < logins.length; i += 400) {
    const part = logins.slice(i, i + 400) as string[];
    out.push(...await db.select().from(siteUsers).where(and(eq(siteUsers.tenantKey, tenantKey), or(inArray(siteUsers.email, part), inArray(siteUsers.username, part)))));
  }
  return out;
}

/** An opt-in dated when the consent was given; an opt-in the user already has keeps its date. */
export async function addNewsletterOptIn(db: Db, siteUserId: number, newsletterId: number, consentAt: number): Promise<boolean> {
  const rows = await db.insert(siteUserNewsletters).values({ siteUserId, newsletterId, createdAt: consentAt }).onConflictDoNothing().returning({ id: siteUserNewsletters.newsletterId });
  return rows.length > 0;
}

export async function insertConsentAt(db: Db, c: { siteUserId: number; kind: 'CASL' | 'GDPR'; country: string; compliance: boolean; source: string; createdAt: number }): Promise<void> {
  await db.insert(siteUserConsents).values({ ...c, region: null });
}

/** Adds a membership without an expiry; one the user already holds keeps its own expiry. */
export async function addMembership(db: Db, siteUserId: number, membershipId: number): Promise<void> {
  await db.insert(siteUserMemberships).values({ siteUserId, membershipId, expiresAt: null }).onConflictDoNothing();
}
