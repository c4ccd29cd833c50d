// Site-license companies and their IP ranges (public §4 "IP license company lookup"; the admin's
// IP gating settings). Ranges are stored as hex keys (engine/domain/ip-range.ts), so the lookup is
// a range scan on (tenant_key, start_key).
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../connection';
import { siteLicenseCompanies, siteLicenseIpRanges } from '../schema-members';
import { containsPattern } from './catalog';

export interface LicenseRange { cidr: string; startKey: string; endKey: string }
export interface LicenseCompanyRecord { id: number; name: string; status: number; ranges: string[]; createdAt: number; updatedAt: number }

const companyColumns = {
  id: siteLicenseCompanies.id, name: siteLicenseCompanies.name, status: siteLicenseCompanies.status,
  createdAt: siteLicenseCompanies.createdAt, updatedAt: siteLicenseCompanies.updatedAt,
};

async function withRanges(db: Db, rows: Omit<LicenseCompanyRecord, 'ranges'>[]): Promise<LicenseCompanyRecord[]> {
  if (rows.length === 0) return [];
  const ranges = await db.select({ companyId: siteLicenseIpRanges.companyId, cidr: siteLicenseIpRanges.cidr }).from(siteLicenseIpRanges)
    .where(inArray(siteLicenseIpRanges.companyId, rows.map((r) => r.id))).orderBy(asc(siteLicenseIpRanges.startKey));
  const by = new Map<number, string[]>();
  for (const r of ranges) by.set(r.companyId, [...(by.get(r.companyId) ?? []), r.cidr]);
  return rows.map((r) => ({ ...r, ranges: by.get(r.id) ?? [] }));
}

export async function getLicenseCompany(db: Db, tenantKey: string, id: number): Promise<LicenseCompanyRecord | undefined> {
  const rows = await db.select(companyColumns).from(siteLicenseCompanies)
    .where(and(eq(siteLicenseCompanies.tenantKey, tenantKey), eq(siteLicenseCompanies.id, id))).limit(1);
  return (await withRanges(db, rows))[0];
}

export async function listLicenseCompanies(db: Db, f: { tenantKey: string; phrase?: string | undefined; limit: number; skip: number }): Promise<{ rows: LicenseCompanyRecord[]; total: number }> {
  const where: SQL[] = [eq(siteLicenseCompanies.tenantKey, f.tenantKey)];
  if (f.phrase) where.push(sql`lower(${siteLicenseCompanies.name}) like ${containsPattern(f.phrase.toLowerCase())} escape '\\'`);
  const rows = await db.select(companyColumns).from(siteLicenseCompanies).where(and(...where))
    .orderBy(asc(siteLicenseCompanies.name), asc(siteLicenseCompanies.id)).limit(f.limit).offset(f.skip);
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(siteLicenseCompanies).where(and(...where));
  return { rows: await withRanges(db, rows), total: Number(count?.n ?? 0) };
}

export async function licenseCompanyNameTaken(db: Db, tenantKey: string, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: siteLicenseCompanies.id }).from(siteLicenseCompanies)
    .where(and(eq(siteLicenseCompanies.tenantKey, tenantKey), sql`lower(${siteLicenseCompanies.name}) = ${name.toLowerCase()}`));
  return rows.some((r) => r.id !== exceptId);
}

/** Creates or replaces a company and its ranges; returns its id. */
export async function writeLicenseCompany(db: Db, tenantKey: string, id: number | null, c: { name: string; status: number; ranges: LicenseRange[] }): Promise<number> {
  let companyId = id;
  if (companyId === null) {
    const [row] = await db.insert(siteLicenseCompanies).values({ tenantKey, name: c.name, status: c.status }).returning({ id: siteLicenseCompanies.id });
    companyId = row!.id;
  } else {
    await db.update(siteLicenseCompanies).set({ name: c.name, status: c.status, updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` })
      .where(and(eq(siteLicenseCompanies.tenantKey, tenantKey), eq(siteLicenseCompanies.id, companyId)));
    await db.delete(siteLicenseIpRanges).where(eq(siteLicenseIpRanges.companyId, companyId));
  }
  for (const r of c.ranges) await db.insert(siteLicenseIpRanges).values({ companyId, tenantKey, ...r });
  return companyId;
}

export async function deleteLicenseCompany(db: Db, tenantKey: string, id: number): Promise<boolean> {
  const rows = await db.delete(siteLicenseCompanies)
    .where(and(eq(siteLicenseCompanies.tenantKey, tenantKey), eq(siteLicenseCompanies.id, id))).returning({ id: siteLicenseCompanies.id });
  return rows.length > 0;
}

/** The active company whose range holds `key` (the narrowest range when several do), or undefined. */
export async function licenseCompanyForIp(db: Db, tenantKey: string, key: string): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db.select({ id: siteLicenseCompanies.id, name: siteLicenseCompanies.name })
    .from(siteLicenseIpRanges).innerJoin(siteLicenseCompanies, eq(siteLicenseCompanies.id, siteLicenseIpRanges.companyId))
    .where(and(eq(siteLicenseIpRanges.tenantKey, tenantKey), lte(siteLicenseIpRanges.startKey, key), gte(siteLicenseIpRanges.endKey, key), eq(siteLicenseCompanies.status, 1)))
    .orderBy(desc(siteLicenseIpRanges.startKey), asc(siteLicenseIpRanges.endKey)).limit(1);
  return row;
}
