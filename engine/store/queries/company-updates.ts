// Company updates (issue #22): per tenant; link tokens are stored as SHA-256 digests only.
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../connection';
import { content } from '../schema';
import { companyUpdates } from '../schema-company';

export type CompanyUpdateRecord = typeof companyUpdates.$inferSelect;

export async function listCompanyUpdates(db: Db, tenantKey: string, skip: number, limit: number): Promise<{ rows: CompanyUpdateRecord[]; total: number }> {
  const rows = await db.select().from(companyUpdates).where(eq(companyUpdates.tenantKey, tenantKey)).orderBy(desc(companyUpdates.id)).limit(limit).offset(skip);
  const [t] = await db.select({ n: count() }).from(companyUpdates).where(eq(companyUpdates.tenantKey, tenantKey));
  return { rows, total: t?.n ?? 0 };
}

export async function getCompanyUpdate(db: Db, tenantKey: string, id: number): Promise<CompanyUpdateRecord | undefined> {
  const [r] = await db.select().from(companyUpdates).where(and(eq(companyUpdates.tenantKey, tenantKey), eq(companyUpdates.id, id)));
  return r;
}

/** The request a link's token digest names (any tenant: the caller checks the host's). */
export async function companyUpdateByTokenHash(db: Db, tokenHash: string): Promise<CompanyUpdateRecord | undefined> {
  const [r] = await db.select().from(companyUpdates).where(eq(companyUpdates.tokenHash, tokenHash));
  return r;
}

export async function insertCompanyUpdate(
  db: Db, tenantKey: string, f: { contentId: number; contactName: string; contactEmail: string; tokenHash: string; tokenExpiresAt: number }, createdBy: number | null, at: number,
): Promise<number> {
  const [r] = await db.insert(companyUpdates).values({ ...f, tenantKey, createdBy, createdAt: at, updatedAt: at }).returning({ id: companyUpdates.id });
  return r!.id;
}

export async function revokeCompanyUpdateToken(db: Db, tenantKey: string, id: number, at: number): Promise<void> {
  await db.update(companyUpdates).set({ tokenRevokedAt: at, updatedAt: at }).where(and(eq(companyUpdates.tenantKey, tenantKey), eq(companyUpdates.id, id)));
}

/** Stores the company's submission; only a request still awaiting one is changed. */
export async function submitCompanyUpdateRow(db: Db, id: number, proposed: Record<string, unknown>, baseline: Record<string, unknown>, at: number): Promise<boolean> {
  const r = await db.update(companyUpdates).set({ status: 'submitted', proposed, baseline, submittedAt: at, updatedAt: at })
    .where(and(eq(companyUpdates.id, id), eq(companyUpdates.status, 'requested'))).returning({ id: companyUpdates.id });
  return r.length > 0;
}

/** Records the review; the link stops working (revoked at the review time). */
export async function reviewCompanyUpdateRow(
  db: Db, tenantKey: string, id: number, r: { status: 'applied' | 'rejected'; accepted: string[]; message: string; by: number | null; at: number },
): Promise<boolean> {
  const out = await db.update(companyUpdates).set({
    status: r.status, accepted: r.accepted, message: r.message, reviewedAt: r.at, reviewedBy: r.by, tokenRevokedAt: r.at, updatedAt: r.at,
  }).where(and(eq(companyUpdates.tenantKey, tenantKey), eq(companyUpdates.id, id), eq(companyUpdates.status, 'submitted'))).returning({ id: companyUpdates.id });
  return out.length > 0;
}

/** The tenant's Company items (not deleted), by name, at most `limit`: the request form's select. */
export async function companyOptions(db: Db, tenantKey: string, limit: number): Promise<{ id: number; name: string }[]> {
  return db.select({ id: content.id, name: content.name }).from(content)
    .where(and(eq(content.tenantKey, tenantKey), eq(content.type, 'Company'), ne(content.status, 0))).orderBy(content.name).limit(limit);
}
