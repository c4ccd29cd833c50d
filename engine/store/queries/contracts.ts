// Contributor contracts (admin §3.6): per tenant; link tokens are stored as SHA-256 digests only.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../connection';
import { content } from '../schema';
import { contracts } from '../schema-company';

export type ContractRecord = typeof contracts.$inferSelect;
export type ContractFields = Pick<ContractRecord, 'personId' | 'contributorName' | 'contributorEmail' | 'rate' | 'startsOn' | 'endsOn' | 'template' | 'terms'>;

export async function listContracts(db: Db, tenantKey: string, skip: number, limit: number): Promise<{ rows: ContractRecord[]; total: number }> {
  const rows = await db.select().from(contracts).where(eq(contracts.tenantKey, tenantKey)).orderBy(desc(contracts.id)).limit(limit).offset(skip);
  const [t] = await db.select({ n: count() }).from(contracts).where(eq(contracts.tenantKey, tenantKey));
  return { rows, total: t?.n ?? 0 };
}

export async function getContract(db: Db, tenantKey: string, id: number): Promise<ContractRecord | undefined> {
  const [r] = await db.select().from(contracts).where(and(eq(contracts.tenantKey, tenantKey), eq(contracts.id, id)));
  return r;
}

export async function insertContract(db: Db, tenantKey: string, f: ContractFields, createdBy: number | null, at: number): Promise<number> {
  const [r] = await db.insert(contracts).values({ ...f, tenantKey, createdBy, createdAt: at, updatedAt: at }).returning({ id: contracts.id });
  return r!.id;
}

export async function updateContractFields(db: Db, tenantKey: string, id: number, f: ContractFields, at: number): Promise<void> {
  await db.update(contracts).set({ ...f, updatedAt: at }).where(and(eq(contracts.tenantKey, tenantKey), eq(contracts.id, id)));
}

/** A new link: the digest and expiry replace any earlier link's (which stops working). */
export async function setContractToken(db: Db, tenantKey: string, id: number, tokenHash: string, expiresAt: number, at: number): Promise<void> {
  await db.update(contracts).set({ tokenHash, tokenExpiresAt: expiresAt, tokenRevokedAt: null, updatedAt: at })
    .where(and(eq(contracts.tenantKey, tenantKey), eq(contracts.id, id)));
}

export async function revokeContractToken(db: Db, tenantKey: string, id: number, at: number): Promise<void> {
  await db.update(contracts).set({ tokenRevokedAt: at, updatedAt: at }).where(and(eq(contracts.tenantKey, tenantKey), eq(contracts.id, id)));
}

export async function approveContractRow(db: Db, id: number, a: { at: number; name: string; ip: string; userAgent: string }): Promise<boolean> {
  const r = await db.update(contracts).set({ status: 'approved', approvedAt: a.at, approvedName: a.name, approvedIp: a.ip, approvedUserAgent: a.userAgent, updatedAt: a.at })
    .where(and(eq(contracts.id, id), eq(contracts.status, 'pending'))).returning({ id: contracts.id });
  return r.length > 0;
}

export async function deleteContractRow(db: Db, tenantKey: string, id: number): Promise<void> {
  // Items written under it no longer name it (content.contract_id has no foreign key: see schema.ts).
  await db.update(content).set({ contractId: null }).where(and(eq(content.tenantKey, tenantKey), eq(content.contractId, id)));
  await db.delete(contracts).where(and(eq(contracts.tenantKey, tenantKey), eq(contracts.id, id)));
}
