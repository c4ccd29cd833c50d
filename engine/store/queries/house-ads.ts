// A tenant's house ads (engine/domain/house-ads.ts): list, read, write and delete, scoped by tenant.
// The kind's creative is one JSON column; the record reads back as the domain's HouseAd.
import { and, asc, eq } from 'drizzle-orm';
import type { HouseAd } from '../../domain/house-ads';
import { rawOf, type Db } from '../connection';
import { houseAds } from '../schema-ads';
import { upsertRows } from '../upsert';

export type HouseAdRecord = HouseAd & { updatedAt: number };

type Row = typeof houseAds.$inferSelect;

export function houseAdOf(r: Pick<Row, 'id' | 'name' | 'kind' | 'status' | 'priority' | 'startAt' | 'endAt' | 'unitKeys' | 'creative'>): HouseAd {
  return {
    id: r.id, name: r.name, kind: r.kind, status: r.status === 0 ? 0 : 1, priority: (r.priority === 1 || r.priority === 5 ? r.priority : 10),
    ...(r.startAt !== null ? { startDate: r.startAt } : {}), ...(r.endAt !== null ? { endDate: r.endAt } : {}),
    unitKeys: r.unitKeys, [r.kind]: r.creative,
  } as HouseAd;
}

export async function listHouseAds(db: Db, tenantKey: string): Promise<HouseAdRecord[]> {
  const rows = await db.select().from(houseAds).where(eq(houseAds.tenantKey, tenantKey)).orderBy(asc(houseAds.kind), asc(houseAds.name), asc(houseAds.id));
  return rows.map((r) => ({ ...houseAdOf(r), updatedAt: r.updatedAt }));
}

export async function getHouseAd(db: Db, tenantKey: string, id: number): Promise<HouseAdRecord | undefined> {
  const [r] = await db.select().from(houseAds).where(and(eq(houseAds.tenantKey, tenantKey), eq(houseAds.id, id))).limit(1);
  return r ? { ...houseAdOf(r), updatedAt: r.updatedAt } : undefined;
}

export async function writeHouseAds(db: Db, tenantKey: string, ads: readonly HouseAd[]): Promise<void> {
  if (ads.length === 0) return;
  await upsertRows(rawOf(db), houseAds, ads.map((a) => ({
    id: a.id, tenantKey, name: a.name, kind: a.kind, status: a.status, priority: a.priority, startAt: a.startDate ?? null, endAt: a.endDate ?? null,
    unitKeys: a.unitKeys, creative: (a[a.kind] ?? {}) as Record<string, unknown>,
  })), houseAds.id);
}

export async function deleteHouseAdRow(db: Db, tenantKey: string, id: number): Promise<void> {
  await db.delete(houseAds).where(and(eq(houseAds.tenantKey, tenantKey), eq(houseAds.id, id)));
}
