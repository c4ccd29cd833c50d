// Site users, memberships and newsletter subscribers brought in from another system's export
// (engine/import/ghost-members.ts, substack-subscribers.ts, issue 36). Every write adds what is
// missing and reports whether it did, so a second import of the same file writes nothing.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../connection';
import { siteUserMemberships, siteUsers } from '../schema';
import { newsletterSubscriptions } from '../schema-newsletters';
import type { Consent } from '../../domain/newsletter-subscribe';

export interface ImportedSiteUser { tenantKey: string; email: string; firstName: string | null; lastName: string | null; createdAt: number | undefined }

/**
 * A site user with no password (they choose one through "Forgot your password?", the product's
 * reset link); username and e-mail address are the address; createdAt kept from the old system.
 */
export async function insertImportedSiteUser(db: Db, u: ImportedSiteUser): Promise<number> {
  const [row] = await db.insert(siteUsers).values({
    tenantKey: u.tenantKey, username: u.email, email: u.email, passwordHash: null, firstName: u.firstName, lastName: u.lastName, demographics: [],
    ...(u.createdAt !== undefined ? { createdAt: u.createdAt, updatedAt: u.createdAt } : {}),
  }).returning({ id: siteUsers.id });
  return row!.id;
}

/** Grants a membership (until expiresAt, or without an expiry); false when the user already holds it (its expiry is kept). */
export async function grantMembership(db: Db, siteUserId: number, membershipId: number, expiresAt: number | null = null): Promise<boolean> {
  const rows = await db.insert(siteUserMemberships).values({ siteUserId, membershipId, expiresAt }).onConflictDoNothing().returning({ id: siteUserMemberships.membershipId });
  return rows.length > 0;
}

/** Membership ids each of these users holds. */
export async function membershipsOf(db: Db, siteUserIds: number[]): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>();
  for (let i = 0; i < siteUserIds.length; i += 400) {
    const rows = await db.select().from(siteUserMemberships).where(inArray(siteUserMemberships.siteUserId, siteUserIds.slice(i, i + 400)));
    for (const r of rows) {
      if (!out.has(r.siteUserId)) out.set(r.siteUserId, new Set());
      out.get(r.siteUserId)!.add(r.membershipId);
    }
  }
  return out;
}

/** The addresses (lower-case) that already have a subscription row to the newsletter, subscribed or unsubscribed. */
export async function subscriptionEmails(db: Db, tenantKey: string, newsletterId: number, emails: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  const s = newsletterSubscriptions;
  for (let i = 0; i < emails.length; i += 400) {
    const rows = await db.select({ email: s.email }).from(s).where(and(eq(s.tenantKey, tenantKey), eq(s.newsletterId, newsletterId), inArray(s.email, emails.slice(i, i + 400))));
    for (const r of rows) out.add(r.email);
  }
  return out;
}

export interface ImportedSubscription { tenantKey: string; newsletterId: number; email: string; siteUserId: number | null; consent: Consent; source: string; at: number }

/**
 * A subscription as the subscribe pane records one (status subscribed, its consent, where it came
 * from, when), dated when the reader subscribed in the old system. An address that already has a
 * row for this newsletter is left as it is (false): a reader who unsubscribed here stays out.
 */
export async function insertImportedSubscription(db: Db, w: ImportedSubscription): Promise<boolean> {
  const rows = await db.insert(newsletterSubscriptions).values({
    tenantKey: w.tenantKey, newsletterId: w.newsletterId, email: w.email, siteUserId: w.siteUserId, status: 'subscribed', consent: w.consent,
    source: w.source, subscribedAt: w.at, unsubscribedAt: null,
  }).onConflictDoNothing().returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}
