// A tenant's ad units (public §3 Ad unit): list, read, write and delete, always scoped by tenant.
import { and, asc, eq } from 'drizzle-orm';
import type { AdUnit } from '../../domain/ads';
import { rawOf, type Db } from '../connection';
import { adUnits } from '../schema-ads';
import { upsertRows } from '../upsert';

export type AdUnitRecord = AdUnit & { tenantKey: string; updatedAt: number };

const columns = {
  id: adUnits.id, tenantKey: adUnits.tenantKey, key: adUnits.key, type: adUnits.type, size: adUnits.size,
  sizeMapping: adUnits.sizeMapping, useSectionAlias: adUnits.useSectionAlias, refreshRate: adUnits.refreshRate,
  excludePageTypes: adUnits.excludePageTypes, targetId: adUnits.targetId, position: adUnits.position, updatedAt: adUnits.updatedAt,
};

function record(r: { targetId: string | null } & Omit<AdUnitRecord, 'targetId'>): AdUnitRecord {
  const { targetId, ...rest } = r;
  return targetId ? { ...rest, targetId } : rest;
}

/** Every unit of a tenant, by key. */
export async function listAdUnits(db: Db, tenantKey: string): Promise<AdUnitRecord[]> {
  const rows = await db.select(columns).from(adUnits).where(eq(adUnits.tenantKey, tenantKey)).orderBy(asc(adUnits.key), asc(adUnits.id));
  return rows.map(record);
}

export async function getAdUnit(db: Db, tenantKey: string, id: number): Promise<AdUnitRecord | undefined> {
  const [row] = await db.select(columns).from(adUnits).where(and(eq(adUnits.tenantKey, tenantKey), eq(adUnits.id, id))).limit(1);
  return row ? record(row) : undefined;
}

export async function findAdUnitByKey(db: Db, tenantKey: string, key: string): Promise<AdUnitRecord | undefined> {
  const [row] = await db.select(columns).from(adUnits).where(and(eq(adUnits.tenantKey, tenantKey), eq(adUnits.key, key))).limit(1);
  return row ? record(row) : undefined;
}

/** Inserts or replaces units of one tenant by id. */
export async function writeAdUnits(db: Db, tenantKey: string, rows: readonly AdUnit[]): Promise<void> {
  if (rows.length === 0) return;
  await upsertRows(rawOf(db), adUnits, rows.map((r) => ({ ...r, targetId: r.targetId ?? null, tenantKey })), adUnits.id);
}

export async function deleteAdUnitRow(db: Db, tenantKey: string, id: number): Promise<void> {
  await db.delete(adUnits).where(and(eq(adUnits.tenantKey, tenantKey), eq(adUnits.id, id)));
}
