// Tenant reads and the site-settings write. Tenants are few; callers cache the full list.
import { eq, sql } from 'drizzle-orm';
import type { SiteSettings } from '../../domain/settings';
import type { Db } from '../connection';
import { tenants } from '../schema';

export interface TenantRow {
  tenantKey: string;
  name: string;
  domain: string;
  abbreviation: string;
  prodEndpoint: string | null;
  isTest: boolean;
  settings: SiteSettings;
  updatedAt: number;
}

const columns = {
  tenantKey: tenants.tenantKey, name: tenants.name, domain: tenants.domain, abbreviation: tenants.abbreviation,
  prodEndpoint: tenants.prodEndpoint, isTest: tenants.isTest, settings: tenants.settings, updatedAt: tenants.updatedAt,
};

export async function listTenants(db: Db): Promise<TenantRow[]> {
  return db.select(columns).from(tenants).orderBy(tenants.tenantKey);
}

export async function getTenant(db: Db, tenantKey: string): Promise<TenantRow | undefined> {
  const [row] = await db.select(columns).from(tenants).where(eq(tenants.tenantKey, tenantKey)).limit(1);
  return row;
}

export async function writeTenantSettings(db: Db, tenantKey: string, settings: SiteSettings): Promise<void> {
  await db.update(tenants).set({ settings, updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` }).where(eq(tenants.tenantKey, tenantKey));
}
