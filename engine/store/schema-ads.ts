// Ad tables (public §3 Ad unit, admin §2.2): a tenant's ad units. JSON columns hold values already
// validated by engine/domain/ads.ts.
import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { AdPageType, AdSize, AdUnitType, SizeMappingEntry } from '../domain/ads';
import { tenants } from './schema';

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const tenantRef = () => text('tenant_key').notNull().references(() => tenants.tenantKey, { onDelete: 'cascade' });

export const adUnits = sqliteTable('ad_units', {
  id: integer('id').primaryKey(),
  tenantKey: tenantRef(),
  key: text('key').notNull(),
  type: text('type').$type<AdUnitType>().notNull(),
  size: text('size', { mode: 'json' }).$type<AdSize[]>().notNull(),
  sizeMapping: text('size_mapping', { mode: 'json' }).$type<SizeMappingEntry[]>().notNull(),
  useSectionAlias: integer('use_section_alias', { mode: 'boolean' }).notNull().default(false),
  refreshRate: integer('refresh_rate').notNull().default(0),
  excludePageTypes: text('exclude_page_types', { mode: 'json' }).$type<AdPageType[]>().notNull(),
  targetId: text('target_id'),
  position: integer('position').notNull().default(3),
  createdAt: integer('created_at').notNull().default(now),
  updatedAt: integer('updated_at').notNull().default(now),
}, (t) => [uniqueIndex('ad_units_tenant_key').on(t.tenantKey, t.key)]);
